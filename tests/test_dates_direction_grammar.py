"""Issue 29, dates (held_out_6's causes): the grammar of direction and which phrase gives a line its day,
on sentences of our own (none is a labelled note's)."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates


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


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a quarter named as a meeting's attribute is no day of the line: the meeting's own day is
        ("- Sara needs the churn numbers before the Q3 kickoff on 14/6.", "2027-06-07", "2027-06-14"),
        ("- heads-up: Q4 review is tomorrow, bring the budget.", "2027-06-07", "2027-06-08"),
        ("- Q3 planning done. Two hires approved.", "2027-06-07", "2027-06-07"),
        # a day with a time of day is an appointment: the line's day after a report, over a label's holiday
        (
            "- Pip coughing at night. Vet check Thursday 16:30 at the clinic.",
            "2027-06-07",
            "2027-06-10",
        ),
        ("- Christmas: ferry from Harwich on 23/12 at 8:05.", "2027-12-10", "2027-12-23"),
        # the day said right after an act done comes before a deadline's
        ("- Tax return: due 31/7, filed 2/7.", "2027-07-20", "2027-07-02"),
        # a clause that is only the day an act takes effect
        ("- Olu signed Bea for Sundays at the bakery, starting 20/6.", "2027-06-07", "2027-06-20"),
        # "now" in an earlier clause: the line reports the day written, the later day is a mention
        ("- Chen is our release manager now; Ana moved to payments last Monday.", "2027-06-09", "2027-06-09"),
    ],
)
def test_which_phrase_gives_the_line_its_day(line: str, written: str, meant: str) -> None:
    assert _day(line, written, order="dmy") == date.fromisoformat(meant)
    # the other days stay mentions, found by a search by date
    if "Q4" in line:
        assert date(2027, 10, 1) in _named(line, written)
    if "last Monday" in line:
        assert date(2027, 6, 7) in _named(line, written)


def test_a_yearless_day_lies_near_the_other_day_of_its_line() -> None:
    # an undated page read from a full date above: "sent" points back, but beside "due 28/2" it is that Feb
    text = "# Grant\n\n- Applied: 2026-10-30.\n- Interim report: due 28/2, sent 19/2.\n"
    assert line_dates(text, None, order="dmy")[3] == date(2027, 2, 19)


def test_a_span_of_named_days_is_the_lines_event_beside_an_act() -> None:
    # the act (deciding, cancelling) is about the stay: the span is what the line tells
    line = "- Talked it over with Ines. Dropped the Porto hotel (refund due). Seville it is, 14/7 to 17/7."
    day = _day(line, "2027-06-07", order="dmy")
    assert day == date(2027, 7, 14)
