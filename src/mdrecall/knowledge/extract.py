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
  on other evidence (most such words are ordinary words).

Kinds are told where the evidence says so (person, project, organisation, place, tool), else "unknown".
Each mention carries its line, its section (the heading line above it) and its valid day
(:func:`mdrecall.knowledge.valid_time.line_dates`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from ..chunking import heading_paths
from .relations import Relation, find_relations
from .valid_time import line_dates

__all__ = ["KINDS", "Extraction", "Mention", "entity_key", "extract_entities"]

KINDS = ("person", "project", "organisation", "place", "tool", "unknown")


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


_FRONT_KINDS = {
    "people": "person", "person": "person", "attendees": "person", "authors": "person",
    "tags": "unknown", "projects": "project", "project": "project", "organisations": "organisation",
    "organizations": "organisation", "orgs": "organisation", "company": "organisation",
    "places": "place", "place": "place", "location": "place", "tools": "tool",
}  # fmt: skip
_WIKI = re.compile(r"\[\[([^\[\]|#\n]+)(?:#[^\[\]|\n]*)?(?:\|[^\[\]\n]*)?\]\]")
_AT = re.compile(r"(?<![\w.@/])@([A-Za-z][\w-]*(?:\.[\w-]+)*[\w])")
_WORD = r"[A-Z][a-z][A-Za-z0-9]*"
_CAPS = re.compile(rf"(?<![\w'’-])(?:{_WORD})(?:[ ](?:{_WORD}))*(?![\w-])")
_SPEAKER = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*(?P<b>[^*\n]{1,40})\*\*\s*:|(?P<p>[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}):\s)"
)
_CODE = re.compile(r"`[^`\n]*`|https?://\S+|<[^>\n]*>")
_SENTENCE_END = re.compile(r"[.!?:;]['\")\]]*\s*$|^\s*['\"(\[]*$")
_ORG_SUFFIX = re.compile(
    r"\b(Inc|Corp|Corporation|Ltd|LLC|GmbH|Labs|University|College|School|Institute|Company|Bank|Group|"
    r"Foundation|Agency|Team|Studio|Studios)\.?$"
)
_PLACE_HINT = re.compile(r"\b(?:in|at|from|to|visited|near)\s+$")
#: Capitalised words that are not names when seen alone (calendar words, pronouns, interjections…).
_STOP = set(
    """I I'm I've I'll I'd Im Ive Ill Id OK Ok Okay Yes No Yeah Hey Hi Hello Thanks Thank Wow Oh Ah Hmm
    Mr Mrs Ms Dr Sir Madam Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March
    April May June July August September October November December Today Tomorrow Yesterday TODO Note
    Notes Summary Decision Decisions Update Updates Question Answer Re Fwd God Christmas Easter
    Session Meeting Morning Evening Afternoon Night Week Month Year The A An And But Or So If When Then
    This That These Those There Here It Its We You He She They Me My Our Your His Her Their Also Just
    Anyway Well Sure Cool Great Nice Awesome Good Bad Sorry Please Congrats Congratulations Happy""".split()
)
_LABEL_STOP = {w.lower() for w in _STOP} | {
    "note", "notes", "todo", "decision", "summary", "update", "status", "next", "action", "result",
    "results", "goal", "goals", "context", "problem", "fix", "idea", "tip", "warning", "example", "source",
    "date", "time", "owner", "tags", "people", "q", "a", "user", "assistant", "system", "tldr", "why",
}  # fmt: skip


