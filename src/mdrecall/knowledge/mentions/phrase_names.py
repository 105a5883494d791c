"""Names read as whole phrases, before single capitalised words are (for
:func:`mdrecall.knowledge.mentions.extract.extract_entities`): a work and its maker ("The Overstory by Richard
Powers"), a title after "read"/"watched", the items of a section of works ("## Films"), the things under a
kind's heading ("# Pets"), the cells of a table's column headed "name" or "title", names joined by "&",
"of" or "for" ("Paul Lange & Co.") and by small words ("Read the Docs"). Each span read is taken
(:attr:`FileScan.taken`): no later pass reads its words again."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import (
    ABBREVIATION_DOT,
    BY_AUTHOR,
    BY_AUTHOR_AFTER,
    BY_NAME,
    FOR_CAPITAL,
    JOINED,
    STOP,
    TITLE_LEAD,
    WORK_TITLE,
)
from mdrecall.knowledge.lexicon.name_lists import animal_words
from mdrecall.knowledge.lexicon.name_words import ABBREVIATED
from mdrecall.knowledge.mentions.county_names import add_counties
from mdrecall.knowledge.mentions.digit_names import add_digit_names
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.knowledge.mentions.foreign_titles import add_foreign_titles
from mdrecall.knowledge.mentions.holiday_names import add_holidays
from mdrecall.knowledge.mentions.label_kinds import label_kind, tag_kind
from mdrecall.knowledge.mentions.linked_names import linked_names, partner_kind
from mdrecall.knowledge.mentions.local_heads import add_local_names
from mdrecall.knowledge.mentions.lower_address import add_lower_address
from mdrecall.knowledge.mentions.mention_readers import (
    couple_names,
    joined_name_kind,
    maker_kind,
    text_before,
    title_like,
)
from mdrecall.knowledge.mentions.name_edges import trim_leading
from mdrecall.knowledge.mentions.names import name_kind
from mdrecall.knowledge.mentions.section_kinds import heading_things, work_items, work_label_items
from mdrecall.knowledge.mentions.suffixed_names import add_suffixed_names
from mdrecall.knowledge.mentions.syllable_names import add_syllable_names

__all__ = ["add_phrases"]

#: A digit glued to a capital and a lower-case letter: a name may open so ("3Shape").
_DIGIT_LED = re.compile(r"\d[A-Z][a-z]")


def add_phrases(scan: FileScan) -> None:
    """Add the works, titles, section items, heading things, joined and linked names to ``scan``, in that
    order (an earlier reading takes its span from the later ones)."""
    plain = scan.plain
    if " by " in plain:
        _add_works_by(scan)
    if (
        "ead" in plain
        or "atch" in plain
        or "tarted" in plain
        or "inished" in plain
        or ("ok:" in plain or "lm:" in plain or "ie:" in plain or "st:" in plain or "um:" in plain)
    ):  # a verb of reading or watching, or a work's kind as a label ("Book:", "film:", "podcast:")
        _add_work_titles(scan)
    _add_section_items(scan)
    add_holidays(scan)  # "Good Friday", "Victoria Day": before the runs cut them at a calendar word
    add_counties(scan)  # "Kinsale, Co. Cork": before the runs cut it at the abbreviation's dot
    add_local_names(scan)  # "Quận 3", "Công ty TNHH Hoa Sen", "Jalan Burma": a local head opens the name
    add_lower_address(scan)  # "cô Út", "anh Lộc": a lower-case Vietnamese form of address and a name
    if _DIGIT_LED.search(plain):
        add_digit_names(scan)  # "3Shape Dental System": before the runs take the words after the digit
    if '"' in plain or "“" in plain:
        _add_quoted_titles(scan)
        add_foreign_titles(scan)  # "Nhà giả kim" — re-reading: a title in another language's sentence case
    if "|" in plain and "-" in plain:
        _add_named_columns(scan)
    for i, name, kind in heading_things(scan.lines, scan.headings):  # "# Pets" then "## Juniper"
        scan.add(i, name, kind, "typed_name")
    if "&" in plain or " of " in plain or " n " in plain or FOR_CAPITAL.search(plain):
        _add_joined(scan)
    if " the " in plain or " and " in plain:
        _add_linked(scan)
    if "-" in plain:
        add_syllable_names(scan)  # "Ji-woo Park": a given name the capitalised runs stop inside
        add_suffixed_names(scan)  # "Tanaka-san", "Sharma-ji": a name with an honorific after it


def _add_works_by(scan: FileScan) -> None:
    """ "<title> by <author>": the title a work, the author its maker (a person or an organisation)."""
    plain, starts, taken = scan.plain, scan.starts, scan.taken
    by_lines = sorted({scan.line_of(m.start()) for m in BY_NAME.finditer(plain)})
    by_author = [*BY_AUTHOR.finditer(plain)]  # then mid-line titles, looked for on those lines only
    for i in by_lines:
        by_author += BY_AUTHOR_AFTER.finditer(plain, starts[i], starts[i + 1])
    for bm in by_author:
        i = scan.line_of(bm.start())
        if taken.overlaps(bm.start("t"), bm.start("t") + 1):
            continue
        title = bm.group("t").strip().rstrip(",.")
        lead = title.split()
        while len(lead) > 1 and lead[0].casefold() in TITLE_LEAD:
            lead.pop(0)
        title = " ".join(lead)
        if i in scan.skip or i in scan.heads or not title_like(title):
            continue
        scan.add(i, title, "work", "typed_name")
        scan.add(i, bm.group("a"), maker_kind(bm.group("a")), "typed_name")
        taken.add(bm.start("t"), bm.end("a"))


def _add_work_titles(scan: FileScan) -> None:
    """A title after "read", "watched", "started", "finished": a work."""
    taken = scan.taken
    for tm in WORK_TITLE.finditer(scan.plain):
        i = scan.line_of(tm.start())
        if i in scan.skip or i in scan.heads or taken.overlaps(tm.start("t"), tm.start("t") + 1):
            continue
        scan.add(i, tm.group("t"), "work", "typed_name")
        taken.add(tm.start("t"), tm.end("t"))


def _add_section_items(scan: FileScan) -> None:
    """The items of a section of works: "## Films" then "- Perfect Days, Wim Wenders"."""
    lines, starts, taken = scan.lines, scan.starts, scan.taken
    for i, at, end, kind in [*work_items(lines, scan.headings), *work_label_items(lines)]:
        if i not in scan.skip and not taken.overlaps(starts[i] + at, starts[i] + end):
            scan.add(i, lines[i][at:end], kind, "typed_name")
            taken.add(starts[i] + at, starts[i] + end)


#: Small words inside a title, in a few languages ("Turn Left at Orion", "Clair de Lune").
_TITLE_SMALL = "|".join(
    "of the and at in on to for with a an from by into under over".split()
    + "de la le el del du des y et und von van da di".split()
)
_TITLE_WORD = rf"(?:[A-Z0-9][\w'’-]*|{_TITLE_SMALL})"
#: A title in quotes, capitalised words joined by at least one small word ("bought "Turn Left at Orion""):
#: the capitalised runs would cut it at the small word. (Bounded repeats: linear on a line of many words.)
_QUOTED_TITLE = re.compile(
    rf"(?:(?<=[\s(\[:;,])|^)[\"“](?P<t>[A-Z][\w'’-]*(?:[ ]{_TITLE_WORD}){{0,5}}"
    rf"[ ](?:{_TITLE_SMALL})[ ][A-Z0-9][\w'’-]*(?:[ ]{_TITLE_WORD}){{0,5}})[\"”](?!\w)",
    re.M,
)


def _add_quoted_titles(scan: FileScan) -> None:
    """A title in quotes whose capitalised words a small word joins ("Turn Left at Orion"): a work, read
    whole, at most eight words and ending with a capitalised word."""
    for m in _QUOTED_TITLE.finditer(scan.plain):
        title = m.group("t")
        words = title.split()
        i = scan.line_of(m.start())
        if len(words) > 8 or not words[-1][:1].isupper() or i in scan.skip or i in scan.heads:
            continue
        if scan.taken.overlaps(m.start("t"), m.end("t")):
            continue
        scan.add(i, title, "work", "typed_name")
        scan.taken.add(m.start("t"), m.end("t"))


#: What may stand before a name that opens its line or sentence: a list's marker, a quote's, a sentence's end.
_OPENER = re.compile(r"(?:[ \t]*(?:[-*+>]|\d{1,3}[.)])?[ \t]*(?:\[[ xX]\][ \t]+)?|.*[.!?:;][ \t]+)")
#: A table's separator row ("|----|:---:|").
_SEPARATOR = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$")
#: Header words of a column whose cells are each one name ("| name | what |") or one work's title
#: ("| ep | title | guest |"); "pet name", "episode title" too.
_NAME_HEADER = re.compile(r"(?:\w+[ ])?(?P<h>names?|titles?)", re.I)
#: Where a name in a name column ends: a note in brackets after it ("Karel (11)").
_CELL_NOTE = re.compile(r"[ ]\(")
_WORDS = re.compile(r"[a-z]+")
#: The most words a cell of a name or title column may have and still be one name.
_CELL_WORDS = 8


def _add_named_columns(scan: FileScan) -> None:
    """The cells of a Markdown table's column headed "name" or "title" ("| name | what |" then
    "| Mosterd | ginger cat |"; "| ep | title |" then "| 27 | The Croissant Isn't French |"): each cell that
    opens with a capital is one name, read whole. A "title" column beside a "name" column holds people's job
    titles, not works."""
    lines = scan.lines
    for i in range(1, len(lines)):
        if "-" not in lines[i] or "|" not in lines[i - 1] or not _SEPARATOR.match(lines[i]):
            continue
        headers = [h.strip().strip("*_").strip() for h in lines[i - 1].strip().strip("|").split("|")]
        heads = [_NAME_HEADER.fullmatch(h) for h in headers]
        named = any(m is not None and m.group("h").casefold().startswith("name") for m in heads)
        for col, m in enumerate(heads):
            if m is None:
                continue
            title = m.group("h").casefold().startswith("title")
            if title and named:
                continue  # "| name | title |": a job title
            j = i + 1
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            kind = "work" if title else ("pet" if _animal_column(lines[i + 1 : j], col) else None)
            for row in range(i + 1, j):
                _add_cell(scan, row, col, kind)


def _animal_column(rows: list[str], col: int) -> bool:
    """Does another column than ``col`` of these table rows say an animal in most of its cells ("| Mosterd |
    ginger cat, 9 |", "| Bolletje | rabbit |"): the names are then pets'. The animal words are WordNet's
    (:func:`~.name_lists.animal_words`)."""
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    width = max((len(c) for c in cells), default=0)
    for other in range(width):
        if other == col:
            continue
        said = [c[other] for c in cells if other < len(c) and c[other]]
        animals = sum(1 for t in said if any(w in animal_words() for w in _WORDS.findall(t.casefold())))
        if said and animals * 2 > len(said):
            return True
    return False


def _add_cell(scan: FileScan, j: int, col: int, kind: str | None) -> None:
    """The name in cell ``col`` of table row ``j`` (of ``kind``, else the kind its words tell)."""
    if j in scan.skip:
        return
    line = scan.plain[scan.starts[j] : scan.starts[j + 1] - 1] if j + 1 < len(scan.starts) else ""
    bars = [n for n, c in enumerate(line) if c == "|"]
    if len(bars) < col + 2:
        return
    at, end = bars[col] + 1, bars[col + 1]
    raw = line[at:end]
    at += len(raw) - len(raw.lstrip())
    text = raw.strip()
    if kind != "work" and (note := _CELL_NOTE.search(text)) is not None:
        text = text[: note.start()]
    text = text.strip().strip("*_").strip()
    if text[:1] in '"“' and text[-1:] in '"”':
        text = text[1:-1]
    words = text.split()
    if (
        not words
        or not text[0].isupper()
        or len(words) > _CELL_WORDS
        or any(c in text for c in '"“”()[]')  # 'Grzegorz "Grzesiu" Mazur': read by the other readers
        or all(w.strip(".,:;!?") in STOP for w in words)
    ):
        return
    start = scan.starts[j] + at
    if scan.taken.overlaps(start, start + len(raw.strip())):
        return
    if kind != "work":  # a name column: a one-word cell is a name, not a word opening a line ("| Storm |");
        if len(words) == 1:  # a longer one is read as a run of capitals is, its kind from its words
            scan.add(j, text, kind or name_kind(text, words, "", "")[0], "typed_name")
        return
    scan.add(j, text, kind, "typed_name")
    scan.taken.add(start, start + len(raw.strip()))


def _add_joined(scan: FileScan) -> None:
    """Names joined by "&" (or "n": "Pick n Pay"), "of" or "for" ("Paul Lange & Co.", "University of Otago"),
    of the kind their words tell (:func:`~.mention_readers.joined_name_kind`)."""
    plain, taken = scan.plain, scan.taken
    for jm in JOINED.finditer(plain):
        i = scan.line_of(jm.start())
        if i in scan.skip or taken.overlaps(jm.start(), jm.end()):
            continue
        words = jm.group(0).split()
        start = jm.start()
        if len(words) > 3 and _OPENER.fullmatch(text_before(plain, scan.starts[i], start)):
            lead = trim_leading(words, True)  # "Called Ria & Henk.", "Emailed Dana & Bo": a verb opens it
            start += sum(len(w) + 1 for w in words[:lead])
            words = words[lead:]
        if jm.group("amp") is not None and (pair := couple_names(words, plain[jm.end() : jm.end() + 40])):
            for name in pair:  # "Deb & Carl Yoder": two people of one surname
                scan.add(i, name, "person", "typed_name")
            taken.add(start, jm.end() + 1 + len(pair[0].split()[-1]))
            continue
        joined_kind = joined_name_kind(words, jm.group("amp") is not None)
        if joined_kind is not None:
            name, kind = joined_kind
            if name.split()[-1] in ABBREVIATED and ABBREVIATION_DOT.match(plain, jm.end()):
                name += "."  # "Paul Lange & Co. (Shimano)": the dot is the name's
            kind = tag_kind(plain[scan.starts[i] : start]) or kind  # "- [venue] Tilt & Tonic": its tag's
            scan.add(i, name, kind, "typed_name")
            taken.add(start, jm.end())


def _add_linked(scan: FileScan) -> None:
    """Names of capitalised words joined by small words ("Read the Docs", "the Cask and Barrel"), outside
    headings, each of the kind the words around it tell (:func:`~.linked_names.linked_names`)."""
    plain, starts, taken = scan.plain, scan.starts, scan.taken
    skip = scan.skip | scan.heads
    for at, end, name in linked_names(plain):
        i = scan.line_of(at)
        if i in skip or taken.overlaps(at, end):
            continue
        before, after = text_before(plain, starts[i], at), plain[end : end + 40]
        kind = partner_kind(before, after) or name_kind(name, name.split(), before, after[:24])[0]
        if kind == "unknown":  # "Next race: Head of the Forth": the kind its line's label gives
            kind = label_kind(plain[starts[i] : at]) or kind
        scan.add(i, name, kind, "typed_name")
        taken.add(at, end)
