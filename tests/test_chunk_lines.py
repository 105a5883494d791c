"""Lines read back from the SQLite and PostgreSQL stores by number (``chunk_at``, ``line_texts``): the same
answers as a scan of the whole file, in work that does not grow with the file (the fault campaign's round
13: a 1 MB page naming 20,000 people, its views 30 s of CPU, each name's mention lines read from every chunk
of the page between them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Memory
from mdrecall.stores.sqlite import SQLiteStore

from pgserver import backend_config, drop_namespaces, unique_agent

#: Made-up crew names, none a word: each line of the pages names one.
_SYL = "ta ro vi ne ku sa mo le".split()


def _page(lines: int) -> str:
    names = [f"{a.title()}{b}{c} {b.title()}{c}{a}r" for a in _SYL for b in _SYL for c in _SYL]
    return "# Rota\n\n" + "".join(f"- Shift lead {i}: {names[i % len(names)]}\n" for i in range(lines))


def _steps(store: SQLiteStore, run: Callable[[], object]) -> int:
    """SQLite's virtual-machine steps (in hundreds) that ``run`` takes on the store's connection."""
    count = [0]

    def tick() -> int:
        count[0] += 1
        return 0

    conn = store._conn  # the one connection the store reads through
    conn.set_progress_handler(tick, 100)
    try:
        run()
    finally:
        conn.set_progress_handler(None, 0)
    return count[0]


def _store(mem: Memory) -> SQLiteStore:
    store = mem.store
    assert isinstance(store, SQLiteStore)
    return store


def test_lines_read_back_match_the_file(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    text = _page(3000)
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "rota.md").write_text(text)
    mem = open_memory(tmp_path)
    mem.index()
    store = _store(mem)
    lines = text.split("\n")
    wanted = [("memory/rota.md", n) for n in (1, 3, 4, 1500, 2999, 3002, 40)]
    got = store.line_texts(wanted)
    assert got == {(p, n): lines[n - 1] for p, n in wanted if n <= len(lines) and lines[n - 1]}
    chunk = store.chunk_at("memory/rota.md", 1500)
    assert chunk is not None and chunk.start_line <= 1500 <= chunk.end_line
    assert store.chunk_at("memory/rota.md", 999_999) is None
    assert store.chunk_at("memory/none.md", 3) is None


def test_reading_a_line_back_does_not_grow_with_the_file(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    steps = {}
    for n in (300, 4_000):
        root = tmp_path / str(n)
        (root / "memory").mkdir(parents=True)
        (root / "memory" / "rota.md").write_text(_page(n))
        mem = open_memory(root)
        mem.index()
        store = _store(mem)
        far = [("memory/rota.md", 3), ("memory/rota.md", n)]  # one name's mentions, a page apart
        steps[n] = (
            _steps(store, lambda s=store, w=far: s.line_texts(w)),
            _steps(store, lambda s=store, last=n: s.chunk_at("memory/rota.md", last)),
        )
    small, big = steps[300], steps[4_000]
    assert big[0] <= 3 * small[0] + 20, steps  # thirteen times the page, not thirteen times the work
    assert big[1] <= 3 * small[1] + 20, steps


@pytest.fixture
def pg_memory(open_memory: Callable[..., Memory]) -> Iterator[Callable[[Path], Memory]]:
    """Memory on a fresh PostgreSQL namespace (dropped after the test)."""
    pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")
    prefix = unique_agent("lines")
    count = [0]

    def _open(root: Path) -> Memory:
        count[0] += 1
        return open_memory(root, backend_config("postgres", f"{prefix}{count[0]}"))

    yield _open
    drop_namespaces(prefix)


def _rows_read(store: Any, run: Callable[[], object]) -> int:
    """The rows the PostgreSQL store's reads return while ``run`` runs."""
    read = [0]
    plain = store._rows

    def counted(sql: str, params: Any = ()) -> list[Any]:
        rows = plain(sql, params)
        read[0] += len(rows)
        return rows

    store._rows = counted
    try:
        run()
    finally:
        del store._rows
    return read[0]


def test_postgres_lines_read_back_match_the_file(tmp_path: Path, pg_memory: Callable[[Path], Memory]) -> None:
    text = _page(3000)
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "rota.md").write_text(text)
    mem = pg_memory(tmp_path)
    mem.index()
    lines = text.split("\n")
    wanted = [("memory/rota.md", n) for n in (1, 3, 4, 1500, 2999, 3002, 40)]
    got = mem.store.line_texts(wanted)  # type: ignore[attr-defined]
    assert got == {(p, n): lines[n - 1] for p, n in wanted if n <= len(lines) and lines[n - 1]}
    chunk = mem.store.chunk_at("memory/rota.md", 1500)  # type: ignore[attr-defined]
    assert chunk is not None and chunk.start_line <= 1500 <= chunk.end_line
    assert mem.store.chunk_at("memory/rota.md", 999_999) is None  # type: ignore[attr-defined]
    assert mem.store.chunk_at("memory/none.md", 3) is None  # type: ignore[attr-defined]


def test_postgres_reading_a_line_back_does_not_grow_with_the_file(
    tmp_path: Path, pg_memory: Callable[[Path], Memory]
) -> None:
    read = {}
    for n in (300, 4_000):
        root = tmp_path / str(n)
        (root / "memory").mkdir(parents=True)
        (root / "memory" / "rota.md").write_text(_page(n))
        mem = pg_memory(root)
        mem.index()
        store = mem.store
        far = [("memory/rota.md", 3), ("memory/rota.md", n)]  # one name's mentions, a page apart
        read[n] = (
            _rows_read(store, lambda s=store, w=far: s.line_texts(w)),  # type: ignore[attr-defined]
            _rows_read(store, lambda s=store, last=n: s.chunk_at("memory/rota.md", last)),  # type: ignore[attr-defined]
        )
    small, big = read[300], read[4_000]
    assert big[0] <= small[0] + 2, read  # every chunk between the two lines was read before: thousands
    assert big[1] <= small[1] + 2, read


def test_a_line_cut_into_many_chunks_is_read_back_without_sorting_them(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    """A line of a megabyte is cut into a thousand chunks of one first line: its first piece is read back
    through the index, not by ordering every piece with its text (the fault campaign's round 14: a page
    of one line of model codes read itself once per name)."""
    steps = []
    for n in (400, 8000):
        root = tmp_path / f"p{n}"
        (root / "memory").mkdir(parents=True)
        line = "".join(
            f"logged the {chr(65 + i % 26)}{chr(65 + i // 26 % 26)}{i % 90 + 10} sensor; " for i in range(n)
        )
        (root / "memory" / "bench.md").write_text("# Bench\n\n" + line + "\n")
        mem = open_memory(root)
        mem.index()
        store = _store(mem)
        got = store.line_texts([("memory/bench.md", 3)])
        assert got and line.startswith(got[("memory/bench.md", 3)][:40])  # the line's first piece
        steps.append(_steps(store, lambda s=store: s.line_texts([("memory/bench.md", 3)])))
    assert steps[1] <= 3 * steps[0] + 20, steps  # twenty times the line, not twenty times the work
