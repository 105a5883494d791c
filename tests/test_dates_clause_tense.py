"""Session 27 (h-dates40), dates: a bare weekday's direction from the grammar of its clause (a passive's
agent is no bound, a to-do's infinitive points ahead, what a past verb reported has its own tense, a mishap
named before a weekday is past), a period an act done right before "for" was for, and an undated page
opening with its own day. Sentences written for these tests (a bakery, a choir, a boatyard), not from the
labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates


def _day(line: str, written: str) -> date | None:
    """The single day the line's one date phrase names, read from the day it was written."""
    (found,) = note_dates(line, date.fromisoformat(written))
    (day,) = found.days
    return day


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # "by" after a participle is the passive's agent: the past verb before it gives the direction
        ("- The night shift was covered by Ilse on Saturday morning.", "2027-03-08", "2027-03-06"),  # Mon
        ("- Oven door was repaired by the fitter on Thursday.", "2027-03-08", "2027-03-04"),
        # "<someone> to <verb>": a to-do, ahead, even for a weekday's event nearer behind
        (
            "- Draft done. Femi to sing the solo at Tuesday's choir practice.",
            "2027-03-12",
            "2027-03-16",
        ),  # Fri
        # what a past verb reported ("told X that ...") is read by its own words
        ("- The harbourmaster told us that the slipway opens Thursday.", "2027-03-09", "2027-03-11"),  # Tue
        ("- Wen reminded the parents that the consent forms go back Friday.", "2027-03-10", "2027-03-12"),
        # a mishap right before a weekday struck on the one gone
        (
            "- Outage Sunday night: card reader down for an hour, 40 sales lost.",
            "2027-03-10",
            "2027-03-07",
        ),  # Wed
    ],
)
def test_weekday_direction_from_the_clause(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a plan or a bound keeps its direction
        ("- Ilse to cover the night shift on Saturday.", "2027-03-08", "2027-03-13"),
        ("- Went back to the yard on Monday.", "2027-03-10", "2027-03-08"),
        ("- The hull must be sanded by the apprentices on Monday.", "2027-03-10", "2027-03-15"),
        ("- The harbourmaster told us the slipway opened Thursday.", "2027-03-09", "2027-03-04"),
        # after a verb that reports nothing, "that" is a determiner: the verb's past stands
        ("- Fixed that leaking valve on Monday.", "2027-03-10", "2027-03-08"),
        ("- Sold that old dinghy at the jumble on Saturday.", "2027-03-10", "2027-03-06"),
    ],
)
def test_weekday_direction_kept(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


def test_a_period_an_act_done_was_for_is_the_nearest() -> None:
    days = chunk_dates("- Timesheet posted for February, 31 hours.", "2027-03-04")
    assert date(2027, 2, 1) in days and date(2028, 2, 1) not in days
    ahead = chunk_dates("- Stall booked for February.", "2027-03-04")  # a plan: the one ahead
    assert date(2028, 2, 1) in ahead


def test_an_undated_page_opening_with_its_day_dates_what_counts_from_it() -> None:
    text = (
        "# Boatyard walk-round\n\nMarch 3, 10 am, at the slip. Hemi, Ana.\n\n"
        "- Antifoul booked.\n- Next walk-round in three weeks.\n"
    )
    days = line_dates(text, None, "2027-05-20")
    assert days[2] == date(2027, 3, 3)
    assert days[5] == date(2027, 3, 24)
    # a page whose first line does not open with a day reads nothing counted from writing
    later = "# Boatyard\n\nWalk-round with Hemi, March 3.\n\n- Next walk-round in three weeks.\n"
    assert line_dates(later, None, "2027-05-20")[4] is None


def test_a_count_sent_to_a_plural_in_a_span_is_how_long_it_took() -> None:
    written = date(2027, 3, 10)
    assert note_dates("- The trial mailed 220 reminders to tenants in one week.", written) == []
    (plan,) = note_dates("- Need to send the forms to members in two weeks.", written)
    assert plan.days == (date(2027, 3, 24),)


def test_to_before_a_place_is_no_to_do() -> None:
    """ "to" before a word that is no verb ("Ferry to Bergen in March") leaves a month its nearest day."""
    (found,) = note_dates("- Ferry to Bergen in March, the whole crew.", date(2027, 4, 10))
    assert found.days[0] == date(2027, 3, 1)
