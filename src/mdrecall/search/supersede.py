"""Supersession by fact as a ranking stage: a candidate whose answering lines a later line superseded.

The index pairs fact lines once (:mod:`mdrecall.knowledge.fact_lines.facts`, a view kept with the entity
views); a candidate whose lines answering the query are superseded there is marked, and the chunk holding the
newer line is lifted just above it, whatever words the query used ("production deploy days" as well as "what
changed"). The stage that reads a query's change wording is :mod:`mdrecall.search.supersede_wording`;
which lines of a candidate answer the query is :mod:`mdrecall.search.answering_lines`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from mdrecall.knowledge.changes.superseded import superseded_in
from mdrecall.models import Chunk, Scored
from mdrecall.search.answering_lines import (
    WHICH,
    ChunkReader,
    NewerAnswers,
    answer_superseded,
    asked_value,
    line_values,
)
from mdrecall.search.query_words import stems_and_words, word_of
from mdrecall.search.snippets import citation, term_matches
from mdrecall.search.supersede_wording import WINDOW
from mdrecall.stores.base import Store
from mdrecall.stores.views import ChunkAtStore, Supersession
from mdrecall.text.query import asks_for_list

__all__ = [
    "ChunkReader",
    "apply_fact_supersession",
    "asked_value",
    "keep_newer_first",
    "line_values",
    "marked_lines",
    "newer_chunks",
    "stems_and_words",
    "superseded_lines",
    "supersession_note",
    "word_of",
]


def superseded_lines(
    store: Store, items: Sequence[Scored], window: int = WINDOW
) -> dict[str, dict[int, Supersession]]:
    """Path → line → the later line superseding it, for the files of the first ``window`` of ``items``
    (the stored pairing, :mod:`mdrecall.knowledge.changes.superseded`; empty for a store that keeps no
    views)."""
    return superseded_in(store, {s.chunk.path for s in items[:window]})


def marked_lines(store: Store, spans: Sequence[tuple[str, int, int, str]]) -> list[tuple[int, ...]]:
    """For each marked passage (path, first line, last line, its ``superseded_by``), the lines of it
    whose newer line the mark cites (the line the mark speaks of, for its snippet to show); none for a
    mark made by a query's wording (:mod:`~mdrecall.search.supersede_wording`) or a store keeping no
    pairing."""
    if not spans:
        return []
    lines = superseded_in(store, {path for path, *_ in spans})
    out: list[tuple[int, ...]] = []
    for path, start, end, mark in spans:
        gone = lines.get(path, {})
        cited = (n for n, new in gone.items() if start <= n <= end and supersession_note(new) == mark)
        out.append(tuple(sorted(cited)))
    return out


def newer_chunks(store: Store, allowed: Callable[[Chunk], bool] | None = None) -> ChunkReader | None:
    """How :func:`apply_fact_supersession` reads the chunk holding a newer line no candidate holds: the
    store's :meth:`~mdrecall.stores.views.ChunkAtStore.chunk_at`, keeping only a chunk ``allowed`` (the
    search's filters); ``None`` for a store that cannot."""
    if not isinstance(store, ChunkAtStore):
        return None

    def read(path: str, line: int) -> Chunk | None:
        chunk = store.chunk_at(path, line)
        return chunk if chunk is not None and (allowed is None or allowed(chunk)) else None

    return read


def supersession_note(newer: Supersession) -> str:
    """How a hit names the line superseding it: its citation and the day it was written."""
    where = citation(newer.path, newer.line, newer.line)
    return f"{where} ({newer.day[:10]})" if newer.day else where


def apply_fact_supersession(
    items: Sequence[Scored],
    terms: Sequence[str],
    lines: Mapping[str, Mapping[int, Supersession]],
    window: int = WINDOW,
    query: str = "",
    fetch: ChunkReader | None = None,
) -> list[Scored]:
    """``items`` with each candidate marked whose lines answering the query are all superseded (by
    ``lines``, :func:`superseded_lines`), and the candidate holding the newer line lifted just above it;
    when no candidate holds the newer line, its chunk is read (``fetch``, :func:`newer_chunks`) and
    placed just above it: the older line marked, the newer shown. Not for a question asking for several
    things (:func:`~mdrecall.text.query.asks_for_list`, "which events has Jon been to"): past lines are
    answers to it too, and a fetched chunk would push one of them out.

    A candidate's answering lines are those holding the most query stems, a line counting the stems of
    the headings it stands under; none (no query word on any line) → no mark. Lines tying are told
    apart by the kind of value the question (``query``) asks for (:func:`asked_value`), then by the
    rarity of their stems among the candidates. Items are re-sorted when something was lifted.
    """
    out = list(items)
    if not lines or not terms or not out:
        return out
    stems, word = stems_and_words(terms)
    head = out[:window]
    changed = False
    marked: list[tuple[Scored, Supersession]] = []
    asks = asked_value(query)
    picks = asks or (("c:",) if WHICH.search(query) else ())
    answers = NewerAnswers(head, stems, asks, word, picks)
    for a_pos in range(len(head)):
        a = head[a_pos]
        gone = lines.get(a.chunk.path)
        if not gone or a.superseded_by is not None:
            continue
        newer = answer_superseded(
            a.chunk.path, a.chunk.text, a.chunk.start_line, stems, gone, answers, answers.word
        )
        if newer is None or not answers.names_another(newer, fetch):
            continue
        head[a_pos] = a = replace(a, superseded_by=supersession_note(newer))
        marked.append((a, newer))
        changed |= _lift(head, a, newer)
        for other in _also_changed(a.chunk, gone, newer, answers):
            changed |= _lift(head, a, other)
    for a, newer in _share_marks(head, stems, marked):
        changed |= _lift(head, a, newer)
    if fetch is not None and marked and not asks_for_list(query):
        changed |= _fetch_newer(head, marked, fetch)
    if not changed:
        return head + out[window:]
    return sorted(head, key=lambda s: -s.score) + out[window:]


