"""Keeps the derived views in step with the files: entity mentions, relationships, fact lines (the
supersession view: :mod:`mdrecall.knowledge.fact_lines.facts`), file versions.

The indexer calls :func:`refresh_file` for each memory file it (re)reads (through a :func:`view_batch`,
which writes a batch of files' rows in one transaction) and :func:`forget_file` for each one
that left the disk. Mentions and relationships are a function of the text (deleting the index rebuilds them);
file versions are the index's own append-only record of what was written when.

A sync that re-reads many files (a first index) records their versions but leaves their mentions,
relationships and fact lines *pending* (:func:`mark_pending`: one row per file in the store, with the mark
of the sync that left it, counted by ``status``): extraction costs more than the keyword index itself.
Whatever reads the views first builds them (:func:`keeps_views`, the gate every reader passes, calls
:func:`build_views`) from the texts the sync recorded, so an entity query, ``as-of`` or a search's
supersession marks never see them missing.
"""

from __future__ import annotations

import os
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from datetime import date
from typing import TypeGuard

from mdrecall.errors import StoreError
from mdrecall.files.workspace import date_from_name
from mdrecall.knowledge.dates.date_country import page_country, record_countries, workspace_country
from mdrecall.knowledge.dates.date_order import page_vote, record_votes, workspace_order
from mdrecall.models import FileRecord
from mdrecall.stores.base import Store
from mdrecall.stores.views import FileViews, MentionRow, RelationRow, StoreWithViews, ViewStore

__all__ = [
    "PENDING_KEY",
    "VIEWS_VERSION",
    "ViewBatch",
    "INLINE_BUILD_FILES",
    "build_in_background",
    "build_views",
    "extract_views",
    "file_views",
    "forget_file",
    "has_views",
    "keeps_views",
    "mark_pending",
    "pending_count",
    "pending_views",
    "refresh_file",
    "view_batch",
    "views_built",
    "views_in_background",
    "views_stale",
]

#: Changes whenever extraction would give other rows: the next sync re-reads every file.
VIEWS_VERSION = "138"
#: Where the paths whose views a sync left to build on first use are kept: the stores' table (until schema
#: 12 of SQLite and 4 of PostgreSQL, a meta key holding them as JSON, converted by the migration).
PENDING_KEY = "views_pending"
#: Files extracted per transaction when pending views are built.
_BUILD_FILES = 128
#: One build at a time in a process: a search reaching the gate while the background worker builds waits
#: for it instead of extracting the same files again.
_BUILDING = threading.Lock()


#: Store type → does it implement :class:`ViewStore`? (a runtime protocol check walks every method: it
#: is asked once per file indexed, so it is answered once per type)
_VIEW_TYPES: dict[type, bool] = {}


def has_views(store: Store) -> TypeGuard[StoreWithViews]:
    """True when the store keeps the derived views (and, for a migrated store, has their tables), built
    or pending; a type checker then knows the store is a :class:`ViewStore` too."""
    kind = type(store)
    is_view_store = _VIEW_TYPES.get(kind)
    if is_view_store is None:
        is_view_store = _VIEW_TYPES[kind] = isinstance(store, ViewStore)
    return is_view_store and bool(getattr(store, "views_ready", lambda: True)())


#: Pending files a reader under :func:`views_in_background` still builds itself (~0.5 s) before it reads.
INLINE_BUILD_FILES = 200
#: Set by :func:`views_in_background`: the pending count a reader skipped (empty: none skipped yet).
_IN_BACKGROUND: ContextVar[list[int] | None] = ContextVar("mdrecall_views_in_background", default=None)


def keeps_views(store: Store) -> TypeGuard[StoreWithViews]:
    """True when the store keeps the derived views, with any a sync left pending built first
    (:func:`build_views`): the gate of every reader of mentions, relationships or fact lines.

    Under :func:`views_in_background`, more than :data:`INLINE_BUILD_FILES` pending files are not built
    here: the store reads as one that keeps no views (the caller says so; another thread or process
    builds them)."""
    if not has_views(store):
        return False
    if store.views_pending(limit=1):
        skipped = _IN_BACKGROUND.get()
        if skipped is not None:
            if skipped:
                return False
            if len(store.views_pending(limit=INLINE_BUILD_FILES + 1)) > INLINE_BUILD_FILES:
                skipped.append(pending_count(store))
                return False
        with suppress(StoreError):  # a read-only index: the views stay pending (``status`` counts them)
            build_views(store)
    return True


