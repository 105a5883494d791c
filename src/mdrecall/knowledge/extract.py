"""Who and what a Markdown file is about: entity mentions and relationships. Pure, no network, no LLM.

A file yields :class:`Mention` records, each found one way (``how``):

* ``front_matter``: ``people:``/``tags:``/``projects:``/``organisations:``/``places:``/``tools:`` keys of
  a leading ``---`` block (inline ``[a, b]``, ``a, b`` or ``- a`` list items);
* ``wiki``: ``[[Name]]`` and ``[[Name|label]]`` links (the target is the name);
* ``mention``: ``@name`` (not an e-mail address);
* ``speaker``: a speaker label opening a line: ``**Name**:``, ``- Name: ...``, ``Name: ...``;
* ``relation``: an end of a stated relationship (:mod:`mdrecall.knowledge.relations`);
* ``name``: a capitalised name inside a sentence. These are only candidates: the entity view keeps them
  when the name recurs across files or was found some other way;
* ``name_start``: a capitalised word opening a sentence or line, kept only for names that are entities
  on other evidence (most such words are ordinary words);
* ``typed_name``: a capitalised name whose kind the name itself or the words around it tell (a known given
  name and a surname, an organisation suffix, a known place, "Dana said"): :mod:`.names`.
* ``shape_name``: a name made an entity by its shape alone (a capital inside a word: "NatureScot"), its
  kind only that shape's default (product, or technology among technologies): the weakest kind evidence.

Kinds are told where the evidence says so (person, project, organisation, place, tool), else "unknown".
Each mention carries its line, its section (the heading line above it) and the day it was seen: the
line's valid day (:func:`mdrecall.knowledge.valid_time.line_dates`), but never later than the day the line
was written ("send it to Karin by Friday" mentions Karin the day it is written, not on Friday).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from datetime import date

from mdrecall.knowledge.file_scan import SHAPE, FileScan
from mdrecall.knowledge.label_kinds import LABEL_HEAD, LineLabels
from mdrecall.knowledge.line_scan import CODE, cue_lines
from mdrecall.knowledge.marked_names import add_marked
from mdrecall.knowledge.mention_patterns import (
    ABBREVIATION_DOT,
    ACRONYM_BEFORE,
    ACRONYM_NEXT,
    BULLETS,
    CAMEL_LOW,
    CAPS,
    GOES_ON,
    HUMP,
    LIST_NEXT,
    LOWER,
    MIXED,
    MODEL_BEFORE,
    MODEL_NUMBER,
    NOT_MIXED,
    NOUN_AFTER,
    OPENING,
    ORG_NEXT,
    STOP,
    TITLES,
    UPPER,
)
from mdrecall.knowledge.mention_readers import (
    Leads,
    cued_kind,
    find_lower_hits,
    is_rare,
    listed_with,
    lower_words,
    name_shaped,
    page_title,
    sentence_start,
    tech_like,
    text_before,
)
from mdrecall.knowledge.name_cues import ANIMAL_WORDS, KIND_AFTER, NOUN_NEXT, OWNED
from mdrecall.knowledge.name_lists import (
    common_word,
    given_name,
    known_name,
    known_words_max,
    lower_known,
    places,
)
from mdrecall.knowledge.name_words import ABBREVIATED, ACRONYM_TAILS, ORG_WORD, PLACE_NOUNS, PLACE_WORDS
from mdrecall.knowledge.names import name_kind, trim_leading, upper_kind
from mdrecall.knowledge.phrase_names import add_phrases
from mdrecall.knowledge.relations import Relation, find_relations
from mdrecall.knowledge.section_kinds import TableCells, supplier_lines
from mdrecall.knowledge.valid_time import LineDays

__all__ = ["KINDS", "SHAPE", "Extraction", "Mention", "entity_key", "extract_entities"]

KINDS = (
    "person", "project", "organisation", "place", "technology", "product", "pet", "work", "event", "unknown"
)  # fmt: skip


@dataclass(frozen=True)
class Mention:
    """One mention of an entity on one line (1-based) of a file."""

    name: str
    kind: str
    how: str
    line: int
    section: int = 0
    day: str | None = None

    @property
    def key(self) -> str:
        """The normalised name entities are grouped by."""
        return entity_key(self.name)


@dataclass(frozen=True)
class Extraction:
    """Everything found in one file."""

    mentions: list[Mention]
    relations: list[tuple[Relation, str | None]]  # with the line's valid day


def entity_key(name: str) -> str:
    """``"  Bob  Smith "`` → ``"bob smith"``: how names are compared."""
    return " ".join(name.split()).casefold()


def _stop(word: str) -> bool:
    """A word that is no name alone (:data:`STOP`), or two joined by a hyphen one of which is ("Fri-Sun")."""
    return word in STOP or ("-" in word and any(part in STOP for part in word.split("-")))


def _hyphened_name(words: list[str]) -> bool:
    """One word of two capitalised parts joined by a hyphen, neither a given name ("Jean-Luc") nor a
    calendar word: most often a business's name ("Bio-Rad", "Cover-More", "Rolls-Royce")."""
    if len(words) != 1 or "-" not in words[0]:
        return False
    parts = words[0].split("-")
    return len(parts) == 2 and not any(given_name(p) or p in STOP for p in parts)


