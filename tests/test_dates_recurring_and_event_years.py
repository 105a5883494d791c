"""Session 22, dates (h-dates25): days that recur name no one day ("Tuesday and Thursday games at the rec",
"every other Wednesday", "the 2nd and 4th Monday"); a year after "the" before a noun of what happens ("the
1987 storm", "the 1974 strike") names an event of that year, a mention and not the line's day, while a year
before a thing ("the 2024 edition", "the 2023 paving contract") names none. Phrases and worlds written for
these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.year_phrases import names_event

#: 2029-04-20 is a Friday.
_WRITTEN = date(2029, 4, 20)


def _days(line: str, written: date | None = _WRITTEN) -> list[tuple[date, date]]:
    return [(n.days[0], n.days[-1]) for n in note_dates(line, written, False, None, "dmy")]


@pytest.mark.parametrize(
    "line",
    [
        "- Tuesday and Thursday games at the rec, bring the blue bibs",
        "- Monday, Wednesday squash sessions.",
        "- Saturday and Sunday swims in the quarry pool",
        "- Glass recycling goes out every other Wednesday",
        "- The allotment rota swaps each alternate Sunday",
        "- Bell-ringing practice on the 2nd and 4th Monday",
        "- The flea market is on the 1st & 3rd Saturdays in the church hall",
    ],
)
def test_days_that_recur_name_no_one_day(line: str) -> None:
    assert _days(line) == []
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN


def test_weekdays_listed_before_a_report_still_name_days() -> None:
    # a plural that is the subject of a report is those days' games, not a habit
    assert _days("- Tuesday and Thursday games were rained off")
    # a day of the month before a weekday that is no rank of it stays a day
    assert _days("- Boiler service on the 4th, Monday I think")[0] == (date(2029, 5, 4), date(2029, 5, 4))


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- Aunt Bea says the 1987 storm took the slates off the chapel", 1987),
        ("- Grandpa Len was in the 1974 strike at the colliery", 1974),
        ("- Found photos of the 2011 earthquake in the loft.", 2011),
        ("- Nan watched the 1953 coronation as a girl on a neighbour's set", 1953),
        ("- in the 2000 election he stood for the parish council", 2000),
        ("- Subs are £80 for the 2030 season.", 2030),
    ],
)
def test_a_year_naming_an_event_is_a_mention(line: str, year: int) -> None:
    assert _days(line) == [(date(year, 1, 1), date(year, 12, 31))]
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # the line is about the day written
    assert date(year, 6, 1) in chunk_dates(line, _WRITTEN)  # a search by date finds the year


def test_a_year_naming_an_event_on_an_undated_page_is_no_day_of_the_line() -> None:
    text = "# Uncle Dov\n\n- the 1967 snows at the farm in Tarbert\n"
    assert line_dates(text, None, _WRITTEN)[2] is None
    assert date(1967, 2, 1) in chunk_dates(text, None, reference=_WRITTEN)


@pytest.mark.parametrize(
    "line",
    [
        "- Bought the 2024 edition of the road atlas",
        "- the 2019 vintage is drinking well now",
        "- Chased the 2023 paving contract again",
        "- Weighed the 2026 ewe lambs (31 kg average)",
        "- The 2030 target for the depot is net zero",
    ],
)
def test_a_year_before_a_thing_names_no_day(line: str) -> None:
    assert _days(line) == []


def test_names_event_reads_the_noun_heading_the_phrase() -> None:
    def check(text: str) -> bool:
        low = text.lower()
        at = low.index("19")
        return names_event(low, at, at + 4)

    assert check("the 1976 drought")
    assert check("the 1976 droughts, both of them")
    assert check("the 1976 drought when the river dried")
    assert not check("the 1976 drought committee")  # the noun is a compound's first part
    assert not check("a 1976 drought")  # only after "the"
    assert not check("the 1976 tractor")


@pytest.mark.parametrize(
    ("line", "month"),
    [
        ("- Dissertation hand-in: June.", date(2029, 6, 1)),
        ("- Boiler service: October", date(2029, 10, 1)),
        ("- Kiln firing: September, if the clay dries", date(2029, 9, 1)),
        ("- Regatta del Norte: August, date tbc", date(2029, 8, 1)),
    ],
)
def test_a_month_as_a_labels_value_is_that_month(line: str, month: date) -> None:
    assert _days(line)[0][0] == month
    assert line_dates(line, _WRITTEN)[0] == month


@pytest.mark.parametrize(
    "line",
    [
        "- Owner: June",  # a person named June
        "- Site operator: May",
        "- Crane driver: Jan Nowicki",
    ],
)
def test_a_given_name_or_an_attribute_after_a_label_is_no_month(line: str) -> None:
    assert _days(line) == []


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        (
            "- Marguerite: same fee schedule as 2027 unless the council raises rents",
            date(2027, 1, 1),
            date(2027, 12, 31),
        ),
        ("- Flour came, six sacks. Same delivery as February.", date(2029, 2, 1), date(2029, 2, 28)),
        ("- the same two stalls as October, fine by me", date(2028, 10, 1), date(2028, 10, 31)),
    ],
)
def test_a_period_a_thing_is_the_same_as_is_a_mention(line: str, first: date, last: date) -> None:
    assert _days(line) == [(first, last)]
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # the line is about the day written
    assert first in chunk_dates(line, _WRITTEN)  # a search by date finds the period compared with


@pytest.mark.parametrize(
    "line",
    [
        "- as 2030 gets closer the hall needs a new roof",  # "as" saying when, no comparison
        "- Played it as March wound down",
        "- same as June said",  # a name
    ],
)
def test_as_without_same_reads_no_period(line: str) -> None:
    assert _days(line) == []


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- Pell says hold off until the twins finish college. That's 2036.", 2036),
        ("- It'll be 2031 before the ring road opens", 2031),
        ("- The council reckons it's 2030 at the earliest", 2030),
    ],
)
def test_a_year_stated_as_when_is_that_year(line: str, year: int) -> None:
    assert _days(line) == [(date(year, 1, 1), date(year, 12, 31))]


def test_a_year_stated_on_an_undated_page_keeps_its_year() -> None:
    text = "# Diary\n\nPell says hold off until the twins finish college. That's 2036. Too long.\n"
    assert line_dates(text, None, _WRITTEN)[2] == date(2036, 1, 1)


@pytest.mark.parametrize(
    "line",
    ["- that's 2000 words over the limit", "- The gate code is 2031.", "- it's 1999 metres to the top"],
)
def test_a_number_stated_is_no_year(line: str) -> None:
    assert _days(line) == []


def test_weekday_labels_listed_in_a_line_are_each_a_day() -> None:
    # 2029-04-20 is a Friday: "Fri" is the day written, "Sat" and "Sun" the two after it
    assert _days("- Fri: window cleaner, Sat: Ilse's barbecue, Sun: nothing") == [
        (date(2029, 4, 20), date(2029, 4, 20)),
        (date(2029, 4, 21), date(2029, 4, 21)),
        (date(2029, 4, 22), date(2029, 4, 22)),
    ]


def test_a_word_labelling_a_list_item_is_no_day() -> None:
    assert _days("- Beach bag: towels, Sun: factor 50, hats") == []