@contextmanager
def views_in_background() -> Iterator[list[int]]:
    """Within the block (this thread), readers do not wait for a build of more than
    :data:`INLINE_BUILD_FILES` pending views (minutes at 100,000 files): they read as if the store kept no
    views, and the yielded list gets how many files were pending (empty: nothing was skipped). For a
    caller that says so and has the views built elsewhere (:func:`build_in_background`, a server's
    background worker)."""
    skipped: list[int] = []
    token = _IN_BACKGROUND.set(skipped)
    try:
        yield skipped
    finally:
        _IN_BACKGROUND.reset(token)


def build_in_background(store: Store) -> bool:
    """Build the pending views in a daemon thread of this (long-lived) process, unless a build runs
    already; returns whether one was started."""
    if _BUILDING.locked() or not has_views(store):
        return False

    def run() -> None:
        with suppress(Exception):  # the next reader builds (or skips) them again
            build_views(store)

    threading.Thread(target=run, name="mdrecall-views", daemon=True).start()
    return True


def views_built(store: Store) -> TypeGuard[StoreWithViews]:
    """True when the store keeps the derived views and none is pending (builds nothing: what refreshes
    the tables derived from the views asks, so that an index that deferred them stays quick)."""
    return has_views(store) and not store.views_pending(limit=1)


def views_stale(store: Store) -> bool:
    """True when the store keeps views and they were built by another extraction version (or never)."""
    return has_views(store) and store.get_meta("views") != VIEWS_VERSION


def pending_views(store: Store) -> list[str]:
    """The paths whose views are still to be built (see :func:`mark_pending`), in path order."""
    return [path for path, _ in store.views_pending()] if has_views(store) else []


def pending_count(store: Store) -> int:
    """How many files' views are still to be built (what ``status`` shows; reads no path)."""
    return store.count_views_pending() if has_views(store) else 0


def mark_pending(store: Store, paths: Sequence[str]) -> None:
    """Leave the views of ``paths`` to be built on first use (their sync writes only their versions).

    Called before the sync writes them, so a sync stopped midway leaves nothing unbuilt and unmarked.
    """
    if paths and has_views(store):
        store.mark_views_pending(paths, time.time_ns())


def build_views(store: Store) -> int:
    """Extract the views of every pending file from the text its sync recorded (its last version: the
    chunks' text) and write them, a batch of files per transaction; returns how many files were built.

    A file marked again meanwhile (re-indexed by another process) stays pending; a file gone (its last
    version has no text) or never read as text gets no rows.
    """
    with _BUILDING:
        return _build(store)


def _build(store: Store) -> int:
    if not has_views(store):
        return 0
    built = 0
    after = ""
    records: dict[str, FileRecord] | None = None
    newest: str | None = None
    order = workspace_order(store)  # the votes the syncs recorded as they read the files
    country = workspace_country(store)
    while marks := store.views_pending(after, _BUILD_FILES):  # a page at a time, in path order
        after = marks[-1][0]
        found: list[FileViews] = []
        for path, _mark in marks:
            versions = store.file_versions(path)
            text = versions[-1].text if versions else None
            # the day the indexer gives the file (its name's date), as an inline extraction has it
            day = date_from_name(os.path.basename(path))
            reference = None
            if day is None and text:  # an undated page: the day its phrases are read from
                from mdrecall.knowledge.dates.valid_time import page_reference

                if records is None:
                    records = store.file_records(source="memory")
                    newest = _newest(records)
                record = records.get(path)
                reference = page_reference([newest], record.mtime_ns / 1e9 if record else None)
            found.append(extract_views(path, text, day, reference, order, country))
        # written only where the mark is still the one read: a file a sync marked meanwhile stays pending
        built += len(store.write_built_views(found, dict(marks)))
    return built


def _newest(records: dict[str, FileRecord]) -> str | None:
    """The newest date of the store's dated memory files (daily logs): the workspace's "now"."""
    return max((r.date for r in records.values() if r.date), default=None)


