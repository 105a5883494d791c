"""The kind of each capitalised name candidate and how strong the evidence is (for
:func:`mdrecall.knowledge.mentions.extract.extract_entities`): what the name and the words around it say
(:func:`~.names.name_kind`), then what the page's layout says (a label opening the line, a table column's
header, a section of suppliers, the names in the column), then a name listed next to it."""

from __future__ import annotations

import functools
import re
from collections import Counter

from mdrecall.knowledge.lexicon.family_customs import customary_name, initialled_given
from mdrecall.knowledge.lexicon.log_marks import DAY_STAMPED
from mdrecall.knowledge.lexicon.mention_patterns import ACRONYM_IN, GOES_ON, HUMP, STOP, TITLES
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, places
from mdrecall.knowledge.lexicon.name_words import PLACE_NOUNS, PLACE_WORDS
from mdrecall.knowledge.lexicon.role_modifiers import role_modifier
from mdrecall.knowledge.mentions.capital_names import Candidate
from mdrecall.knowledge.mentions.file_scan import SHAPE, FileScan
from mdrecall.knowledge.mentions.label_kinds import LABEL_HEAD, LineLabels, tag_kind
from mdrecall.knowledge.mentions.mention_readers import is_rare, listed_with, name_shaped, tech_like
from mdrecall.knowledge.mentions.name_cues import ANIMAL_WORDS, OWNED
from mdrecall.knowledge.mentions.names import name_kind
from mdrecall.knowledge.mentions.opening_names import opening_name
from mdrecall.knowledge.mentions.section_kinds import TableCells, supplier_lines
from mdrecall.knowledge.mentions.tech_lines import TechLines

__all__ = ["add_typed"]

#: A name as typed: (0-based line, name, kind, strong, opens, span), the form :func:`listed_with` reads.
_Typed = tuple[int, str, str, bool, bool, tuple[int, int]]

#: What comes before a business's name on a line of a section of suppliers: "from", "from the".
_FROM = re.compile(r"\bfrom[ ](?:the[ ])?$", re.IGNORECASE)


def add_typed(
    scan: FileScan, found: list[Candidate], tech: TechLines, labels: LineLabels, tables: TableCells | None
) -> None:
    """Add each candidate to ``scan`` with its kind and ``how``: ``typed_name`` (strong evidence),
    ``rare_name`` (no frequent word is written so), ``name_start`` (capitalised anyway: opening a sentence)
    or ``name``; :data:`~.file_scan.SHAPE` where the kind is only the shape's default. A line naming a
    technology is added to ``tech``."""
    plain = scan.plain
    suppliers = supplier_lines(scan.lines, scan.headings) if scan.headings else set()
    typed: list[_Typed] = []
    rares: list[bool] = []  # a name of no frequent word: an entity at once, its kind a hint only
    guessed: set[int] = set()  # names whose kind is a guess from "The" ("The X"): a list's kind is better
    shaped: dict[int, str] = {}  # names whose kind is only their shape's default ("NatureScot": a product)
    for c in found:
        if len(c.words) == 1 and not c.heading and role_modifier(c.words[0], c.before, c.after):
            continue  # "holds a Technician licence": a class of licence, no name
        name = " ".join(c.words)
        kind, strong, rare = _own_kind(c, name, tech, labels)
        if kind == "place" and tech_like(name) and name not in places() and c.words[-1] not in PLACE_NOUNS:
            kind = "unknown"  # "crashed twice in InDesign", "moved to Grafana OnCall": no town is so spelt
        if kind == "unknown" and tech_like(name):  # no cue: the shape's default, the weakest evidence
            kind = "technology" if tech.on(c.line) or ACRONYM_IN.search(name) else "product"
            shaped[len(typed)] = kind
        elif kind == "unknown" and not c.opens and c.words[0] == "The" and len(c.words) > 1:
            # "Felix prefers The Gruffalo": a title, most often a work's; "at The Broom Factory": a venue
            kind = "place" if c.before.endswith(" at ") else "work"
            guessed.add(len(typed))
        sold = c.line in suppliers and _sold_by(plain, c.line_start, c.name_at)
        own = kind
        kind, strong = _layout_kind(c, kind, strong, tech, labels, sold)
        if rare and own == "unknown" and kind != "unknown" and c.before.rstrip().endswith(":"):
            strong = True  # "Insurer: Brackwater Mutual.": a rare name opening a label's value, typed by it
        if not c.heading and (tagged := tag_kind(c.before, tech.on(c.line))) is not None:
            kind, strong = tagged, True  # "- [org] Halden Bikes": the item's own tag says what it names
        if kind == "technology":
            tech.add(c.line)  # "Snakemake pipeline on Eddie, then DESeq2": the line is about tools
        # The first word of a sentence or line (or a heading's words) is capitalised anyway: only a weak
        # candidate, kept by the entity view when the name is an entity on other evidence.
        typed.append((c.line, name, kind, strong, c.opens, c.span))
        rares.append(rare)
    columns = [c.column for c in found]
    if tables and any(column is not None for column in columns):
        _column_kinds(typed, rares, columns, tables.data_rows)
    for j, (i, name, kind, strong, opens, _span) in enumerate(typed):
        if not strong or kind == "unknown":  # "in Procreate and Figma": the kind of the name listed with
            kind, strong = listed_with(plain, typed, j, kind, strong)
        elif j in guessed:  # "8/4 Halifax, The Carleton": a venue listed with a place, not a title
            kind = listed_with(plain, typed, j, "unknown", strong)[0] if kind == "work" else kind
            kind = "work" if kind == "unknown" else kind
        how = "typed_name" if strong else "rare_name" if rares[j] else "name_start" if opens else "name"
        how = SHAPE if how == "typed_name" and shaped.get(j) == kind else how
        scan.add(i, name, kind, how)


