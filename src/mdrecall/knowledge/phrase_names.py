"""Names read as whole phrases, before single capitalised words are (for
:func:`mdrecall.knowledge.extract.extract_entities`): a work and its maker ("The Overstory by Richard
Powers"), a title after "read"/"watched", the items of a section of works ("## Films"), the things under a
kind's heading ("# Pets"), names joined by "&", "of" or "for" ("Paul Lange & Co.") and by small words
("Read the Docs"). Each span read is taken (:attr:`FileScan.taken`): no later pass reads its words again."""

from __future__ import annotations

from mdrecall.knowledge.file_scan import FileScan
from mdrecall.knowledge.label_kinds import label_kind
from mdrecall.knowledge.linked_names import linked_names, partner_kind
from mdrecall.knowledge.mention_patterns import (
    ABBREVIATION_DOT,
    BY_AUTHOR,
    BY_AUTHOR_AFTER,
    BY_NAME,
    FOR_CAPITAL,
    JOINED,
    TITLE_LEAD,
    WORK_TITLE,
)
from mdrecall.knowledge.mention_readers import (
    couple_names,
    joined_name_kind,
    maker_kind,
    text_before,
    title_like,
)
from mdrecall.knowledge.name_words import ABBREVIATED
from mdrecall.knowledge.names import name_kind
from mdrecall.knowledge.section_kinds import heading_things, work_items, work_label_items

__all__ = ["add_phrases"]


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
    for i, name, kind in heading_things(scan.lines, scan.headings):  # "# Pets" then "## Juniper"
        scan.add(i, name, kind, "typed_name")
    if "&" in plain or " of " in plain or FOR_CAPITAL.search(plain):
        _add_joined(scan)
    if " the " in plain or " and " in plain:
        _add_linked(scan)


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


def _add_joined(scan: FileScan) -> None:
    """Names joined by "&", "of" or "for" ("Paul Lange & Co.", "University of Otago"), of the kind their words
    tell (:func:`~.mention_readers.joined_name_kind`)."""
    plain, taken = scan.plain, scan.taken
    for jm in JOINED.finditer(plain):
        i = scan.line_of(jm.start())
        if i in scan.skip or taken.overlaps(jm.start(), jm.end()):
            continue
        words = jm.group(0).split()
        if jm.group("amp") is not None and (pair := couple_names(words, plain[jm.end() : jm.end() + 40])):
            for name in pair:  # "Deb & Carl Yoder": two people of one surname
                scan.add(i, name, "person", "typed_name")
            taken.add(jm.start(), jm.end() + 1 + len(pair[0].split()[-1]))
            continue
        joined_kind = joined_name_kind(words, jm.group("amp") is not None)
        if joined_kind is not None:
            name, kind = joined_kind
            if name.split()[-1] in ABBREVIATED and ABBREVIATION_DOT.match(plain, jm.end()):
                name += "."  # "Paul Lange & Co. (Shimano)": the dot is the name's
            scan.add(i, name, kind, "typed_name")
            taken.add(jm.start(), jm.end())


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
