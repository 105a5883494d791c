"""The PostgreSQL store's entity stats are one object until its mentions change, as SQLite's: the kind and
name tables are cached by that object, and listing the entities of a page of many names read them anew for
each name (quadratic: 4,000 names took 200 s CPU). A real server, a real workspace: a harbour's rota."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.stores.postgres_views import PostgresViews

from helpers import write
from pgserver import backend_config, drop_namespaces, unique_agent

pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")

_GIVEN = "Ailsa Bram Corin Delyth Eilir Fenna Gwion Hedd Ifor Jorun Kestrel Lowri".split()
_FAMILY = "Penhallow Tresize Quillan Rosevear Trevaskis".split()


@pytest.fixture
def agent() -> Iterator[str]:
    prefix = unique_agent("s")
    yield prefix
    drop_namespaces(prefix)


def _rota(n: int) -> str:
    people = [f"{g} {f}" for f in _FAMILY for g in _GIVEN][:n]
    return "# Harbour rota\n\n" + "".join(f"- {p} takes the pilot boat out on the tide\n" for p in people)


def test_entity_stats_are_read_once_per_change(
    agent: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "memory/notes/rota.md", _rota(40))
    mem = Memory.open(tmp_path, backend_config("postgres", agent).merged({"history": {"git": False}}))
    try:
        mem.index()
        reads: list[str] = []
        real = PostgresViews._rows

        def counted(self: PostgresViews, sql: str, params: object = ()) -> list[object]:
            if "bool_or(how NOT IN" in sql:
                reads.append(sql)
            return real(self, sql, params)  # type: ignore[arg-type]

        monkeypatch.setattr(PostgresViews, "_rows", counted)
        listed = mem.entities()
        assert len(listed) >= 30
        assert len(reads) <= 2  # not once per entity
        store = mem.store
        assert store.entity_stats() is store.entity_stats()  # type: ignore[attr-defined]
        before = store.entity_stats()  # type: ignore[attr-defined]
        write(tmp_path, "memory/notes/rota.md", _rota(40) + "- Morwenna Jago mends the nets\n")
        mem.index()
        after = store.entity_stats()  # type: ignore[attr-defined]
        assert after is not before and "morwenna jago" in after  # the mentions changed: read again
    finally:
        mem.close()
