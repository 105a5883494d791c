"""Session 28, dates (h-dates42): a year ending its clause right after a past verb, "due" or a word of a
guess ("greenhouse glazed 2014.", "Planted: 2019", "licence due 2031") is that whole year, the day a fact
page's line is about; after any other word, or a verb that takes an amount, it is no year ("room 2019",
"paid 2000."); a bare day of the month said as a return after another day ("away on the 30th, home on the
3rd") lies after it, in the next month; "now instead" after a day offers it in place of another; "over
Christmas" is Christmas Eve to Boxing Day; a month ending a bracket after a comma ("(Rui Lopes, Nov)") is
that month. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-14 is a Wednesday.
_WRITTEN = date(2031, 5, 14)


def _spans(line: str, written: date | None = _WRITTEN) -> list[tuple[date, date]]:
    return [(n.days[0], n.days[-1]) for n in note_dates(line, written, False, None, "dmy")]


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- Greenhouse glazed 2014.", 2014),
        ("- Planted: 2019", 2019),
        ("- Wood burner: Morsø, swept 2027, liner checked", 2027),
        ("- Caravan licence due 2033", 2033),
        ("- New fence for the paddock? perhaps 2034", 2034),
    ],
)
def test_a_year_after_a_past_verb_or_due_is_that_whole_year(line: str, year: int) -> None:
    assert _spans(line) == [(date(year, 1, 1), date(year, 12, 31))]
    assert _spans(line, None) == [(date(year, 1, 1), date(year, 12, 31))]  # an undated page too


@pytest.mark.parametrize(
    "line",
    [
        "- Meeting room 2019, second floor",
        "- Paid 2000.",  # an amount
        "- Raised 2031!",
        "- Firmware 2019.4 installed",  # a version
        "- The Harbour Road flat, 2011",  # no verb before it
    ],
)
def test_a_number_after_no_past_verb_or_an_amount_verb_is_no_year(line: str) -> None:
    assert _spans(line) == []


def test_a_fact_page_line_is_about_the_year_its_act_was_done() -> None:
    page = "# Allotment shed\n\n- Built: 2016\n- Roof felted 2024\n- Water butt: green, 200 l\n"
    days = line_dates(page, None, _WRITTEN, "dmy")
    assert days[2] == date(2016, 1, 1)
    assert days[3] == date(2024, 1, 1)
    assert days[4] is None


@pytest.mark.parametrize(
    ("line", "written", "days"),
    [
        # a return after the other day, in the month after it
        (
            "- We fly out on the 30th, home on the 3rd.",
            date(2031, 5, 27),
            [date(2031, 5, 30), date(2031, 6, 3)],
        ),
        (
            "- Cabin booked from the 29th, back by the 1st",
            date(2031, 12, 20),
            [date(2031, 12, 29), date(2032, 1, 1)],
        ),
        # a later day of the same month stays in it; an earlier one with no word of a return too
        ("- Away on the 12th, back on the 19th", date(2031, 5, 2), [date(2031, 5, 12), date(2031, 5, 19)]),
        (
            "- Moved to 21 June: the hall is taken on the 20th",
            date(2031, 5, 2),
            [date(2031, 6, 21), date(2031, 6, 20)],
        ),
    ],
)
def test_a_return_day_after_another_lies_after_it(line: str, written: date, days: list[date]) -> None:
    assert [n.days[0] for n in note_dates(line, written, False, None, "dmy")] == days


def test_a_day_offered_now_instead_is_the_line_day() -> None:
    for said in (
        "- Dad's flight got changed, he's landing on the 17th now instead (strike). Meant to be yesterday",
        "- the plumber rang, he's coming the 17th now instead",
    ):
        assert line_dates(f"# Tue 6 May\n\n{said}\n", "2031-05-06", None, "dmy")[2] == date(2031, 5, 17)


def test_over_christmas_is_christmas_eve_to_boxing_day() -> None:
    assert _spans("- Shop shut over Christmas, Ines covering", date(2031, 12, 2)) == [
        (date(2031, 12, 24), date(2031, 12, 26))
    ]
    assert _spans("- Gloves for Christmas", date(2031, 12, 2)) == [(date(2031, 12, 25), date(2031, 12, 25))]


@pytest.mark.parametrize(
    ("line", "month"),
    [
        ("- [x] Chimney swept (Rui Lopes, Nov)", (2030, 11)),
        ("- Boiler service - done (Heatwise, Sept.)", (2030, 9)),
    ],
)
def test_a_month_ending_a_bracket_after_a_comma_is_that_month(line: str, month: tuple[int, int]) -> None:
    assert [(n.days[0].year, n.days[0].month, len(n.days)) for n in note_dates(line, date(2031, 1, 20))] == [
        (*month, 30)
    ]


@pytest.mark.parametrize("line", ["- Dinner for two (Ana, May)", "- Cover for the shop (Tom, June)"])
def test_a_month_that_is_also_a_given_name_after_a_comma_is_no_date(line: str) -> None:
    assert note_dates(line, date(2031, 1, 20)) == []
