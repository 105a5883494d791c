"""Session 21, dates: a year a state held until ("kept the forge till 2012") is that whole year, as one
held since is; a time of day after "until" stays no year; an event named by its month with no cue of
direction ("after the January appeal") is the near one; on a page with no date of its own a bare "the
20th" after a day named earlier in its sentence is read near that day. Phrases and worlds written for
these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.undated_reading import heading_month

#: 2029-04-20 is a Friday.
_WRITTEN = date(2029, 4, 20)


def _days(line: str, written: date | None = _WRITTEN) -> list[tuple[date, date]]:
    return [(n.days[0], n.days[-1]) for n in note_dates(line, written, False, None, "dmy")]


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- Grandpa Ewald kept the forge in Tolsta till 2012, then sold the anvils.", 2012),
        ("- She sang with the harbour choir until 1998.", 1998),
        ("- The ferry ran twice daily til 2004; now it's weekends only.", 2004),
    ],
)
def test_a_year_held_until_is_that_whole_year(line: str, year: int) -> None:
    assert _days(line) == [(date(year, 1, 1), date(year, 12, 31))]
    assert _days(line, None) == [(date(year, 1, 1), date(year, 12, 31))]  # an undated page too


@pytest.mark.parametrize(
    "line", ["- Bar stays open until 2030 tonight for the quiz", "- Gates locked till 2000 hrs"]
)
def test_a_time_of_day_after_until_is_no_year(line: str) -> None:
    assert all(first.year == _WRITTEN.year for first, _ in _days(line))


@pytest.mark.parametrize(
    ("line", "written", "month"),
    [
        ("- Float 9,750 after the January jumble sale.", date(2029, 2, 12), date(2029, 1, 1)),
        ("- Minutes from the November committee meeting", date(2029, 2, 12), date(2028, 11, 1)),
        ("- Tickets for the June regatta", date(2029, 2, 12), date(2029, 6, 1)),  # ahead, not near behind
        ("- We'll pay after the March audit", date(2029, 2, 12), date(2029, 3, 1)),
        ("- Raised 300 at the December fair", date(2029, 2, 12), date(2028, 12, 1)),
    ],
)
def test_an_event_named_by_its_month_without_a_cue_is_the_near_one(
    line: str, written: date, month: date
) -> None:
    assert [first for first, _ in _days(line, written)] == [month]


_REF = date(2029, 4, 20)  # an undated page is read from its workspace's newest log


@pytest.mark.parametrize(
    ("line", "days"),
    [
        (
            "- Thu 8 Mar: quiz night at the Crown, pushed back from the 1st",
            {date(2029, 3, 8), date(2029, 3, 1)},
        ),
        ("- 14 June: gala, warm-up on the 13th", {date(2029, 6, 14), date(2029, 6, 13)}),
        ("- 14 June: gala. Trials on the 2nd", {date(2029, 6, 14)}),  # another sentence: a slot, unread
        ("- Trials on the 2nd", set()),
    ],
)
def test_a_bare_day_of_the_month_after_a_day_named_in_its_sentence_on_an_undated_page(
    line: str, days: set[date]
) -> None:
    assert chunk_dates(line, None, reference=_REF, order="dmy") == days


#: 2029-04-06 is a Friday: the Wednesday gone is 4 April, the coming one 11 April.
_FRIDAY = date(2029, 4, 6)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Pemberton Ltd shut for good on Wednesday, a note on the shutters.", date(2029, 4, 4)),
        ("- The laundrette shut on Wednesday after the flood", date(2029, 4, 4)),
        ("- Benedikt quit the band on Wednesday.", date(2029, 4, 4)),
        ("- Marguerite put the deposit down on Wednesday", date(2029, 4, 4)),
        ("- We shut on Wednesday for the stocktake", date(2029, 4, 11)),  # a plan
        ("- Garden centres shut on Wednesday", date(2029, 4, 11)),  # a plural: the present
        ("- Shut the coop on Wednesday", date(2029, 4, 11)),  # an instruction
    ],
)
def test_a_past_the_same_as_its_present_after_a_singular_subject_is_the_day_gone(
    line: str, day: date
) -> None:
    assert [first for first, _ in _days(line, _FRIDAY)] == [day]


_MINUTES = """# Bowls club committee — October

## Actions
- Ines: renew the green-keeping contract by end of month
- Kit: order the new mats, fitter comes on the 27th
- Pavilion keys with Dorcas on Friday

