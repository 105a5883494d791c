"""The supersession cross-encoder's pair-score cache read back safely (:mod:`mdrecall.stores.sqlite_cross`):
a damaged cached p (text, a blob, infinite, outside [0, 1]) is never taken for a score; the pair is scored
again. Real SQLite, a real workspace."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes import cross_model
from mdrecall.stores.sqlite import SQLiteStore

NOTES = {
    "MEMORY.md": "# Memory\n\n## Garden\n- The greenhouse heater is a Bio Green Palma\n- Compost bins: two\n",
    "memory/2028-02-11.md": (
        "# 2028-02-11\n\n- The Palma died in the frost; swapped it for a Vitavia paraffin heater today\n"
        "- Sowed the first chillies\n"
    ),
}


def test_damaged_cached_scores_are_read_as_absent(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "index.sqlite")
    try:
        store.put_cross_scores([("good", 0.25), ("one", 1.0), ("zero", 0.0)])
        with sqlite3.connect(tmp_path / "index.sqlite") as conn:
            bad = {"text": "high", "blob": b"\x00\xff", "inf": float("inf"), "big": 42.0, "neg": -0.5}
            conn.executemany("INSERT INTO sup_cross(key, p) VALUES (?, ?)", list(bad.items()))
        got = store.cross_scores(["good", "one", "zero", *bad])
    finally:
        store.close()
    assert got == {"good": 0.25, "one": 1.0, "zero": 0.0}


@pytest.mark.skipif(cross_model.unavailable() is not None, reason="no onnxruntime or base model")
def test_a_damaged_cache_pairs_as_a_clean_build(tmp_path: Path) -> None:
    def build(root: Path, damage: object = None) -> dict:
        for name, text in NOTES.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        cfg = Config().merged({"history": {"git": False}, "entities": {"supersession_model": True}})
        with Memory.open(root, cfg) as mem:
            mem.index()
            if damage is not None:
                with sqlite3.connect(root / ".mdrecall" / "index.sqlite") as conn:
                    conn.execute("UPDATE sup_cross SET p = ?", (damage,))
                mem.index(force=True)
            return dict(mem.store.superseded_all())  # type: ignore[attr-defined]

    clean = build(tmp_path / "clean")
    for n, damage in enumerate((42.0, "high", float("-inf"))):
        assert build(tmp_path / f"d{n}", damage) == clean
