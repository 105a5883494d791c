"""The supersession pairing's memory: the fact lines are read compactly and paired in bounded memory."""

from __future__ import annotations

import random
import sys
import tracemalloc
from pathlib import Path

import pytest

from mdrecall.knowledge.changes.change_pairs import change_pairs
from mdrecall.knowledge.changes.fact_pairs import attribute_pairs
from mdrecall.stores import sqlite_views
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.views import FactRow


def _facts(n: int, seed: int = 3) -> list[FactRow]:
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(3000)]
    out = []
    for i in range(n):
        subject = " ".join(rng.sample(vocab, 8))
        day = f"2024-{1 + i // 2 % 12:02}-{1 + i // 2 % 28:02}"  # a file's day
        path = f"memory/{i // 2:05}.md"
        out.append(
            FactRow(path, i % 2 + 1, day, ("choice",), (rng.choice(vocab),), subject, "", i % 3 == 0, subject)
        )
    return out


def test_attribute_pass_peak_memory_per_line_is_small() -> None:
    facts = _facts(6000)
    attribute_pairs(facts[:50])  # its imports outside the measure
    tracemalloc.start()
    try:
        attribute_pairs(facts)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # a set of words per line and a list per word pair cost ~5,900 bytes a line; numbered words and one
    # sorted array of postings ~560
    assert peak / len(facts) < 1500


def test_fact_rows_read_in_pages_share_each_files_strings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_views, "_PAGE", 7)  # several pages, one ending inside a file
    store = SQLiteStore(tmp_path / "index.sqlite")
    facts = _facts(40)
    for path in sorted({f.path for f in facts}, reverse=True):
        store.replace_views(path, [], [], [f for f in facts if f.path == path])
    rows = store.fact_rows()
    assert rows == sorted(facts, key=lambda f: (f.path, f.line))
    assert rows[0].path is rows[1].path and rows[0].day is rows[1].day  # one string per file, not per line
    assert all(r.attrs is rows[0].attrs for r in rows)


def _change_lines(n: int, seed: int = 3) -> list[FactRow]:
    """Change lines about n/30 things, 30 lines each (at the rare-word cap): each line a candidate of the
    later lines about its thing."""
    rng = random.Random(seed)
    cues = ["moved to", "switched to", "replaced by", "instead of", "no longer"]
    out = []
    for i in range(n):
        g = i % (n // 30)
        day = f"20{10 + i * 15 // n:02}-{1 + i % 12:02}-{1 + i % 28:02}"
        words = f"t{g}a t{g}b {rng.choice(cues)} v{rng.randrange(50)}"
        out.append(
            FactRow(f"memory/{i:05}.md", 1, day, ("choice",), (f"v{rng.randrange(50)}",), "", "", True, words)
        )
    return out


def test_change_pass_peak_memory_per_line_is_small() -> None:
    facts = _change_lines(3000)
    change_pairs(facts[:60], {})  # its imports outside the measure
    _clear_word_caches()  # its word caches empty, as on a first index, whatever ran before in this process
    tracemalloc.start()
    try:
        pairs = change_pairs(facts, {})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert pairs  # the lines do pair
    # every candidate of every change line listed before choosing, and a dict per record keyed by
    # (path, line): ~1,950 bytes a line; each line's best chosen as found, records by line number ~1,100;
    # since session 17 the lines' values are kept for the pass's rereads (value_kinds.SLOTS_KEPT lines,
    # ~500 bytes each: a bound, not a cost per line past it), so ~2,000 bytes a line at 3,000 lines; the
    # word caches filling from empty (bounded: lru) ~300 more (session 20: 2,350 measured; session 24: 2,409
    # before the chooser read the values a change line leaves, 2,465 after, its cache of 256 lines' sides)
    assert peak / len(facts) < 2550


def _clear_word_caches() -> None:
    """Empty every ``functools`` cache of the knowledge and text modules loaded (the measure starts cold)."""
    for name, module in list(sys.modules.items()):
        if name.startswith(("mdrecall.knowledge", "mdrecall.text")):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