def extract_entities(text: str, file_date: str | date | None = None) -> Extraction:
    """Mentions and relationships in one Markdown file (line numbers are 1-based)."""
    lines = text.splitlines()
    days = line_dates(text, file_date)
    _, is_heading = heading_paths(lines)
    mentions: list[Mention] = []
    relations: list[tuple[Relation, str | None]] = []
    front_end = _front_matter_end(lines)
    section = 0
    fence = False
    for i, line in enumerate(lines):
        number = i + 1
        day = days[i].isoformat() if days[i] else None
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        if is_heading[i]:
            section = number
        if number <= front_end:
            for name, kind in _front_matter_line(lines, i):
                mentions.append(Mention(name, kind, "front_matter", number, 0, day))
            continue
        found = list(_line_mentions(line, number, section, day, is_heading[i]))
        mentions.extend(found)
        for rel in find_relations(_CODE.sub(" ", line), number):
            relations.append((rel, day))
            for name, kind in ((rel.subject, rel.subject_kind), (rel.object, rel.object_kind)):
                if entity_key(name) not in ("we", "i"):
                    mentions.append(Mention(name, kind, "relation", number, section, day))
    return Extraction(mentions, relations)


def _line_mentions(line: str, number: int, section: int, day: str | None, heading: bool) -> Iterator[Mention]:
    text = _CODE.sub(lambda m: " " * len(m.group(0)), line)
    for m in _WIKI.finditer(text):
        name = " ".join(m.group(1).split())
        if name:
            yield Mention(name, "unknown", "wiki", number, section, day)
    for m in _AT.finditer(text):
        yield Mention(m.group(1), "person", "mention", number, section, day)
    body_start = 0
    sm = _SPEAKER.match(text)
    if sm and not heading:
        name = (sm.group("b") or sm.group("p") or "").strip()
        if name and name.lower() not in _LABEL_STOP and len(name.split()) <= 3 and name[0].isupper():
            yield Mention(name, "person", "speaker", number, section, day)
            body_start = sm.end()
    if heading:
        return
    plain = _WIKI.sub(lambda m: " " * len(m.group(0)), text)
    plain = _AT.sub(lambda m: " " * len(m.group(0)), plain)
    for m in _CAPS.finditer(plain, body_start):
        name = m.group(0)
        before = plain[body_start : m.start()]
        words = name.split()
        while words and words[0] in _STOP:
            before += words.pop(0) + " "
        while words and words[-1] in _STOP:
            words.pop()
        if not words:
            continue
        name = " ".join(words)
        # The first word of a sentence or line is capitalised anyway: only a weak candidate, kept by the
        # entity view when the name is an entity on other evidence.
        how = "name_start" if _SENTENCE_END.search(before) or not before.strip(" -*+>\t") else "name"
        yield Mention(name, _kind_of(name, before), how, number, section, day)


def _kind_of(name: str, before: str) -> str:
    if _ORG_SUFFIX.search(name):
        return "organisation"
    if _PLACE_HINT.search(before) and before.rstrip().endswith(("in", "visited")):
        return "place"
    return "unknown"


def _front_matter_end(lines: list[str]) -> int:
    """The 1-based line closing a leading ``---`` block, or 0."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, min(len(lines), 200)):
        if lines[i].strip() in ("---", "..."):
            return i + 1
    return 0


def _front_matter_line(lines: list[str], i: int) -> list[tuple[str, str]]:
    line = lines[i]
    m = re.match(r"^([A-Za-z_]+)\s*:\s*(.*)$", line)
    if m:
        kind = _FRONT_KINDS.get(m.group(1).lower())
        value = m.group(2).strip()
        if kind is None or not value:
            return []
        return [(v, kind) for v in _split_list(value)]
    item = re.match(r"^\s+-\s+(.+)$|^-\s+(.+)$", line)
    if not item:
        return []
    for j in range(i - 1, 0, -1):  # the key this list item belongs to
        km = re.match(r"^([A-Za-z_]+)\s*:\s*$", lines[j])
        if km:
            kind = _FRONT_KINDS.get(km.group(1).lower())
            return [(v, kind) for v in _split_list(item.group(1) or item.group(2))] if kind else []
        if not re.match(r"^\s+-\s|^-\s", lines[j]):
            return []
    return []


def _split_list(value: str) -> list[str]:
    value = value.strip().strip("[]")
    parts = [p.strip().strip("'\"").lstrip("#@").strip() for p in value.split(",")]
    return [re.sub(r"^\[\[|\]\]$", "", p) for p in parts if p]
