"""The stored table of accepted entity names (:mod:`mdrecall.knowledge.known`) in the SQLite store.

Table ``entity_known`` (migration 10): name key → its entity's canonical key. Meta ``mentions_gen``
counts the changes of the mentions that can change that table (bumped in the transaction that writes
them, :func:`count_mention_change`); ``known_gen`` and ``known_sig`` say which change and which entity
settings the stored table was made at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from mdrecall.stores.views import MentionRow

__all__ = ["SQLiteKnown", "count_mention_change", "forget_known"]

_BUMP = (
    "INSERT INTO meta(key, value) VALUES ('mentions_gen', '1')"
    " ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)"
)


#: How a mention tells the accepted-name table what it is: found as a capitalised word mid-sentence
#: (``name``), at a sentence start (``name_start``), or in any other way (a link, ``@``, a speaker…).
_WEAK = frozenset({"name", "name_start"})
_EVIDENCE = "CASE WHEN how IN ('name', 'name_start') THEN how ELSE '' END"


def count_mention_change(
    conn: sqlite3.Connection, paths: Sequence[str], mentions: Mapping[str, Sequence[MentionRow]]
) -> None:
    """Count a change of the mentions (meta ``mentions_gen``) when ``mentions`` (path → rows about to be
    written) differ from what ``paths`` hold in what the accepted names are made of: which keys each file
    names, and how. The name table is recomputed only then."""
    held: dict[str, set[tuple[str, str]]] = {}
    for start in range(0, len(paths), 500):
        part = list(paths[start : start + 500])
        marks = ",".join("?" * len(part))
        for path, key, how in conn.execute(
            f"SELECT DISTINCT path, key, {_EVIDENCE} FROM mentions WHERE path IN ({marks})", part
        ):
            held.setdefault(path, set()).add((key, how))
    weak = _WEAK
    for path in paths:
        new = {(m[3], m[6] if m[6] in weak else "") for m in mentions.get(path, ())}
        if held.get(path, set()) != new:
            conn.execute(_BUMP)
            return


def forget_known(conn: sqlite3.Connection) -> None:
    """Drop the stored name table and count a change of the mentions (a redaction removed some): the
    next sync recomputes it, a search meanwhile computes it in process."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'entity_known'").fetchone():
        conn.execute("DELETE FROM entity_known")
    conn.execute(_BUMP)


class _Access(Protocol):
    """What the table needs from the store it is mixed into (as
    :class:`~mdrecall.stores.sqlite_views.SQLiteAccess`, which imports this module)."""

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one statement."""
        ...

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """A connection whose statements commit together (or not at all)."""
        ...


class SQLiteKnown(_Access):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; uses only :class:`_Access`."""

    def known_state(self) -> tuple[str, str | None, str | None]:
        """(the mentions' change count, the count the stored name table was made at, the signature of
        the entity settings it was made with); ``None`` where never stored."""
        rows = {
            r[0]: str(r[1])
            for r in self.query(
                "SELECT key, value FROM meta WHERE key IN ('mentions_gen', 'known_gen', 'known_sig')"
            )
        }
        return rows.get("mentions_gen", "0"), rows.get("known_gen"), rows.get("known_sig")

    def replace_known(self, table: Mapping[str, str], generation: str, signature: str) -> None:
        """Store the name table (name key → canonical key) made at ``generation`` with ``signature``."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM entity_known")
            conn.executemany("INSERT INTO entity_known(key, root) VALUES (?, ?)", list(table.items()))
            conn.executemany(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                [("known_gen", generation), ("known_sig", signature)],
            )

    def known_roots(self, keys: Sequence[str]) -> dict[str, str]:
        """The stored canonical key of each of ``keys`` that names an accepted entity."""
        return dict(self._known_pairs("SELECT key, root FROM entity_known WHERE key IN", keys))

    def known_members(self, roots: Sequence[str]) -> dict[str, list[str]]:
        """Canonical key → every stored key that names it (itself where stored), for ``roots``."""
        out: dict[str, list[str]] = {}
        for root, key in self._known_pairs("SELECT root, key FROM entity_known WHERE root IN", roots):
            out.setdefault(root, []).append(key)
        return out

    def _known_pairs(self, select: str, values: Sequence[str]) -> list[tuple[str, str]]:
        unique = sorted(set(values))
        out: list[tuple[str, str]] = []
        for start in range(0, len(unique), 500):
            part: list[Any] = unique[start : start + 500]
            out += [(r[0], r[1]) for r in self.query(f"{select} ({','.join('?' * len(part))})", part)]
        return out