# Jumble sale
- Quiz questions from the 3rd
"""


def test_a_heading_naming_a_month_dates_its_lines_counting_within_a_month() -> None:
    days = line_dates(_MINUTES, None, "2029-12-03")
    assert days[3] == date(2029, 10, 31)  # "by end of month": October's, the October gone by the guess
    assert days[4] == date(2029, 10, 27)
    assert days[5] is None  # a weekday counts from the writing, still unknown
    assert days[8] is None  # the heading in force names no month
    assert line_dates(_MINUTES.replace("# Jumble sale", "## Greens"), None, "2029-12-03")[8] == date(
        2029, 10, 3
    )


def test_a_chunk_under_a_heading_naming_a_month_is_found_on_its_days() -> None:
    text = "- Ines: renew the green-keeping contract by end of month\n- Kit: fitter comes on the 27th"
    heading = "Bowls club committee — October > Actions"
    assert chunk_dates(text, None, heading, "2029-12-03", "dmy") == {date(2029, 10, 31), date(2029, 10, 27)}
    assert chunk_dates(text, None, "Bowls club committee > Actions", "2029-12-03", "dmy") == set()


@pytest.mark.parametrize(
    ("heading", "month"),
    [
        ("# Orders — March", 3),
        ("## Parish council, September", 9),
        ("# May and June", None),
        ("# 12 May", None),
    ],
)
def test_the_month_a_heading_names_alone(heading: str, month: int | None) -> None:
    assert heading_month(heading) == month


_POINTERS = """# Greenhouse project

- The seed-tray count is in the 2029-02-11 log.
- Supplier emails: see 2029-02-14.md
- Glazing fitted on 2029-02-20, photos in the folder
- 2029-02-22 notes: vents stick when cold
"""


@pytest.mark.parametrize("written", [None, "2029-03-01"])
def test_a_date_naming_another_note_is_not_the_lines_day(written: str | None) -> None:
    days = line_dates(_POINTERS, written, "2029-03-01" if written is None else None)
    assert days[2] == (None if written is None else date(2029, 3, 1))  # a log pointed to
    assert days[3] == (None if written is None else date(2029, 3, 1))
    assert days[4] == date(2029, 2, 20)
    assert days[5] == date(2029, 2, 22)  # a date opening the line labels it


_WEEK = """# 2029-04-11

- Invoicing is in the new app now: Odile did the whole of last week's batch in it.
- Fixed Friday's leak under the sink
- Saturday's match was a draw
- The shed roof lifted in Saturday's gale
"""


def test_a_days_possessive_as_the_object_of_a_past_act_is_not_the_lines_day() -> None:
    days = line_dates(_WEEK, "2029-04-11")
    assert days[2] == date(2029, 4, 11)  # last week's batch, done on the day written
    assert days[3] == date(2029, 4, 11)
    assert days[4] == date(2029, 4, 7)  # the subject: that Saturday's event
    assert days[5] == date(2029, 4, 7)  # after a preposition: when it happened
    assert line_dates("# 2029-04-11\n\n- Knee healed - back for Saturday's final", "2029-04-11")[2] == date(
        2029, 4, 14
    )


@pytest.mark.parametrize(
    ("line", "month"),
    [
        ("- The Dune box set (bought October, half watched)", date(2028, 10, 1)),  # a past verb: gone
        ("- Kasimir is dropping the spring exam, sitting September instead", date(2029, 9, 1)),  # ahead
        ("- Missed December entirely with the flu", date(2028, 12, 1)),
    ],
)
def test_a_month_right_after_a_verb_is_that_month(line: str, month: date) -> None:
    assert [first for first, _ in _days(line)] == [month]


@pytest.mark.parametrize(
    "line",
    [
        "- Watched Hunt for Red October again",  # no verb before the month
        "- Sent June the invoices",  # a given name
        "- Mended July's broken fence",  # a possessive: whose, not when
    ],
)
def test_a_month_after_no_verb_or_a_name_is_not_read(line: str) -> None:
    assert _days(line) == []


_BOOKS = """# 2029-04-18

- Rohan: the new till is in, stock counts done. February reconciled.
- Payroll: January closed late
- September plans are still open
"""


def test_a_month_as_the_subject_of_a_past_participle_is_a_mention_of_the_month_gone() -> None:
    assert _days(
        "- Rohan: the new till is in, stock counts done. February reconciled.", date(2029, 4, 18)
    ) == [(date(2029, 2, 1), date(2029, 2, 28))]
    days = line_dates(_BOOKS, "2029-04-18")
    assert days[2] == days[3] == date(2029, 4, 18)  # what was acted on, not the line's day
    assert chunk_dates("- Payroll: January closed late", "2029-04-18") >= {date(2029, 1, 31)}
    assert _days("- September plans are still open", date(2029, 4, 18)) == []  # no participle after it
