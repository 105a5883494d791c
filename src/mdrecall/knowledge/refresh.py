"""Keeps the derived views in step with the files: entity mentions, relationships, file versions.

The indexer calls :func:`refresh_file` for each memory file it (re)reads and :func:`forget_file` for
each one that left the disk. Mentions and relationships are a function of the text (deleting the index
rebuilds them); file versions are the index's own append-only record of what was written when.
"""

from __future__ import annotations

import time

from ..models import FileRecord
from ..stores.base import Store
from ..stores.views import MentionRow, RelationRow, ViewStore

__all__ = ["VIEWS_VERSION", "forget_file", "keeps_views", "refresh_file", "views_stale"]

#: Changes whenever extraction would give other rows: the next sync re-reads every file.
VIEWS_VERSION = "2"


#: Store type → does it implement :class:`ViewStore`? (a runtime protocol check walks every method: it
#: is asked once per file indexed, so it is answered once per type)
_VIEW_TYPES: dict[type, bool] = {}


def keeps_views(store: Store) -> bool:
    """True when the store keeps the derived views (and, for a migrated store, has their tables)."""
    kind = type(store)
    is_view_store = _VIEW_TYPES.get(kind)
    if is_view_store is None:
        is_view_store = _VIEW_TYPES[kind] = isinstance(store, ViewStore)
    return is_view_store and getattr(store, "views_ready", lambda: True)()


def views_stale(store: Store) -> bool:
    """True when the store keeps views and they were built by another extraction version (or never)."""
    return keeps_views(store) and store.get_meta("views") != VIEWS_VERSION


def refresh_file(store: Store, record: FileRecord, text: str | None, mtime: float) -> None:
    """Re-extract one file's mentions and relationships and record its version (written at ``mtime``);
    ``text`` is ``None`` for a file that cannot be read as text (its views are dropped)."""
    if not keeps_views(store):
        return
    from .extract import extract_entities  # here: a search that finds no change never loads extraction

    path = record.path
    if text is None:
        store.replace_views(path, [], [])
        return
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
    store.replace_views(path, mentions, relations)
    store.add_file_version(path, record.hash, min(mtime, time.time()), text)


def forget_file(store: Store, path: str) -> None:
    """A file left the disk: drop its views and record the deletion."""
    if keeps_views(store):
        store.replace_views(path, [], [])
        store.add_file_version(path, "", time.time(), None)
