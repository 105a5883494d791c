"""Session 20, dates on held_out_21/22's misses: a bare "3/5" after a verb of sending with "out" ("bills go
out 3/5") is a day in the workspace's order; a day of birth or death on an undated page dates no line
after it; a present arrangement reported after a past verb ("told Sam I'm on ... on the weekend") lies
ahead. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2029-04-20 is a Friday; 2029-03-05 a Monday.
_WRITTEN = date(2029, 4, 20)


def _days(line: str, workspace: str, written: date = _WRITTEN) -> list[tuple[date, ...]]:
    return [n.days for n in note_dates(line, written, False, None, workspace)]


@pytest.mark.parametrize(
    ("line", "dmy", "mdy"),
    [
        ("- Choir newsletters go out 3/5.", date(2029, 5, 3), date(2029, 3, 5)),
        ("- Ferry timetables came out 12/4", date(2029, 4, 12), date(2028, 12, 4)),
        ("- Allotment invoices get sent out 2/5", date(2029, 5, 2), date(2029, 2, 5)),
    ],
)
def test_a_bare_numeric_day_after_a_verb_of_sending_and_out_is_read_in_the_workspaces_order(
    line: str, dmy: date, mdy: date
) -> None:
    assert _days(line, "dmy") == [(dmy,)]
    assert _days(line, "mdy") == [(mdy,)]


@pytest.mark.parametrize(
    "line",
    ["- Cut out 1/4 cup of the flour", "- Sorted out 1/4 of the loft", "- Out 2/3 in the quiz, gutted"],
)
def test_out_before_a_fraction_stays_no_date(line: str) -> None:
    assert _days(line, "dmy") == []


_LIFE = """# Great-aunt Wilhelmina

Wilhelmina Frost, {cue} 14 June 1931 in Whitby, ran the lighthouse café for forty years.