@functools.lru_cache(maxsize=4096)
def _name_kind(
    name: str, words: tuple[str, ...], before: str, after: str, opens: bool, technical: bool
) -> tuple[str, bool]:
    """:func:`~.names.name_kind`, kept for the names read again in the same words around them (a page of
    20,000 lines "X takes over the rota from Y" naming 300 people: a tenth of its index time)."""
    return name_kind(name, list(words), before, after, opens=opens, technical=technical)


def _own_kind(c: Candidate, name: str, tech: TechLines, labels: LineLabels) -> tuple[str, bool, bool]:
    """The kind the name and the words around it tell, whether that evidence is strong, and whether the
    name is rare (an entity at once, its kind a hint only)."""
    words, before, after, opens, heading = c.words, c.before, c.after, c.opens, c.heading
    kind, strong = _name_kind(name, tuple(words), before, after, opens, tech.on(c.line))
    if words[-1] in PLACE_NOUNS:
        kind, strong = "place", strong or not opens
    elif kind == "unknown" and after.startswith(" office"):
        kind = "place"  # "our Short North office": where the office is (a place's kind, not the name's noun)
    if not strong and not opens and not heading:
        # several capitalised words inside a sentence, or a capital inside a word: a name, not prose
        strong = (len(words) > 1 and kind != "organisation") or bool(HUMP.search(name))
    elif not strong and HUMP.search(name) and not heading:
        strong = True
    labelled = before.rstrip().endswith(":") and not DAY_STAMPED.fullmatch(before)  # not "- 2/9: Kayak trip"
    rare = (
        not strong and not heading and (not opens or labelled) and is_rare(words)
    )  # "collected through Pitchero", "Bank: Triodos": no frequent word is written so
    if not strong and opening_name(words, opens, heading, c.column is not None or c.header is not None):
        rare = True  # "- Seafood Expo Global in Barcelona": three capitalised words, a name's
    if not strong and not heading and kind == "person" and _lone_given(name, words, before, after):
        # a given name inside a sentence ("Omar picked us up"), or opening one that goes on ("- Jonas ran
        # the calibration", "Karan's flight"), or the value of a person's label ("Owner: Tomasz."):
        # hardly anything else is written so (the given-name list leaves out ordinary words). An entity
        # at once, its kind a hint only (as a rare word's: "Gus" is a tortoise where a cue says so)
        # (a message's first word after a speaker label is capitalised anyway, in any language: "Lan: Mai
        # em qua lấy nha", "Wei Ming: Ok lah": only a weak candidate, whatever follows it)
        rare = (
            not opens
            or (GOES_ON.match(after) is not None and not c.spoken)
            or labels.kind(c.line_start, c.name_at) == "person"
        )
    if opens and not rare and not strong and not heading and kind == "unknown" and name_shaped(words):
        kind, rare = "person", True  # "Rangi Parata started today": a given name and a surname, unlisted
    elif not rare and not strong and kind == "unknown" and customary_name(words):
        kind, rare = "person", True  # "- Phạm Thu Trang: designer", "## Goh Kah Wai": a custom's full name
    elif not rare and kind == "unknown" and initialled_given(name.casefold()):
        kind, rare = "person", True  # "[K. Ramesh]", "- Lead: T.M. Lakshmi": initials, then a given name
    elif not opens and not heading and not strong and kind == "unknown" and _hyphened_name(words):
        kind, rare = "organisation", True  # "insured with Cover-More", "a Bio-Rad machine": a firm's name
    return kind, strong, rare


