"""Issue 29, dates: a note's relative dates mean what the writer meant, read from the note's own date."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.extract import extract_entities
from mdrecall.knowledge.valid_time import chunk_dates, line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- Bo wants the pricing page copy by Friday.", "2026-11-25", "2026-11-27"),  # a Wednesday
        ("- Resubmitting Friday after priya fixes the table.", "2026-10-07", "2026-10-09"),
        ("Grant: the trust wants the final report by January 31.", "2026-11-26", "2027-01-31"),
        ("- Migration starts in two weeks; Fatima owns it.", "2026-11-20", "2026-12-04"),
        ("- The room is being refurbished until the end of the month.", "2026-11-25", "2026-11-30"),
        ("- greta: usability test on the checkout flow on 24/11", "2026-11-18", "2026-11-24"),
        ("We fly to Lisbon on Dec 22.", "2026-12-07", "2026-12-22"),
        ("- Decision on Thursday.", "2026-12-01", "2026-12-03"),
        ("- Interviewing two SRE candidates next Thursday.", "2026-11-25", "2026-12-03"),
    ],
)
def test_a_phrase_is_read_in_the_direction_its_words_give(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


def test_a_span_back_dates_the_line_inside_it() -> None:
    day = _day("Finished the book last week. Loved it.", "2026-11-16")
    assert day is not None and date(2026, 11, 9) <= day <= date(2026, 11, 15)


def test_a_done_thing_keeps_its_day_and_the_retest_day_is_kept_beside_it() -> None:
    line = "Fixed the flaky payment retry bug; retest with Stripe on 3/12."
    assert _day(line, "2026-11-20") == date(2026, 11, 20)
    assert chunk_dates(line, "2026-11-20") >= {date(2026, 11, 20), date(2026, 12, 3)}


def test_recurring_weekdays_and_fractions_name_no_day() -> None:
    assert _day("- Deploys on Thursday evenings keep colliding with the data jobs.", "2026-11-18") == date(
        2026, 11, 18
    )
    assert _day("- 4/5 users found the promo code field", "2026-11-24") == date(2026, 11, 24)


def test_a_forward_deadline_does_not_put_a_person_before_the_notes() -> None:
    text = "# 2026-11-26\n\nGrant: Priya Nair sends the final report by January 31.\n"
    days = {m.day for m in extract_entities(text, "2026-11-26").mentions if m.name == "Priya Nair"}
    assert days and all(d is not None and d >= "2026-11-26" for d in days)