- Baked parkin for the whole street at Bonfire Night.
"""


@pytest.mark.parametrize("cue", ["born", "b.", "died"])
def test_a_day_of_birth_or_death_dates_no_line_after_it(cue: str) -> None:
    days = line_dates(_LIFE.format(cue=cue), None, "2029-03-05")
    assert days[2] == date(1931, 6, 14)  # the line's own day stays
    assert days[4] == date(2028, 11, 5)  # read from the page's guessed day, not from 1931


def test_a_dated_line_that_is_no_birth_still_dates_the_lines_below() -> None:
    text = "# Café\n\nOpened the lighthouse café on 14 June 2026.\n\n- Bonfire Night: parkin for all.\n"
    assert line_dates(text, None, "2029-03-05")[4] == date(2026, 11, 5)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Told Marguerite I'm on the bake stall on the weekend.", date(2029, 3, 10)),
        ("- Emailed the landlord we're away on Friday", date(2029, 3, 9)),
        ("- Texted Bram that he's on the ferry rota on the 14th", date(2029, 3, 14)),
    ],
)
def test_a_present_arrangement_reported_after_a_past_verb_lies_ahead(line: str, day: date) -> None:
    assert _days(line, "dmy", date(2029, 3, 5))[0][0] == day


def test_a_present_state_tied_to_a_day_gone_keeps_the_past() -> None:
    line = "- Told Marguerite I'm glad about the bake sale on Saturday"
    assert _days(line, "dmy", date(2029, 3, 5)) == [(date(2029, 3, 3),)]


def _months(line: str, written: date) -> list[tuple[int, int]]:
    """The (year, month) of each phrase of ``line`` that names a whole month."""
    return [(n.days[0].year, n.days[0].month) for n in note_dates(line, written) if len(n.days) > 25]


@pytest.mark.parametrize(
    ("line", "month"),
    [
        ("- Pool membership up to £40 effective June.", (2029, 6)),
        ("- Locker fees rise w.e.f. May, per the trust's letter", (2029, 5)),
        ("- Canteen prices wef July", (2029, 7)),
        ("- As from September the ferry leaves at 7:10", (2029, 9)),
        ("- As of January the library closed on Mondays", (2029, 1)),
    ],
)
def test_a_month_after_words_that_say_a_change_takes_effect_is_read(
    line: str, month: tuple[int, int]
) -> None:
    assert _months(line, _WRITTEN) == [month]


def test_starting_before_a_lower_case_may_is_a_verb() -> None:
    assert _months("- starting may be the hardest part of the rebuild", _WRITTEN) == []


@pytest.mark.parametrize(
    ("line", "days"),
    [
        ("- Over Valentine's the florist sold out of tulips", [(date(2029, 2, 14),)]),
        ("- Valentine's was quiet at the pub this year.", [(date(2029, 2, 14),)]),
        ("- Valentine's dinner at the boathouse, lovely", [(date(2029, 2, 14),)]),
        ("- After Valentine's all the roses went half price", [(date(2029, 2, 14),)]),
        ("- Valentine's pre-orders are up on last year's", []),
        ("- Valentine's bouquets: 40 wrapped", []),
        ("- Valentine's cottage needs a new roof", []),  # a person's
    ],
)
def test_valentines_alone_is_its_day_and_before_a_noun_a_thing(
    line: str, days: list[tuple[date, ...]]
) -> None:
    assert [n.days for n in note_dates(line, date(2029, 2, 20))] == days


def test_a_week_number_on_an_undated_page_counts_a_plans_weeks() -> None:
    text = "# Foal care sheet\n\n- Creep feed from week 6: soaked pellets, twice a day\n"
    assert line_dates(text, None, "2029-03-05")[2] is None
    dated = "# Foal care sheet\n\nFoaled on 2 April 2029 at the stud.\n\n- Creep feed from week 6\n"
    assert line_dates(dated, None, "2029-05-05")[4] is None  # a day named above is no day of writing
    assert note_dates("- Creep feed from week 6: soaked pellets", date(2029, 3, 5), loose=True) == []
    # in a daily log it is the ISO week; "KW 12" says so on any page
    assert note_dates("- Creep feed from week 6: soaked pellets", date(2029, 3, 5))[0].days[0] == date(
        2029, 2, 5
    )
    assert note_dates("Messe in KW 12", date(2029, 3, 5), loose=True)[0].days[0] == date(2029, 3, 19)


@pytest.mark.parametrize(
    "line",
    [
        "- Agreed with Ines: the vlog goes up Fridays from now on, so she has the weekend to cut it.",
        "- Choir meets Wednesdays from now on, so Tuesday is free for the allotment.",
        "- We swim every week now, so Saturday goes to the pool.",
    ],
)
def test_a_weekday_or_weekend_in_a_sentence_that_sets_a_standing_arrangement_is_a_slot(line: str) -> None:
    assert note_dates(line, date(2029, 3, 6)) == []


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Pilates every week from now on, first class Thursday", date(2029, 3, 8)),
        ("- Bins go out Tuesdays from now on; I took them out on Friday.", date(2029, 3, 2)),
        ("- Choir meets Wednesdays from now on, told Ana on Monday", date(2029, 3, 5)),
    ],
)
def test_the_onset_or_a_day_with_its_own_cue_stays_a_day(line: str, day: date) -> None:
    assert note_dates(line, date(2029, 3, 6))[-1].days == (day,)


@pytest.mark.parametrize(
    ("line", "reference", "meant"),
    [
        # a goal or a bound after a firm word, months ahead of a guessed day: ahead, not lapsed months ago
        ("- Target: 500 newsletter sign-ups by November", "2029-03-28", "2029-11-01"),
        ("- Stall pitch held for us until October", "2029-02-10", "2029-10-01"),
        # no firm word ("the October audit"): the year before, as a page written before the guess reads
        ("- Ledger errors found at the October audit, so monthly checks now", "2029-02-10", "2028-10-01"),
        # a bound just gone: the year before
        ("- Allotment key with Ruth until end of January", "2029-02-14", "2029-01-31"),
    ],
)
def test_a_firm_goal_or_bound_months_ahead_of_a_guessed_day_stays_ahead(
    line: str, reference: str, meant: str
) -> None:
    got = {d for n in note_dates(line, date.fromisoformat(reference), loose=True) for d in n.days}
    assert date.fromisoformat(meant) in got
