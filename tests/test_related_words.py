"""A question's word that no note holds reaches a note saying it in another common word ("vegetables" /
"veg"): WordNet's synonyms of that word, weighed below the question's own words (issue 29, questions)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.synonyms import related_words
from tests.helpers import write


def _memory(root: Path, skip: tuple[str, ...] = ()) -> Memory:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    mem.index()
    return mem


def _cited(mem: Memory, query: str) -> list[str]:
    return [h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0)]


def test_an_inflected_word_reads_its_lemmas_synonyms() -> None:
    assert "booking" in related_words(["reservations"])
    assert {"veg", "veggie"} <= set(related_words(["vegetables"]))
    assert "picking" not in related_words(["pick"])  # the stemmed index reads it as the word itself
    assert related_words(["going"]) == ()  # a verb's -ing form, not "departure"


def test_a_word_no_note_holds_is_searched_in_its_synonyms(tmp_path: Path) -> None:
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n- Bookings come through OpenTable.\n")
    write(tmp_path, "memory/2026-03-03.md", "# 2026-03-03\n\n- Customers liked the new dessert menu.\n")
    write(tmp_path, "memory/2026-03-04.md", "# 2026-03-04\n\n- Ceres Fair Food does all our veg now.\n")
    mem = _memory(tmp_path)
    try:
        assert "memory/2026-03-02.md" in _cited(mem, "where do customers make reservations")
        assert _cited(mem, "where do we get our vegetables")[:1] == ["memory/2026-03-04.md"]
        assert _cited(mem, "who teaches Leo") == []  # a name is not a word: no lion
    finally:
        mem.close()
    off = _memory(tmp_path, skip=("related",))
    try:
        assert "memory/2026-03-02.md" not in _cited(off, "where do customers make reservations")
        assert _cited(off, "where do we get our vegetables") == []
    finally:
        off.close()


def test_a_word_the_notes_hold_is_not_widened(tmp_path: Path) -> None:
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n- The booking for Friday is confirmed.\n")
    write(tmp_path, "memory/2026-03-03.md", "# 2026-03-03\n\n- The reservation for Friday is confirmed.\n")
    mem = _memory(tmp_path)
    try:
        assert _cited(mem, "reservation confirmed") == ["memory/2026-03-03.md", "memory/2026-03-02.md"]
        assert _cited(mem, "reservation") == ["memory/2026-03-03.md"]
    finally:
        mem.close()


def test_an_older_line_found_by_a_synonym_is_still_marked_superseded(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# Memory\n\n## Restaurant\n- Closed Mondays and Tuesdays.\n- Veg comes from Gippsland Greens.\n"
        "- Fish is from Portside Seafood.\n- Meat from Cutler & Sons in Coburg.\n",
    )
    write(
        tmp_path,
        "memory/2027-02-05.md",
        "# 2027-02-05\n\n- Gippsland Greens is out; Ceres Fair Food does all our veg from Tuesday.\n",
    )
    mem = _memory(tmp_path)
    try:
        hits = mem.search("who supplies our vegetables", max_results=5, min_score=0.0)
        where = [h.citation.split("#")[0] for h in hits]
        assert where[:2] == ["memory/2027-02-05.md", "MEMORY.md"]
        assert hits[1].superseded is not None and "2027-02-05" in hits[1].superseded
    finally:
        mem.close()
