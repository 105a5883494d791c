"""Issue 29, dates (round 6): an undated page's phrases read from a day the index has (the page's own
date, else the workspace's newest daily log, else the file's mtime), and slips of the grammar: a weekday
before a day and month, "the 20th" after a dated phrase, misspelt "tomorrow", "has got", a month naming
an event, recurring weekdays, a line that opens with a report of the day written. Phrases written for these
tests, not taken from the labelled sets."""

from __future__ import annotations

import os
from datetime import date, datetime
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.dates.valid_time import LineDays, line_dates, page_reference
from mdrecall.text.date_phrases.note_dates import note_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


def _named(line: str, written: str) -> list[date]:
    return [d for n in note_dates(line, date.fromisoformat(written)) for d in n.days]


# ---- undated pages ------------------------------------------------------------------------------------


def test_an_undated_page_reads_its_months_and_days_from_the_reference() -> None:
    text = "# Lisbon\n\n- Flying out 9 May, home 20 May.\n- Passport runs out in August, renew it.\n"
    days = line_dates(text, None, reference=date(2030, 3, 1))
    assert days[2] == date(2030, 5, 9)
    assert days[3] is not None and (days[3].year, days[3].month) == (2030, 8)
    assert line_dates(text, None)[2] is None  # without a reference, nothing to read them from


def test_an_undated_page_prefers_a_date_of_its_own_even_below_the_line() -> None:
    text = (
        "# Garden shed\n\n- The new roof goes on in July.\n\n## Log\n### 2031-02-02\n- Bought the timber.\n"
    )
    day = line_dates(text, None, reference=date(2030, 3, 1))[2]
    assert day is not None and (day.year, day.month) == (2031, 7)


def test_an_undated_page_reads_no_day_from_a_bare_weekday_or_tomorrow() -> None:
    text = "# Rota\n\n- Priya: Sunday shift lead\n- Tomorrow and Tomorrow, a novel\n- back on 2 June\n"
    days = line_dates(text, None, reference=date(2030, 3, 1))
    assert days[2] is None and days[3] is None
    assert days[4] == date(2030, 6, 2)


def test_page_reference_is_the_newest_daily_log_else_the_mtime() -> None:
    assert page_reference(["2030-01-04", None, "2030-02-11", "2029-12-30"], 0.0) == date(2030, 2, 11)
    stamp = datetime(2031, 7, 9, 12, 0).timestamp()
    assert page_reference([None, None], stamp) == date(2031, 7, 9)
    assert page_reference([], None) is None


def test_written_on_an_undated_page_is_the_day_its_phrases_were_read_from() -> None:
    lines = ["# Notes", "", "- Moved to Bergen in February."]
    days = LineDays(lines, [0], None, date(2030, 3, 1))
    day = days.day(2)
    assert day is not None and (day.year, day.month) == (2030, 2)
    assert days.written() == date(2030, 3, 1)


def test_the_index_gives_an_undated_pages_mentions_the_day_read_from_the_newest_log(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "people").mkdir()
    (root / "memory" / "2030-03-10.md").write_text("# 2030-03-10\n\n- Quiet day.\n", encoding="utf-8")
    page = root / "people" / "ines-faria.md"
    page.write_text("# Ines Faria\n\n- Ines Faria left for Oslo in February.\n", encoding="utf-8")
    old = datetime(2024, 1, 1).timestamp()
    os.utime(page, (old, old))  # a copied or cloned page: its mtime says nothing of when it was written
    over = {"history": {"git": False}, "index": {"sync_on_search": False}, "extra_paths": ["people"]}
    mem = Memory.open(root, Config().merged(over))
    try:
        mem.index()
        from mdrecall.knowledge.refresh import keeps_views

        assert keeps_views(mem.store)
        rows = [r for r in mem.store.mention_rows(["ines faria"]) if r.line == 3]  # type: ignore[attr-defined]
    finally:
        mem.close()
    assert rows and all((r.day or "").startswith("2030-02") for r in rows)


# ---- slips of the grammar -----------------------------------------------------------------------------


def test_a_weekday_before_a_day_and_month_picks_the_year_and_keeps_the_month() -> None:
    # 2031-06-14 is a Saturday; read from 2031-05-20, not the nearest 14th that is a Saturday
    assert _day("- The picnic is now Saturday 14 June, by the lake.", "2031-05-20") == date(2031, 6, 14)
    assert _day("- Recital: Tue, June 3 at 6pm", "2031-05-20") == date(2031, 6, 3)
    assert _day("- Recital: Tuesday 3 June at 6pm", "2031-05-20") == date(2031, 6, 3)


def test_the_nth_after_a_dated_phrase_is_in_its_month() -> None:
    named = _named("- Gig is on 9 October, soundcheck the 8th.", "2031-09-05")
    assert date(2031, 10, 8) in named