#: All-capitals words that are a role before a person's name ("CEO Okafor"), not an institution's initials.
_ROLES = frozenset("CEO CTO CFO COO CMO CIO CPO VP SVP EVP PM PO HR MD GP QA DJ MC".split())


def _acronym_led(acronym: str, words: list[str]) -> bool:
    """Is an acronym before one capitalised word the start of its name: a known place ("TU Munich", an
    institution named after its city) or a word no list knows ("OC Transpo"), the acronym no well-known
    name nor a role ("CEO Okafor")?"""
    return (
        len(words) == 1
        and acronym not in _ROLES
        and known_name(acronym) is None
        and (words[0] in places() or is_rare(words))
    )


def _lone_given(name: str, words: list[str], before: str, after: str) -> bool:
    """Is ``name`` a given name standing alone: one word, no ordinary word's plural or verb form ("Burns",
    "Wells"), not after another capitalised word, whose part it may be ("IKEA Metod"), nor before "'s" and
    an animal, as a species is named after someone ("Hermann's tortoise")?"""
    if len(words) != 1 or not given_name(name) or name in places():
        return False
    if name.endswith("s") and common_word(name[:-1].lower()):
        return False
    prev = before.rstrip().rsplit(" ", 1)[-1].strip("(\"'") if before.strip() else ""
    if prev[:1].isupper() and prev[-1:].isalnum() and prev not in TITLES:
        return False
    owned = OWNED.match(after)
    return owned is None or owned.group(1).lower() not in ANIMAL_WORDS


def _column_kinds(
    typed: list[tuple[int, str, str, bool, bool, tuple[int, int]]],
    rares: list[bool],
    columns: dict[tuple[int, int], tuple[int, int]],
    rows: dict[int, int],
) -> None:
    """A table column most of whose cells open with a name of one kind on their own evidence (a column of
    people's names: "Samira Haddad", "Karim Aziz", ...) gives that kind to the names opening its other
    cells that have none ("Lotte Haas", whose surname is also a word). At least two such names, most of the
    column's rows, and no rival kind half as often; ``typed`` is changed in place."""
    votes: dict[tuple[int, int], Counter[str]] = {}
    for j, (_i, _name, kind, strong, _opens, span) in enumerate(typed):
        if (column := columns.get(span)) is not None and (strong or rares[j]) and kind != "unknown":
            votes.setdefault(column, Counter())[kind] += 1
    for j, (i, name, kind, strong, opens, span) in enumerate(typed):
        column = columns.get(span)
        if column is None or kind != "unknown" or strong or column not in votes:
            continue
        (top, n), *rest = votes[column].most_common()
        if n >= 2 and n * 5 >= rows[column[0]] * 3 and all(m * 2 < n for _, m in rest):
            typed[j] = (i, name, top, True, opens, span)


#: What comes before a business's name on a line of a section of suppliers: "from", "from the".
_FROM = re.compile(r"\bfrom[ ](?:the[ ])?$", re.IGNORECASE)


def _sold_by(plain: str, line_start: int, at: int) -> bool:
    """Does a name on a line of a section of suppliers stand where the seller does: the first words of a
    label's value ("- Flour: Mühlbrecht stoneground"), or after "from" ("Boxes: kraft, from Paktorix")?"""
    head = LABEL_HEAD.match(plain, line_start)
    if head is not None and head.end() == at:
        return True
    return _FROM.search(plain, max(line_start, at - 12), at) is not None


