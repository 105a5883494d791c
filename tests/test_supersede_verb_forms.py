"""A question's verb counts in the lines that write its irregular form ("where are the kayaks kept" and
"The club keeps its kayaks in the boathouse"): the superseded line is the chunk's answer, not a line
holding another word of the question. Hand-built candidates (search/supersede.py)."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession, stems_and_words
from mdrecall.stores.views import Supersession
from mdrecall.text.verb_forms import verb_forms


def scored(path: str, start: int, text: str, score: float) -> Scored:
    end = start + text.count("\n")
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


_CLUB = (
    "# Paddle club\n"  # L1
    "\n"
    "- The club keeps its kayaks in the boathouse on Mill Lane.\n"  # L3
    "- Safety kit: 4 rescue kayaks, 20 buoyancy aids, 6 throw bags."  # L4
)
_NEW_SHED = Supersession("memory/2027-05-02.md", 3, "2027-05-02")


def test_an_irregular_verb_form_counts_as_the_questions_verb() -> None:
    page = scored("club/paddle.md", 1, _CLUB, 0.70)
    log = scored(
        "memory/2027-05-02.md",
        1,
        "# 2027-05-02\n\n- Kayaks moved out of the boathouse into the scout shed.",
        0.5,
    )
    gone = {"club/paddle.md": {3: _NEW_SHED}}
    query = "where are the rescue kayaks kept"
    out = apply_fact_supersession([page, log], ["rescue", "kayaks", "kept"], gone, query=query)
    assert [s.chunk.path for s in out] == ["memory/2027-05-02.md", "club/paddle.md"]
    assert out[1].superseded_by == "memory/2027-05-02.md#L3 (2027-05-02)"


def test_a_verbs_forms_are_one_word_of_the_question() -> None:
    stems, word = stems_and_words(["bought", "van"])
    assert "buy" in stems and word["buy"] == word["bought"]
    assert verb_forms("went") == {"go", "gone"}
    assert verb_forms("kayak") == frozenset()
