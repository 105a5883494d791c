"""Session 24, dates: a pasted chat message's stamp is the day the message was written. Its "tmrw",
"tonight" or "Wednesday" count from that day, not from the page's; the stamp is the line's day when the
message names none; a stamp of a time alone names no day. Phrases written for these tests (a rowing club
in Whanganui, a night market stall, a film society), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.chat_stamps import Stamp, message_stamp

LOG = "2026-08-20"  # a Thursday; 18 August 2026 is a Tuesday


def _day(line: str, order: str | None = "dmy", file_date: str | None = LOG) -> date | None:
    return line_dates(f"# Club notes\n\n{line}\n", file_date, "2026-08-20", order)[2]


@pytest.mark.parametrize(
    ("line", "stamp", "said"),
    [
        # the message's relative words count from its stamp (from the page's day: 21/8, 20/8, 26/8, 19/8)
        ("- [18/8, 19:40] Tama: tmrw the trailer goes to the panel beater", "2026-08-18", "2026-08-19"),
        ("18/08/2026, 21:04 - Hemi: the coach van is booked for Wednesday", "2026-08-18", "2026-08-19"),
        ("Tama, [17.08.26 22:10]: left my spare oars at the shed yesterday", "2026-08-17", "2026-08-16"),
        ("> [09:14 18/8] Ana: signing the sponsor form tomorrow", "2026-08-18", "2026-08-19"),
        ("[18/8 9:14 PM] Ana: seat race moved to Saturday", "2026-08-18", "2026-08-22"),
    ],
)
def test_message_words_count_from_the_stamp(line: str, stamp: str, said: str) -> None:
    """The line is about the day the message was sent or the day it names counted from then, and a search
    by date finds it on both; never on the day the message's words would name from the page's day."""
    day = _day(line)
    days = chunk_dates(line, LOG, order="dmy")
    want = {date.fromisoformat(stamp), date.fromisoformat(said)}
    assert day in want and want <= days
    assert not days & {date(2026, 8, 21), date(2026, 8, 26)}


@pytest.mark.parametrize(
    ("line", "want"),
    [
        # a message naming no day: its stamp's day
        ("[18/08/2026, 07:12] Mere: erg session is off, too windy", "2026-08-18"),
        ("- [18/8, 19:41] Mere: 👍", "2026-08-18"),
        ("[18/8 9:14 PM] Ana: 👍", "2026-08-18"),
        ("[2026-08-17 06:30] Hemi: water too rough, crews stayed in", "2026-08-17"),
        ("17/08/2026, 21:04 - Hemi: crews stayed in", "2026-08-17"),
        # "tonight" in a message is the night of the day it was sent
        ("- [18/8, 19:40] Mere: tonight's erg session is off", "2026-08-18"),
        # a stamp of a time alone names no day: the page's
        ("[21:06] Mere: see you at the ramp", "2026-08-20"),
        ("14:05 Tama: done, sent", "2026-08-20"),
    ],
)
def test_stamp_is_the_message_day(line: str, want: str) -> None:
    assert _day(line) == date.fromisoformat(want)


def test_stamp_days_in_a_search_by_date() -> None:
    """A search by date finds the message on its stamp's day and on the day its words name."""
    line = "[18/8, 19:40] Tama: tmrw the trailer goes to the panel beater"
    days = chunk_dates(line, LOG, order="dmy")
    assert date(2026, 8, 18) in days and date(2026, 8, 19) in days
    assert date(2026, 8, 21) not in days  # (the page's tomorrow)


def test_yearless_stamp_is_the_one_nearest_the_page() -> None:
    """A stamp without its year pasted into a January log is the December before."""
    text = "# Stall\n\n[30/12, 10:02] Linh: restock the lanterns tmrw\n"
    assert line_dates(text, "2027-01-03", None, "dmy")[2] == date(2026, 12, 31)


def test_month_first_stamps() -> None:
    """In a month-first workspace a "3/4" stamp is 4 March; a "8/18" one can be read one way only."""
    assert date(2026, 3, 5) in chunk_dates("[3/4/26, 9:00 AM] Ana: screening is tomorrow", LOG, order="mdy")
    assert _day("[3/4/26, 9:00 AM] Ana: 👍", "mdy") == date(2026, 3, 4)
    assert _day("8/18/26, 7:12 PM - Ana: projector fixed", None) == date(2026, 8, 18)


def test_undated_page_reads_only_stamps_with_their_year() -> None:
    """On a page with no day of its own a stamp with its year dates the message; one without is not
    trusted to give the day the message was written."""
    text = "# Film society\n\n[02/02/2027, 09:40] Ana: hall booked for Friday\n[03/02, 10:00] Ben: ok\n"
    days = line_dates(text, None, "2027-03-01", "dmy")
    assert days[2] == date(2027, 2, 5)


@pytest.mark.parametrize(
    "line",
    [
        "Paid 12.50 for the hall, 18/8 receipt",  # no stamp: a sentence
        "[x] 18/8 pay the hall",  # a task box, not a stamp
        "Room 12-3, 18:00 - the committee",  # a room number before a time: no day and time stamp
        "[18/8] Ana: no time in it",
    ],
)
def test_not_stamps(line: str) -> None:
    assert message_stamp(line, "dmy", date(2026, 8, 20)) is None


def test_stamp_forms() -> None:
    near = date(2026, 8, 20)
    assert message_stamp("[21:04, 18/8/2026] Ana: hi", None, near) == Stamp(date(2026, 8, 18), 1, 17, 18)
    assert message_stamp("- 18-08-2026, 21:04 - Ana: hi", "dmy", near) == Stamp(date(2026, 8, 18), 2, 19, 22)
    assert message_stamp("[18.8.26 21:04] Ana: hi", "mdy", near) == Stamp(date(2026, 8, 18), 1, 14, 15)