def _also_changed(
    chunk: Chunk, gone: Mapping[int, Supersession], cited: Supersession, answers: NewerAnswers
) -> list[Supersession]:
    """The lines, candidates' lines, superseding other lines of a marked ``chunk`` than the one its mark
    cites (``cited``), each sharing a query word with the line it supersedes: a later line changing
    another fact the query names ("Kingston is on!" after "trying to get a Kingston date", in a chunk
    marked for its "three shows" line) ranks above the chunk too."""
    lines = chunk.text.split("\n")
    out: list[Supersession] = []
    for n, new in sorted(gone.items()):
        k = n - chunk.start_line
        if new == cited or not 0 <= k < len(lines) or lines[k].lstrip().startswith("#"):
            continue
        newer_words = answers.words_at(new)
        if newer_words and answers.own(lines[k]) & newer_words:
            out.append(new)
    return out


def _fetch_newer(head: list[Scored], marked: list[tuple[Scored, Supersession]], fetch: ChunkReader) -> bool:
    """Add the chunk holding each marked candidate's newer line that no candidate holds, scored just
    above the candidate (True when one was added)."""
    added = False
    for a, newer in marked:
        if any(_holds(b.chunk, newer) for b in head):
            continue
        chunk = fetch(newer.path, newer.line)
        if chunk is None or not _holds(chunk, newer):
            continue
        score = a.score + 1e-6
        head.append(Scored(chunk, score, {"supersede": score}))
        added = True
    return added


def _holds(chunk: Chunk, newer: Supersession) -> bool:
    return chunk.path == newer.path and chunk.start_line <= newer.line <= chunk.end_line


def _lift(head: list[Scored], a: Scored, newer: Supersession) -> bool:
    """Lift the chunk holding the line ``newer`` just above ``a`` (True when it moved)."""
    for b_pos, b in enumerate(head):
        c = b.chunk
        if c.path == newer.path and c.start_line <= newer.line <= c.end_line and b is not a:
            if b.score <= a.score:
                head[b_pos] = b.with_score("supersede", a.score + 1e-6)
                return True
            return False
    return False


def _share_marks(
    head: list[Scored], stems: frozenset[str], marked: list[tuple[Scored, Supersession]]
) -> list[tuple[Scored, Supersession]]:
    """Mark each chunk that holds no line answering the query and cites lines a marked chunk of its file
    cites too (one hit: :func:`~mdrecall.search.citations.group_by_citation` groups them, and the hit
    shows its best chunk's mark) with that chunk's mark: the hit's answer is the marked chunk's line.
    The chunks marked, each with the line superseding it."""
    found: list[tuple[Scored, Supersession]] = []
    if not marked:
        return found
    spans = [(a.chunk.path, *a.chunk.cited_lines, a.superseded_by, newer) for a, newer in marked]
    for pos, s in enumerate(head):
        if s.superseded_by is not None:
            continue
        start, end = s.chunk.cited_lines
        path = s.chunk.path
        got = next((x for x in spans if x[0] == path and x[1] <= end and x[2] >= start), None)
        if got is not None and not _answers(s.chunk.text, stems):
            head[pos] = replace(s, superseded_by=got[3])
            found.append((head[pos], got[4]))
    return found


def _answers(text: str, stems: frozenset[str]) -> bool:
    """Does a line of ``text`` other than a heading hold a query stem?"""
    return any(term_matches(line, stems) for line in text.split("\n") if not line.lstrip().startswith("#"))


#: A superseded mark's citation: the newer line's path and first line.
_CITED = re.compile(r"^(.+?)#L(\d+)")


def keep_newer_first(items: Sequence[Scored], window: int = WINDOW) -> list[Scored]:
    """``items`` with the chunk holding the line that supersedes a marked candidate ranked just above it,
    after every stage that moves scores (a kind's or a date's boost may lift the older one again): when
    both lines are hits, the newer comes first. Re-sorted only when something moved."""
    head = list(items[:window])
    changed = False
    for a in sorted((s for s in head if s.superseded_by), key=lambda s: -s.score):
        m = _CITED.match(a.superseded_by or "")
        if m is None:
            continue
        path, line = m.group(1), int(m.group(2))
        for pos, b in enumerate(head):
            c = b.chunk
            if b is not a and c.path == path and c.start_line <= line <= c.end_line:
                if b.score <= a.score:
                    head[pos] = b.with_score("supersede", a.score + 1e-6)
                    changed = True
                break
    if not changed:
        return list(items)
    return sorted(head, key=lambda s: -s.score) + list(items[window:])
