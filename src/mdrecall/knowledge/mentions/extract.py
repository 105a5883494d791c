"""Who and what a Markdown file is about: entity mentions and relationships. Pure, no network, no LLM.

A file yields :class:`Mention` records, each found one way (``how``):

* ``front_matter``: ``people:``/``tags:``/``projects:``/``organisations:``/``places:``/``tools:`` keys of
  a leading ``---`` block (inline ``[a, b]``, ``a, b`` or ``- a`` list items);
* ``wiki``: ``[[Name]]`` and ``[[Name|label]]`` links (the target is the name);
* ``mention``: ``@name`` (not an e-mail address);
* ``speaker``: a speaker label opening a line: ``**Name**:``, ``- Name: ...``, ``Name: ...``;
* ``relation``: an end of a stated relationship (:mod:`mdrecall.knowledge.mentions.relations`);
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
line's valid day (:func:`mdrecall.knowledge.dates.valid_time.line_dates`), but never later than the day the
line was written ("send it to Karin by Friday" mentions Karin the day it is written, not on Friday).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from datetime import date

from mdrecall.knowledge.dates.valid_time import LineDays
from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import given_name, known_name, lower_noun
from mdrecall.knowledge.mentions.candidate_kinds import add_typed
from mdrecall.knowledge.mentions.capital_names import capital_candidates
from mdrecall.knowledge.mentions.file_scan import SHAPE, FileScan
from mdrecall.knowledge.mentions.label_kinds import LineLabels
from mdrecall.knowledge.mentions.line_scan import CODE, cue_lines
from mdrecall.knowledge.mentions.lower_people import add_lower_people, add_slot_people, add_uncased_names
from mdrecall.knowledge.mentions.marked_names import add_marked
from mdrecall.knowledge.mentions.mention_readers import page_title
from mdrecall.knowledge.mentions.phrase_names import add_phrases
from mdrecall.knowledge.mentions.relations import Relation, find_relations
from mdrecall.knowledge.mentions.shaped_names import (
    add_hyphen_codes,
    add_lower,
    add_mixed,
    add_upper_and_camel,
    lower_hits,
)
from mdrecall.knowledge.mentions.tech_lines import TechLines

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


def extract_entities(
    text: str,
    file_date: str | date | None = None,
    path: str | None = None,
    reference: date | None = None,
    order: str | None = None,
    country: str | None = None,
) -> Extraction:
    """Mentions and relationships in one Markdown file (line numbers are 1-based).

    ``path`` (the file's path in the workspace) lets a page named after a name say so: a first heading
    that spells the file's name ("people/oona-hart.md", "# Oona Hart") names the page's entity, of the kind
    its folder tells ("people/" → person, "clients/" → organisation). ``reference``: an undated page's
    fallback day, and ``order`` and ``country`` the workspace's order of numeric dates and country
    (:class:`~mdrecall.knowledge.dates.valid_time.LineDays`).

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
    found, tables = capital_candidates(scan, path)
    hits = lower_hits(scan.plain)
    tech = TechLines(scan.starts, [(c.line, " ".join(c.words)) for c in found], hits)
    labels = LineLabels(scan.plain)
    add_typed(scan, found, tech, labels, tables)
    add_mixed(scan, tech, labels)
    add_upper_and_camel(scan, tech, labels)
    add_hyphen_codes(scan, tech, labels)
    add_lower(scan, hits)
    add_lower_people(scan)  # "susan jepkorir", "nyokabi drove first": dictated names
    add_slot_people(scan)  # "with meenal", "kulkarni madam", "his name is suhas pendse": dictated slots
    add_uncased_names(scan)  # "met maria in columbus": list names in a slot, on lines without capitals
    relations = _add_relations(scan, path)
    days = LineDays(lines, scan.all_headings, file_date, reference, order, country)
    return _dated(scan, relations, days)


#: A line that opens with another name and no one's name before it ("- aka Dado. backend (Go)").
_OPENS_ALIAS = re.compile(r"\s*(?:[-*+]\s+|\d+[.)]\s+)?(?=(?:aka|a\.k\.a\.?|also known as|goes by)\s)", re.I)


def _add_relations(scan: FileScan, path: str | None = None) -> list[tuple[Relation, int]]:
    """The relationships stated on the lines holding a cue (each with its 0-based line); each end that is a
    well-known name or a capitalised one is a mention too. On a person's page (its first heading names
    them: :func:`~.mention_readers.page_title`) a line that opens with "aka X" gives the person's other
    name."""
    relations: list[tuple[Relation, int]] = []
    person: str | None = None
    for i in cue_lines(scan.joined, scan.starts, scan.skip):
        line = CODE.sub(" ", scan.lines[i])
        opens = _OPENS_ALIAS.match(line)
        if opens is not None and person is None and path and scan.headings:
            person = _page_person(scan, path)
        if opens is not None and person:
            line = f"{person}, {line[opens.end() :]}"
        for rel in find_relations(line, i + 1):
            relations.append((rel, i))
            for name, kind in ((rel.subject, rel.subject_kind), (rel.object, rel.object_kind)):
                known = known_name(name)
                if known is not None:
                    scan.add(i, name, known.kind, "relation")
                elif name[:1].isupper() and name not in STOP and not _common_subject(name, line):
                    scan.add(i, name, kind, "relation")
    return relations


#: A list's marker or a number opening a line, before its text.
_MARKER = re.compile(r"\s*(?:[-*+]\s+|\d+[.)]\s+)?")


def _common_subject(name: str, line: str) -> bool:
    """Is ``name`` a noun that is never a name (no given name) opening its line, capitalised only for that
    ("Insurer switched to Haven Mutual", "Stream moved to Icecast"): a thing's ordinary word, no entity?"""
    if " " in name or given_name(name) or not lower_noun(name):
        return False
    marker = _MARKER.match(line)
    return line.startswith(name, marker.end() if marker else 0)


def _page_person(scan: FileScan, path: str) -> str:
    """The full name of the person the page is about (its first heading, in a folder of people or opening
    with a given name), or "" when it is about no one."""
    page = page_title(scan.lines, scan.headings, path)
    if page is None:
        return ""
    title = scan.lines[page[0]][2:].strip()
    words = title.split()
    if len(words) < 2 or page[1] not in ("person", None) or (page[1] is None and not given_name(words[0])):
        return ""
    return title


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
