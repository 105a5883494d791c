"""Session 25, dates in an agent's notes (h-dates33): a page's date field whose weekday pins its year dates
the lines below; "in ten working days" counts Monday to Friday (for one thing, not terms); a count "of"
an event is none; "didn't" reports the past; a weekday a later sentence points its own way leaves the
week named before; "remind her Monday night" is a day, "her Monday night class" a slot. Phrases written
for these tests (a school governor, a dairy, a surveyor), not from the labelled sets."""

from __future__ import annotations

from datetime import date

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.working_days import working_days_after


def _days(line: str, written: date) -> list[tuple[str, date]]:
    return [(line[n.start : n.end], n.days[0]) for n in note_dates(line, written)]


def test_a_pinned_date_field_dates_the_minutes_below() -> None:
    text = (
        "# Governors' finance committee\n\nDate: Wednesday 14 October, 18:00\nPresent: Ruth, Idris, Mo\n\n"
        "- Budget: keep the reserve, agree it the same day.\n"
        "- Idris presents the roof bid on Friday 16th.\n"
        "- Action: Mo to chase the auditors by end of month.\n"
    )
    days = line_dates(text, None, date(2026, 11, 20), "dmy")
    assert days[2] == date(2026, 10, 14)
    assert days[5] is None  # "the same day" of a standing rule, under a pinned day: no day of its own
    assert days[6] == date(2026, 10, 16)
    assert days[7] == date(2026, 10, 31)


def test_working_days_count_monday_to_friday() -> None:
    assert working_days_after(date(2026, 3, 4), 7) == date(2026, 3, 13)  # a Wednesday
    assert working_days_after(date(2026, 3, 7), 1) == date(2026, 3, 9)  # a Saturday: the Monday
    assert working_days_after(date(2026, 3, 9), -1) == date(2026, 3, 6)
    wed = date(2026, 3, 4)
    assert _days("- Survey done. The surveyor's findings in seven working days.", wed)[-1] == (
        "in seven working days",
        date(2026, 3, 13),
    )


def test_working_days_as_terms_name_no_day() -> None:
    wed = date(2026, 3, 4)
    assert _days("- Dairy quote: churns delivered in 5 working days, cash on delivery.", wed) == []
    assert _days("- Ship in 3 business days.", wed) == []


def test_a_count_from_an_event_names_no_day() -> None:
    assert _days("- Register with the new GP within two weeks of moving.", date(2026, 5, 2)) == []
    assert _days("- Returns accepted within 30 days of purchase.", date(2026, 5, 2)) == []


def test_didnt_reports_the_past() -> None:
    sat = date(2026, 5, 16)
    got = _days("- The boiler service didn't happen Tuesday; engineer ill.", sat)
    assert got == [("Tuesday", date(2026, 5, 12))]
    assert _days("- Idris wasn’t in on Monday.", sat) == [("Monday", date(2026, 5, 11))]


def test_a_later_sentence_keeps_its_own_direction() -> None:
    sat = date(2026, 5, 16)
    line = "- The calf was off her feed this week. Ruth will call the vet on Tuesday if not better."
    got = _days(line, sat)
    assert got[-1] == ("Tuesday", date(2026, 5, 19))
    # with no cue of its own the weekday is still the week's named before
    assert _days("- Next week: milk tanker comes Thursday.", sat)[-1] == ("Thursday", date(2026, 5, 21))


def test_remind_her_on_a_weekday() -> None:
    wed = date(2026, 5, 13)
    assert _days("- Ruth asked me to remind her Sunday evening to set the alarm.", wed) == [
        ("Sunday", date(2026, 5, 17))
    ]
    assert _days("- She dropped her Sunday evening class.", wed) == []


def test_a_plural_of_a_weekday_before_a_new_clause_recurs() -> None:
    wed = date(2026, 5, 13)
    assert _days("- Idris misses the Thursday rehearsals since he changed jobs.", wed) == []
    assert _days("- Mo would rather keep Saturday lessons because the pool is quieter.", wed) == []


def test_a_means_of_sending_dates_the_act() -> None:
    mon = date(2026, 5, 18)
    assert _days("- Dairy order acknowledged by email on Friday.", mon) == [("Friday", date(2026, 5, 15))]
    assert _days("- Idris will be notified by letter on Friday.", mon) == [("Friday", date(2026, 5, 22))]


def test_a_step_before_the_day_it_prepares_for() -> None:
    mon = date(2026, 5, 18)
    got = _days("- Getting ready for Saturday: pick up the marquee pegs on Thursday.", mon)
    assert got == [("Saturday", date(2026, 5, 23)), ("Thursday", date(2026, 5, 21))]
    # steps of a plan still run in order
    got = _days("- Milk tanker on Friday, cheese press Tuesday.", mon)
    assert got[-1] == ("Tuesday", date(2026, 5, 26))


def test_a_past_verb_and_its_object_call_for_a_day() -> None:
    # a page with no order of its own, read in the workspace's (day first)
    line = "- Sprained her wrist (told me 4/3); Idris takes the Saturday group."
    assert [n.days for n in note_dates(line, date(2026, 5, 2), True, None, "dmy")] == [(date(2026, 3, 4),)]
    assert note_dates("- Gave us 7/10 for the cheese.", date(2026, 5, 2), True, None, "dmy") == []
    assert note_dates("- Ranked them 2/3 overall.", date(2026, 5, 2), True, None, "dmy") == []