def file_views(
    record: FileRecord,
    text: str | None,
    mtime: float,
    newest: str | None = None,
    order: str | None = None,
    country: str | None = None,
) -> FileViews:
    """One file's mentions, relationships and version (written at ``mtime``), extracted from ``text``;
    ``None`` for a file that cannot be read as text (its views are dropped, no version recorded).
    ``newest``: the newest daily log's date, from which an undated page is read
    (:func:`~mdrecall.knowledge.dates.valid_time.page_reference`; else its ``mtime``); ``order``: the
    workspace's order of numeric dates (:mod:`~mdrecall.knowledge.dates.date_order`); ``country``: its
    country (:mod:`~mdrecall.knowledge.dates.date_country`)."""
    reference = None
    if record.date is None and text:
        from mdrecall.knowledge.dates.valid_time import page_reference

        reference = page_reference([newest], mtime)
    views = extract_views(record.path, text, record.date, reference, order, country)
    if text is None:
        return views
    return views._replace(hash=record.hash, seen_at=min(mtime, time.time()), text=text)


def extract_views(
    path: str,
    text: str | None,
    day: str | None,
    reference: date | None = None,
    order: str | None = None,
    country: str | None = None,
) -> FileViews:
    """One file's mentions, relationships and fact lines, extracted from ``text`` (no version); none for
    ``None``. ``day``: the file's date (from its name); ``reference``: an undated page's fallback day;
    ``order``, ``country``: the workspace's order of numeric dates and country."""
    if text is None:
        return FileViews(path, [], [])
    try:
        return _extracted(path, text, day, reference, order, country)
    except (MemoryError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - one page's reading fault must not fail the whole index
        # its chunks are indexed and searched as ever; only what the views read of it is left out, and said
        import logging  # here: a search (one-shot) never loads logging

        logging.getLogger("mdrecall.knowledge").warning(
            "%s: entities and facts not read (%s); the page is indexed and searched",
            path,
            type(exc).__name__,  # not its message: it may quote the page (memory is untrusted, maybe secret)
        )
        return FileViews(path, [], [])


def _extracted(
    path: str, text: str, day: str | None, reference: date | None, order: str | None, country: str | None
) -> FileViews:
    # here: a search that finds no change, or an index that defers the views, never loads extraction
    from mdrecall.knowledge.fact_lines.facts import line_facts
    from mdrecall.knowledge.mentions.extract import extract_entities

    if not unicodedata.is_normalized("NFC", text):  # "Phúc" written "Phu" + a combining acute is one name
        text = unicodedata.normalize("NFC", text)  # (composing keeps every line where it was)
    found = extract_entities(text, day, path, reference, order, country)
    secret = _secret_words(text, {m.line for m in found.mentions} | {r.line for r, _ in found.relations})
    seen: set[tuple[str, int, str]] = set()
    mentions = []
    for m in found.mentions:
        key = m.key
        if not key or (key, m.line, m.how) in seen or secret(m.name):
            continue
        seen.add((key, m.line, m.how))
        mentions.append(MentionRow(path, m.line, m.section, key, m.name, m.kind, m.how, m.day))
    relations = [
        RelationRow(path, r.line, r.subject, r.predicate, r.object, on)
        for r, on in found.relations
        if not secret(r.subject) and not secret(r.object)
    ]
    return FileViews(path, mentions, relations, facts=line_facts(path, text, day))


def _secret_words(text: str, lines: Iterable[int]) -> Callable[[str], bool]:
    """Whether a name holds a word the redaction rules hide in ``text`` ("password: Ignatius (Iggy) Quill",
    "api_key=Fionn D'Arcy"): such a name is no entity (search shows a hand-written note as written, but
    the entity views must not list a password as a person). Only ``lines`` (1-based: those naming
    something) and the line before each (a key above its value) are read."""
    from mdrecall.text.redact import secrets_in

    every = text.split("\n")
    wanted = sorted({j for i in lines for j in (i - 2, i - 1) if 0 <= j < len(every)})
    hidden = {w for _, found in secrets_in("\n".join(every[j] for j in wanted)) for w in found.split()}
    if not hidden:
        return lambda _name: False
    return lambda name: any(w in hidden for w in name.split())


def refresh_file(
    store: Store | ViewBatch, record: FileRecord, text: str | None, mtime: float, order: str | None = None
) -> None:
    """Re-extract one file's mentions and relationships and record its version (written at ``mtime``);
    ``text`` is ``None`` for a file that cannot be read as text (its views are dropped). Given a
    :class:`ViewBatch`, the rows are written when the batch ends. ``order``: the ``dates.order``
    setting (``auto``, ``dmy``, ``mdy``; ``None``: the one last recorded); a batch has its own."""
    if isinstance(store, ViewBatch):
        store.add(record, text, mtime)
    elif has_views(store):
        newest = _newest(store.file_records(source="memory")) if record.date is None else None
        found = record_votes(store, {record.path: page_vote(text)}, order)
        country = record_countries(store, {record.path: page_country(text)})
        store.write_built_views([file_views(record, text, mtime, newest, found, country)])


class ViewBatch:
    """Collects the views of several files and writes them in one transaction (:meth:`flush`).

    ``defer``: the files are pending (:func:`mark_pending`): only their versions are written (their old
    rows are dropped), extraction is left to :func:`build_views`. Either way each file's order of numeric
    dates is recorded (:mod:`~mdrecall.knowledge.dates.date_order`) with ``order`` (the ``dates.order``
    setting; ``None``: the one last recorded), and so is the country it names
    (:mod:`~mdrecall.knowledge.dates.date_country`); files extracted here are read when the batch ends, in
    the workspace's order and country their votes leave.
    """

    def __init__(self, store: Store, defer: bool = False, order: str | None = None) -> None:
        self.store = store
        self.views: StoreWithViews | None = store if has_views(store) else None
        self.keeps = self.views is not None
        self.defer = defer
        self.order = order
        self.pending: list[FileViews] = []
        self.read: list[tuple[FileRecord, str | None, float]] = []  # extracted when the batch ends
        self.votes: dict[str, str | None] = {}
        self.countries: dict[str, str | None] = {}
        self.newest: str | None = None
        self.read_newest = False

    def add(self, record: FileRecord, text: str | None, mtime: float) -> None:
        """Record one file's order of numeric dates and collect it: its views are extracted (or, deferred,
        only its version recorded) and written by the next :meth:`flush`."""
        if not self.keeps:
            return
        self.votes[record.path] = page_vote(text)
        self.countries[record.path] = page_country(text)
        if self.defer:
            seen = min(mtime, time.time())
            self.pending.append(FileViews(record.path, [], [], record.hash, seen, text))
        else:
            if record.date is None and not self.read_newest:  # once a batch, at its first undated page
                self.newest, self.read_newest = _newest(self.store.file_records(source="memory")), True
            self.read.append((record, text, mtime))

    def flush(self) -> None:
        """Write what was collected (one transaction), then start afresh; views extracted here are built
        (a pending mark of theirs is dropped: a build that read an older text must not overwrite them)."""
        if self.views is None or not (self.pending or self.read or self.votes):
            return
        order = record_votes(self.store, self.votes, self.order)
        country = record_countries(self.store, self.countries)
        read, self.read, self.votes, self.countries = self.read, [], {}, {}
        pending = self.pending + [
            file_views(record, text, mtime, self.newest, order, country) for record, text, mtime in read
        ]
        self.pending = []
        if pending:
            if self.defer:
                self.views.write_views(pending)
            else:
                self.views.write_built_views(pending)


@contextmanager
def view_batch(store: Store, defer: bool = False, order: str | None = None) -> Iterator[ViewBatch]:
    """A :class:`ViewBatch` flushed when the block ends without an error (inside the caller's write batch,
    so a file's chunks and views land together); ``order``: the ``dates.order`` setting."""
    batch = ViewBatch(store, defer, order)
    yield batch
    batch.flush()


def forget_file(store: Store, path: str) -> None:
    """A file left the disk: drop its views and record the deletion."""
    if has_views(store):
        record_votes(store, {path: None})
        record_countries(store, {path: None})
        store.replace_views(path, [], [], [])
        store.add_file_version(path, "", time.time(), None)
