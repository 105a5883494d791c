"""A note written decomposed (NFD: a letter and its combining marks, as some phones and keyboards write
Vietnamese) names the same people as the note written composed (fault campaign, round 18: "Phúc" written
decomposed was read as a place "Phu")."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from mdrecall import Memory
from mdrecall.config.settings import Config

PAGE = (
    "# Crew\n\n- Võ Thị Kiều Oanh: net mender at Hợp tác xã Biển Xanh\n- Hồ Đức Lực: boat skipper\n"
    "- Lý Minh Khải: ice supplier\n"
)
LOG = (
    "# 2026-06-02\n\n[05:40 2/6] Đức Lực: ra khơi rồi nhé\n- Hồ Đức Lực sold 40kg of squid to Lý Minh Khải\n"
)


def _entities(root: Path, form: str) -> list[tuple[str, int, str]]:
    (root / "memory" / "notes").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Long-term\n\n- the user keeps the co-op's books\n")
    (root / "memory" / "notes" / "crew.md").write_text(unicodedata.normalize(form, PAGE))
    (root / "memory" / "2026-06-02.md").write_text(unicodedata.normalize(form, LOG))
    with Memory.open(root, Config().merged({"embedding": {"provider": "none"}})) as mem:
        mem.index()
        listed = mem.entities(limit=100)
    return sorted((unicodedata.normalize("NFC", e.name), e.mentions, e.kind) for e in listed)


def test_a_decomposed_note_names_the_people_a_composed_one_does(tmp_path: Path) -> None:
    composed = _entities(tmp_path / "nfc", "NFC")
    assert any(not name.isascii() for name, _n, _k in composed)  # accented names are read
    assert _entities(tmp_path / "nfd", "NFD") == composed


def test_a_past_search_scoped_to_an_entity_matches_its_name_written_decomposed(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from mdrecall.knowledge.index import EntityIndex
    from mdrecall.knowledge.mentions.extract import entity_key

    listed = _entities(tmp_path, "NFD")
    name = next(n for n, _m, _k in listed if not n.isascii())
    with Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}})) as mem:
        named = EntityIndex(mem.store, mem.config.entities).named_in([entity_key(name)])
    assert named(SimpleNamespace(text=unicodedata.normalize("NFD", f"- {name} came by\n")))
    assert not named(SimpleNamespace(text="- nobody came by\n"))