def extract_entities(
    text: str,
    file_date: str | date | None = None,
    path: str | None = None,
    reference: date | None = None,
    order: str | None = None,
) -> Extraction:
    """Mentions and relationships in one Markdown file (line numbers are 1-based).

    ``path`` (the file's path in the workspace) lets a page named after a name say so: a first heading
    that spells the file's name ("people/oona-hart.md", "# Oona Hart") names the page's entity, of the kind
    its folder tells ("people/" → person, "clients/" → organisation). ``reference``: an undated page's
    fallback day, and ``order`` the workspace's order of numeric dates
    (:class:`~mdrecall.knowledge.valid_time.LineDays`).

    Each kind of evidence is found by one regular-expression pass over the whole file, not line by line:
    most lines name nothing, and the per-line work (the day a line is about, its section) is done only for
    lines that name something. The passes run in this order, an earlier one taking its spans from the later:
    names marked as such, names read as phrases, capitalised runs, then names by their shape alone.
    """
    lines = text.splitlines()
    if not lines:
        return Extraction([], [])
    scan = FileScan(lines)
    add_marked(scan)  # front matter, wiki links, @names, speakers
    add_phrases(scan)  # works and makers, titles, section items, "&" and "of" names, linked names
    lines, starts, skip, heads, headings = scan.lines, scan.starts, scan.skip, scan.heads, scan.headings
    plain, body, taken, add = scan.plain, scan.body, scan.taken, scan.add
    page = page_title(lines, headings, path) if path and headings else None
    found: list[tuple[int, list[str], str, str, bool, bool, tuple[int, int], tuple[int, int]]] = []
    leads = Leads(plain)
    value_labels = LineLabels(plain)
    tables = TableCells(lines, starts) if "|" in plain and "-" in plain else None
    suppliers = supplier_lines(lines, headings) if headings else set()
    cell_kinds: dict[tuple[int, int], str] = {}  # a name opening a table cell → the kind its header gives
    cell_columns: dict[tuple[int, int], tuple[int, int]] = {}  # a name opening a table cell → its column
    for m in CAPS.finditer(plain):
        at = m.start()
        i = bisect_right(starts, at) - 1
        if i in skip or taken.overlaps(at, m.end()):
            continue
        line_start = body.get(i, starts[i])
        if tables and (cell := tables.cell(i, at)) is not None:
            line_start = cell[0]  # a table cell reads as a line of its own
            if cell[1] is not None and at == line_start:
                cell_kinds[(at, m.end())] = cell[1]
            if at == line_start and (column := tables.column(i, at)) is not None:
                cell_columns[(at, m.end())] = column
        if at < line_start:
            continue
        before = text_before(plain, line_start, at)
        words = m.group(0).split()
        heading = i in heads
        opens = (
            heading
            or sentence_start(before, leads.only(line_start, at, OPENING))
            or leads.only(line_start, at, BULLETS)
        )
        if opens and not heading and before.rstrip().endswith(":") and LIST_NEXT.match(plain, m.end()):
            opens = False  # the first item of a list after a label ("Attendees: Bo, Fatima")
        title = words[0] == "The" and not opens and len(words) > 1  # "about The Overstory": a title
        if len(words) == 2 and words[0] in TITLES and not given_name(words[1]):
            add(
                i, " ".join(words), "person", "typed_name"
            )  # "Mrs Okoye": a surname is the name with its title
            continue
        place_like = not opens and len(words) > 2 and words[-1] in PLACE_WORDS  # "on Great North Road"
        name_at = at  # where the name starts once the words before it are taken off
        lead = 0
        while lead < len(words) and _stop(words[lead]) and not title and not place_like:
            lead += 1
        if lead:  # taken off at once: a long run of such words is not shifted once per word
            taken_off = " ".join(words[:lead]) + " "
            before, name_at, words = before + taken_off, name_at + len(taken_off), words[lead:]
        trailing = False
        longest = known_words_max()  # a run longer than every well-known name is none of them
        while words and _stop(words[-1]) and (len(words) > longest or known_name(" ".join(words)) is None):
            words.pop()
            trailing = True
        if words and words[-1] == "St.":  # "on Main St. Then": the street's, the sentence ended
            words[-1] = "St"
        if not words or (len(words) == 1 and words[0] in NOT_MIXED):
            continue
        lead = trim_leading(words, opens) if len(words) > 1 and not title else 0
        if lead:
            before += " ".join(words[:lead]) + " "
            name_at += sum(len(w) + 1 for w in words[:lead])
            words = words[lead:]
            opens = heading
        after = "" if trailing else plain[m.end() : m.end() + 24]
        if after[:1] == "." and words[-1] in ABBREVIATED and ABBREVIATION_DOT.match(after):
            words[-1] += "."  # "from Spoke Print Co. in Halifax": the dot is the name's, the sentence goes on
            after = after[1:]
        if after.startswith(" ") and (acr := ACRONYM_NEXT.match(plain, m.end())) and acr[1] in ACRONYM_TAILS:
            words.append(acr[1])  # "Weta FX", "Travis CI": the acronym ends the name
            after = plain[acr.end() : acr.end() + 24]
        elif (
            not opens
            and (acr := ACRONYM_BEFORE.search(before))
            and (ORG_WORD.match(words[-1]) or _acronym_led(acr[0].strip(), words))
        ):
            words.insert(0, acr[0].strip())  # "for JL Racing": an organisation's initials open its name
            before, name_at = before[: acr.start()], name_at - len(acr[0])
        if (
            len(words) <= 2
            and (num := MODEL_NUMBER.match(after))
            and MODEL_BEFORE.search(before)
            and not given_name(words[0])
            and " ".join(words) not in places()
        ):  # "on a Pixel 8": a device's model, the number is the name's
            words.append(num.group(1))
            after = after[num.end() :]
        place_noun = NOUN_AFTER.match(after) if not trailing and len(words) <= 2 else None
        joined_name = " ".join(words)
        if (  # "the Harbour room" (but "the Oslo office" is Oslo)
            place_noun
            and place_noun.group(1) in PLACE_NOUNS
            and joined_name not in places()
            and known_name(joined_name) is None
        ):
            words.append(place_noun.group(1))
            after = after[place_noun.end() :]
        if page is not None and i == page[0] and " ".join(words) == lines[i].lstrip("# ").strip():
            add(i, " ".join(words), page[1] or name_kind(" ".join(words), words, "", "")[0], "typed_name")
            continue
        found.append((i, words, before, after, opens, heading, (at, m.end()), (line_start, name_at)))
    tech_found = [(i, n) for i, w, *_ in found if (k := known_name(n := " ".join(w))) and not k.ambiguous
                  and k.kind == "technology"]  # fmt: skip
    lower = lower_known()
    wanted = lower_words().intersection(LOWER.findall(plain))  # most files hold none: no second pass
    lower_hits = find_lower_hits(plain, wanted) if wanted else []
    lower_tech = [(bisect_right(starts, at) - 1, w) for at, w in lower_hits if w in lower
                  and (k := known_name(w)) is not None and k.kind == "technology"]  # fmt: skip
    technical = len({n for _, n in tech_found} | {n for _, n in lower_tech}) >= 2
    tech_lines = {i for i, _ in tech_found} | {i for i, _ in lower_tech}  # "Python + OpenCV"
    typed: list[
        tuple[int, str, str, bool, bool, tuple[int, int]]
    ] = []  # line, name, kind, strong, opens, span
    rares: list[bool] = []  # a name of no frequent word: an entity at once, its kind a hint only
    guessed: set[int] = set()  # names whose kind is a guess from "The" ("The X"): a list's kind is better
    shaped: dict[int, str] = {}  # names whose kind is only their shape's default ("NatureScot": a product)
    for i, words, before, after, opens, heading, span, (line_start, name_at) in found:
        name = " ".join(words)
        kind, strong = name_kind(
            name, words, before, after, opens=opens, technical=technical or i in tech_lines
        )
        if words[-1] in PLACE_NOUNS:
            kind, strong = "place", strong or not opens
        if not strong and not opens and not heading:
            # several capitalised words inside a sentence, or a capital inside a word: a name, not prose
            strong = (len(words) > 1 and kind != "organisation") or bool(HUMP.search(name))
        elif not strong and HUMP.search(name) and not heading:
            strong = True
        rare = (
            not strong and not heading and (not opens or before.rstrip().endswith(":")) and is_rare(words)
        )  # "collected through Pitchero", "Bank: Triodos": no frequent word is written so
        if not strong and not heading and kind == "person" and _lone_given(name, words, before, after):
            # a given name inside a sentence ("Omar picked us up"), or opening one that goes on ("- Jonas ran
            # the calibration", "Karan's flight"), or the value of a person's label ("Owner: Tomasz."):
            # hardly anything else is written so (the given-name list leaves out ordinary words). An entity
            # at once, its kind a hint only (as a rare word's: "Gus" is a tortoise where a cue says so)
            rare = (
                not opens
                or GOES_ON.match(after) is not None
                or value_labels.kind(line_start, name_at) == "person"
            )
        if opens and not rare and not strong and not heading and kind == "unknown" and name_shaped(words):
            kind, rare = "person", True  # "Rangi Parata started today": a given name and a surname, unlisted
        elif not opens and not heading and not strong and kind == "unknown" and _hyphened_name(words):
            kind, rare = "organisation", True  # "insured with Cover-More", "a Bio-Rad machine": a firm's name
        if kind == "unknown" and tech_like(name):  # no cue: the shape's default, the weakest evidence
            kind = "technology" if technical or i in tech_lines else "product"
            shaped[len(typed)] = kind
        elif kind == "unknown" and not opens and words[0] == "The" and len(words) > 1:
            # "Felix prefers The Gruffalo": a title, most often a work's; "at The Broom Factory": a venue
            kind = "place" if before.endswith(" at ") else "work"
            guessed.add(len(typed))
        if kind in ("unknown", "place") and not heading:  # "- Bank: Triodos", "Stack: Rust, DuckDB"
            label = value_labels.kind(line_start, name_at, technical or i in tech_lines)
            if kind == "unknown" or (
                label == "organisation" and words[-1] in PLACE_WORDS and before.rstrip().endswith((":", ","))
            ):
                kind = label or kind  # "Clients: Fernhill Bakery": a business, not the building
        if (header := cell_kinds.get(span)) is not None and (
            kind in ("unknown", header)
            or not strong
            or (header == "organisation" and kind == "place" and words[-1] in PLACE_WORDS)
        ):  # "| Supplier |" over "| Bidfood |", and over "| Market Lane |" (a business named after a street)
            kind, strong = header, True
        sold = i in suppliers and _sold_by(plain, line_start, name_at)
        if sold and kind in ("unknown", "place", "product"):
            kind, strong = "organisation", True  # "# Suppliers" then "- Flour: Mühlbrecht", "from Paktorix"
        if kind == "technology":
            tech_lines.add(i)  # "Snakemake pipeline on Eddie, then DESeq2": the line is about tools
        # The first word of a sentence or line (or a heading's words) is capitalised anyway: only a weak
        # candidate, kept by the entity view when the name is an entity on other evidence.
        typed.append((i, name, kind, strong, opens, span))
        rares.append(rare)
    if cell_columns and tables:
        _column_kinds(typed, rares, cell_columns, tables.data_rows)
    for j, (i, name, kind, strong, opens, _span) in enumerate(typed):
        if not strong or kind == "unknown":  # "in Procreate and Figma": the kind of the name listed with
            kind, strong = listed_with(plain, typed, j, kind, strong)
        elif j in guessed:  # "8/4 Halifax, The Carleton": a venue listed with a place, not a title
            kind = listed_with(plain, typed, j, "unknown", strong)[0] if kind == "work" else kind
            kind = "work" if kind == "unknown" else kind
        how = "typed_name" if strong else "rare_name" if rares[j] else "name_start" if opens else "name"
        how = SHAPE if how == "typed_name" and shaped.get(j) == kind else how
        add(i, name, kind, how)
    for mm in MIXED.finditer(plain):
        word = mm.group(0)
        i = bisect_right(starts, mm.start()) - 1
        if i in skip or word in NOT_MIXED or (word.endswith("s") and word[:-1].isupper()):
            continue
        known = known_name(word)
        if known is None:
            nxt = ORG_NEXT.match(plain, mm.end())
            if nxt is not None:  # "the NLnet Foundation"
                add(i, f"{word} {nxt.group(1)}", "organisation", "typed_name")
            tech = technical or i in tech_lines
            kind, cued = cued_kind(plain, value_labels, body.get(i, starts[i]), mm.start(), mm.end(), tech)
        add(i, word, known.kind if known else kind, "typed_name" if known or cued else SHAPE)
    for rx in (CAMEL_LOW, UPPER):
        for m in rx.finditer(plain):
            i = bisect_right(starts, m.start()) - 1
            if i in skip:
                continue
            known = known_name(m.group(0))
            if (
                rx is CAMEL_LOW
                and (num := MODEL_NUMBER.match(plain, m.end()))
                # the line's last characters only (a match is at most 8 long): linear on a long line
                and MODEL_BEFORE.search(plain[max(starts[i], m.start() - 16) : m.start()])
            ):  # "an iPhone 15": the device's model
                add(i, f"{m.group(0)} {num.group(1)}", "product", "typed_name")
                continue
            if known is None and rx is UPPER:
                # an acronym named as an event ("talk accepted at LXCON", "INTECOL 2027") is the event; one
                # a business's cue surrounds ("ordered from IDT", "IDT don't sell it"), an organisation
                word = m.group(0)
                if 3 <= len(word) <= 6 and word.isalpha() and word not in STOP:
                    before = plain[body.get(i, starts[i]) : m.start()]
                    after = plain[m.end() : m.end() + 24]
                    if upper_kind(before, after) == "event":
                        add(i, word, "event", "typed_name")
                    elif name_kind(word, [word], before, after)[0] == "organisation":
                        add(i, word, "organisation", "typed_name")
                    elif (noun := NOUN_NEXT.match(after)) and KIND_AFTER.get(noun[1].lower()) == "technology":
                        add(i, word, "technology", "typed_name")  # "the SFTP server", "a gRPC schema"
                continue
            if known is not None:
                kind, cued = known.kind, True
            else:  # "qPCR", "iPad": by the words around it, else a tool or a product
                tech = technical or i in tech_lines
                kind, cued = cued_kind(plain, value_labels, body.get(i, starts[i]), m.start(), m.end(), tech)
            add(i, m.group(0), kind, "typed_name" if cued else SHAPE)
    if lower_hits:
        for at, word in lower_hits:
            if (i := bisect_right(starts, at) - 1) in skip:
                continue
            if word in lower:
                known = known_name(word)
                add(i, word, known.kind if known else "unknown", "typed_name")
            else:
                add(i, word, "person", "name_start")  # "priya drafts it": linked only to a known person
    relations = _add_relations(scan)
    days = LineDays(lines, scan.all_headings, file_date, reference, order)
    return _dated(scan, relations, days)


