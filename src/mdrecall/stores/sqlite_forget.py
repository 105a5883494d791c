"""Forgetting in the SQLite store (:class:`~mdrecall.stores.base.SupportsForget`).

Rows that hold the text are deleted with ``secure_delete`` on (SQLite zeroes the freed content), the record
of file versions (zlib-compressed, so no byte scan would see it) is rewritten with the marker in place of the
text, and :meth:`SQLiteForget.scrub` then merges the keyword indexes' segments (FTS5 keeps a deleted term in
an old segment until a merge), VACUUMs the file and truncates the WAL, so no free page, old segment or WAL
frame keeps a copy.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

from mdrecall.errors import StoreError
from mdrecall.stores.sqlite_fts import index_chunk
from mdrecall.stores.sqlite_known import forget_known
from mdrecall.stores.sqlite_views import FACTS_CHANGED, SQLiteAccess

if TYPE_CHECKING:
    from mdrecall.text.needle import Needle

__all__ = ["SQLiteForget"]


class SQLiteForgetAccess(SQLiteAccess, Protocol):
    """What forgetting needs beyond :class:`SQLiteAccess`: statements that may not run in a transaction."""

    def run_alone(self, sql: str) -> list[sqlite3.Row]:
        """Run one statement outside any transaction (``VACUUM``, a checkpoint)."""
        ...


class SQLiteForget(SQLiteForgetAccess):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`."""

    def find_text(self, needle: Needle) -> list[str]:
        """Where the index holds ``needle``: chunks, cache entries, file versions, entity rows, meta."""
        found: list[str] = []
        hashes: set[str] = set()
        for r in self.query("SELECT path, start_line, end_line, heading, text, hash FROM chunks"):
            if needle.search(r[4]) or needle.search(r[3]):
                found.append(f"chunk {r[0]}#L{r[1]}-L{r[2]}")
                hashes.add(r[5])
        for h in sorted(hashes):
            if self.query("SELECT 1 FROM embedding_cache WHERE hash = ? LIMIT 1", (h,)):
                found.append(f"embedding cache {h[:12]}")
        if self._has_table("file_versions"):
            for r in self.query("SELECT id, path, body FROM file_versions WHERE body IS NOT NULL"):
                if needle.search(_unzip(r[2])):
                    found.append(f"history {r[1]} (version {r[0]})")
        if self._has_table("mentions"):
            for r in self.query("SELECT DISTINCT path, line, name FROM mentions"):
                if needle.search(r[2]):
                    found.append(f"entity mention {r[0]}#L{r[1]}")
            for r in self.query("SELECT path, line, subject, predicate, object FROM relations"):
                if any(needle.search(v) for v in r[2:5]):
                    found.append(f"entity relation {r[0]}#L{r[1]}")
        if self._has_table("facts"):
            for r in self.query("SELECT path, line, words, vals, subject, context FROM facts"):
                if any(needle.search(v) for v in r[2:6]):
                    found.append(f"fact line {r[0]}#L{r[1]}")
        for r in self.query("SELECT key, value FROM meta"):
            if needle.search(r[1]):
                found.append(f"meta {r[0]}")
        return found

    def texts(self) -> Iterator[tuple[str, str]]:
        """Every text the index holds: chunk headings and texts, file versions, meta values."""
        for r in self.query("SELECT path, start_line, end_line, heading, text FROM chunks"):
            yield f"chunk {r[0]}#L{r[1]}-L{r[2]}", f"{r[3]}\n{r[4]}"
        if self._has_table("file_versions"):
            for r in self.query("SELECT id, path, body FROM file_versions WHERE body IS NOT NULL"):
                yield f"history {r[1]} (version {r[0]})", _unzip(r[2])
        for r in self.query("SELECT key, value FROM meta"):
            yield f"meta {r[0]}", str(r[1])

    def purge_text(self, needle: Needle, marker: str) -> int:
        """Delete the rows holding ``needle`` (rewrite the file versions and meta values); one transaction.

        The records of the files whose chunks went are dropped too, so the next sync re-reads them.
        """
        self.run_alone("PRAGMA secure_delete = ON")
        changed = 0
        with self.transaction() as conn:
            rows = conn.execute("SELECT id, heading, text, hash, path FROM chunks").fetchall()
            hashes: set[str] = set()
            paths: set[str] = set()
            for r in rows:
                if needle.search(r[2]) or needle.search(r[1]):
                    index_chunk(conn, r[0], r[1], r[2], delete=True)
                    conn.execute("DELETE FROM vectors WHERE chunk_rowid = ?", (r[0],))
                    conn.execute("DELETE FROM chunks WHERE id = ?", (r[0],))
                    hashes.add(r[3])
                    paths.add(r[4])
                    changed += 1
            for h in hashes:
                changed += conn.execute("DELETE FROM embedding_cache WHERE hash = ?", (h,)).rowcount
            for path in paths:  # the next sync re-reads these files as they are on disk then
                conn.execute("DELETE FROM files WHERE path = ?", (path,))
            if self._has_table("file_versions"):
                for r in conn.execute("SELECT id, path FROM file_versions").fetchall():
                    if needle.search(r[1]):  # a file named with the text: renamed by the forget
                        conn.execute(
                            "UPDATE file_versions SET path = ? WHERE id = ?", (needle.sub(r[1], marker), r[0])
                        )
                        changed += 1
                for r in conn.execute("SELECT id, body FROM file_versions WHERE body IS NOT NULL").fetchall():
                    text = _unzip(r[1])
                    if needle.search(text):
                        body = zlib.compress(needle.sub(text, marker).encode("utf-8"))
                        conn.execute("UPDATE file_versions SET body = ? WHERE id = ?", (body, r[0]))
                        changed += 1
            if self._has_table("mentions"):
                gone = 0
                for r in conn.execute("SELECT rowid, name, path FROM mentions").fetchall():
                    if needle.search(r[1]) or needle.search(r[2]):  # a name, or a file named with the text
                        gone += conn.execute("DELETE FROM mentions WHERE rowid = ?", (r[0],)).rowcount
                if gone:  # the stored entity names may hold the name: recomputed on the next sync
                    forget_known(conn)
                changed += gone
                for r in conn.execute("SELECT rowid, subject, predicate, object FROM relations").fetchall():
                    if any(needle.search(v) for v in r[1:4]):
                        changed += conn.execute("DELETE FROM relations WHERE rowid = ?", (r[0],)).rowcount
            if self._has_table("facts_dirty"):
                changed += _forget_facts(conn, needle)
            for r in conn.execute("SELECT key, value FROM meta").fetchall():
                if needle.search(r[1]):
                    conn.execute("UPDATE meta SET value = ? WHERE key = ?", (needle.sub(r[1], marker), r[0]))
                    changed += 1
        return changed

    def scrub(self) -> list[str]:
        """Merge the keyword indexes, drop unused cache entries, VACUUM, and truncate the WAL."""
        notes: list[str] = []
        self.run_alone("PRAGMA secure_delete = ON")
        with self.transaction() as conn:
            conn.execute("DELETE FROM embedding_cache WHERE hash NOT IN (SELECT hash FROM chunks)")
            conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO chunks_cjk(chunks_cjk) VALUES ('optimize')")
        try:
            self.run_alone("VACUUM")
        except StoreError as exc:
            notes.append(f"VACUUM failed ({exc}): freed pages were zeroed (secure_delete) but not removed")
        busy = self.run_alone("PRAGMA wal_checkpoint(TRUNCATE)")
        if busy and busy[0][0]:
            notes.append(
                "the WAL could not be truncated: another process holds the index open "
                "(stop it, e.g. `mdrecall watch` or an MCP server, and run `mdrecall forget --resume`)"
            )
        return notes

    def _has_table(self, name: str) -> bool:
        return bool(self.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)))


def _forget_facts(conn: sqlite3.Connection, needle: Needle) -> int:
    """Delete the fact lines holding ``needle``, or of a file named with it (renamed by the forget), in the
    caller's transaction, their files counted as changed so the stored pairing is made again without them;
    returns how many went."""
    rows = conn.execute("SELECT rowid, path, words, vals, subject, context FROM facts").fetchall()
    gone = [(r[0], r[1]) for r in rows if any(needle.search(v) for v in r[1:6])]  # the path too
    if not gone:
        return 0
    conn.executemany(
        "INSERT OR IGNORE INTO facts_dirty(path) VALUES (?)", [(p,) for p in {p for _, p in gone}]
    )
    conn.execute(FACTS_CHANGED)
    conn.executemany("DELETE FROM facts WHERE rowid = ?", [(rowid,) for rowid, _ in gone])
    return len(gone)


def _unzip(body: bytes) -> str:
    try:
        return zlib.decompress(body).decode("utf-8", "replace")
    except zlib.error:
        return ""
