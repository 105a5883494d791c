"""Lines read back from the SQLite store by number (``chunk_at``, ``line_texts``): the same answers as a
scan of the whole file, in work that does not grow with the file (the fault campaign's round 13: a 1 MB
page naming 20,000 people, its views 30 s of CPU, each name's mention lines read from every chunk of the
page between them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdrecall import Memory
from mdrecall.stores.sqlite import SQLiteStore

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
    for n in (300, 30_000):
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
    small, big = steps[300], steps[30_000]
    assert big[0] <= 3 * small[0] + 20, steps  # a hundred times the page, not a hundred times the work
    assert big[1] <= 3 * small[1] + 20, steps