def _layout_kind(
    c: Candidate, kind: str, strong: bool, tech: TechLines, labels: LineLabels, sold: bool
) -> tuple[str, bool]:
    """The kind (and strength) the page's layout gives a name: its line's label, its table column's header,
    a section of suppliers (``sold``: the name stands where the seller does)."""
    words = c.words
    if kind in ("unknown", "place") and not c.heading:  # "- Bank: Triodos", "Stack: Rust, DuckDB"
        label = labels.kind(c.line_start, c.name_at, tech.on(c.line))
        if kind == "unknown" or (
            label == "organisation" and words[-1] in PLACE_WORDS and c.before.rstrip().endswith((":", ","))
        ):
            kind = label or kind  # "Clients: Fernhill Bakery": a business, not the building
    elif (
        kind == "person"
        and len(words) > 1
        and not c.heading
        and c.before.rstrip().endswith(":")
        and labels.kind(c.line_start, c.name_at, tech.on(c.line)) == "product"
    ):
        kind = "product"  # "Food: Baxter Senior", "Meds: Ellis Calm": goods, their maker named for someone
    if (header := c.header) is not None and (
        kind in ("unknown", header)
        or not strong
        or (header == "organisation" and kind == "place" and words[-1] in PLACE_WORDS)
    ):  # "| Supplier |" over "| Bidfood |", and over "| Market Lane |" (a business named after a street)
        kind, strong = header, True
    if sold and kind in ("unknown", "place", "product"):
        kind, strong = "organisation", True  # "# Suppliers" then "- Flour: Mühlbrecht", "from Paktorix"
    return kind, strong


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


def _hyphened_name(words: list[str]) -> bool:
    """One word of two capitalised parts joined by a hyphen, neither a given name ("Jean-Luc") nor a
    calendar word: most often a business's name ("Bio-Rad", "Cover-More", "Rolls-Royce")."""
    if len(words) != 1 or "-" not in words[0]:
        return False
    parts = words[0].split("-")
    return len(parts) == 2 and not any(given_name(p) or p in STOP for p in parts)


def _sold_by(plain: str, line_start: int, at: int) -> bool:
    """Does a name on a line of a section of suppliers stand where the seller does: the first words of a
    label's value ("- Flour: Mühlbrecht stoneground"), or after "from" ("Boxes: kraft, from Paktorix")?"""
    head = LABEL_HEAD.match(plain, line_start)
    if head is not None and head.end() == at:
        return True
    return _FROM.search(plain, max(line_start, at - 12), at) is not None


def _column_kinds(
    typed: list[_Typed], rares: list[bool], columns: list[tuple[int, int] | None], rows: dict[int, int]
) -> None:
    """A table column most of whose cells open with a name of one kind on their own evidence (a column of
    people's names: "Samira Haddad", "Karim Aziz", ...) gives that kind to the names opening its other
    cells that have none ("Lotte Haas", whose surname is also a word) or only a weak one (a town that is a
    given name too, "Charlotte", in a column of towns; not a rare word's hint). At least two such names,
    most of the column's rows, and no rival kind half as often; ``typed`` is changed in place (``columns``:
    each name's column, None where it opens no cell)."""
    votes: dict[tuple[int, int], Counter[str]] = {}
    for j, (_i, _name, kind, strong, _opens, _span) in enumerate(typed):
        if (column := columns[j]) is not None and (strong or rares[j]) and kind != "unknown":
            votes.setdefault(column, Counter())[kind] += 1
    for j, (i, name, _kind, strong, opens, span) in enumerate(typed):
        column = columns[j]
        if column is None or strong or rares[j] or column not in votes:
            continue
        (top, n), *rest = votes[column].most_common()
        if n >= 2 and n * 5 >= rows[column[0]] * 3 and all(m * 2 < n for _, m in rest):
            typed[j] = (i, name, top, True, opens, span)
