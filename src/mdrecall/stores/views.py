"""The optional seam for views derived from the files: entity mentions, relationships, fact lines
(what :mod:`mdrecall.knowledge.fact_lines.facts` pairs into supersessions), file versions.

A store that keeps them implements :class:`ViewStore` (SQLite and the in-memory store do); the
engine checks ``isinstance(store, ViewStore)`` and says so when a store lacks them. The rows are
plain tuples: a sync writes one per mention.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from mdrecall.models import Chunk
from mdrecall.stores.base import Store

__all__ = [
    "FACT_COLS",
    "ChunkAtStore",
    "FactRow",
    "fact_from_row",
    "FileVersion",
    "FileViews",
    "KeySummary",
    "KnownNameStore",
    "MentionRow",
    "PairedFactStore",
    "RelationRow",
    "StoreWithViews",
    "Supersession",
    "ViewStore",
]


class MentionRow(NamedTuple):
    """One stored mention: where, which entity (``key`` normalised, ``name`` as written) and how."""

    path: str
    line: int
    section: int
    key: str
    name: str
    kind: str
    how: str
    day: str | None


class KeySummary(NamedTuple):
    """What the mentions of one entity key add up to."""

    key: str
    lines: int
    files: int
    first: str | None
    last: str | None
    forms: dict[tuple[str, str, str], int]  # (name as written, kind, how) → mentions


class RelationRow(NamedTuple):
    """One stored relationship, with the line that states it."""

    path: str
    line: int
    subject: str
    predicate: str
    object: str
    day: str | None


class FactRow(NamedTuple):
    """One stored fact line (:func:`mdrecall.knowledge.fact_lines.facts.line_facts`): the attributes it states
    with their values, its subject words, its page's title words, whether it says the thing changed, and the
    day it was written."""

    path: str
    line: int
    day: str | None
    attrs: tuple[str, ...]
    values: tuple[str, ...]  # one space-joined value per attribute, in ``attrs`` order
    subject: str  # space-joined stems of the line's own subject words
    context: str  # space-joined stems of the page's title (a page about one thing), else ""
    cue: bool
    words: str  # space-joined words of the whole line, case and currency kept (to see an old value named)


#: A stored fact line's columns, in :class:`FactRow`'s order (attributes and values joined by ``|``).
FACT_COLS = "path, line, day, attrs, vals, subject, context, cue, words"


def fact_from_row(r: Sequence[Any], shared: dict[Any, Any]) -> FactRow:
    """A fact line from its stored row (:data:`FACT_COLS`); ``shared`` keeps one string for each path, day
    and title and one tuple for each attribute list across the rows read (100,000 notes: ~170,000 lines)."""
    path, day, context = (shared.setdefault(v, v) for v in (r[0], r[2], r[6]))
    attrs = shared.setdefault(("attrs", r[3]), tuple(r[3].split("|")) if r[3] else ())
    values = tuple(r[4].split("|")) if attrs else ()
    return FactRow(path, int(r[1]), day, attrs, values, r[5], context, bool(r[7]), r[8])


class FileVersion(NamedTuple):
    """A version of a file as the index first saw it; ``text`` is ``None`` when the file was deleted."""

    path: str
    seen_at: float
    hash: str
    text: str | None
    rev: str = ""  # a git commit, when the version comes from git


class FileViews(NamedTuple):
    """Everything one sync writes for one file: its mentions, relationships and fact lines (replacing
    the old ones) and, unless ``hash`` is ``None``, a version of it (:meth:`ViewStore.add_file_version`)."""

    path: str
    mentions: Sequence[MentionRow]
    relations: Sequence[RelationRow]
    hash: str | None = None
    seen_at: float = 0.0
    text: str | None = None
    facts: Sequence[FactRow] = ()


@runtime_checkable
class ViewStore(Protocol):
    """A store that keeps the derived views."""

    def replace_views(
        self,
        path: str,
        mentions: Sequence[MentionRow],
        relations: Sequence[RelationRow],
        facts: Sequence[FactRow] = (),
    ) -> None:
        """Replace a file's mentions, relationships and fact lines (empty lists forget the file)."""
        ...

    def write_views(self, files: Sequence[FileViews]) -> None:
        """Many files' :meth:`replace_views` and :meth:`add_file_version` in one transaction (what a
        sync writes per batch of files); the same rows as calling them file by file, in order."""
        ...

    def write_built_views(
        self, files: Sequence[FileViews], marks: Mapping[str, int] | None = None
    ) -> list[str]:
        """:meth:`write_views` for views extracted from the files' texts, dropping their pending marks
        (:meth:`mark_views_pending`), in one transaction; given ``marks`` (path → the mark the text was
        read under), only the files still pending with that very mark are written (one marked again
        meanwhile stays pending). Returns the paths written."""
        ...

    def mark_views_pending(self, paths: Iterable[str], mark: int) -> None:
        """Leave the views of ``paths`` to be built later, under ``mark`` (replacing an older mark)."""
        ...

    def views_pending(self, after: str = "", limit: int = 0) -> list[tuple[str, int]]:
        """Pending ``(path, mark)`` in path order, paths after ``after`` only; at most ``limit`` (0: all)."""
        ...

    def count_views_pending(self) -> int:
        """How many files' views are pending."""
        ...

    def mention_rows(self, keys: Sequence[str] | None = None) -> list[MentionRow]:
        """Mentions of the entities ``keys`` (``None``: all), in path and line order."""
        ...

    def relation_rows(self) -> list[RelationRow]:
        """Every stored relationship."""
        ...

    def fact_rows(self) -> list[FactRow]:
        """Every stored fact line, in path and line order."""
        ...

    def mention_lines(self, keys: Sequence[str]) -> set[tuple[str, int]]:
        """The distinct ``(path, line)`` where any of ``keys`` is mentioned."""
        ...

    def entity_summary(self, keys: Sequence[str] | None = None) -> list[KeySummary]:
        """Per entity key (``keys``, or all): distinct lines and files, first and last day, and
        (name, kind, how) counts."""
        ...

    def cooccurring(self, keys: Sequence[str]) -> list[tuple[str, str, int, str | None, str]]:
        """(key, name as written, sections shared, latest day, citation of that section) for every key
        mentioned in a section with ``keys``."""
        ...

    def entity_stats(self) -> dict[str, tuple[int, bool]]:
        """Entity key → (files naming it, once one names it mid-sentence; found other than as a capitalised
        word)."""
        ...

    def add_file_version(self, path: str, hash: str, seen_at: float, text: str | None) -> bool:
        """Append a version of ``path`` unless its last one has the same hash; True when added."""
        ...

    def file_versions(self, path: str | None = None) -> list[FileVersion]:
        """Versions of one file (``None``: all files), oldest first."""
        ...

    def line_texts(self, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """The indexed text of the lines ``(path, line)`` (read from the chunks holding them)."""
        ...


class Supersession(NamedTuple):
    """The later line that supersedes a line (:mod:`mdrecall.knowledge.fact_lines.facts`): where it is and the
    day it was written."""

    path: str
    line: int
    day: str | None


@runtime_checkable
class PairedFactStore(Protocol):
    """A store that keeps the fact lines' pairing (:mod:`mdrecall.knowledge.changes.superseded`) beside
    them."""

    def facts_generation(self) -> str:
        """Changes whenever the stored fact lines do."""
        ...

    def paired_generation(self) -> str | None:
        """The :meth:`facts_generation` the stored pairing was made at (``None``: never paired)."""
        ...

    def dirty_fact_paths(self) -> list[str]:
        """The files whose fact lines changed since the stored pairing was made."""
        ...

    def superseded_all(self) -> dict[tuple[str, int], Supersession]:
        """Every stored pair: (path, line) of the older line → its newer line."""
        ...

    def write_superseded(
        self,
        pairs: dict[tuple[str, int], Supersession],
        generation: str,
        dirty: Sequence[str],
        before: dict[tuple[str, int], Supersession] | None,
    ) -> bool:
        """Store the pairing made at ``generation`` (``before``: the stored pairs it was made from;
        ``None``: anew) and forget the ``dirty`` files it took in; False when the fact lines changed
        meanwhile."""
        ...

    def superseded_rows(self, paths: Sequence[str]) -> list[tuple[str, int, str, int, str | None]]:
        """The stored pairs whose older line is in ``paths``: (path, line, newer path, line, day)."""
        ...


@runtime_checkable
class ChunkAtStore(Protocol):
    """A store that reads back the chunk holding one line of a file (the line superseding a search's
    candidate, when no candidate holds it: :mod:`mdrecall.search.supersede`)."""

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest stored chunk of ``path`` holding ``line`` (``None``: none)."""
        ...


@runtime_checkable
class KnownNameStore(Protocol):
    """A store that keeps the accepted entity names (:mod:`mdrecall.knowledge.known`) beside the mentions."""

    def known_state(self) -> tuple[str, str | None, str | None]:
        """(the mentions' change count, the count the stored name table was made at, the signature of
        the entity settings it was made with); ``None`` where never stored."""
        ...

    def replace_known(self, table: Mapping[str, str], generation: str, signature: str) -> None:
        """Store the name table (name key → canonical key) made at ``generation`` with ``signature``."""
        ...

    def known_roots(self, keys: Sequence[str]) -> dict[str, str]:
        """The stored canonical key of each of ``keys`` that names an accepted entity."""
        ...

    def known_members(self, roots: Sequence[str]) -> dict[str, list[str]]:
        """Canonical key → every stored key that names it (itself where stored), for ``roots``."""
        ...


class StoreWithViews(Store, ViewStore, Protocol):
    """A :class:`~mdrecall.stores.base.Store` that keeps the views too (what
    :func:`mdrecall.knowledge.refresh.keeps_views` tells a type checker)."""
