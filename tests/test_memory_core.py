"""The facade's core seams: what lives below ``Memory`` sees it through protocols, one embed lock,
the embedder built once, each thing once per search, and a damaged index rebuilt once."""

from __future__ import annotations

import ast
import random
import sqlite3
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Config, Memory
from mdrecall.embedders import register_embedder
from mdrecall.embedders.static import StaticEmbedder
from mdrecall.errors import IndexCorruptError
from mdrecall.index.access import MemoryAccess
from mdrecall.index.backfill import Backfiller
from mdrecall.index.status import StatusAccess
from mdrecall.index.vectorize import COMPLETE_KEY
from mdrecall.search.runner import SearchAccess
from mdrecall.stores.sqlite import SQLiteStore

from helpers import until, write

SRC = Path(__file__).resolve().parents[1] / "src" / "mdrecall"
STATIC = {"embedding": {"provider": "static"}}


def notes(root: Path, n: int = 6, parts: int = 1) -> Path:
    """``n`` daily logs of ``parts`` sections each (one chunk per section)."""
    for i in range(n):
        body = "\n\n".join(f"## part {j}\n\nThe kestrel count {i}.{j} was word{i}x{j}." for j in range(parts))
        write(root, f"memory/2026-02-{i + 1:02d}.md", f"# Day {i}\n\n{body}\n")
    return root


def damage_chunks_page(db: Path) -> None:
    """Random bytes over one page of the ``chunks`` table (found when a query reads it)."""
    with sqlite3.connect(db) as conn:
        sql = "SELECT pageno FROM dbstat WHERE name = 'chunks' ORDER BY pageno"
        page = [r[0] for r in conn.execute(sql)][-1] - 1
    data = bytearray(db.read_bytes())
    data[page * 4096 : (page + 1) * 4096] = random.Random(5).randbytes(4096)
    db.write_bytes(bytes(data))


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports anywhere, ``if TYPE_CHECKING:`` blocks included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("module", ["search/runner.py", "index/status.py", "index/backfill.py"])
def test_below_memory_never_imports_it_not_even_for_types(module: str) -> None:
    assert "mdrecall.memory" not in _imported(SRC / module)


@pytest.mark.parametrize("protocol", [MemoryAccess, StatusAccess, SearchAccess])
def test_memory_has_every_member_of_the_protocols(protocol: type, tmp_path: Path) -> None:
    members = {
        name
        for klass in protocol.__mro__
        if klass is not object and getattr(klass, "_is_protocol", False)
        for name in vars(klass)
        if not name.startswith("_")
    }
    assert members
    with Memory.open(notes(tmp_path / "agent"), Config()) as mem:
        assert all(hasattr(mem, name) for name in members), members - set(dir(mem))


def test_an_index_run_and_the_backfill_share_the_one_embed_lock(tmp_path: Path) -> None:
    """While the memory's embed lock is held, neither ``index`` nor the background worker embeds,
    and a search's catch-up step does not wait for it; released, both run (one after the other)."""
    ws = notes(tmp_path / "agent")
    with Memory.open(ws, Config().merged(STATIC)) as mem:
        mem.index(embed=False)
        lock = mem.embed_lock
        assert lock is mem.embed_lock
        backfill = Backfiller(mem, check_s=0.05, retry_s=0.05)
        with lock:
            indexing = threading.Thread(target=mem.index)
            indexing.start()
            backfill.start()
            time.sleep(0.5)
            assert indexing.is_alive() and backfill.state["runs"] == 0
            assert mem.vector_coverage() == (0, 6)
            result = mem.search_result("kestrel count", sync=False)  # never waits for the lock
            assert "vectors behind: 0 of 6" in (result.fallback or "")
        indexing.join(30)
        assert not indexing.is_alive()
        assert until(lambda: backfill.state["runs"] >= 1)
        assert backfill.stop()
        assert mem.vector_coverage() == (6, 6)


_SLOW_BUILDS = Counter[str]()


