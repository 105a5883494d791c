"""Fact lines and their stored pairing on PostgreSQL (:mod:`mdrecall.stores.postgres_facts`): the same
superseded marks as on SQLite, re-paired when an edit changes them, purged by a forget, and filled in
for a namespace made before the tables existed."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.stores.views import FactRow, PairedFactStore, Supersession

from pgserver import backend_config, drop_namespaces, pg_dsn, unique_agent

pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")

FLOUR = "- Our bakery orders flour from Millbrook Farms."
KILN = "- The kiln is in the back shed."
CHOIR = "- Choir rehearsals are on Tuesday nights at the parish hall."
NEW_FLOUR = "- We stopped ordering from Millbrook; flour now comes from Stone Valley Mill."
NEW_CHOIR = "- Choir rehearsals moved to Wednesday nights, same hall."


@pytest.fixture
def agent() -> Iterator[str]:
    prefix = unique_agent("f")
    yield prefix
    drop_namespaces(prefix)


def _put(root: Path, rel: str, text: str, day: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    t = datetime.fromisoformat(f"{day}T12:00:00").timestamp()
    os.utime(path, (t, t))


def _village(root: Path) -> None:
    """A bakery's memory: the flour supplier changed in a later note's own words; the kiln and the choir
    nights did not."""
    _put(root, "MEMORY.md", f"# Memory\n\n## Bakery\n{FLOUR}\n{KILN}\n{CHOIR}\n", "2031-03-01")
    _put(root, "memory/2031-03-02.md", "# 2031-03-02\n\n- Fed the sourdough starter twice.\n", "2031-03-02")
    _put(root, "memory/2031-03-09.md", f"# 2031-03-09\n\n{NEW_FLOUR}\n", "2031-03-09")


def sql_rows(sql: str, *params: object) -> list[tuple]:
    import psycopg

    with psycopg.connect(pg_dsn(), autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


def _config(backend: str, agent: str | None) -> Config:
    return backend_config(backend, agent).merged({"history": {"git": False}})


def _state(mem: Memory) -> tuple[dict[tuple[str, int], Supersession], dict[str, str | None]]:
    """The stored pairing and the superseded mark of each hit of two searches."""
    store = mem.store
    assert isinstance(store, PairedFactStore)
    assert store.paired_generation() == store.facts_generation()
    marks: dict[str, str | None] = {}
    for query in ("where does the flour come from", "choir rehearsal night", "kiln shed"):
        for hit in mem.search(query, max_results=8, min_score=0.0):
            marks[f"{query}: {hit.path}#L{hit.start_line}"] = hit.superseded
    return store.superseded_all(), marks


def test_postgres_marks_the_same_lines_superseded_as_sqlite_through_edits(tmp_path: Path, agent: str) -> None:
    _village(tmp_path / "lite")
    _village(tmp_path / "pg")
    with (
        Memory.open(tmp_path / "lite", _config("sqlite", None), create=True) as lite,
        Memory.open(tmp_path / "pg", _config("postgres", agent), create=True) as pg,
    ):
        for mem in (lite, pg):
            mem.index()
        pairs, marks = _state(pg)
        assert (pairs, marks) == _state(lite)
        assert pairs == {("MEMORY.md", 4): Supersession("memory/2031-03-09.md", 3, "2031-03-09")}
        assert "memory/2031-03-09.md#L3 (2031-03-09)" in marks.values()

        store = pg.store
        assert isinstance(store, PairedFactStore)
        generation = store.facts_generation()
        for root in ("lite", "pg"):  # a line that states nothing: the fact lines stay as they were
            note = tmp_path / root / "memory/2031-03-02.md"
            note.write_text(note.read_text() + "- Lovely morning.\n", encoding="utf-8")
            (pg if root == "pg" else lite).index()
        assert store.facts_generation() == generation

        for root in ("lite", "pg"):  # the choir moved; the flour change is taken back
            _put(tmp_path / root, "memory/2031-03-16.md", f"# 2031-03-16\n\n{NEW_CHOIR}\n", "2031-03-16")
            _put(tmp_path / root, "memory/2031-03-09.md", "# 2031-03-09\n\n- Quiet day.\n", "2031-03-09")
        for mem in (lite, pg):
            mem.index()
        assert store.facts_generation() != generation
        assert store.dirty_fact_paths() == []
        pairs, marks = _state(pg)
        assert (pairs, marks) == _state(lite)
        assert pairs == {("MEMORY.md", 6): Supersession("memory/2031-03-16.md", 3, "2031-03-16")}
        assert store.superseded_rows(["MEMORY.md", "memory/2031-03-09.md"]) == [
            ("MEMORY.md", 6, "memory/2031-03-16.md", 3, "2031-03-16")
        ]
        assert pg.store.fact_rows() == lite.store.fact_rows()  # type: ignore[attr-defined]


def _row(path: str, line: int, value: str) -> FactRow:
    return FactRow(path, line, None, ("where",), (value,), "kiln", "", False, f"kiln in the {value}")


def test_a_pairing_waiting_on_a_change_of_the_fact_lines_is_refused_after_it(
    agent: str, tmp_path: Path
) -> None:
    """A pairing written while a sync changes fact lines in another transaction waits for it and is
    refused (it read the lines before), and the file that sync marked stays to be paired."""
    import psycopg

    from mdrecall.stores import open_store
    from mdrecall.stores.postgres_facts import write_facts

    store = open_store(_config("postgres", agent), str(tmp_path))
    try:
        assert isinstance(store, PairedFactStore)
        store.replace_views("pages/kiln.md", [], [], [_row("pages/kiln.md", 1, "shed")])  # type: ignore[attr-defined]
        generation = store.facts_generation()
        assert store.write_superseded({}, generation, ["pages/kiln.md"], None)
        assert store.dirty_fact_paths() == [] and store.paired_generation() == generation
        ns = f'"{store.namespace}"'  # type: ignore[attr-defined]
        result: list[bool] = []
        with psycopg.connect(pg_dsn(), autocommit=True) as conn, conn.transaction():
            write_facts(conn, ns, {"pages/kiln.md": [_row("pages/kiln.md", 1, "garage")]})
            pairing = threading.Thread(
                target=lambda: result.append(store.write_superseded({}, generation, ["pages/kiln.md"], None))
            )
            pairing.start()
            time.sleep(0.5)
            assert pairing.is_alive()  # waits for the sync's transaction
        pairing.join(10)
        assert result == [False]
        assert store.facts_generation() != generation
        assert store.dirty_fact_paths() == ["pages/kiln.md"]
        assert store.paired_generation() == generation
    finally:
        store.close()


def test_fact_lines_are_read_a_page_at_a_time_in_byte_order(
    agent: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdrecall.stores import open_store, postgres_facts

    monkeypatch.setattr(postgres_facts, "PAGE", 3)
    store = open_store(_config("postgres", agent), str(tmp_path))
    try:
        paths = ["memory/b.md", "MEMORY.md", "memory/a.md", "Zeta.md", "memory/ä.md"]
        for path in paths:
            store.replace_views(path, [], [], [_row(path, n, f"v{n}") for n in (3, 1, 2)])  # type: ignore[attr-defined]
        got = [(f.path, f.line) for f in store.fact_rows()]  # type: ignore[attr-defined]
        assert got == [(p, n) for p in sorted(paths) for n in (1, 2, 3)]
        pairs = {(p, 1): Supersession(p, 2, None) for p in paths}
        assert store.write_superseded(pairs, store.facts_generation(), paths, None)  # type: ignore[attr-defined]
        assert store.superseded_all() == pairs  # type: ignore[attr-defined]
    finally:
        store.close()


def test_forget_purges_the_fact_lines_holding_the_text(agent: str, tmp_path: Path) -> None:
    from mdrecall.stores.base import SupportsForget

    secret = "Wren-Tamarisk-9083"
    root = tmp_path / "agent"
    kept = "- The kiln fires at 1200 degrees."
    _put(root, "MEMORY.md", f"# Memory\n\n- The storeroom keypad code is {secret}.\n{kept}\n", "2031-03-01")
    _put(
        root,
        "memory/2031-03-09.md",
        f"# 2031-03-09\n\n- The keypad code changed to {secret}.\n",
        "2031-03-09",
    )
    with Memory.open(root, _config("postgres", agent), create=True) as mem:
        mem.index()
        ns = mem.store.namespace  # type: ignore[attr-defined]
        holding = f'SELECT count(*) FROM "{ns}".facts WHERE words LIKE %s OR vals LIKE %s'
        assert sql_rows(holding, f"%{secret}%", f"%{secret}%")[0][0] >= 1
        assert isinstance(mem.store, SupportsForget)
        plan = mem.forget_plan(secret)
        assert any(r.startswith("fact line ") for r in plan.index_rows)
        result = mem.forget(plan)
        assert result.proven, result.to_dict()
        assert mem.store.find_text(plan.target.needle) == []
        store = mem.store
        assert isinstance(store, PairedFactStore)
        assert store.paired_generation() == store.facts_generation()
    assert sql_rows(holding, f"%{secret}%", f"%{secret}%")[0][0] == 0
    assert sql_rows(f'SELECT count(*) FROM "{ns}".facts WHERE words LIKE %s', "%kiln%")[0][0] == 1


def test_a_namespace_made_before_the_fact_lines_is_filled_by_its_next_sync(
    agent: str, tmp_path: Path
) -> None:
    """Migration 6 on a namespace schema 5 left (views built, no fact lines): a search before the next sync
    works (no pairing yet, nothing marked wrongly); the sync re-reads the files and pairs as SQLite does."""
    import psycopg

    from mdrecall.knowledge.changes.superseded import superseded_in
    from mdrecall.stores import open_store
    from mdrecall.stores.postgres_migrations import MIGRATIONS

    _village(tmp_path / "pg")
    _village(tmp_path / "lite")
    with Memory.open(tmp_path / "pg", _config("postgres", agent), create=True) as pg:
        pg.index()
        ns = pg.store.namespace  # type: ignore[attr-defined]
    with psycopg.connect(pg_dsn(), autocommit=True) as conn:  # the namespace as schema 5 left it
        for table in ("facts", "superseded", "facts_dirty"):
            conn.execute(f'DROP TABLE "{ns}".{table}')
        conn.execute(f'DELETE FROM "{ns}".schema_migrations WHERE version >= 6')
        conn.execute(f"DELETE FROM \"{ns}\".meta WHERE key IN ('facts_gen', 'superseded_gen')")
    store = open_store(_config("postgres", agent), str(tmp_path / "pg"))
    try:
        assert store.schema_version() == len(MIGRATIONS) == 7
        assert store.fact_rows() == []  # type: ignore[attr-defined]
        assert superseded_in(store, ["MEMORY.md"]) == {}
    finally:
        store.close()
    with (
        Memory.open(tmp_path / "pg", _config("postgres", agent)) as pg,
        Memory.open(tmp_path / "lite", _config("sqlite", None), create=True) as lite,
    ):
        assert pg.search("flour", min_score=0.0)  # the search path before the sync that fills the lines
        for mem in (pg, lite):
            mem.index()
        assert _state(pg) == _state(lite)
        assert ("MEMORY.md", 4) in pg.store.superseded_all()  # type: ignore[attr-defined]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_purge_itself_deletes_the_fact_lines_and_marks_their_files(
    backend: str, agent: str, tmp_path: Path
) -> None:
    """On both stores: a forget's purge lists and deletes the fact lines holding the text (before the sync
    that re-reads the rewritten files), and counts their files as changed, so the next pairing drops them."""
    from mdrecall.stores.base import SupportsForget
    from mdrecall.text.needle import Needle

    secret = "Osprey-Lantern-5521"
    root = tmp_path / "agent"
    text = f"# Memory\n\n- The gate padlock combination is {secret}.\n- The kiln fires at 1150 degrees.\n"
    _put(root, "MEMORY.md", text, "2031-05-01")
    with Memory.open(root, _config(backend, agent), create=True) as mem:
        mem.index()
        store = mem.store
        assert isinstance(store, PairedFactStore) and isinstance(store, SupportsForget)
        assert any(secret in f.words for f in store.fact_rows())  # type: ignore[attr-defined]
        generation = store.facts_generation()
        needle = mem.forget_plan(secret).target.needle
        assert isinstance(needle, Needle)
        assert any(r.startswith("fact line MEMORY.md#L") for r in store.find_text(needle))
        assert store.purge_text(needle, "[forgotten]") >= 1
        assert not any(secret in f.words for f in store.fact_rows())  # type: ignore[attr-defined]
        assert [(f.path, f.line) for f in store.fact_rows()] == [("MEMORY.md", 4)]  # type: ignore[attr-defined]
        assert store.facts_generation() != generation
        assert store.dirty_fact_paths() == ["MEMORY.md"]
        assert not any(r.startswith("fact line") for r in store.find_text(needle))
