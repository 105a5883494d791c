"""Distinct hits: one hit per citation, and one hit per fact. Pure functions over ranked chunks.

* :func:`group_by_citation`: chunks of one file whose cited line ranges overlap are one hit (a long
  turn split into several chunks, two chunks of one passage); the group keeps the rank and score of
  its best chunk and cites the union of their ranges, so the next distinct passage takes the slot.
* :func:`fact_key` / :func:`repeats`: the same fact written in several files (a turn in the
  conversation record, in the session-end capture and as a ``## Noted`` line) is recognised by its
  normalised text (list markers, ``kind:`` labels, speaker names and citations dropped; token sets
  at least :data:`SAME_FACT` alike, with the same numbers), so search can fold the later copies into
  the first hit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from mdrecall.models import Scored
from mdrecall.text.query import tokenize

__all__ = ["SAME_FACT", "CitationGroup", "fact_key", "group_by_citation", "repeats"]

#: Jaccard similarity of two lines' token sets from which they state the same fact.
SAME_FACT = 0.8
#: Lines with fewer tokens than this are never folded ("ok", "thanks!"): too short to be one fact.
MIN_FACT_TOKENS = 4

_CITED = re.compile(r"\(?\s*[\w./~-]+\.(?:md|jsonl)(?:#L\d+(?:-L\d+)?)?\s*\)?")
_LABEL = re.compile(r"^\s*(?:[-*+>]\s+|\d+[.)]\s+|#+\s+)?(?:\*\*)?[\w .'-]{1,24}?(?:\*\*)?:\s+")


#: A superseded mark's citation (:func:`~mdrecall.search.supersede.supersession_note`): path, first line.
_MARK = re.compile(r"^(.+?)#L(\d+)")


@dataclass
class CitationGroup:
    """The chunks that make one hit: ``items[0]`` is the best; ``start``/``end`` the cited range."""

    items: list[Scored]
    start: int
    end: int
    #: the rank (0-based, in the list grouped) of each item
    ranks: list[int]
    #: citations of later groups that state the same fact (folded into this one)
    also: list[str] = field(default_factory=list)

    @property
    def best(self) -> Scored:
        """The group's best-ranked chunk (its score is the hit's)."""
        return self.items[0]

    @property
    def path(self) -> str:
        """The file all the group's chunks come from."""
        return self.items[0].chunk.path

    def mark(self, above: Sequence[tuple[str, int, int]] = ()) -> str | None:
        """The hit's superseded mark (:mod:`~mdrecall.search.supersede`): its best chunk's, else the first
        in rank order of its other chunks' marks that cites a line the hit or a hit ``above`` it (path,
        first and last line) shows. A long note cut into chunks is one hit when they are cited together
        ("MEMORY.md" lines 1-48): the chunk whose answering line a later line superseded may rank below
        another chunk of it; its mark is the hit's when the line superseding it is shown first (in the
        hit itself, or in a hit ranked above it), never for a newer line the reader is not shown."""
        if self.items[0].superseded_by is not None:
            return self.items[0].superseded_by
        spans = [(self.path, self.start, self.end), *above]
        for s in self.items[1:]:
            m = _MARK.match(s.superseded_by or "")
            if m is None:
                continue
            path, line = m.group(1), int(m.group(2))
            if any(p == path and lo <= line <= hi for p, lo, hi in spans):
                return s.superseded_by
        return None


def group_by_citation(ranked: Sequence[Scored], limit: int | None = None) -> list[CitationGroup]:
    """Groups of ``ranked`` in rank order, one per cited passage; at most ``limit`` groups.

    A chunk whose cited range overlaps a group of the same file joins it (the range grows to the
    union, and may then reach another group of the file, which is folded in too).
    """
    groups: list[CitationGroup] = []
    for rank, item in enumerate(ranked):
        start, end = item.chunk.cited_lines
        path = item.chunk.path
        g = next((g for g in groups if g.path == path and start <= g.end and end >= g.start), None)
        if g is None:
            if limit is not None and len(groups) >= limit:
                continue  # only chunks joining a group are wanted now
            groups.append(CitationGroup([item], start, end, [rank]))
            continue
        g.items.append(item)
        g.ranks.append(rank)
        g.start, g.end = min(g.start, start), max(g.end, end)
        i = groups.index(g) + 1
        while i < len(groups):
            other = groups[i]
            if other.path == path and other.start <= g.end and other.end >= g.start:
                g.items.extend(other.items)
                g.ranks.extend(other.ranks)
                g.start, g.end = min(g.start, other.start), max(g.end, other.end)
                groups.pop(i)
            else:
                i += 1
    return groups


def fact_key(line: str) -> frozenset[str]:
    """The tokens of what ``line`` states: without citations, list markers and leading labels."""
    text = _CITED.sub(" ", line)
    for _ in range(3):  # "- decision: Decision: we will …", "- **Ana**: …"
        stripped = _LABEL.sub("", text, count=1)
        if stripped == text:
            break
        text = stripped
    return frozenset(tokenize(text))


def repeats(lines: Iterable[str], shown: Sequence[frozenset[str]]) -> int | None:
    """The index in ``shown`` of a fact that every one of ``lines`` repeats, or ``None``.

    ``lines`` are a hit's matching lines; ``shown`` the fact keys of the lines earlier hits show.
    Only when each line is the same fact as a line already shown (Jaccard ≥ :data:`SAME_FACT`) is
    the hit a repeat; it then folds into the hit showing the first of them.
    """
    first: int | None = None
    any_line = False
    for line in lines:
        key = fact_key(line)
        if len(key) < MIN_FACT_TOKENS:
            continue
        any_line = True
        match = next(
            (i for i, other in enumerate(shown) if len(other) >= MIN_FACT_TOKENS and _alike(key, other)),
            None,
        )
        if match is None:
            return None
        first = match if first is None else min(first, match)
    return first if any_line else None


def _alike(a: frozenset[str], b: frozenset[str]) -> bool:
    """The same fact: token sets at least :data:`SAME_FACT` alike, stating the same numbers (a time,
    an amount or a date that differs is another fact: "standup at 9:30" is not "standup at 10:30")."""
    return len(a & b) >= SAME_FACT * len(a | b) and _numbers(a) == _numbers(b)


def _numbers(tokens: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in tokens if any(ch.isdigit() for ch in t))
