"""Issue 29, dates (held_out_7's misses): the grammar of the sentence around a date — a numeric day in
"the week of", a preposition that ties a day to its verb, a topic after "about", a habit, a line whose
day written is unknown. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "order", "monday"),
    [
        # day first on a day-first page (15/3 shows the order); 8/3/2027 is a Monday
        ("- Sprint review the week of 8/3, venue 15/3 TBC", "2027-02-01", None, "2027-03-08"),
        ("- Auditors on site w/c 8/3.", "2027-02-01", "dmy", "2027-03-08"),
        # month first in a month-first workspace, with its year
        ("- Scaffolding goes up the week of 3/10/2027.", "2027-02-01", "mdy", "2027-03-08"),
    ],
)
def test_the_week_of_a_numeric_day(line: str, written: str, order: str | None, monday: str) -> None:
    start = date.fromisoformat(monday)
    week = {start + timedelta(days=k) for k in range(7)}
    assert week <= chunk_dates(line, written, order=order)
    assert line_dates(f"# {written}\n\n{line}\n", written, order=order)[2] == start


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a verb and the day it takes effect, with only "after" / "before" between: the verb's own day
        ("- Old intranet retired after 30/6, no exceptions.", "2027-05-10", "2027-06-30"),
        ("- Gym membership cancelled before 1/4, so no April fee.", "2027-03-10", "2027-04-01"),
    ],
)
def test_a_day_tied_to_its_verb_by_after_or_before(line: str, written: str, meant: str) -> None:
    assert line_dates(f"# {written}\n\n{line}\n", written, order="dmy")[2] == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a noun phrase joined by "and" shares the past verb before it: the weekday lies back
        ("- Viewed the flat on Elm Road and the house in Kew on Sunday.", "2027-04-14", "2027-04-11"),
        ("- Returned the drill and a ladder to Ola on Monday.", "2027-04-14", "2027-04-12"),
        # a plan stays ahead, and a clause with a verb of its own keeps its own reading
        ("- Will paint the fence and the shed on Saturday.", "2027-04-14", "2027-04-17"),
        ("- Fixed the sink and the team meets on Friday.", "2027-04-14", "2027-04-16"),
    ],
)
def test_a_joined_noun_phrase_shares_the_verb_before_it(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written", "topic"),
    [
        # a day after "about" / "regarding" is what the line talks of: the line is the day written, and
        # the day it names stays with it as a mention
        ("Long call with Mum about Halloween.", "2027-10-05", "2027-10-31"),
        ("- Emailed the landlord regarding next month, no reply.", "2027-10-05", "2027-11-01"),
    ],
)
def test_a_day_talked_about_is_a_mention(line: str, written: str, topic: str) -> None:
    assert _day(line, written) == date.fromisoformat(written)
    assert date.fromisoformat(topic) in chunk_dates(line, written)


def test_a_day_guessed_with_about_stays_the_lines() -> None:
    assert _day("- Dentist moved to about 20 October.", "2027-10-05") == date(2027, 10, 20)


@pytest.mark.parametrize(
    "line",
    [
        # weekdays joined by "+" before a plural part of the day: a timetable
        "- Marta swims Tue + Fri mornings at the lido.",
        # a weekday before a plural noun of what is done that day: a habit
        "- Grandpa is happiest on the allotment (Sunday visits with the kids).",
        "- The twins are inseparable, Saturday sleepovers.",
    ],
)
def test_a_habit_names_no_day(line: str) -> None:
    assert _day(line, "2027-05-05") == date(2027, 5, 5)
    assert chunk_dates(line, "2027-05-05") == {date(2027, 5, 5)}


def test_a_weekday_that_suits_is_still_a_day() -> None:
    assert _day("- Jonas: Friday suits him for the handover.", "2027-05-05") == date(2027, 5, 7)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # "cost", "cut" after "the <Name>" and before a noun are part of the noun, no past act: the
        # deadline is the line's day
        ("- Priya needs the Azure cost report by the 14th.", "2027-06-14"),
        ("- Leo wants the Figma cut list before Friday.", "2027-06-04"),
    ],
)
def test_a_verb_shaped_noun_is_no_act(line: str, meant: str) -> None:
    assert _day(line, "2027-06-02") == date.fromisoformat(meant)


def test_a_full_date_dates_a_line_whose_day_written_is_unknown() -> None:
    # an undated page: the line reports an act, then names a full date; with no day written to fall back
    # on, that date is the line's (a day without its year stays unread, as before)
    text = (
        "# Flat lease\n\nAgent: Hana · Signed 12/2/2026\n\n"
        "- Deposit was returned in full; the lease runs out 30/9/2027.\n"
        "- Heating was fixed. Boiler service due 14 March.\n"
    )
    days = line_dates(text, None)
    assert days[4] == date(2027, 9, 30)
    assert days[5] is None


@pytest.mark.parametrize(
    "line",
    [
        # "now" in the clause before an aside in brackets: the line reports the state on the day written
        "- Payroll now done by Ines (Carl retired on Friday).",
        "- The keys are now with the caretaker (the old one quit on Monday).",
    ],
)
def test_now_before_an_aside_is_the_day_written(line: str) -> None:
    assert _day(line, "2027-09-15") == date(2027, 9, 15)


@pytest.mark.parametrize(
    ("line", "mentioned"),
    [
        # a day inside a condition after the line's own clause: the line reports the day written
        ("- Rex is off his food; if no better by Thursday, back to the vet.", "2027-08-05"),
        ("- Boiler making noises again, and if still at it on Friday I call the plumber.", "2027-08-06"),
    ],
)
def test_a_day_in_a_condition_is_a_mention(line: str, mentioned: str) -> None:
    assert _day(line, "2027-08-02") == date(2027, 8, 2)
    assert date.fromisoformat(mentioned) in chunk_dates(line, "2027-08-02")


def test_a_line_that_opens_with_its_condition_keeps_the_day() -> None:
    assert _day("- If it rains on Saturday, the picnic moves indoors.", "2027-08-02") == date(2027, 8, 7)


def test_a_deadline_on_a_page_headed_by_its_event_lies_before_it() -> None:
    # an undated page read from the date its heading names: a year-less "by 15/11" is the November
    # before that Christmas, not the one after it
    text = (
        "# Christmas 2027 in Porto\n\nFlights: out 20/12, home 2/1.\n\n"
        "- [ ] renew the ID cards (by 15/11!)\n- [ ] book the dog sitter before 1/12\n"
    )
    days = line_dates(text, None, order="dmy")
    assert days[2] == date(2027, 12, 20)
    assert days[4:] == [date(2027, 11, 15), date(2027, 12, 1)]
