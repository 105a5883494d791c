"""Session 20, dates (the audit of unlabelled lines, ``benchmarks/date_audit.py``): "this weekend" after a
past act, written on a weekday, is the weekend gone; "in <count> <unit>" right after a past act is how long
it took, no day; "this <holiday>" is the one of the year written ("this Christmas" in April is the coming
one). Phrases and worlds written for these tests, not from the pair corpora or the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2029-03-05 is a Monday.
_MONDAY = "2029-03-05"


def _day(line: str, written: str = _MONDAY) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "saturday"),
    [
        ("- Repainted the beach hut this weekend, two coats of teal.", "2029-03-05", "2029-03-03"),
        ("- We moved into the canal boat this weekend", "2029-03-06", "2029-03-03"),
        ("- Finished the jigsaw this weekend!", "2029-03-08", "2029-03-03"),
    ],
)
def test_this_weekend_after_a_past_act_is_the_weekend_gone(line: str, written: str, saturday: str) -> None:
    assert _day(line, written) == date.fromisoformat(saturday)


@pytest.mark.parametrize(
    ("line", "written", "saturday"),
    [
        ("- Painting the beach hut this weekend.", "2029-03-05", "2029-03-10"),
        ("- Need to clear the loft this weekend", "2029-03-07", "2029-03-10"),
        ("- Finished the jigsaw this weekend!", "2029-03-10", "2029-03-10"),  # written on the Saturday
    ],
)
def test_this_weekend_ahead_or_under_way_stays(line: str, written: str, saturday: str) -> None:
    assert date.fromisoformat(saturday) in chunk_dates(line, written)


@pytest.mark.parametrize(
    "line",
    [
        "- The gala tickets sold out in two days.",
        "- Finished the patchwork quilt in three weeks",
        "- Her sprained wrist healed in 10 days, back on the bars.",
    ],
)
def test_in_a_count_after_a_past_act_is_how_long_it_took(line: str) -> None:
    assert chunk_dates(line, _MONDAY) == {date(2029, 3, 5)}
    assert _day(line) == date(2029, 3, 5)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Glazed the pots, kiln firing in two days.", "2029-03-07"),
        ("- Told the tenant to call back in two weeks", "2029-03-19"),
        ("- Rang the garage; they'll have the part in 3 days", "2029-03-08"),
    ],
)
def test_in_a_count_beside_a_plan_is_a_day(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- No carol singing at the care home this Christmas, the lounge is being refitted.", "2029-04-11",
         "2029-12-25"),
        ("- The ferry ran a full timetable this Easter", "2029-05-20", "2029-04-01"),
        ("- Spent far too much this Christmas", "2030-01-03", "2029-12-25"),
    ],
)  # fmt: skip
def test_this_holiday_is_the_one_of_the_year_written(line: str, written: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, written)


def _undated(line: str, reference: str) -> set[date]:
    """Every day a line of an undated page names, read from the workspace's newest log day."""
    return chunk_dates(f"# Allotment\n\n{line}\n", None, reference=reference)


@pytest.mark.parametrize(
    ("line", "reference", "meant"),
    [
        # the page was written on or before the newest log: a day ahead of its writing may lie behind that
        ("- Water butt on loan from Gwen until end of January", "2029-02-14", "2029-01-31"),
        ("- Shed rebuild pushed to 12 November, timber late", "2030-01-20", "2029-11-12"),
        ("- Plot inspection: due 30/9, done 22/9", "2029-10-08", "2029-09-30"),
    ],
)
def test_a_day_ahead_on_a_guessed_day_may_lie_before_it(line: str, reference: str, meant: str) -> None:
    assert date.fromisoformat(meant) in _undated(line, reference)


@pytest.mark.parametrize(
    ("line", "reference", "meant"),
    [
        ("- Water butt on loan from Gwen until end of August", "2029-02-14", "2029-08-31"),
        ("- Open day booked for 20 June", "2029-01-10", "2029-06-20"),  # about as near either way: ahead
        ("- Shed rebuild pushed to 12 November 2030", "2030-01-20", "2030-11-12"),  # its year, as written
    ],
)
def test_a_day_ahead_that_is_not_clearly_nearer_a_year_back_stays(
    line: str, reference: str, meant: str
) -> None:
    assert date.fromisoformat(meant) in _undated(line, reference)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a description, then a day gone: on a page with no day of its own that day is the line's
        ("Juniper: ginger rescue cat, 11 years old. Thyroid up at the November check, so tablets daily.",
         "2028-11-01"),
        # a plan after a description is no day of the line's
        ("Juniper: ginger rescue cat, 11 years old. Recheck in June.", None),
    ],
)  # fmt: skip
def test_a_day_gone_after_a_description_on_an_undated_page(line: str, meant: str | None) -> None:
    day = line_dates(f"# Pets\n\n{line}\n", None, "2029-02-10")[2]
    assert day == (date.fromisoformat(meant) if meant else None)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # a day that is a clause of its own after a comma takes the cues of the clause it dates
        ("- quiz night booked at the Lamb & Flag, 14 Nov", "2029-04-18", "2029-11-14"),
        ("- Kiln service scheduled with Potclays, 2 December", "2029-05-02", "2029-12-02"),
        ("- Returned the hire van, 14 Nov", "2029-04-18", "2028-11-14"),
    ],
)
def test_a_day_after_a_comma_takes_the_clause_before(line: str, written: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, written)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # 6 April 2029 is a Friday; the Saturday 6 April nearest is in 2030, ten months on: a slipped weekday
        ("- cider barn reopens Saturday 6 April!", "2029-02-12", "2029-04-06"),
        # a weekday that fits a year within half a year still picks it (6 April 2030 is a Saturday)
        ("- cider barn reopens Saturday 6 April!", "2029-12-01", "2030-04-06"),
    ],
)
def test_a_weekday_picks_the_year_only_within_half_a_year(line: str, written: str, meant: str) -> None:
    assert chunk_dates(line, written) == {date.fromisoformat(meant)}


