"""Session 18, dates (held_out_10/11's misses): an arrangement said in the present beside what a daily log
reports ("sold the bike; she collects it on the 20th"), and a return ("back Tuesday") beside a state, are
plans: the line is about the day written. On a page with no day of writing the arrangement keeps its day.
Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, order="dmy")[2]


@pytest.mark.parametrize(
    "line",
    [
        # an act reported, then an arrangement in the present in a clause of its own
        "- cancelled the gym membership (two weeks notice), Rosa coaches me at home from Monday",
        "- Nadia rented her flat in Ghent to a cousin, 700 a month, moves out on the 24th",
        # a report in the present, then a sentence with its own subject arranging what comes
        "- Tomasz hands the grant paperwork over to Ines; she runs the budget from next Monday",
        # a state reported, then only a return and its day
        "- Oskar off with flu, back Thursday hopefully",
        # a name and a state reported with no verb, then only an event's noun and its day: a plan
        "- Bramble off her food again, vet Thursday",
        "- Gran back home from hospital, physio on the 20th",
        # a term renewed up to a day: the renewal is the line's, the term's new end a mention
        "- Amara's lease extended to the end of September (same rent)",
        "- Work visa renewed until 30 June 2029, finally",
        # an act reported, then only an event's noun and its day: what comes of the act
        "- The Harbour Trust rang Dimitri: he's through to the last round, interview on 19/5.",
    ],
)
def test_an_arrangement_beside_a_report_is_a_plan(line: str) -> None:
    assert _day(line, "2027-05-12") == date(2027, 5, 12)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a plan in the first sentence: the handover is what the line is about
        ("- Greta is retiring as chair (her knees); Pavel takes over from 1 June.", "2027-06-01"),
        # a wish sets a task, whose day is the line's
        ("- Ruth phoned: the tiles are in stock, she wants a decision by Friday.", "2027-05-14"),
        # a verb opening the line is no name in a state: the trip's step keeps its day
        ("- Heading up to the lakes for Whitsun, train on 22 May.", "2027-05-22"),
        # an act, then a noun and a day after "in": the day is what the line reports
        ("- The club applied to the sports council, decision in June.", "2027-06-01"),
        # a deadline extended moves the day: the new one is the line's
        ("- The grant deadline was extended to 28 May.", "2027-05-28"),
        # a plural noun is no verb of an arrangement: the task's deadline stays the line's day
        ("- Payroll: May timesheets approved, payslips out by the 14th", "2027-05-14"),
        # a return after an act of travel is the trip's own day
        ("- Drove up to Inverness, back on the 16th.", "2027-05-16"),
    ],
)
def test_a_plan_a_task_or_a_trip_keeps_its_day(line: str, meant: str) -> None:
    assert _day(line, "2027-05-12") == date.fromisoformat(meant)


def test_on_an_undated_page_the_arrangement_is_the_lines_day() -> None:
    page = "# Moving to Porto\n\n- [ ] nursery for Lia: Os Pinguins said yes, she starts 6/9.\n"
    assert line_dates(page, None, "2027-05-12", "dmy")[2] == date(2027, 9, 6)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a first sentence that announces the day or the event the next one gives
        ("- Milo: driving test date! The DVSA gave him 23/6, a Wednesday, 10:40.", "2027-06-23"),
        ("Priya: the Leeds show is on! 21/6 at the Brudenell.", "2027-06-21"),
        ("- Ferry booked! We sail on the 20th.", "2027-05-20"),
    ],
)
def test_a_sentence_announcing_a_day_gives_the_next_ones_day(line: str, meant: str) -> None:
    assert _day(line, "2027-05-12") == date.fromisoformat(meant)


@pytest.mark.parametrize(
    "line",
    [
        # a report or a state in a sentence of its own: a later day is a plan beside it
        "- Fern has a cold. Swimming on Friday if she's better.",
        "- Back from the dentist. Filling on the 20th.",
    ],
)
def test_a_report_before_a_day_keeps_the_day_written(line: str) -> None:
    assert _day(line, "2027-05-12") == date(2027, 5, 12)
