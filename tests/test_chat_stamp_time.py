"""One time of day for both chat-stamp readers: the date reader's and the speaker reader's."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.knowledge.lexicon.mention_patterns import SPEAKERS
from mdrecall.text.date_phrases.chat_stamps import STAMP_TIME, message_stamp


def test_a_stamp_with_a_dotted_pm_opens_a_speakers_line() -> None:
    page = "notes from the pottery group\n[7:42 p.m.] Ngozi: kiln is booked for the glaze firing\n"
    m = SPEAKERS.search(page)
    assert m is not None and m.group("c") and m.group("p") == "Ngozi"


def test_the_date_reader_reads_the_same_stamp_with_its_day() -> None:
    stamp = message_stamp("[3/11/2027, 7:42 p.m.] Ngozi: kiln is booked", "dmy", date(2027, 11, 1))
    assert stamp is not None and stamp.day == date(2027, 11, 3)


def test_the_time_of_day_never_spans_a_line_break() -> None:
    assert re.fullmatch(STAMP_TIME, "7:42 pm")
    assert re.fullmatch(STAMP_TIME, "7:42\npm") is None
    assert re.search(STAMP_TIME, "room 17:425") is None  # a longer number, not a time