def _add_relations(scan: FileScan) -> list[tuple[Relation, int]]:
    """The relationships stated on the lines holding a cue (each with its 0-based line); each end that is a
    well-known name or a capitalised one is a mention too."""
    relations: list[tuple[Relation, int]] = []
    for i in cue_lines(scan.joined, scan.starts, scan.skip):
        for rel in find_relations(CODE.sub(" ", scan.lines[i]), i + 1):
            relations.append((rel, i))
            for name, kind in ((rel.subject, rel.subject_kind), (rel.object, rel.object_kind)):
                known = known_name(name)
                if known is not None:
                    scan.add(i, name, known.kind, "relation")
                elif name[:1].isupper() and name not in STOP:
                    scan.add(i, name, kind, "relation")
    return relations


def _dated(scan: FileScan, relations: list[tuple[Relation, int]], days: LineDays) -> Extraction:
    """The mentions found, in line order, each with its section (the heading line above it, 1-based; none for
    front matter) and the day it was seen; the relationships with their lines' valid days."""
    per_line, headings = scan.per_line, scan.headings
    day_of: dict[int, str | None] = {}
    seen_on: dict[int, str | None] = {}  # a mention is seen when written: "see Karin on Friday" is not later
    for i in sorted(per_line.keys() | {i for _, i in relations}):
        d = days.day(i)
        day_of[i] = d.isoformat() if d else None
        written = days.written()
        seen = min(d, written) if d and written else d
        seen_on[i] = seen.isoformat() if seen else None
    mentions = []
    for i in sorted(per_line):
        section = headings[bisect_right(headings, i) - 1] + 1 if headings and headings[0] <= i else 0
        day = seen_on[i]
        mentions += [Mention(name, kind, how, i + 1, section if how != "front_matter" else 0, day)
                     for name, kind, how in per_line[i]]  # fmt: skip
    return Extraction(mentions, [(rel, day_of[i]) for rel, i in relations])
