"""Issue 29, dates (held_out_9 and held_out_10's misses, by cause): what the words around a day say about
it. Written in other worlds than those sets: a pottery class, a hailstorm, a food bank, a parking permit."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.numeric_dates import date_cue


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # an hour range after a weekday is no day of the month ("saturday 10-12" is not the 10th)
        ("- pottery class saturday 10-12", "2026-03-04", "2026-03-07"),
        # lower-case abbreviations of terse notes
        ("- board vote fri", "2026-03-02", "2026-03-06"),
        ("- dentist on wed, bring the x-rays", "2026-03-02", "2026-03-04"),
        # a title's weekday in brackets, the day written
        ("Standup notes (Tue)", "2026-03-03", "2026-03-03"),
        # a weekday's possessive: the event nearest the day written, unless its clause points
        ("- insurance photos of the damage after Tuesday's hailstorm", "2026-03-05", "2026-03-03"),
        # "for the weekend" is how long; the past verb says which weekend
        ("- my parents stayed with us for the weekend", "2026-03-09", "2026-03-07"),
        # an aside in brackets does not hide the clause's verb
        ("- we tiled the bathroom (the small one upstairs) on Saturday", "2026-03-10", "2026-03-07"),
        # "moved into" is a move of home, done; not a date moved
        ("- Nadia moved into the new flat on sunday", "2026-03-10", "2026-03-08"),
        # a day of the month a state starts from, or a state announced for it: the coming one
        ("- parking permit valid from the 15th", "2026-04-20", "2026-05-15"),
        ("- the community hall is free on the 3rd", "2026-04-12", "2026-05-03"),
        # a bound stated ("the deadline was X") and the act done ("paid Y"): the line reports the act
        ("The filing deadline was 2026-04-30, paid 2026-04-22 by card.", "2026-05-02", "2026-04-22"),
        # "wedding" is a noun, no plan beside the call: the line is about the wedding
        ("- Gran phoned: family wedding on Saturday 20 June", "2026-06-01", "2026-06-20"),
    ],
)
def test_the_words_around_a_day_say_which_day(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("- yoga (first class on a thursday, sore after)", "2026-03-03"),  # any Thursday, not one
        ("- archive every member who hasn't logged in in 6 months", "2026-04-01"),  # how long, no day
    ],
)
def test_no_day_is_read_where_none_is_meant(line: str, written: str) -> None:
    assert _day(line, written) == date.fromisoformat(written)


def test_a_possessive_day_is_a_mention_beside_the_line_s_own_day() -> None:
    line = "- the post-mortem of Monday's power cut is on Thursday at 10"
    assert _day(line, "2026-03-04") == date(2026, 3, 5)  # a Wednesday: the meeting is Thursday
    assert date(2026, 3, 2) in chunk_dates(line, "2026-03-04")  # the power cut was Monday


def test_a_count_of_days_later_follows_the_line_s_previous_day() -> None:
    line = "- she lands on 3 June, the workshop starts three days later"
    assert date(2026, 6, 6) in chunk_dates(line, "2026-05-20")


def test_since_a_year_names_that_year() -> None:
    days = line_dates("# Amal Haddad\n\n- volunteers at the food bank since 2019\n", None, "2026-05-01")
    assert days[2] == date(2019, 1, 1)


def test_a_new_date_calls_for_a_day() -> None:
    low = "landlord agreed, new date 9/07"
    assert date_cue(low, low.index("9/07"), len(low))


def test_a_heading_that_writes_a_day_out_is_in_force_below_it() -> None:
    text = "# Allotment society: minutes, Wednesday 10 March 2027\n\n- seed swap planned for Saturday\n"
    assert line_dates(text, None, "2027-04-30")[2] == date(2027, 3, 13)
    week = "# Digest: week of 8 March 2027\n\n- the kiln firing on Thursday\n"
    assert line_dates(week, None, "2027-04-30")[2] == date(2027, 3, 11)
    # a holiday in a heading is the page's topic, not its day: "by 1/5" is the May before it
    topic = "# Whitsun 2027 - Lake District\n\n- book the hostel (by 1/5!)\n"
    assert line_dates(topic, None, "2027-03-01")[2] == date(2027, 5, 1)


def test_a_deadline_after_a_report_is_the_task_s_day() -> None:
    line = "- Agreed: the choir keeps the Thursday slot. Wen books the hall by Friday."
    assert _day(line, "2027-03-03") == date(2027, 3, 5)


def test_a_day_given_to_someone_is_the_act_s_own() -> None:
    line = "- the surgery finally gave him 14/05 for the scan"
    assert line_dates(f"# 2027-04-20\n\n{line}\n", "2027-04-20", order="dmy")[2] == date(2027, 5, 14)


def test_a_day_ahead_after_now_is_the_new_state_s_first_day() -> None:
    line = "- choir moved to thursday evenings, the hall hosts bingo on tuesdays now. first one tomorrow"
    assert _day(line, "2027-03-10") == date(2027, 3, 11)
    # a day the phrase does not point ahead keeps the day written ("now" reports the state that day)
    stays = "- The van is now with Ruth (the old driver quit on Monday)."
    assert _day(stays, "2027-03-10") == date(2027, 3, 10)


def test_a_chat_message_s_stamp_is_not_the_day_it_names() -> None:
    line = "[17/03 19:02] Priya: from next week the bins go out early"
    assert line_dates(f"# 2027-03-17\n\n{line}\n", "2027-03-17", order="dmy")[2] == date(2027, 3, 22)


def test_a_noun_in_eed_is_no_past_verb() -> None:
    # "tweed" is no past form: the weekday after it is ahead; "agreed" is one
    assert _day("- the new tweed curtains go up Saturday", "2027-03-03") == date(2027, 3, 6)
    assert _day("- we agreed the price on Saturday", "2027-03-03") == date(2027, 2, 27)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a day denied is not the line's; the new date is
        ("- the kiln cracked overnight. Not firing Thursday; new date 21/03.", "2027-03-21"),
        # a date moved in the base form after "to": the new day, not a plan beside the act
        ("- the drummer cancelled. Caro agreed to push it to 28/03.", "2027-03-28"),
    ],
)
def test_a_day_moved_or_denied(line: str, meant: str) -> None:
    assert line_dates(f"# 2027-03-15\n\n{line}\n", "2027-03-15", order="dmy")[2] == date.fromisoformat(meant)