def _slow_static(config: Any) -> StaticEmbedder:
    """The static model, built slowly (as a model that reads its files at construction is)."""
    _SLOW_BUILDS["static"] += 1
    time.sleep(0.3)
    return StaticEmbedder()


def test_concurrent_first_searches_all_wait_for_the_embedder(tmp_path: Path) -> None:
    register_embedder("slow-static-for-tests", _slow_static)
    ws = notes(tmp_path / "agent")
    cfg = Config().merged({"embedding": {"provider": "slow-static-for-tests"}})
    with Memory.open(ws, cfg) as mem:
        mem.index()
    builds = _SLOW_BUILDS["static"]
    with Memory.open(ws, cfg.merged({"embedding": {"cache_max_entries": 12_345}})) as mem:  # a new build
        start = threading.Barrier(8)
        answers: list[str | None] = []

        def first_search() -> None:
            start.wait()
            answers.append(mem.search_result("kestrel count").fallback)

        threads = [threading.Thread(target=first_search) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert len(answers) == 8
    assert not [a for a in answers if a and "no embedder" in a], answers
    assert _SLOW_BUILDS["static"] == builds + 1


class CountingStore(SQLiteStore):
    """The SQLite store, counting its ``counts()`` calls and meta reads by key."""

    def __init__(self, path: Path) -> None:
        self.calls: Counter[str] = Counter()
        super().__init__(path)

    def counts(self) -> dict[str, int]:
        self.calls["counts"] += 1
        return super().counts()

    def get_meta(self, key: str) -> str | None:
        self.calls[f"meta:{key}"] += 1
        return super().get_meta(key)


def test_a_search_measures_the_vector_coverage_once(tmp_path: Path) -> None:
    ws = notes(tmp_path / "agent")
    with Memory.open(ws, Config().merged(STATIC)) as mem:
        mem.index()
    store = CountingStore(ws / ".mdrecall" / "index.sqlite")
    with Memory.open(ws, Config().merged(STATIC), store=store) as mem:
        mem.search_result("kestrel count", sync=False)  # first use: models, caches
        store.calls.clear()
        result = mem.search_result("kestrel count", sync=False)
    assert result.vectors == {"indexed": 6, "total": 6}
    assert store.calls["counts"] == 1, store.calls
    assert store.calls[f"meta:{COMPLETE_KEY}"] == 1, store.calls


class RedamagingStore(SQLiteStore):
    """A SQLite store on a disk that damages what is written: each rebuilt index is damaged again."""

    recovers = 0

    def recover(self) -> None:
        self.recovers += 1
        super().recover()
        with self.transaction() as conn:  # the fresh file's schema is damaged as soon as it is made
            conn.execute("PRAGMA writable_schema = ON")
            conn.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE files(x' WHERE name = 'files'")
            conn.execute("PRAGMA writable_schema = OFF")
            version = conn.execute("PRAGMA schema_version").fetchone()[0]
            conn.execute(f"PRAGMA schema_version = {version + 1}")


def test_a_search_rebuilds_a_damaged_index_once(tmp_path: Path) -> None:
    """Damage found again after the rebuild is reported, not rebuilt again (each rebuild re-reads
    every Markdown file)."""
    ws = notes(tmp_path / "agent", 10, parts=8)
    cfg = Config()
    with Memory.open(ws, cfg) as mem:
        mem.index()
    db = ws / ".mdrecall" / "index.sqlite"
    damage_chunks_page(db)  # found by the search, not when the store opens
    store = RedamagingStore(db)
    assert store.rebuilt_from is None
    with Memory.open(ws, cfg, store=store) as mem, pytest.raises(IndexCorruptError):
        mem.search_result("word3x2 kestrel")
    assert store.recovers == 1


def test_status_has_a_typed_vectors_pending(tmp_path: Path) -> None:
    ws = notes(tmp_path / "agent")
    with Memory.open(ws, Config().merged(STATIC)) as mem:
        mem.index(embed=False)
        status = mem.status()
        assert status.vectors_pending == 6 and "vectors_pending" not in status.extra
        assert status.to_dict()["vectors_pending"] == 6
        mem.index()
        assert mem.status().vectors_pending == 0
