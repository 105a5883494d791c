"""A forget finds its text in every canonically equivalent spelling (fault campaign, round 18): a name
typed composed is forgotten where a keyboard wrote it decomposed, or Vietnamese-style half composed, and the
proof scan does not call a copy gone that is still there."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.text.needle import Needle

NAME = "Kiều Ngọc Diệp"  # composed, as the user types it
NFD = unicodedata.normalize("NFD", NAME)
HALF = "Ki\u00ea\u0300u Ngo\u0323c Di\u00ea\u0323p"  # ê precomposed, tone marks combining


def test_a_letter_has_each_of_its_spellings() -> None:
    from mdrecall.text.needle import spellings

    got = spellings(unicodedata.normalize("NFD", "ệ"))
    assert "ệ" in got and "\u00ea\u0323" in got and "\u1eb9\u0302" in got and "e\u0323\u0302" in got
    assert all(unicodedata.normalize("NFD", s) == "e\u0323\u0302" for s in got)
    assert spellings("k") == ["k"]


def test_a_needle_finds_every_spelling_and_no_other_letter() -> None:
    needle = Needle((NAME,))
    for written in (NAME, NFD, HALF):
        assert needle.sub(f"- {written} baked the cake", "[gone]") == "- [gone] baked the cake"
    assert not needle.search("Kieu Ngoc Diep") and not needle.search(NAME[:-1] + "p\u0301")
    assert not Needle(("Diep",), whole_words=True).search("Die\u0323\u0302p")  # a base letter is not the word
    folded = Needle((NAME.upper(),), ignore_case=True)
    assert folded.search(HALF) and folded.search(NFD)
    for form, pattern in needle.byte_patterns:
        if form != "json-escaped":
            assert pattern.search(f"x {HALF} y".encode(form)), form
    assert all("%" in p for p in needle.like_patterns())


def test_forget_takes_a_name_in_each_spelling_and_proves_it(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Long-term\n\n- the user runs a bakery\n")
    (tmp_path / "memory" / "2026-05-04.md").write_text(
        f"# 2026-05-04\n\n[07:10 4/5] {NFD}: bánh xong rồi\n- {HALF} ordered 40 mooncakes\n"
        f"- {NAME} paid 85k\n"
    )
    cfg = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(tmp_path, cfg) as mem:
        mem.index()
        plan = mem.forget_plan(NAME)
        result = mem.forget(plan)
        hits = mem.search("mooncakes", mode="bm25")
    text = (tmp_path / "memory" / "2026-05-04.md").read_text()
    assert all(form not in text for form in (NAME, NFD, HALF)), text
    assert text.count("[forgotten") == 3
    assert not result.remaining
    assert hits and all("Di" not in h.snippet for h in hits)
