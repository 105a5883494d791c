"""Issue 29, dates (held_out_6's causes): the grammar of direction and which phrase gives a line its day,
on sentences of our own (none is a labelled note's)."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.valid_time import chunk_dates, line_dates


def _day(line: str, written: str, order: str | None = None) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, order=order)[2]


def _named(line: str, written: str) -> set[date]:
    return chunk_dates(line, written)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a bound of a state the clause puts in the past lies behind ("was ... until")
        ("- Priya (was on the board until March) now runs the kitchen.", "2027-06-10", "2027-03-01"),
        ("- The pool was closed till Thursday.", "2027-06-11", "2027-06-10"),  # a Friday
        # a weekday announced with "is" lies ahead, and "last" before a noun is "final", not "past"
        ("- Contract ends: last shift is Thursday.", "2027-06-07", "2027-06-10"),  # a Monday
        # someone's first (second...) weekday is one day; a past verb after it is a report
        ("- Noor's first Sunday at the stall went well.", "2027-06-09", "2027-06-06"),  # a Wednesday
    ],
)
def test_direction_from_grammar(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)
    if "until" in line:  # a bound not in the past stays ahead
        assert _day("- Priya is on the board until March.", written) == date(2028, 3, 1)


def test_a_weekday_with_a_time_before_a_noun_is_a_standing_slot() -> None:
    line = "- the Lagos team can't join the Thursday 9:00 design review any more"
    assert _day(line, "2027-06-07") == date(2027, 6, 7)
    assert _named(line, "2027-06-07") == {date(2027, 6, 7)}


def test_a_same_form_past_after_a_name_is_an_act_done_that_day() -> None:
    # "quit" after a name is the past (the present would be "quits"); the later day is a mention
    line = "- Arjun Mehta quit the choir: last rehearsal is Saturday, he's moving to Leeds."
    assert _day(line, "2027-06-07") == date(2027, 6, 7)
    assert date(2027, 6, 12) in _named(line, "2027-06-07")


def test_a_capitalised_word_after_to_is_a_place_not_a_plan() -> None:
    # "to Heathrow" is no infinitive: the first sentence reports the day written
    line = "- Courier run 06:30–07:15, parcels to Heathrow late. Review on Friday, Sam leads it."
    assert _day(line, "2027-06-07") == date(2027, 6, 7)
    assert date(2027, 6, 11) in _named(line, "2027-06-07")
