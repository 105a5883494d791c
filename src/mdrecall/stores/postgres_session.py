"""One PostgreSQL connection for one namespace: connect, prepare, run work with retries, lock.

The connection is opened in autocommit mode; writes run in explicit transactions. A broken
connection (server restart, idle timeout, ``pg_terminate_backend``) is reopened and the work run
again once; deadlocks and serialisation failures are retried. Every psycopg error becomes a
:class:`~mdrecall.errors.StoreError` naming what failed. A read has :data:`READ_DEADLINE_S` and a write
:data:`WRITE_DEADLINE_S` (or the deadline its caller gives, as a vector index's build does): a server that
stops answering (a hung host) has the connection cut under it, so a process holding it (the MCP server,
the web page) refuses as a fresh one does (its connect timeout), where it waited without end. The sync
lock is awaited by short tries, each under the read deadline, not by one wait on the server.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from mdrecall.config.sources import DSN_ENV
from mdrecall.errors import MissingDependencyError, StoreError
from mdrecall.plugins.deadline import poll_until
from mdrecall.stores.postgres_errors import cause_of, store_error
from mdrecall.stores.postgres_migrations import apply_migrations, ensure_vector_extension
from mdrecall.stores.postgres_sql import quote_ident

__all__ = ["DSN_ENV", "READ_DEADLINE_S", "WRITE_DEADLINE_S", "Session", "safe_dsn"]

#: How long one read (a search's, a page's) may wait for the server before its connection is cut.
READ_DEADLINE_S = 30.0
#: How long one write transaction (a file's rows, a forget's purge) may take before its connection is cut
#: (the transaction is then rolled back by the server: nothing of it kept).
WRITE_DEADLINE_S = 300.0

_T = TypeVar("_T")

#: What a failed write leaves as it was (its transaction rolled back).
_KEPT = (
    "nothing of this write was kept, the index holds what its last completed write stored"
    " and the Markdown files are unchanged"
)


def _psycopg() -> Any:
    try:
        import psycopg
        from pgvector.psycopg import vector as _  # noqa: F401
    except ImportError as exc:
        missing = "pgvector" if "pgvector" in str(exc) else "psycopg"
        raise MissingDependencyError(missing, "postgres", "The PostgreSQL store") from exc
    return psycopg


@contextlib.contextmanager
def _cut_after(conn: Any, seconds: float) -> Iterator[None]:
    """Shut ``conn``'s socket down if the block has not ended within ``seconds``: a read blocked on a server
    that answers nothing returns at once, and psycopg reports the connection broken."""
    done = threading.Lock()

    def cut() -> None:
        if not done.acquire(blocking=False):
            return  # (the block ended first)
        with contextlib.suppress(Exception):
            fd = os.dup(conn.pgconn.socket)
            with socket.socket(fileno=fd) as sock:
                sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(seconds, cut)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        done.acquire(blocking=False)
        timer.cancel()


def safe_dsn(dsn: str) -> str:
    """``host:port/dbname`` of a DSN, without user or password (for messages and ``status``)."""
    try:
        from psycopg.conninfo import conninfo_to_dict

        info = conninfo_to_dict(dsn)
    except Exception:  # noqa: BLE001 - a bad DSN is reported by connect()
        return "?"
    host = str(info.get("host") or "localhost")
    port = f":{info['port']}" if info.get("port") else ""
    return f"{host}{port}/{info.get('dbname') or ''}"


class Session:
    """A thread-safe connection to one namespace (schema), created and migrated on connect."""

    def __init__(self, dsn: str, namespace: str) -> None:
        self._pg = _psycopg()
        self.dsn = dsn
        self.namespace = namespace
        self._lock = threading.RLock()
        self.conn = self._connect()

    def _connect(self) -> Any:
        pg = self._pg
        try:
            conn = pg.connect(self.dsn, autocommit=True, connect_timeout=10)
        except pg.Error as exc:
            cause = cause_of(exc)
            check = (
                f"{cause[0]}. {cause[1]}"
                if cause
                else (f"Check store.dsn (or {DSN_ENV}) and that the server is running")
            )
            raise StoreError(
                f"cannot connect to PostgreSQL at {safe_dsn(self.dsn)}: {str(exc).strip()}. {check}"
            ) from exc
        try:
            ensure_vector_extension(conn)
            ext = conn.execute(
                "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
                " WHERE e.extname = 'vector'"
            ).fetchone()[0]
            visible = conn.execute("SELECT %s = ANY(current_schemas(false))", (ext,)).fetchone()[0]
            if not visible:
                conn.execute(f"SET search_path TO {quote_ident(ext)}, public")
            from pgvector.psycopg import register_vector

            register_vector(conn)
            # The index is derived data (rebuilt from the Markdown): a crash may lose the last
            # commits of a sync, never half of one, and the next sync redoes them.
            conn.execute("SET synchronous_commit = off")
            apply_migrations(conn, self.namespace)
        except StoreError:
            conn.close()
            raise
        except pg.Error as exc:
            conn.close()
            raise store_error(
                exc,
                f"cannot prepare PostgreSQL namespace {self.namespace}",
                "nothing was written and the Markdown files are unchanged",
            ) from exc
        return conn

    def run(self, work: Callable[[Any], _T], write: bool = False, deadline_s: float | None = None) -> _T:
        """Run ``work(conn)`` (in a transaction when ``write``) within ``deadline_s`` (:data:`READ_DEADLINE_S`
        or :data:`WRITE_DEADLINE_S`); reconnect and retry once if the connection broke, and retry
        deadlocks / serialisation failures."""
        pg = self._pg
        limit = deadline_s if deadline_s is not None else WRITE_DEADLINE_S if write else READ_DEADLINE_S
        with self._lock:
            for attempt in range(4):
                try:
                    if self.conn.closed or self.conn.broken:
                        self.conn = self._connect()
                    if not write:
                        with _cut_after(self.conn, limit):
                            return work(self.conn)
                    with _cut_after(self.conn, limit), self.conn.transaction():
                        return work(self.conn)
                except (pg.errors.DeadlockDetected, pg.errors.SerializationFailure) as exc:
                    if attempt == 3:
                        raise StoreError(f"PostgreSQL write kept conflicting, gave up: {exc}") from exc
                    time.sleep(0.05 * (attempt + 1))
                except pg.OperationalError as exc:
                    if attempt or not (self.conn.closed or self.conn.broken):
                        raise store_error(exc, "PostgreSQL query failed", _KEPT if write else "") from exc
                except pg.Error as exc:
                    raise store_error(exc, "PostgreSQL query failed", _KEPT if write else "") from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def xact_lock(self, conn: Any, what: str) -> None:
        """A transaction-level advisory lock on ``what`` in this namespace (released at commit)."""
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"mdrecall:{self.namespace}:{what}",)
        )

    @contextlib.contextmanager
    def session_lock(self, what: str, timeout_s: float) -> Iterator[None]:
        """A session-level advisory lock on ``what`` in this namespace; waits at most ``timeout_s``."""
        key = f"mdrecall:{self.namespace}:{what}"

        def take(conn: Any) -> bool:
            return bool(
                conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (key,)).fetchone()[0]
            )

        # each try a read under its deadline: a frozen server is cut, not awaited
        if not poll_until(lambda: self.run(take), timeout_s, pause=0.02, most=0.5):
            raise StoreError(f"another process has been indexing {self.namespace} for {timeout_s:g}s")
        try:
            yield
        finally:
            with contextlib.suppress(StoreError):
                unlock = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
                self.run(lambda c: c.execute(unlock, (key,)))

    def close(self) -> None:
        """Close the connection."""
        with self._lock, contextlib.suppress(Exception):
            self.conn.close()
