"""Session 18, dates (held_out_11's misses): a count-less "in weeks" is no day, a label's value that can
only be a day and a month, a deadline named as such, and a day in a bracketed aside with a verb of its
own. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates


def _day(line: str, written: str, order: str | None = None) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, order=order)[2]


@pytest.mark.parametrize(
    "line",
    [
        "- The heron was back on the pond, first sighting in weeks!",
        "- Slept through the night, best sleep in months.",
        "- Orders dried up within days of the price rise.",
    ],
)
def test_a_plural_unit_without_a_count_names_no_day(line: str) -> None:
    assert _day(line, "2027-05-12") == date(2027, 5, 12)
    assert chunk_dates(line, "2027-05-12") == {date(2027, 5, 12)}


@pytest.mark.parametrize(
    ("line", "meant"),
    [("- Back in a week, says the plumber.", "2027-05-19"), ("- Results in 3 weeks.", "2027-06-02")],
)
def test_a_counted_unit_still_names_a_day(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, "2027-05-12")


@pytest.mark.parametrize(
    ("line", "order", "meant"),
    [
        # a label's value that only a day and a month can be, in a day-first workspace or one with no order
        ("- Kiln opening goal: 23/6 (glaze firing the week before)", "dmy", "2027-06-23"),
        ("- Harvest estimate: 14/9", None, "2027-09-14"),
    ],
)
def test_a_label_value_only_a_day_can_be(line: str, order: str | None, meant: str) -> None:
    assert _day(line, "2027-05-12", order) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("- Progress: 14/20 tiles laid", "dmy"),  # no month 20: a count
        ("- Pitch share: 18/5 of the games", "dmy"),  # a share
    ],
)
def test_a_label_value_that_is_a_count_stays_no_day(line: str, order: str) -> None:
    assert _day(line, "2027-05-12", order) == date(2027, 5, 12)


@pytest.mark.parametrize("line", ["- 15/4 of the votes were postal", "- Kept 19/2 stars"])
def test_a_share_that_only_a_day_could_be_is_no_day(line: str) -> None:
    assert _day(line, "2027-05-12", "dmy") == date(2027, 5, 12)


def test_a_deadline_named_as_such_calls_for_a_day() -> None:
    line = "- Tomás posts the ballot papers tonight (deadline 4/6)"
    assert date(2027, 6, 4) in chunk_dates(line, "2027-05-12", order="dmy")


@pytest.mark.parametrize(
    ("line", "written"),
    [
        # an aside with a verb of its own comments on the reported clause: the day written is the line's
        ("- Biscuit weighs 6.2 kg (was 5.8 on 2/4)", "2027-05-12"),
        ("- Ines resigned as secretary (moving to Porto, leaves on the 28th). Rui takes over.", "2027-05-12"),
        ("- The boiler is fixed (the part arrives Thursday, will fit it then)", "2027-05-12"),
    ],
)
def test_a_day_in_an_aside_with_its_own_verb_is_not_the_lines(line: str, written: str) -> None:
    assert _day(line, written, "dmy") == date.fromisoformat(written)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Paid the venue deposit (on 3 May)", "2027-05-03"),  # no verb in the aside: the act's day
        ("- Gala dinner (moved to 29 May)", "2027-05-29"),  # a day moved
        ("- To do: renew the car tax (expires 31 May)", "2027-05-31"),  # a list, the aside its only day
    ],
)
def test_an_aside_that_is_the_lines_day_keeps_it(line: str, meant: str) -> None:
    assert _day(line, "2027-05-12") == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a day offered in place of another: the line is about the day offered
        ("> Sorry, the van is booked on the 14th. Could you come the 21st instead?", "2027-05-21"),
        ("- Choir can't have the hall Friday, so Saturday instead.", "2027-05-15"),
        # a day given up after "instead of" / "rather than"
        ("- Rehearsal on 20 May rather than 18 May, says Dana.", "2027-05-20"),
        ("- We'll meet Thursday instead of Tuesday.", "2027-05-13"),
    ],
)
def test_a_day_offered_instead_of_another(line: str, meant: str) -> None:
    assert _day(line, "2027-05-12") == date.fromisoformat(meant)


def test_same_day_is_the_day_the_page_named_last() -> None:
    page = (
        "# Loft conversion, Hove\n\n"
        "> On Tue, 4 May 2027, the builder wrote:\n> Steel beams arrive next week.\n\n"
        "Answered him the same day:\nThanks, we'll clear the landing.\n"
        "Offers same-day delivery for the plaster.\n"
    )
    days = line_dates(page, None, "2027-06-01")
    assert days[5] == date(2027, 5, 4)
    assert days[7] is None  # "same-day delivery" names no day


def test_same_day_on_a_page_with_no_date_above_names_none() -> None:
    page = "# Notes\n\nReplied the same day.\n"
    assert line_dates(page, None, "2027-06-01")[2] is None


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a lower-case weekday ending a release's clause ("goes out wed", "goes live mon")
        ("- newsletter #41 goes out wed", "2027-05-19"),
        ("- booking page goes live mon, fingers crossed", "2027-05-17"),
    ],
)
def test_a_lower_case_weekday_after_out_or_live(line: str, meant: str) -> None:
    assert _day(line, "2027-05-14") == date.fromisoformat(meant)


@pytest.mark.parametrize("line", ["- lay out sun cream for the kids", "- the sun came out sat on the bench"])
def test_out_before_a_word_that_goes_on_is_no_weekday(line: str) -> None:
    assert chunk_dates(line, "2027-05-14") == {date(2027, 5, 14)}


def test_a_modal_aside_holds_its_own_day() -> None:
    line = "- minutes sent late (should've gone out Tue)"
    assert _day(line, "2027-05-14") == date(2027, 5, 14)
    assert date(2027, 5, 11) in chunk_dates(line, "2027-05-14")


@pytest.mark.parametrize("line", ["- Room 12/14 booked for the quiz night", "- flat 2/1 has a leak again"])
def test_a_numbered_place_is_no_day(line: str) -> None:
    assert chunk_dates(line, "2027-05-14", order="mdy") == {date(2027, 5, 14)}
