"""A PostgreSQL server that refuses a write says why in the user's terms
(:mod:`mdrecall.stores.postgres_errors`): a read-only server, a limit set on it, a full disk; what was
kept; and what to do. Nothing is lost: the next sync on a writable server stores what the refused one
did not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.errors import StoreError
from mdrecall.stores.postgres_errors import cause_of, store_error
from mdrecall.stores.postgres_session import Session

from pgserver import backend_config, drop_namespaces, pg_dsn, unique_agent

psycopg = pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")


@pytest.fixture
def agent() -> Iterator[str]:
    prefix = unique_agent("e")
    yield prefix
    drop_namespaces(prefix)


def _with_options(dsn: str, options: str) -> str:
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    info = conninfo_to_dict(dsn)
    info["options"] = options
    return make_conninfo(**info)


def _config(agent: str, dsn: str | None = None) -> Config:
    cfg = backend_config("postgres", agent).merged({"history": {"git": False}})
    return cfg.merged({"store": {"dsn": dsn}}) if dsn else cfg


def test_a_fresh_namespace_on_a_read_only_server_is_refused_saying_why(tmp_path: Path, agent: str) -> None:
    read_only = _with_options(pg_dsn(), "-c default_transaction_read_only=on")
    with pytest.raises(StoreError) as caught, Memory.open(tmp_path, _config(agent, read_only), create=True):
        pass
    message = str(caught.value)  # (the extension or the namespace, whichever it meets first)
    assert "read-only" in message and "nothing was written" in message, message
    assert "superuser" not in message  # not told to install what is there


def test_a_read_only_server_refuses_the_sync_saying_why_and_loses_nothing(tmp_path: Path, agent: str) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- The sauna stove burns birch logs.\n", encoding="utf-8")
    with Memory.open(tmp_path, _config(agent), create=True) as mem:
        mem.index()
    note = tmp_path / "memory" / "2032-02-03.md"
    note.write_text("# 2032-02-03\n\n- Ordered a cord of alder from the co-op.\n", encoding="utf-8")

    read_only = _with_options(pg_dsn(), "-c default_transaction_read_only=on")
    with Memory.open(tmp_path, _config(agent, read_only)) as mem:
        # a namespace already made opens on a read-only server (a standby) and answers searches
        assert any("birch" in hit.snippet for hit in mem.search("sauna stove", max_results=3, min_score=0.0))
        with pytest.raises(StoreError) as caught:
            mem.index()
    message = str(caught.value)
    assert "read-only" in message and "primary" in message, message
    assert "nothing of this write was kept" in message and "Markdown files are unchanged" in message
    assert caught.value.action.startswith("Point store.dsn at the primary")
    assert note.read_text(encoding="utf-8").endswith("co-op.\n")  # the Markdown untouched

    with Memory.open(tmp_path, _config(agent)) as mem:  # a writable server: the refused sync is redone
        mem.index()
        assert any("alder" in hit.snippet for hit in mem.search("alder cord", max_results=3, min_score=0.0))


def test_a_limit_set_on_the_server_is_named_with_what_to_raise(agent: str) -> None:
    """``temp_file_limit`` (SQLSTATE 53400) stops a statement that spills to disk: the error says a server
    limit was reached and that the write was rolled back."""
    session = Session(pg_dsn(), f"mdrecall_{agent}")
    try:

        def spill(conn: object) -> None:
            conn.execute("SET LOCAL work_mem = '64kB'")  # type: ignore[attr-defined]
            conn.execute("SET LOCAL temp_file_limit = '128kB'")  # type: ignore[attr-defined]
            conn.execute(  # type: ignore[attr-defined]
                "SELECT md5(g::text) AS h FROM generate_series(1, 200000) g ORDER BY h"
            ).fetchall()

        with pytest.raises(StoreError) as caught:
            session.run(spill, write=True)
    finally:
        session.close()
    message = str(caught.value)
    assert "temp_file_limit" in message and "a limit set on the database server was reached" in message
    assert "nothing of this write was kept" in message


def test_each_cause_has_its_words_and_an_unknown_error_keeps_the_servers_message() -> None:
    full = psycopg.errors.DiskFull("could not extend file: No space left on device")
    assert cause_of(full) is not None
    err = store_error(full, "PostgreSQL query failed", "nothing was kept")
    assert "disk is full" in str(err) and "No space left on device" in str(err)
    assert "data directory" in err.action
    other = store_error(psycopg.errors.UniqueViolation("duplicate key"), "PostgreSQL query failed", "kept")
    assert cause_of(psycopg.errors.UniqueViolation("x")) is None
    assert str(other) == "PostgreSQL query failed: duplicate key"
    assert other.action == StoreError.action