@pytest.mark.parametrize(
    ("line", "dated"),
    [
        ("- Thinking about Saturday litter picks along the towpath.", False),
        ("- Trying Wednesday choir rehearsals in the vestry", False),
        ("- Saturday litter pick along the towpath", True),  # one pick: the coming Saturday
    ],
)
def test_a_weekday_before_a_compound_plural_is_a_habit(line: str, dated: bool) -> None:
    assert (chunk_dates(line, _MONDAY) != {date(2029, 3, 5)}) is dated


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- Markdown the winter coats 30% for Black Friday.", "2029-07-02", "2029-11-23"),
        ("- Cyber Monday: site held up, 3x normal orders", "2029-11-28", "2029-11-26"),
    ],
)
def test_black_friday_is_the_day_after_thanksgiving(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    "line",
    [
        # a thing for Black Friday: the line is about its other day
        "- Black Friday newsletter: write it by the 20th.",
        "- Trialling a standing Thursday slot with the physio.",
        "- Jonah made the 2nd XI this season!",
        "- Aled's in the 3rd XV now",
    ],
)
def test_named_things_that_are_no_day(line: str) -> None:
    assert _day(line, "2029-07-02") in (date(2029, 7, 2), date(2029, 7, 20))
    assert not any(d.month in (11, 12) for d in chunk_dates(line, "2029-07-02"))
    assert date(2029, 7, 3) not in chunk_dates(line, "2029-07-02")  # the 3rd, read from "3rd XV"


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- Auditions for the panto: 14 and 15 Jan.", "2029-10-03", ["2030-01-14", "2030-01-15"]),
        ("- Farrier booked the 2nd & 23rd of May", "2029-04-20", ["2029-05-02", "2029-05-23"]),
        ("- Last year's Halloween disco ran out of squash by eight.", "2029-09-12", ["2028-10-31"]),
        ("- Next year's Bonfire Night: ask the rugby club for their field", "2029-11-10", ["2030-11-05"]),
    ],
)
def test_two_days_of_a_month_and_a_holiday_of_another_year(line: str, written: str, meant: list[str]) -> None:
    days = chunk_dates(line, written)
    assert {date.fromisoformat(d) for d in meant} <= days


@pytest.mark.parametrize(
    "line",
    [
        "- Glass recycling day is Tuesday now, the council changed it.",
        "- Monday slot at the climbing wall goes to the juniors.",
        "- Window cleaner comes monthly on the 12th.",
        "- Rotate the compost every 10 days from now on.",
    ],
)
def test_standing_days_and_intervals_are_no_day(line: str) -> None:
    assert chunk_dates(line, _MONDAY) == {date(2029, 3, 5)}


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- The quiz is Thursday now, not Wednesday", "2029-03-08"),  # a one-off moved
        ("- Last day is Friday now", "2029-03-09"),
        ("- Window cleaner comes on the 12th.", "2029-03-12"),
    ],
)
def test_one_off_days_stay(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- The board agreed we close the Sunday market from May.", "2030-05-01"),
        ("- Decided that they take the kayaks out of hire from April", "2030-04-01"),
        ("- We decided we were too slow in February.", "2029-02-01"),  # a clause that reports the past
    ],
)
def test_a_decision_with_its_own_subject_points_ahead(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, "2029-10-15")


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- Swam 2km in the lido this Sunday!", "2029-03-10", "2029-03-04"),  # written on a Saturday
        ("- Junior parkrun cancelled this Sunday, course flooded", "2029-03-10", "2029-03-11"),
        ("- Quiz night called off this weekend, the landlord's away", "2029-03-05", "2029-03-10"),
        ("- We moved into the boat this weekend", "2029-03-05", "2029-03-03"),
    ],
)
def test_this_day_after_a_past_act_unless_called_off(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)
