"""Issue 29, dates (round 5): more of the grammar of a note's dates, and which day a line is about when
it reports an act done and names a later day. Phrases written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


def _page_day(text: str, line: int) -> date | None:
    return line_dates(text, None)[line]


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        # "the week after" ending its clause: the week after this one (2027-03-03 is a Wednesday)
        ("- Plastering first, painting the week after.", "2027-03-03", "2027-03-08", "2027-03-14"),
        # a month after "for" or "to" points forward; "until" too, into next year
        ("- Priya books the hall for May.", "2027-03-10", "2027-05-01", "2027-05-31"),
        ("- Decision: the audit slipped to September.", "2027-06-01", "2027-09-01", "2027-09-30"),
        ("- Greg is on paternity leave until February.", "2027-06-01", "2028-02-01", "2028-02-29"),
        # a participle after "is" is a state, not a past act: the coming August
        (
            "- The landlord is gone in August; keys with the neighbour.",
            "2027-07-20",
            "2027-08-01",
            "2027-08-31",
        ),
    ],
)
def test_a_span_phrase_dates_the_line_inside_it(line: str, written: str, first: str, last: str) -> None:
    day = _day(line, written)
    assert day is not None and date.fromisoformat(first) <= day <= date.fromisoformat(last)


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        # the Monday-to-Sunday week holding the day (12 April 2027 is a Monday; 15 April a Thursday)
        ("- Scaffolders booked for the week of 12 April.", "2027-03-01", "2027-04-12", "2027-04-18"),
        ("- Auditors in w/c 15 April", "2027-03-01", "2027-04-12", "2027-04-18"),
        ("- Exams start the week commencing the 22nd", "2027-03-01", "2027-03-22", "2027-03-28"),
    ],
)
def test_the_week_of_a_day_names_every_day_of_that_week(
    line: str, written: str, first: str, last: str
) -> None:
    start = date.fromisoformat(first)
    week = {start + timedelta(days=k) for k in range(7)}
    assert date.fromisoformat(last) in week
    assert week <= chunk_dates(line, written)
    assert _day(line, written) == start


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a weekday with its day in brackets: the nearest Thursday the 14th
        ("- Handover is Thursday (14th), cake from the bakery.", "2027-10-04", "2027-10-14"),
        # a holiday used as an attribute names a period, not its day: the day after it is the line's
        ("- Christmas shutdown from the 21st, back on 5 January.", "2026-12-09", "2026-12-21"),
        # a passive plan ("gets switched off") is no past act: the coming 30 June
        ("- The old print server gets switched off on 30/6.", "2027-06-09", "2027-06-30"),
        # a state then a plan after a semicolon: the plan's day
        ("- Tom has flu; missing football tomorrow.", "2027-02-05", "2027-02-06"),
        # "is retiring" is a plan, not a state reported: the next sentence's month is the line's
        ("- Mr Okoye is retiring soon. From next month the choir goes to Ruth.", "2027-02-16", "2027-03-01"),
        # a capitalised word in -ed inside a sentence is a title, not a past act
        ("- Reading group: The Unconsoled, her choice; we meet on the 12th.", "2027-04-02", "2027-04-12"),
    ],
)
def test_the_day_the_writer_meant(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written", "later"),
    [
        ("- Paid the deposit, they'll deliver the sofa on the 19th.", "2027-05-03", "2027-05-19"),
        (
            "- Mum phoned: the clinic moved her op, so she can't come until the 28th.",
            "2027-05-03",
            "2027-05-28",
        ),
        ("- Bought the train tickets for October.", "2027-05-03", "2027-10-01"),
        ("- Posted the forms to the council, reply due in three weeks.", "2027-05-03", "2027-05-24"),
        (
            "[14:02] sam: boiler noise. called the landlord, they'll send someone tomorrow",
            "2027-05-03",
            "2027-05-04",
        ),
    ],
)
def test_an_act_done_keeps_the_written_day_and_the_later_day_is_a_mention(
    line: str, written: str, later: str
) -> None:
    assert _day(line, written) == date.fromisoformat(written)
    assert date.fromisoformat(later) in chunk_dates(line, written)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Bin collection cancelled this Fri, bank holiday.", "2027-05-07"),  # the verb's own day
        ("- Asked Tom to send the slides by Monday.", "2027-05-10"),  # the day of the plan after "to"
        ("- Quote from the roofer, work pencilled in for 24 May.", "2027-05-24"),
        ("- Bea applied to the arts council, decision in June.", "2027-06-01"),  # a clause with no plan word
    ],
)
def test_a_later_day_tied_to_its_verb_stays_the_lines_day(line: str, meant: str) -> None:
    """Guards (these held before): the rule for an act done beside a later day must not take them."""
    assert _day(line, "2027-05-05") == date.fromisoformat(meant)  # a Wednesday


def test_a_weekday_used_as_an_attribute_names_no_day() -> None:
    assert _day("- Joined the new Monday rota with Dee.", "2027-05-05") == date(2027, 5, 5)


def test_an_undated_page_reads_a_part_of_a_month_with_its_year() -> None:
    assert _page_day("# Visa\n\n- Expires at the end of June 2027.\n", 2) == date(2027, 6, 30)


def test_an_undated_page_reads_a_day_without_its_year_from_a_holiday_with_one_above() -> None:
    text = (
        "# Porto, Christmas 2026\n\n- Stayed with Lu's aunt.\n- Drove down on the 20th, home on 2 January.\n"
    )
    assert _page_day(text, 3) is not None
    assert date(2027, 1, 2) in chunk_dates(text, None)
    assert date(2026, 12, 25) - timedelta(days=5) in chunk_dates(text, None)
