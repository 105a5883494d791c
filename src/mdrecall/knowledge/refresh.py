"""Keeps the derived views in step with the files: entity mentions, relationships, fact lines (the
supersession view: :mod:`mdrecall.knowledge.facts`), file versions.

The indexer calls :func:`refresh_file` for each memory file it (re)reads (through a :func:`view_batch`,
which writes a batch of files' rows in one transaction) and :func:`forget_file` for each one
that left the disk. Mentions and relationships are a function of the text (deleting the index rebuilds them);
file versions are the index's own append-only record of what was written when.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeGuard

from mdrecall.models import FileRecord
from mdrecall.stores.base import Store
from mdrecall.stores.views import FileViews, MentionRow, RelationRow, StoreWithViews, ViewStore

__all__ = [
    "VIEWS_VERSION",
    "ViewBatch",
    "file_views",
    "forget_file",
    "keeps_views",
    "refresh_file",
    "view_batch",
    "views_stale",
]

#: Changes whenever extraction would give other rows: the next sync re-reads every file.
VIEWS_VERSION = "5"


#: Store type → does it implement :class:`ViewStore`? (a runtime protocol check walks every method: it
#: is asked once per file indexed, so it is answered once per type)
_VIEW_TYPES: dict[type, bool] = {}


def keeps_views(store: Store) -> TypeGuard[StoreWithViews]:
    """True when the store keeps the derived views (and, for a migrated store, has their tables); a
    type checker then knows the store is a :class:`ViewStore` too."""
    kind = type(store)
    is_view_store = _VIEW_TYPES.get(kind)
    if is_view_store is None:
        is_view_store = _VIEW_TYPES[kind] = isinstance(store, ViewStore)
    return is_view_store and bool(getattr(store, "views_ready", lambda: True)())


def views_stale(store: Store) -> bool:
    """True when the store keeps views and they were built by another extraction version (or never)."""
    return keeps_views(store) and store.get_meta("views") != VIEWS_VERSION


def file_views(record: FileRecord, text: str | None, mtime: float) -> FileViews:
    """One file's mentions, relationships and version (written at ``mtime``), extracted from ``text``;
    ``None`` for a file that cannot be read as text (its views are dropped, no version recorded)."""
    path = record.path
    if text is None:
        return FileViews(path, [], [])
    # here: a search that finds no change never loads extraction
    from mdrecall.knowledge.extract import extract_entities
    from mdrecall.knowledge.facts import line_facts

    found = extract_entities(text, record.date)
    seen: set[tuple[str, int, str]] = set()
    mentions = []
    for m in found.mentions:
        key = m.key
        if not key or (key, m.line, m.how) in seen:
            continue
        seen.add((key, m.line, m.how))
        mentions.append(MentionRow(path, m.line, m.section, key, m.name, m.kind, m.how, m.day))
    relations = [
        RelationRow(path, r.line, r.subject, r.predicate, r.object, day) for r, day in found.relations
    ]
    facts = line_facts(path, text, record.date)
    return FileViews(path, mentions, relations, record.hash, min(mtime, time.time()), text, facts)


def refresh_file(store: Store | ViewBatch, record: FileRecord, text: str | None, mtime: float) -> None:
    """Re-extract one file's mentions and relationships and record its version (written at ``mtime``);
    ``text`` is ``None`` for a file that cannot be read as text (its views are dropped). Given a
    :class:`ViewBatch`, the rows are written when the batch ends."""
    if isinstance(store, ViewBatch):
        store.add(record, text, mtime)
    elif keeps_views(store):
        store.write_views([file_views(record, text, mtime)])


class ViewBatch:
    """Collects the views of several files and writes them in one transaction (:meth:`flush`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.views: StoreWithViews | None = store if keeps_views(store) else None
        self.keeps = self.views is not None
        self.pending: list[FileViews] = []

    def add(self, record: FileRecord, text: str | None, mtime: float) -> None:
        """Extract one file's views now; they are written by the next :meth:`flush`."""
        if self.keeps:
            self.pending.append(file_views(record, text, mtime))

    def flush(self) -> None:
        """Write what was collected (one transaction), then start afresh."""
        if self.pending and self.views is not None:
            pending, self.pending = self.pending, []
            self.views.write_views(pending)


@contextmanager
def view_batch(store: Store) -> Iterator[ViewBatch]:
    """A :class:`ViewBatch` flushed when the block ends without an error (inside the caller's write batch,
    so a file's chunks and views land together)."""
    batch = ViewBatch(store)
    yield batch
    batch.flush()


def forget_file(store: Store, path: str) -> None:
    """A file left the disk: drop its views and record the deletion."""
    if keeps_views(store):
        store.replace_views(path, [], [], [])
        store.add_file_version(path, "", time.time(), None)
