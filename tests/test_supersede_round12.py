"""Supersession round 12 (issue 29 part 3): a search marks a stored pair whatever the older line's
wording: a line counts the query words of the headings above it, and lines tying are told apart by the
kind of value the question asks for, then by the rarity of their query words among the candidates."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession, asked_value
from mdrecall.stores.views import Supersession

from helpers import fact_pairs_in


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


def test_a_line_counts_the_query_words_of_its_section_heading() -> None:
    # "standup" and "harbour" stand only in the heading; the other section names "daily" and "harbour"
    page = _scored(
        "MEMORY.md",
        1,
        7,
        0.6,
        "# Memory\n\n## Harbour Labs standup\n- Daily at 10:15, video on.\n\n## Garden\n"
        "- Harbour wall planting, daily watering in July.",
    )
    newer = _scored(
        "memory/2029-05-02.md", 3, 3, 0.4, "- Harbour Labs standup moves to 9:45 daily from Monday."
    )
    gone = {"MEMORY.md": {4: Supersession("memory/2029-05-02.md", 3, "2029-05-02")}}
    out = apply_fact_supersession([page, newer], ["daily", "harbour", "standup"], gone)
    assert out[0].chunk.path == "memory/2029-05-02.md"
    assert out[1].superseded_by == "memory/2029-05-02.md#L3 (2029-05-02)"


def test_a_when_question_is_answered_by_the_line_holding_a_time() -> None:
    # every line of the page stands under its title; the question asks when: the date line answers it
    page = _scored(
        "events/quiz-night.md",
        1,
        5,
        0.6,
        "# Quiz night\n\n- Date: Friday 12 October, 7pm, church hall.\n- Host: Marguerite.\n"
        "- Raffle prizes wanted.",
    )
    newer = _scored(
        "memory/2029-09-20.md", 3, 3, 0.3, "- Quiz is now Saturday 13 October, hall double-booked."
    )
    gone = {"events/quiz-night.md": {3: Supersession("memory/2029-09-20.md", 3, "2029-09-20")}}
    out = apply_fact_supersession([page, newer], ["quiz", "night"], gone, query="when is the quiz night")
    assert out[0].chunk.path == "memory/2029-09-20.md"
    assert out[1].superseded_by is not None
    # a question asking for no time leaves the tie between the page's lines: no mark
    out = apply_fact_supersession([page, newer], ["quiz", "night"], gone, query="quiz night")
    assert [s.superseded_by for s in out] == [None, None]


def test_a_how_much_question_marks_the_amount_changed_further_down_the_page() -> None:
    page = _scored(
        "cafe/prices.md",
        1,
        8,
        0.6,
        "# Prices\n\n## Lunch deal\n- Soup and bread, $14.\n- Noon to three.\n\n## Changes\n"
        "- From 3 May the lunch deal is $16.",
    )
    gone = {"cafe/prices.md": {4: Supersession("cafe/prices.md", 8, "2029-05-01")}}
    out = apply_fact_supersession([page], ["lunch", "deal"], gone, query="how much is the lunch deal")
    assert out[0].superseded_by is not None and out[0].superseded_by.startswith("cafe/prices.md#L8")


def test_a_tie_goes_to_the_line_with_the_query_word_fewer_candidates_hold() -> None:
    # "Orchard" is on every candidate, "boxes" only on the line that changed
    page = _scored(
        "MEMORY.md",
        1,
        4,
        0.6,
        "# Memory\n\n- Orchard Street flat, top floor.\n- Veg boxes come from Hillside Farm.",
    )
    other = _scored("memory/2029-02-01.md", 3, 3, 0.5, "- Orchard Street bins on Thursday.")
    newer = _scored(
        "memory/2029-03-01.md", 3, 3, 0.3, "- Switched to Greenway for the veg, Hillside dropped."
    )
    gone = {"MEMORY.md": {4: Supersession("memory/2029-03-01.md", 3, "2029-03-01")}}
    out = apply_fact_supersession([page, other, newer], ["orchard", "boxes"], gone)
    marked = [s for s in out if s.superseded_by]
    assert [s.chunk.path for s in marked] == ["MEMORY.md"]
    assert [s.chunk.path for s in out].index("memory/2029-03-01.md") < [s.chunk.path for s in out].index(
        "MEMORY.md"
    )


def test_the_kind_of_value_a_question_asks_for() -> None:
    assert asked_value("When is the quiz?") == ("t:",)
    assert asked_value("which days is the cafe closed") == ("t:",)
    assert "m:" in asked_value("how much is the lunch deal")
    assert "h:" in asked_value("who runs the allotment")
    assert asked_value("how are the tasks tracked") == ()


def test_a_change_of_one_things_time_does_not_supersede_another_things_time(tmp_path: Path) -> None:
    # the newer line changes when the lunches are (its time's subject); the older one, sharing a person
    # and a word of the change ("shifted" … "shift"), says when the stock count is
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "memory/2029-04-03.md",
                "- Priya's shifted the stock count to Mondays, 8am. No more Sunday counts!\n",
            ),
            (
                "memory/2029-05-01.md",
                "- We're doing Wednesday lunches from this week. Tom and Priya K. split the shift.\n",
            ),
        ],
    )
    assert ("memory/2029-04-03.md", 1) not in pairs


def test_a_holder_ending_a_role_leaves_it(tmp_path: Path) -> None:
    assert "priya" in left_values("tom is now shop steward priya stepped down in march")
    assert "brightwater" in left_values("brightwater no longer service the boiler")
    assert "we" not in left_values("we no longer meet on fridays")  # "we": no holder
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "MEMORY.md",
                "# Memory\n\n- Shop steward: Priya Sandhu.\n- Allotment plot 14, shared with Priya.\n",
            ),
            (
                "memory/2029-03-10.md",
                "- Tom Okafor is now shop steward; Priya stepped down after six years.\n",
            ),
        ],
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2029-03-10.md", 1)
    assert ("MEMORY.md", 4) not in pairs  # naming her, about another thing
