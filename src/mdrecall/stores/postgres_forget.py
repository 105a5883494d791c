"""Forgetting in the PostgreSQL store (:class:`~mdrecall.stores.base.SupportsForget`).

The rows holding the text are deleted in one transaction: the chunks with their postings (the corpus
statistics adjusted) and, by cascade, their vectors; the embedding-cache entries of those chunks' texts;
the entity views (mentions, relations) naming it and the fact lines holding it (their files counted as
changed, so the next pairing drops them: :mod:`~mdrecall.stores.postgres_facts`); the files' records (so
the next sync re-reads them). The record of file versions (zlib-compressed) is rewritten with the marker
in place of the text, and meta values likewise. :meth:`PostgresForget.scrub` then drops cache entries no
chunk uses and runs ``VACUUM`` on the touched tables, so the dead row versions are removed from the pages
and their indexes. PostgreSQL's WAL and the server's backups are outside what mdrecall can reach:
``docs/postgres.md`` says so.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from mdrecall.stores.postgres_facts import mark_facts_changed

if TYPE_CHECKING:
    from mdrecall.stores.postgres_sql import Statements
    from mdrecall.text.needle import Needle

__all__ = ["PostgresForget"]

_T = TypeVar("_T")
#: The tables a forget deletes from or rewrites (each VACUUMed after).
_TOUCHED = ("chunks", "postings", "vectors", "embedding_cache", "files", "file_versions",
            "mentions", "relations", "facts", "facts_dirty", "superseded", "meta", "corpus")  # fmt: skip


class PostgresForgetAccess(Protocol):
    """What forgetting needs of the store: its schema, statements and ``run``."""

    _ns: str
    sql: Statements

    def run(self, work: Callable[[Any], _T], write: bool = False) -> _T:
        """``work(conn)``, in a transaction when ``write``."""
        ...


def _likes(needle: Needle) -> list[str]:
    """``ILIKE`` patterns that match every row the needle may match (a first cut; Python decides)."""
    return needle.like_patterns()


def _execute(conn: Any, sql: str) -> None:
    conn.execute(sql)


def _unzip(body: Any) -> str:
    try:
        return zlib.decompress(bytes(body)).decode("utf-8", "replace")
    except zlib.error:
        return ""


class PostgresForget(PostgresForgetAccess):
    """Mixed into :class:`~mdrecall.stores.postgres.PostgresStore`."""

    def _matching_chunks(self, conn: Any, needle: Needle) -> list[Any]:
        rows = conn.execute(
            f"SELECT id, path, start_line, end_line, heading, text, hash, len FROM {self._ns}.chunks"
            " WHERE text ILIKE ANY(%s) OR heading ILIKE ANY(%s) ORDER BY id",
            (_likes(needle), _likes(needle)),
        ).fetchall()
        return [r for r in rows if needle.search(r[5]) or needle.search(r[4])]

    def _matching_views(self, conn: Any, needle: Needle) -> tuple[list[Any], list[Any]]:
        likes = _likes(needle)
        mentions = conn.execute(  # a name, or a line of a file named with the text (renamed by the forget)
            f"SELECT ctid::text, path, line, name FROM {self._ns}.mentions"
            " WHERE name ILIKE ANY(%s) OR path ILIKE ANY(%s)",
            (likes, likes),
        ).fetchall()
        relations = conn.execute(
            f"SELECT ctid::text, path, line, subject, predicate, object FROM {self._ns}.relations"
            " WHERE subject ILIKE ANY(%s) OR predicate ILIKE ANY(%s) OR object ILIKE ANY(%s)",
            (likes, likes, likes),
        ).fetchall()
        return (
            [r for r in mentions if needle.search(r[3]) or needle.search(r[1])],
            [r for r in relations if any(needle.search(v) for v in r[3:6])],
        )

    def _matching_facts(self, conn: Any, needle: Needle) -> list[Any]:
        """The fact lines holding ``needle`` in their words, values, subject or title, or of a file named with
        it: (ctid, path, line)."""
        likes = _likes(needle)
        rows = conn.execute(
            f"SELECT ctid::text, path, line, words, vals, subject, context FROM {self._ns}.facts"
            " WHERE words ILIKE ANY(%s) OR vals ILIKE ANY(%s) OR subject ILIKE ANY(%s)"
            " OR context ILIKE ANY(%s) OR path ILIKE ANY(%s)",
            (likes, likes, likes, likes, likes),
        ).fetchall()
        return [r[:3] for r in rows if any(needle.search(v) for v in r[1:2] + r[3:7])]

    def _named_versions(self, conn: Any, needle: Needle) -> list[Any]:
        """The history's versions of a file named with ``needle`` (renamed by the forget): (id, path)."""
        rows = conn.execute(
            f"SELECT id, path FROM {self._ns}.file_versions WHERE path ILIKE ANY(%s) ORDER BY id",
            (_likes(needle),),
        ).fetchall()
        return [r for r in rows if needle.search(r[1])]

    def find_text(self, needle: Needle) -> list[str]:
        """Where the namespace holds ``needle``: chunks, cache entries, file versions, entity rows, meta."""

        def work(conn: Any) -> list[str]:
            found: list[str] = []
            chunks = self._matching_chunks(conn, needle)
            found += [f"chunk {r[1]}#L{r[2]}-L{r[3]}" for r in chunks]
            hashes = sorted({r[6] for r in chunks})
            cached = conn.execute(
                f"SELECT DISTINCT hash FROM {self._ns}.embedding_cache WHERE hash = ANY(%s) ORDER BY hash",
                (hashes,),
            ).fetchall()
            found += [f"embedding cache {r[0][:12]}" for r in cached]
            for r in conn.execute(
                f"SELECT id, path, body FROM {self._ns}.file_versions WHERE body IS NOT NULL ORDER BY id"
            ):
                if needle.search(_unzip(r[2])):
                    found.append(f"history {r[1]} (version {r[0]})")
            found += [f"history path {r[1]} (version {r[0]})" for r in self._named_versions(conn, needle)]
            mentions, relations = self._matching_views(conn, needle)
            found += sorted({f"entity mention {r[1]}#L{r[2]}" for r in mentions})
            found += [f"entity relation {r[1]}#L{r[2]}" for r in relations]
            found += [f"fact line {r[1]}#L{r[2]}" for r in self._matching_facts(conn, needle)]
            for r in conn.execute(f"SELECT key, value FROM {self._ns}.meta ORDER BY key"):
                if needle.search(r[1]):
                    found.append(f"meta {r[0]}")
            return found

        return self.run(work)

    def texts(self) -> Iterator[tuple[str, str]]:
        """Every text the namespace holds: chunk headings and texts, file versions, meta values."""
        ns = self._ns
        chunks = self.run(
            lambda c: c.execute(
                f"SELECT path, start_line, end_line, heading, text FROM {ns}.chunks"
            ).fetchall()
        )
        for r in chunks:
            yield f"chunk {r[0]}#L{r[1]}-L{r[2]}", f"{r[3]}\n{r[4]}"
        sql = f"SELECT id, path, body FROM {ns}.file_versions WHERE body IS NOT NULL"
        for r in self.run(lambda c: c.execute(sql).fetchall()):
            yield f"history {r[1]} (version {r[0]})", _unzip(r[2])
        for r in self.run(lambda c: c.execute(f"SELECT key, value FROM {ns}.meta").fetchall()):
            yield f"meta {r[0]}", str(r[1])

    def purge_text(self, needle: Needle, marker: str) -> int:
        """Delete the rows holding ``needle`` (rewrite the file versions and meta values); one transaction.

        The records of the files whose chunks went are dropped too, so the next sync re-reads them.
        """
        ns = self._ns

        def work(conn: Any) -> int:
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"mdrecall:{ns}:forget",))
            chunks = self._matching_chunks(conn, needle)
            changed = len(chunks)
            if chunks:  # postings with them; vectors by cascade
                conn.execute(self.sql.delete_chunks, ([r[0] for r in chunks],))
                conn.execute(self.sql.bump_corpus, (-len(chunks), -sum(r[7] for r in chunks)))
                hashes = sorted({r[6] for r in chunks})
                changed += conn.execute(
                    f"DELETE FROM {ns}.embedding_cache WHERE hash = ANY(%s)", (hashes,)
                ).rowcount
                paths = sorted({r[1] for r in chunks})
                conn.execute(f"DELETE FROM {ns}.files WHERE path = ANY(%s)", (paths,))
            for r in self._named_versions(conn, needle):  # as SQLite's: the history follows the new name
                conn.execute(
                    f"UPDATE {ns}.file_versions SET path = %s WHERE id = %s", (needle.sub(r[1], marker), r[0])
                )
                changed += 1
            for r in conn.execute(
                f"SELECT id, body FROM {ns}.file_versions WHERE body IS NOT NULL"
            ).fetchall():
                text = _unzip(r[1])
                if needle.search(text):
                    body = zlib.compress(needle.sub(text, marker).encode("utf-8"))
                    conn.execute(f"UPDATE {ns}.file_versions SET body = %s WHERE id = %s", (body, r[0]))
                    changed += 1
            mentions, relations = self._matching_views(conn, needle)
            if mentions:
                changed += conn.execute(
                    f"DELETE FROM {ns}.mentions WHERE ctid = ANY(%s::tid[])", ([r[0] for r in mentions],)
                ).rowcount
            if relations:
                changed += conn.execute(
                    f"DELETE FROM {ns}.relations WHERE ctid = ANY(%s::tid[])", ([r[0] for r in relations],)
                ).rowcount
            facts = self._matching_facts(conn, needle)
            if facts:  # the pairing of their files is made again (the stored pairs hold no text)
                mark_facts_changed(conn, ns, sorted({r[1] for r in facts}))
                changed += conn.execute(
                    f"DELETE FROM {ns}.facts WHERE ctid = ANY(%s::tid[])", ([r[0] for r in facts],)
                ).rowcount
            for r in conn.execute(f"SELECT key, value FROM {ns}.meta").fetchall():
                if needle.search(r[1]):
                    conn.execute(
                        f"UPDATE {ns}.meta SET value = %s WHERE key = %s", (needle.sub(r[1], marker), r[0])
                    )
                    changed += 1
            return changed

        return int(self.run(work, write=True))

    def scrub(self) -> list[str]:
        """Drop cache entries no chunk uses, then ``VACUUM`` the touched tables (dead row versions gone)."""
        ns = self._ns
        self.run(
            lambda c: c.execute(
                f"DELETE FROM {ns}.embedding_cache WHERE hash NOT IN (SELECT hash FROM {ns}.chunks)"
            ),
            write=True,
        )
        notes: list[str] = []
        for table in _TOUCHED:  # VACUUM runs outside a transaction (the connection is in autocommit)
            sql = f"VACUUM {ns}.{table}"
            try:
                self.run(partial(_execute, sql=sql))
            except Exception as exc:  # noqa: BLE001 - a note, not a failure: the rows are gone already
                notes.append(f"VACUUM {table} failed ({exc}): dead row versions stay until autovacuum")
        return notes
