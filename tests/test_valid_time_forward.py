"""Issue 29, dates: a note's relative dates mean what the writer meant, read from the note's own date."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.knowledge.mentions.extract import extract_entities


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


# Phrases written for this table in varied styles (not from the labelled notes). 2026-11-25 is a Wednesday.
@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("Offsite Friday next week, venue TBC", "2026-11-25", "2026-12-04"),
        ("- offsite: friday of next week", "2026-11-25", "2026-12-04"),
        ("Payment due on the 18th", "2026-11-25", "2026-12-18"),
        ("Review pushed to the 2nd", "2026-11-25", "2026-12-02"),
        ("Parcel was delivered on the 3rd", "2026-11-25", "2026-11-03"),
        ("Kitchen fitter comes in a fortnight", "2026-11-25", "2026-12-09"),
        ("Rollout 3 weeks from today", "2026-11-25", "2026-12-16"),
        ("Couldn't sleep last night, the heating clicked", "2026-11-25", "2026-11-24"),
        ("Renewal at the end of next quarter", "2026-11-25", "2027-03-31"),
        ("Signed the lease at the end of March", "2026-11-25", "2026-03-31"),
        ("Freeze on 2026-12-15T17:00 UTC", "2026-11-25", "2026-12-15"),
        ("- Dentist in three weeks (Tuesday).", "2027-02-24", "2027-03-16"),
        ("The sale raised £412. Banked it on 2 March.", "2027-03-03", "2027-03-02"),
    ],
)
def test_more_phrases_mean_the_day_the_writer_meant(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        ("Painting the hall over the weekend", "2026-11-25", "2026-11-28", "2026-11-29"),
        ("Dinner with Sol at the weekend", "2026-11-25", "2026-11-28", "2026-11-29"),
        ("Painted the hall over the weekend", "2026-11-23", "2026-11-21", "2026-11-22"),
        ("walk up Pen y Fan on the weekend", "2026-11-27", "2026-11-28", "2026-11-29"),  # said on Friday
        ("Met Sam the week before last", "2026-11-25", "2026-11-09", "2026-11-15"),
        ("Ship v2 in Q1", "2026-11-25", "2027-01-01", "2027-03-31"),
        ("Revenue was up 4% in Q3", "2026-11-25", "2026-07-01", "2026-09-30"),
        ("Budget for Q3 2027 signed off", "2026-11-25", "2027-07-01", "2027-09-30"),
        ("Contract runs until Jan.", "2026-11-25", "2027-01-01", "2027-01-31"),
    ],
)
def test_a_phrase_naming_a_span_dates_the_line_inside_it(
    line: str, written: str, first: str, last: str
) -> None:
    day = _day(line, written)
    assert day is not None and date.fromisoformat(first) <= day <= date.fromisoformat(last)


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("- Joined: March 2025", "2025-03-01", "2025-03-31"),
        ("Started 3/12/2025 as a contractor", "2025-12-03", "2025-12-03"),
        ("- Adopted 2024-05-02T10:00", "2024-05-02", "2024-05-02"),
        ("Promoted in Q2 2025", "2025-04-01", "2025-06-30"),
        ("- Last review: 12.06.2025", "2025-06-12", "2025-06-12"),
        ("- Birthday 2019/04/07", "2019-04-07", "2019-04-07"),
    ],
)
def test_an_undated_page_reads_the_dates_that_carry_their_year(line: str, first: str, last: str) -> None:
    day = line_dates(f"# Ines Moreau\n\n{line}\n", None)[2]
    assert day is not None and date.fromisoformat(first) <= day <= date.fromisoformat(last)


def test_an_undated_page_reads_a_date_without_its_year_from_the_dated_lines_above() -> None:
    text = "# Atlas\n\n## Timeline\n- 2026-11-02 kickoff with Ops\n- Nov 20: beta to ten users\n"
    assert line_dates(text, None)[4] == date(2026, 11, 20)
    assert date(2027, 1, 1) in chunk_dates("- 2026-11-20: away until January", None)


def test_a_day_of_the_month_is_read_but_a_rank_or_a_fraction_is_not() -> None:
    assert _day("- Rent goes out on the 18th", "2026-11-25") == date(2026, 11, 18)  # no direction: nearest
    for line in ("- Room on the 2nd floor is booked", "- q4_k_m quantization fits", "- 4/5 users liked it"):
        assert _day(line, "2026-11-25") == date(2026, 11, 25)


def test_a_line_full_of_date_phrases_is_read_in_linear_time() -> None:
    """A pasted calendar or table: 8,000 weekdays, quarters or "from X to Y" on one line took minutes
    (each phrase looked at the whole line before it: 2,000 "Q1 Q2 Q3" took 7.8 s). Run in a child process
    so a regression fails instead of hanging the suite."""
    import subprocess
    import sys

    code = (
        "from datetime import date\n"
        "from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates\n"
        "for unit in ('Friday ', 'Q1 Q2 Q3 ', 'from Monday to Friday ', 'the 18th '):\n"
        "    line_dates(unit * 8000, date(2026, 11, 25)); chunk_dates(unit * 8000, date(2026, 11, 25))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=30, check=False)
    assert done.returncode == 0


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Thurs 9am standup moved to the big room", "2026-10-08"),  # written on a Wednesday
        ("- invoice due Fri", "2026-10-09"),
        ("- Tue: dentist, then the school run", "2026-10-13"),
        ("- Sat 14th: farmers' market stall", "2026-11-14"),
        ("- by Sat we need the boxes packed", "2026-10-10"),
        ("- Met Jo last Thu about the lease", "2026-10-01"),
    ],
)
def test_a_weekdays_capitalised_abbreviation_is_read(line: str, meant: str) -> None:
    assert _day(line, "2026-10-07") == date.fromisoformat(meant)


@pytest.mark.parametrize(
    "line", ["- sat on the sofa all evening", "- Sun was out, we walked", "- Mon Repos cafe again"]
)
def test_an_abbreviation_that_is_also_a_word_names_no_day_alone(line: str) -> None:
    assert _day(line, "2026-10-07") == date(2026, 10, 7)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Deadline: 3/12", "2026-12-03"),  # day first, as "on 3/12"
        ("- 3/12: vet appointment for Miso", "2026-12-03"),
        ("- Vet appt: 4/11", "2026-11-04"),
        ("- Progress: 4/5", "2026-10-07"),  # a fraction, not a day
        ("- 3/4 of the team agreed", "2026-10-07"),
    ],
)
def test_a_numeric_day_as_a_labels_value_or_a_label_is_read(line: str, meant: str) -> None:
    assert _day(line, "2026-10-07") == date.fromisoformat(meant)