@pytest.mark.parametrize(
    ("word", "shift"), [("tomorow", 1), ("tommorrow", 1), ("tomorrw", 1), ("yesturday", -1), ("todday", 0)]
)
def test_a_misspelt_tomorrow_or_yesterday_is_still_that_day(word: str, shift: int) -> None:
    assert _named(f"- The plumber comes {word} about the boiler", "2031-04-09") == [date(2031, 4, 9 + shift)]
    # words near them are not days: a word for a person, a fruit, a plural noun, a fat
    for other in ("toady", "tomato", "yesterdays", "tallow"):
        assert _named(f"- the {other} was fine, {word}", "2031-04-09") == [date(2031, 4, 9 + shift)]


def test_has_got_is_a_state_so_a_bare_weekday_is_the_coming_one() -> None:
    # 2030-03-04 is a Monday
    assert _day("- Mia's got a dentist appointment on Friday.", "2030-03-04") == date(2030, 3, 8)
    assert _day("- We've got the hall on Friday.", "2030-03-04") == date(2030, 3, 8)


def test_a_month_naming_an_event_is_that_month_ahead() -> None:
    day = _day("- We're now aiming at the June recital.", "2031-02-10")
    assert day is not None and (day.year, day.month) == (2031, 6)


def test_a_line_opening_with_the_weekday_it_was_written_on_is_that_day() -> None:
    assert _day("Laundry Tuesday.", "2031-05-20") == date(2031, 5, 20)  # a Tuesday
    assert _day("- by Tuesday: send the forms", "2031-05-20") == date(2031, 5, 27)


@pytest.mark.parametrize(
    "line",
    [
        "- The pool moved swim club to Sunday and Wednesday mornings.",
        "- Bins go out Monday and Thursday evenings.",
        "| Bakery | Mon, Thu |",
        "- The choir meets the second Wednesday of the month.",
        "- Noor's first Friday shift at the cafe went well.",
        "- No more Tuesday scramble after school.",
    ],
)
def test_recurring_weekdays_name_no_day(line: str) -> None:
    assert _named(line, "2031-05-20") == []


def test_early_mid_and_late_month_are_its_tens_of_days() -> None:
    named = _named("- Start the garden mid-July.", "2031-05-20")
    assert (min(named), max(named)) == (date(2031, 7, 11), date(2031, 7, 20))


def test_a_day_over_12_before_a_month_number_is_a_date_not_a_score() -> None:
    assert _day("- Finished the quilt 17/4.", "2031-05-20") == date(2031, 4, 17)
    assert _named("- Open 24/7 now", "2031-05-20") == []


def test_an_act_then_a_clause_stating_a_later_day_is_the_day_written() -> None:
    assert _day("- Lease signed, move-in is Thursday the 29th.", "2031-05-20") == date(2031, 5, 20)
    # a verbless clause after the act is the day it names
    day = _day("- We applied to the arts council, answer in July.", "2031-05-20")
    assert day is not None and (day.year, day.month) == (2031, 7)


def test_a_line_that_opens_with_a_report_of_the_day_written_is_that_day() -> None:
    line = "- Home from the conference. Easter at Gran's was chaos but fun."
    assert _day(line, "2031-04-22") == date(2031, 4, 22)
    line = "- Physio for my knee: a strain, not a tear. Ice it daily, review on 9 June."
    assert _day(line, "2031-05-20") == date(2031, 5, 20)
    # an act in the first sentence: the day named is the line's ("The sale raised £412. Banked it ...")
    assert _day("- The stall raised £300. Banked it on 2 May.", "2031-05-20") == date(2031, 5, 2)


# ---- the calendar's ends (fault round 8) -------------------------------------------------------------


def test_a_relative_day_past_the_calendars_ends_names_no_day_and_raises_nothing() -> None:
    assert note_dates("- tomorrow the move, tommorow too", date(9999, 12, 31)) == []
    assert note_dates("- yesterday the move", date(1, 1, 1)) == []
    assert _named("- the review on 3 March, yesterday the move", "0001-01-01") == [date(1, 3, 3)]
    undated = "# Plans\n\n- tomorrow the move\n- next week the review\n"
    assert line_dates(undated, None, reference=date(9999, 12, 31)) == [None] * 4


def test_an_mtime_past_the_calendar_gives_no_reference() -> None:
    assert page_reference([None], 1e12) is None  # year 33658
    assert page_reference([None], -1e12) is None
    assert page_reference([None], float("nan")) is None


def test_a_workspace_whose_newest_log_is_9999_12_31_indexes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory" / "notes").mkdir(parents=True)
    (root / "memory" / "9999-12-31.md").write_text("# d\n\n- tomorrow Dana Okafor moves the racks\n")
    (root / "memory" / "0001-01-01.md").write_text("# d\n\n- yesterday Dana Okafor came back\n")
    (root / "memory" / "notes" / "plans.md").write_text("# Plans\n\n- tomorrow Acme Ltd visits\n")
    mem = Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.sync()  # an OverflowError here before: "internal error", exit 3, nothing indexed
        names = {e.name for e in mem.entities(None, limit=0, sync=False)}
    finally:
        mem.close()
    assert {"Dana Okafor", "Acme Ltd"} <= names
