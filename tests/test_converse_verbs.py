"""A question asking who took part in a transfer reaches the line told from the other party: "who bought
the canoe?" / "sold the canoe to the Okafors" (:mod:`mdrecall.text.converse`, stage ``related``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.text.converse import asks_for_party, converse_terms
from tests.helpers import write


@pytest.mark.parametrize(
    ("question", "terms", "expected"),
    [
        ("who bought the canoe?", ["bought", "canoe"], ("sell", "sold")),
        ("Who sold us the piano", ["sold", "piano"], ("buy", "bought")),
        ("who lent Tomas the ladder", ["lent", "tomas", "ladder"], ("borrow",)),
        ("from whom did we borrow the marquee", ["borrow", "marquee"], ("lend", "lent")),
        ("who won the pub quiz", ["won", "pub", "quiz"], ("lose", "lost")),
        ("what did Ines buy at the fair", ["ines", "buy", "fair"], ()),  # asks for the thing
        ("who opened the shop", ["opened", "shop"], ()),  # no converse
    ],
)
def test_the_converse_of_a_question_verb(question: str, terms: list[str], expected: tuple[str, ...]) -> None:
    assert converse_terms(question, terms) == expected


def test_a_question_asking_for_a_party() -> None:
    assert asks_for_party("To whom did Ravi give the keys?")
    assert asks_for_party("who's bringing the tent")
    assert not asks_for_party("whose turn is it")
    assert not asks_for_party("what did the buyer say")


def test_the_line_told_from_the_other_party_is_found(tmp_path: Path) -> None:
    write(tmp_path, "memory/2031-06-02.md", "# 2031-06-02\n\n- Listed the old canoe on the noticeboard.\n")
    write(tmp_path, "memory/2031-06-09.md", "# 2031-06-09\n\n- Canoe gone: sold it to the Okafors for 300.\n")
    write(tmp_path, "memory/2031-06-10.md", "# 2031-06-10\n\n- Canoe paddles still in the shed.\n")
    write(tmp_path, "boats/canoe.md", "# Canoe\n\n- Green canoe, canoe trailer, canoe cover.\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    mem = Memory.open(tmp_path, Config().merged(over), create=True)
    mem.index()
    try:
        hits = mem.search("who bought the canoe", max_results=3, min_score=0.0)
        assert hits[0].path == "memory/2031-06-09.md"
        sells = mem.search("what did we buy at the chandlery", max_results=3, min_score=0.0)
        assert "memory/2031-06-09.md" not in [h.path for h in sells]
    finally:
        mem.close()
