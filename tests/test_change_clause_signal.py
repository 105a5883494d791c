"""Supersession (session 23): a change told in one clause of a line is not taken back by a word of
addition ("too", "also", "still") in another clause, and a new arrangement's first day of the month
("… on Fridays from the 14th.") is a change wording. Each in wordings and worlds of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_words import CHANGE

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    "line",
    [
        # the change in the first clause, the addition ending another one, a weak "now" near it
        "Rosa cancelled Hilltop Dairy the Mill Kitchen crew cook for us now they did the harvest supper too",
        "We switched the bakery order to Crumb and Co this week the kids like their rye bread now as well",
    ],
)
def test_a_change_in_another_clause_than_the_addition_still_signals(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    [
        # the addition near the only change wording: it adds to a fact, no change told
        "the choir also moved a few chairs around",
        "Hilltop cook for us now too",
        "we still switch the heating off at night",
    ],
)
def test_an_addition_near_the_change_wording_still_takes_it_back(line: str) -> None:
    assert signal(line) is None


@pytest.mark.parametrize(
    "text",
    [
        "Agreed: choir rehearses on Fridays from the 14th.",
        "Bins go out on Mondays from the 1st onwards",
        "New rota from the 22nd, on Tuesdays",
    ],
)
def test_a_first_day_of_the_month_for_an_arrangement_is_a_change_wording(text: str) -> None:
    assert CHANGE.search(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "We're away from the 3rd to the 9th",
        "a parcel from the 3rd floor neighbours",
        "photos from the 12th birthday party",
    ],
)
def test_a_span_or_a_thing_of_an_ordinal_is_no_change_wording(text: str) -> None:
    assert CHANGE.search(text) is None


def test_a_caterer_cancelled_then_an_addition_in_another_clause_supersedes(tmp_path: Path) -> None:
    notes = [
        (
            "events/harvest.md",
            "# Harvest fair\n\n- Caterer: Hilltop Dairy Kitchen, cheese boards and soup.\n",
        ),
        (
            "memory/2032-09-02.md",
            "# 2032-09-02\n\n- Rosa cancelled Hilltop. The Millbrook crew do the soup and the boards now;"
            " Millbrook did the spring fete too.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("events/harvest.md", 3): ("memory/2032-09-02.md", 3)}


def test_a_weekday_moved_from_a_day_of_the_month_supersedes(tmp_path: Path) -> None:
    notes = [
        ("allotment/rota.md", "# Rota\n\n- Watering day is Wednesday, evenings after six.\n"),
        (
            "memory/2032-05-03.md",
            "# 2032-05-03\n\n- Committee chat about the hosepipe ban: agreed watering on Saturdays"
            " from the 10th.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("allotment/rota.md", 3): ("memory/2032-05-03.md", 3)}


@pytest.mark.parametrize(
    "line",
    [
        "the darts team is down to a single board since the pub refit",
        "we're down to just two drivers for March",
    ],
)
def test_a_count_fallen_to_a_few_in_words_signals_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    ["the minibus seats up to a dozen", "we put it down to a bad batch of yeast", "what has Noor been up to"],
)
def test_up_to_a_limit_or_down_to_a_cause_signals_nothing(line: str) -> None:
    assert signal(line) is None


def test_a_kit_count_fallen_to_one_supersedes_the_kit_line(tmp_path: Path) -> None:
    notes = [
        ("club/kit.md", "# Kit\n\n- Kit: 3 rowing skiffs, 12 oars, 20 buoyancy aids.\n"),
        (
            "memory/2033-04-12.md",
            "# 2033-04-12\n\n- storm night at the boathouse: the kit took a beating, two skiffs smashed on"
            " the slipway, down to a single skiff till the insurance pays.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("club/kit.md", 3): ("memory/2033-04-12.md", 3)}
