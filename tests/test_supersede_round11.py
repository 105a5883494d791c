"""Supersession round 11 (issue 29 part 3): fact rows keep case and currency, a change line's amounts are
values it changes, a plan moved in time is no plan come true, more wordings of a value left, and a
negated stop is no change."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.fact_lines.fact_values import typed_values
from mdrecall.knowledge.fact_lines.fact_words import WORD_KEPT
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.leave_grammar import left_values

from helpers import fact_pairs_in


def _words(text: str) -> str:
    """A line's words as the pairing reads them (a stored row's words, lower case)."""
    return " ".join(WORD_KEPT.findall(text)).lower()


def test_a_stored_fact_row_keeps_case_and_currency() -> None:
    (row,) = line_facts(
        "memory/2027-04-02.md", "- Kai agreed our fee goes to £1,250 a month from May.\n", None
    )
    assert "Kai" in row.words.split() and "£1,250" in row.words.split()
    assert "m:1250" in typed_values(row.words)


def test_an_amount_changed_on_a_dated_line_supersedes_the_amount_not_the_meeting(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "MEMORY.md",
                "# Memory\n\n- Fee: £1,100 a month, invoiced quarterly.\n"
                "- Call with Kai is Tuesdays 4pm UK time.\n",
            ),
            ("memory/2027-04-02.md", "- Kai agreed our fee goes to £1,250 a month from May.\n"),
        ],
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2027-04-02.md", 1)
    assert ("MEMORY.md", 4) not in pairs


def test_a_meeting_moved_to_another_day_naming_its_place_again_is_a_change(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("MEMORY.md", "# Memory\n\n- Board check-in is Mondays 8am Lagos time.\n"),
            (
                "memory/2027-04-06.md",
                "- Ada shifted the board check-in to Fridays, 10am Lagos. No more Monday mornings!\n",
            ),
        ],
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2027-04-06.md", 1)


def test_wordings_of_a_value_left() -> None:
    assert "trello" in left_values(_words("The team is moving off Trello; cards live in Notion from Monday."))
    assert "asana" in left_values(_words("Cost came in too high: Asana is off, we stay on Basecamp."))
    assert "beta" in left_values(_words("We're out of beta: the app is in the stores."))
    assert "hetzner" in left_values(_words("Hosting: Fly.io since March (Hetzner before that)."))
    assert "paracetamol" in left_values(_words("Vet says Rolo can come off the paracetamol now."))
    # someone away leaves no value
    assert not left_values(_words("Priya is off to Oslo in May, Dan covers the stall."))
    assert not left_values(_words("Dan is off sick today."))
    assert not left_values(_words("Marek is out of office until Friday."))


def test_a_value_left_supersedes_the_line_naming_it_and_not_one_that_says_it_was_before(
    tmp_path: Path,
) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("MEMORY.md", "# Memory\n\n- Boards live in Trello.\n"),
            ("team/tools.md", "# Tools\n\n- Docs: Notion since March (Confluence before that).\n"),
            ("memory/2027-04-01.md", "- The team is moving off Trello; cards live in Notion from Monday.\n"),
            ("memory/2027-04-08.md", "- Confluence is out, Notion does the docs now.\n"),
        ],
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2027-04-01.md", 1)
    assert ("team/tools.md", 3) not in pairs


def test_doing_a_thing_without_stopping_is_no_change(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("memory/2027-05-03.md", "- Riverside Pool moved Noor's lessons to Sunday mornings, 10:30.\n"),
            (
                "memory/2027-05-16.md",
                "- Noor's first Sunday lesson at Riverside Pool, she swam 50 m without stopping.\n",
            ),
        ],
    )
    assert ("memory/2027-05-03.md", 1) not in pairs


def test_a_month_before_a_holder_is_not_the_holder() -> None:
    assert typed_values("Jo is away in July Sam covers the tuck shop") == {"h:sam"}
