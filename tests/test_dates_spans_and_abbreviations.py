"""Issue 29, dates (round 10): causes of the misses on the blind date corpus's tuning worlds, in the
grammar: ranges read as one span, a verb's tense no longer sending a year-less day a year away, the
abbreviations of terse notes (EOD, eow, tmrw, H2, KW 8), a misspelt weekday, a time after a weekday.
Phrases written for these tests, not from the corpus or the labelled sets."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates


def _read(line: str, written: str, workspace: str | None = None) -> list[tuple[str, str, str]]:
    """Each phrase read: its text, its first and its last day."""
    return [
        (line[n.start : n.end], n.days[0].isoformat(), n.days[-1].isoformat())
        for n in note_dates(line, date.fromisoformat(written), False, None, workspace)
    ]


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "workspace", "first", "last"),
    [
        ("- Booth needs two people 9/22–9/26", "2027-09-01", "mdy", "2027-09-22", "2027-09-26"),
        ("Auditors on site 3/5 to 7/5", "2027-04-20", "dmy", "2027-05-03", "2027-05-07"),
        ("Loft conversion 11-14/6, skip arrives first", "2027-06-01", "dmy", "2027-06-11", "2027-06-14"),
        ("Cottage booked 7th-12th Aug", "2027-07-01", None, "2027-08-07", "2027-08-12"),
        ("Cottage booked Aug 7-12", "2027-07-01", None, "2027-08-07", "2027-08-12"),
        ("office shut from Tues 28th until Mon 3rd Jan", "2027-12-20", None, "2027-12-28", "2028-01-03"),
        ("Grant covers Apr–Jun salaries", "2027-03-15", None, "2027-04-01", "2027-06-30"),
        ("Jo is off next Mon–Wed", "2027-03-17", None, "2027-03-22", "2027-03-24"),
        ("Freeze 14.06.–18.06. while the auditors are in", "2027-06-01", None, "2027-06-14", "2027-06-18"),
    ],
)
def test_a_range_is_one_span_from_its_first_day_to_its_last(
    line: str, written: str, workspace: str | None, first: str, last: str
) -> None:
    spans = [(a, b) for _, a, b in _read(line, written, workspace)]
    assert spans == [(first, last)]


def test_two_weekdays_joined_are_a_range_unless_one_was_moved_to_the_other() -> None:
    """ "off from Tue to Thu" is three days; "moved from Tue to Thu" names the day moved from and the new
    day; "Mon-Fri" with no week named is a timetable."""
    assert [(a, b) for _, a, b in _read("Dentist off from Tue to Thu", "2027-03-15")] == [
        ("2027-03-16", "2027-03-18")
    ]
    assert [(a, b) for _, a, b in _read("Dentist moved from Tue to Thu", "2027-03-15")] == [
        ("2027-03-16", "2027-03-16"),
        ("2027-03-18", "2027-03-18"),
    ]
    assert _read("Shop open Mon-Fri, closed at weekends", "2027-03-15") == []


@pytest.mark.parametrize(
    ("line", "written", "day"),
    [
        # the tense of a verb off the phrase says when the act was done, not which year the day lies in
        ("The Christmas Eve rota got cancelled", "2027-12-20", "2027-12-24"),
        ("- Book club (was 30/11) now on the 7th", "2027-11-22", "2027-11-30"),
        ("The Boxing Day match got cancelled", "2027-12-20", "2027-12-26"),
    ],
)
def test_a_day_without_its_year_stays_near_when_only_a_verb_points_away(
    line: str, written: str, day: str
) -> None:
    assert day in [a for _, a, _ in _read(line, written, "dmy")]


def test_a_past_verb_right_before_the_day_still_points_back() -> None:
    """ "posted 1/12" written on 25 November: the act was done that day, so last year's; "was 30/11" only
    states the day, which stays near."""
    assert [a for _, a, _ in _read("Parcel posted 1/12, lost since", "2027-11-25", "dmy")] == ["2026-12-01"]
    assert [a for _, a, _ in _read("Parcel was 1/12, lost since", "2027-11-25", "dmy")] == ["2027-12-01"]


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        ("eod: send the rota", "2027-03-17", "2027-03-17", "2027-03-17"),
        ("Draft to Sam eow", "2027-03-17", "2027-03-19", "2027-03-19"),
        ("Invoices out EOM", "2027-03-17", "2027-03-31", "2027-03-31"),
        ("call the bank tmrw", "2027-03-17", "2027-03-18", "2027-03-18"),
        ("Two new hires in H2", "2027-03-17", "2027-07-01", "2027-12-31"),
        ("Roll out the new runners in KW 14", "2027-03-17", "2027-04-05", "2027-04-11"),
        ("ring the plumber on wednsday", "2027-03-15", "2027-03-17", "2027-03-17"),
        ("pay the deposit by the 10th of next month", "2027-03-17", "2027-04-10", "2027-04-10"),
        ("Parents' evening moved to Tue 6:30pm", "2027-03-17", "2027-03-23", "2027-03-23"),
        ("MOT passed on 03-02-2027", "2027-03-17", "2027-02-03", "2027-02-03"),
        ("Lease signed 2/14/27", "2027-03-17", "2027-02-14", "2027-02-14"),
        ("Quotes back in 3-4 days", "2027-03-17", "2027-03-20", "2027-03-21"),
        ("Review the rota over the next fortnight", "2027-03-17", "2027-03-18", "2027-03-31"),
    ],
)
def test_terse_notes_abbreviations_typos_and_forms(line: str, written: str, first: str, last: str) -> None:
    assert [(a, b) for _, a, b in _read(line, written)] == [(first, last)]


def test_a_weekday_typo_needs_to_be_one_slip_from_a_weekday() -> None:
    assert _read("a holiday at midday someday", "2027-03-15") == []
    assert _read("see you saterday", "2027-03-15") == [("saterday", "2027-03-20", "2027-03-20")]


def test_a_usual_duration_is_no_day() -> None:
    assert _read("The council usually replies in 6 weeks", "2027-03-17") == []
    assert _read("The council replies in 6 weeks", "2027-03-17") == [
        ("in 6 weeks", "2027-04-28", "2027-04-28")
    ]


def test_an_ordinal_after_another_day_keeps_that_days_month() -> None:
    """ "on the 4th; ... on 25th" written on the 12th: the 25th of the 4th's month, not the month before."""
    assert [a for _, a, _ in _read("Scan went fine on the 4th; results on 25th", "2027-05-12")] == [
        "2027-05-04",
        "2027-05-25",
    ]


def test_a_quarter_two_away_either_way_is_the_nearer() -> None:
    """ "Q1" in July: last Q1 ended three months ago, the next starts in six."""
    assert _read("Sales up from Q1", "2027-07-01")[0][1:] == ("2027-01-01", "2027-03-31")


def test_an_abbreviation_alone_dates_the_line() -> None:
    """The cheap test before the grammar lets "eow", "tmrw" and "KW 14" through."""
    written = date(2027, 3, 17)
    assert _day("eow: tidy the backlog", "2027-03-17") == written + timedelta(days=2)
    assert _day("dentist tmrw", "2027-03-17") == written + timedelta(days=1)
    assert _day("Migrate in KW 14", "2027-03-17") == date(2027, 4, 5)
