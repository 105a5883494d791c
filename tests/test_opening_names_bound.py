"""A run of capitalised words opening a line is a name by its length alone only up to eight words: a longer
run (a page of capitals, a line of titles run together) is no one name, so a 1 MB line of them is not read
as one name of 100,000 words whose every shorter span is then tried against the others."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.opening_names import MAX_WORDS, opening_name


def test_a_run_longer_than_a_name_is_no_name_by_its_length() -> None:
    run = "Kestrel Valley Pottery Guild Spring Kiln Opening Weekend Market".split()
    assert len(run) > MAX_WORDS
    assert not opening_name(run, opens=True, heading=False, in_cell=False)
    assert opening_name(run[:3], opens=True, heading=False, in_cell=False)


def test_a_long_line_of_capitalised_words_gives_no_giant_name(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    line = "Glaze Kiln Cone Slip Bisque " * 4000
    (tmp_path / "memory" / "2026-03-02.md").write_text(f"{line}\n\n- Kestrel Pottery Guild meets Fridays\n")
    with Memory.open(tmp_path, Config().merged({"history": {"git": False}})) as mem:
        mem.index()
        names = [e.name for e in EntityIndex(mem.store, mem.config.entities).entities()]
    assert all(len(n.split()) <= MAX_WORDS for n in names), [n[:80] for n in names if len(n.split()) > 8]
