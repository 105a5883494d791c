"""A change line looks up the lines of the label it names as it looks up a word's posting (the lines written
before it, in order): a long page whose labels each open many lines ("- dock 4 crane: Halvard", a few
hundred times each) is not weighed line by line against every line of its label (quadratic: a 1 MB page
of such lines took the index 36 s of CPU)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes import change_pairs

CFG = Config().merged({"embedding": {"provider": "none"}})
SYLLABLES = ["bor", "vel", "tam", "ruk", "sen", "dov", "lim", "pax", "quo", "zen"]


def _page(labels: int, each: int) -> str:
    """``labels`` people labelled in lower case ("- ines borvelak: night porter"), each on ``each`` lines."""
    names = [f"{a}{b}ak" for a in SYLLABLES for b in SYLLABLES][:labels]
    rows = [f"- ines {n}: night porter" for _ in range(each) for n in names]
    return "# 2026-03-04\n\n" + "\n".join(rows) + "\n"


def test_a_label_on_many_lines_of_a_page_is_read_as_a_posting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    weighed = [0]
    real = change_pairs.candidate

    def counted(*args: object) -> object:
        weighed[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(change_pairs, "candidate", counted)
    labels, each = 100, 34  # each label on more lines than a short posting, on at most 1% of the lines
    lines = labels * each
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Memory\n\n- the yard opens at six\n")
    (tmp_path / "memory" / "2026-03-04.md").write_text(_page(labels, each))
    with Memory.open(tmp_path, CFG) as mem:
        mem.index()
    assert weighed[0] < 8 * lines, f"{weighed[0]} candidates weighed for {lines} lines"
