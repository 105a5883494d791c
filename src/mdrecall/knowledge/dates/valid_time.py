"""Valid time: which day a line of Markdown is about. Pure functions.

A line's day is, in order of preference: an explicit date in the line itself (``2026-03-04``,
"on March 4"), a relative one resolved against the file's date ("last Friday", "yesterday"), the date
of the nearest heading above it that names one (``## 2026-03-04``), then the file's own date (daily
logs ``memory/YYYY-MM-DD.md``). Lines with none of these have no valid time. Which of a line's date
phrases is its day is :mod:`mdrecall.knowledge.dates.line_day`'s; whether a line may name a date at all (the
cheap test before the grammar), :mod:`mdrecall.knowledge.dates.date_hints`'s.

A page with no date of its own (``projects/``, ``people/``) still has a time its phrases are read from
("out 14 April", "left in February"): the last full date above the line, else the page's first full date
(a dated heading, front matter, an ISO date in a line), else the ``reference`` its caller passes
(:func:`page_reference`: the workspace's newest daily-log date, else the file's modification day).

The user's ``--as-of DATE`` and ``--during FROM..TO`` arguments are
:mod:`mdrecall.knowledge.dates.time_args`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from functools import lru_cache

from mdrecall.knowledge.dates.date_hints import may_name_date
from mdrecall.knowledge.dates.day_modifiers import modifier_day, state_since
from mdrecall.knowledge.dates.line_day import line_day, names_note
from mdrecall.knowledge.dates.person_days import PersonDays
from mdrecall.knowledge.dates.pinned_headings import opening_day, pinned_day
from mdrecall.knowledge.dates.state_bounds import recurs_yearly, state_bound
from mdrecall.text.chunking import heading_paths
from mdrecall.text.date_phrases.chat_stamps import message_stamp
from mdrecall.text.date_phrases.dotted_dates import dotted_habit
from mdrecall.text.date_phrases.lunar_marks import lunar_marked
from mdrecall.text.date_phrases.note_dates import NoteDate, note_dates
from mdrecall.text.date_phrases.numeric_dates import bracketed_day, numeric_order
from mdrecall.text.date_phrases.undated_reading import heading_month
from mdrecall.text.date_phrases.year_phrases import names_event

__all__ = [
    "LineDays",
    "chunk_dates",
    "heading_day",
    "page_reference",
    "line_dates",
]

#: (the look-behind follows the first digit so that a search skips ahead to digits: several times faster)
_ISO = re.compile(r"(\d)(?<![\d-]\d)(\d{3})-(\d{2})-(\d{2})(?![\d-])")
#: A dotted number ("14.3", "14. 3."): maybe a date, read on a page that writes dotted dates.
_DOTTED = re.compile(r"\d\.\s?\d")

#: A day's number in a date phrase (not its year).
_DAY_NUMBER = re.compile(r"(?<!\d)\d{1,2}(?!\d)")

#: A year written in a line ("2027", "Mar '27"): without one, a line read with no day of writing names no
#: day (:func:`~mdrecall.text.date_phrases.note_dates.note_dates` reads only dates that carry their year
# then).
_YEARISH = re.compile(r"\d{4}|['’]\d\d\b")
#: A weekday's name, with a digit the sign of a line that may pin its year by its weekday
#: (:func:`~mdrecall.knowledge.dates.pinned_headings.pinned_day`).
_WEEKDAYISH = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)", re.IGNORECASE)
_DIGIT = re.compile(r"\d")


#: "the same day" / "that same day" ending a clause: the day the page named last ("same-day delivery", "on
#: the same day as the launch" name no day of their own).
#: Before a full date: a birth or a death ("born 9 March 1947", "DOB: 02/05/1990", "died on 3 May 2001"):
#: a fact of a life, not the time the page is about, so it dates no line after it.
_LIFE_BEFORE = re.compile(
    r"\b(?:born|b\.|dob|date\s+of\s+birth|birthday|died|d\.|passed\s+away)\s*(?:on\s+)?[:(]?\s*$",
    re.IGNORECASE,
)
_SAME_DAY = re.compile(r"\b(?:(?:the|that)\s+)?same\s+day\b(?=\s*(?:[,.;:!?)]|$))", re.IGNORECASE)


def _page_month(months: dict[int, int | None], base: date | None) -> date | None:
    """The middle of the month the innermost heading in force names alone (``months``: by level), in the
    year it last came by ``base`` (an undated page's guessed day of writing: a page headed "January" and
    kept in April is of the January gone), or ``None``."""
    month = next((months[k] for k in sorted(months, reverse=True) if months[k]), None)
    if month is None or base is None:
        return None
    return date(base.year if month <= base.month else base.year - 1, month, 15)


def _iso_dates(text: str) -> list[date]:
    if "-" not in text:
        return []
    out = []
    for m in _ISO.finditer(text):
        try:
            out.append(date(int(m.group(1) + m.group(2)), int(m.group(3)), int(m.group(4))))
        except ValueError:
            continue
    return out


class LineDays:
    """The day each line of a file is about (see the module docstring), computed on demand.

    ``headings`` are the 0-based indices of the heading lines, in order; ``order``: the workspace's order
    of numeric dates (``"dmy"``, ``"mdy"``; :func:`~mdrecall.text.date_phrases.numeric_dates.agreed_order` or
    the ``dates.order`` setting), read where the page itself shows none. Lines must be asked in
    increasing order: the headings in force are walked once, so asking a few lines of a long file
    costs a few lines' work (the entity extraction asks only the lines that name something).
    ``country``: the one the workspace's notes name (:mod:`~mdrecall.knowledge.dates.date_country`), which
    sets a holiday's day such as Thanksgiving's.
    """

    def __init__(
        self,
        lines: Sequence[str],
        headings: Sequence[int],
        file_date: str | date | None,
        reference: str | date | None = None,
        order: str | None = None,
        country: str | None = None,
    ) -> None:
        self.lines = lines
        self.workspace_order = order
        self.country = country
        self.headings = headings
        self.anchor = _as_date(file_date)
        #: an undated page's fallback day (:func:`page_reference`); read only when the page gives none
        self.reference = None if self.anchor else _as_date(reference)
        self._page: date | None = None  # the page's full date nearest its reference (looked for once)
        self._full_memo: dict[int, list[date]] = {}  # a line's full dates, by its index
        self._paged = False
        self._base: date | None = None  # the day the line last asked was read from
        self._next = 0  # the next heading (index into headings) not yet in force
        self._by_level: dict[int, date | None] = {}  # heading level → its date
        self._months: dict[int, int | None] = {}  # heading level → the month it names alone
        self._in_force: date | None = None
        self._scanned = 0  # lines read by _dated_above
        self._heads: set[int] | None = None  # the headings' lines, as a set (made on need)
        self._opened = False  # whether _dated_above has passed the page's first line that is no heading
        self._above: date | None = None
        self._pinned = False  # whether _above is a day pinned by its weekday, not written with its year
        self._order: str | None = None  # the page's order of numeric dates (looked for once, on need)
        self._ordered = False
        self._dotted: bool | None = None  # whether the page writes dotted dates (looked for once, on need)
        self._people = PersonDays(lines)  # short names of days the page uses as someone's name

    def day(self, i: int) -> date | None:
        """The day line ``i`` (0-based) is about, or ``None``."""
        heads = self.headings
        if self._next < len(heads) and heads[self._next] <= i:
            by_level = self._by_level
            while self._next < len(heads) and heads[self._next] <= i:
                level, when = heading_day(self.lines[heads[self._next]], self.workspace_order)
                if when is None and self.reference is not None:  # "# Meeting — Friday 6 March": its year
                    when = pinned_day(self.lines[heads[self._next]], self.reference, self.workspace_order)
                self._next += 1
                for lv in [k for k in by_level if k >= level]:
                    del by_level[lv]
                    self._months.pop(lv, None)
                by_level[level] = when
                self._months[level] = heading_month(self.lines[heads[self._next - 1]])
            self._in_force = next((by_level[k] for k in sorted(by_level, reverse=True) if by_level[k]), None)
        head = self._next > 0 and heads[self._next - 1] == i
        in_force = self._in_force
        line = self.lines[i]
        if head or not line.strip() or not may_name_date(line):
            self._base = None
            return in_force or self.anchor
        base = in_force or self.anchor or self._dated_above(i)
        loose = base is None
        base = base or self._undated_base()
        self._base = base
        # a date the page named above the line
        near = None if in_force or self.anchor or loose or self._pinned else base
        if loose and base is not None and base == self._page:
            near = base  # an incident page's "Date: 9/21/2026": its "done 9/24" is the days after, not before
        month = _page_month(self._months, base) if loose else None
        message = self._message(line, base, loose)
        if message is not None:  # "[12/3, 21:04] Lan: tmrw ...": the message's words read from its day
            sent, said = message
            return line_day(line, said, sent, True) or sent
        found = note_dates(
            line,
            base,
            loose,
            self._order_for(line),
            self.workspace_order,
            near,
            self._dotted_for(line),
            month,
            self.country,
        )
        found = self._kept(line, found)  # not "Thu said ..." (someone), nor "8/3 âm lịch" (a lunar date)
        day = line_day(line, found, base, bool(in_force or self.anchor)) or in_force or self.anchor
        if day is None and not found and near is not None and _SAME_DAY.search(line):
            return near  # "Reply from Ana, same day:" under a dated line (a quoted mail's "On 8 Mar 2027")
        if day is None and found:  # the day written is unknown: a full date the line names is its day
            low = line.lower()
            day = next(
                (
                    n.days[0]
                    for n in found
                    if _YEARISH.search(line, n.start, n.end)
                    and not names_note(low, n)
                    and not state_bound(low, n)  # "discs from March 2027": a state's start
                    and not recurs_yearly(low, n)  # "booster yearly in September"
                    # "old exams from 2023-01-12 are on the page"; not "has sent us work since 2017", a
                    # state's start, the one time a line on a page with no day written has
                    and (not modifier_day(low, n, None) or state_since(low, n))
                    # ("the 1983 floods at the house": a year naming an event, a mention)
                    and (len(n.days) < 365 or not names_event(low, n.start, n.end))
                ),
                None,
            )
            if day is None:  # "v2.9.4 (10/1): new import format": an item's own day, in brackets after it
                day = next(
                    (n.days[0] for n in found if len(n.days) == 1 and bracketed_day(line, n.start, n.end)),
                    None,
                )
        return day

    def _message(self, line: str, base: date | None, loose: bool) -> tuple[date, list[NoteDate]] | None:
        """For a pasted chat message whose stamp names its day
        (:func:`~mdrecall.text.date_phrases.chat_stamps. message_stamp`): that day, and the line's date
        phrases: the stamp's, then the message's read from that day, not the page's (``base``); ``None`` for
        any other line. On a page with no day of its own only a stamp carrying its year is one."""
        if base is None:
            return None
        order = self._order_for(line) or self.workspace_order
        stamp = message_stamp(line, order, base)
        if stamp is None or (loose and not _YEARISH.search(line, 0, stamp.end)):
            return None
        text = line[stamp.message :]
        dotted = self._dotted_for(line)
        said = note_dates(
            text, stamp.day, False, order, self.workspace_order, None, dotted, None, self.country
        )
        shift = stamp.message
        moved = [NoteDate(n.start + shift, n.end + shift, n.days) for n in self._kept(text, said)]
        return stamp.day, [NoteDate(stamp.start, stamp.end, (stamp.day,)), *moved]

    def _kept(self, line: str, found: list[NoteDate]) -> list[NoteDate]:
        """``found`` without a short name of a day that is someone's (:class:`PersonDays`) and a date of the
        lunar calendar (:func:`~mdrecall.text.date_phrases.lunar_marks.lunar_marked`)."""
        found = self._people.drop(line, found)
        if found and ("â" in line or "Â" in line or "unar" in line or "UNAR" in line):
            found = [n for n in found if not lunar_marked(line, n.end)]
        return found

    def _order_for(self, line: str) -> str | None:
        """The page's order of numeric dates
        (:func:`~mdrecall.text.date_phrases.numeric_dates.numeric_order`), for a line that may hold one."""
        if "/" not in line:
            return None
        if not self._ordered:
            self._ordered = True
            self._order = numeric_order("\n".join(x for x in self.lines if "/" in x))
        return self._order

    def _dotted_for(self, line: str) -> bool:
        """Whether the page writes dotted dates
        (:func:`~mdrecall.text.date_phrases.dotted_dates.dotted_habit`), for a line holding a dotted
        number."""
        if _DOTTED.search(line) is None:
            return False
        if self._dotted is None:
            self._dotted = dotted_habit("\n".join(x for x in self.lines if "." in x))
        return self._dotted

    def written(self) -> date | None:
        """The day the line last asked of :meth:`day` was written: the date heading in force over it,
        else the file's date; on an undated page, the day its phrases were read from (``None`` for a
        line that names no day)."""
        return self._in_force or self.anchor or self._base

    def _undated_base(self) -> date | None:
        """An undated page's day when no line above gives one: of its full dates (dated headings or lines
        further down: a progress log's "### 2027-03-03"), the one nearest :attr:`reference` (a timeline
        from 2024 to 2027 on a page kept in 2027 is read from 2027), the first without one; else
        :attr:`reference`."""
        if not self._paged:
            self._paged = True
            ref = self.reference
            for i, line in enumerate(self.lines):
                if _YEARISH.search(line) and may_name_date(line):
                    named = self._full_at(i)
                    if ref is None:
                        self._page = named[0] if named else None
                        if named:
                            break
                        continue
                    for day in named:
                        if self._page is None or abs((day - ref).days) < abs((self._page - ref).days):
                            self._page = day
        return self._page or self.reference

    def _full_dates(self, line: str) -> list[date]:
        """The single days ``line`` names with their year (read with no day of writing)."""
        return [
            n.days[0]
            for n in note_dates(line, None, False, self._order_for(line), self.workspace_order)
            if len(n.days) == 1
        ]

    def _full_at(self, i: int) -> list[date]:
        """The single days line ``i`` names with its year, read once (the page's base and the dates above
        a line both ask); not a day of birth or death ("born 9 March 1947"), which dates no other line."""
        if i not in self._full_memo:
            line = self.lines[i]
            self._full_memo[i] = [
                n.days[0]
                for n in note_dates(line, None, False, self._order_for(line), self.workspace_order)
                if len(n.days) == 1 and not _LIFE_BEFORE.search(line, max(0, n.start - 24), n.start)
            ]
        return self._full_memo[i]

    def _dated_above(self, i: int) -> date | None:
        """On a page with no date of its own, the last day a line above ``i`` gives with its year (a
        timeline's "- 2026-11-02 kickoff"), from which a later "Nov 20" or "next week" is read; a heading
        between them ends it (a dated decision under "## Oysters" does not date "Class is Thursday 7pm"
        under "## Irish")."""
        if self._heads is None:
            self._heads = set(self.headings)
        while self._scanned < i:
            line = self.lines[self._scanned]
            self._scanned += 1
            if self._scanned - 1 in self._heads:
                self._above, self._pinned = None, False  # (a heading's day dates its section: read below)
            opens = not self._opened and bool(line.strip()) and self._scanned - 1 not in self._heads
            self._opened = self._opened or opens
            if _YEARISH.search(line) and may_name_date(line):
                named = self._full_at(self._scanned - 1)
                self._above, self._pinned = (named[-1], False) if named else (self._above, self._pinned)
            elif opens and self.reference is not None and may_name_date(line):
                # "Sept 15, 7 pm, video call." opening the page: the day it records, in the year the
                # reference gives; it dates the lines below as a pinned heading does
                opening = opening_day(line, self.reference, self.workspace_order)
                self._above, self._pinned = (opening, True) if opening else (self._above, self._pinned)
            elif self.reference is not None and _DIGIT.search(line) and _WEEKDAYISH.search(line):
                # "Date: Tuesday 15 September": the weekday pins the year, a day as full as one written; it
                # dates the lines below as a pinned heading does (not a bare "same day" under it)
                named_day = may_name_date(line)
                pinned = pinned_day(line, self.reference, self.workspace_order) if named_day else None
                self._above, self._pinned = (pinned, True) if pinned else (self._above, self._pinned)
        return self._above

    def named(self, i: int) -> list[date]:
        """Every day line ``i`` names (its own day and days it mentions, such as a retest date); ask
        after :meth:`day` for the same line."""
        line = self.lines[i]
        if not line.strip() or not may_name_date(line):
            return []
        base = self._in_force or self.anchor or self._above
        order = self._order_for(line)
        near = None if self._in_force or self.anchor else base
        message = self._message(line, base or self._undated_base(), base is None)
        if message is not None:  # a chat message: its stamp's day, and its phrases read from that day
            return [d for n in message[1] for d in n.days]
        found = note_dates(
            line,
            base or self._undated_base(),
            base is None,
            order,
            self.workspace_order,
            near,
            self._dotted_for(line),
            None,
            self.country,
        )
        return [d for n in self._kept(line, found) for d in n.days]


@lru_cache(maxsize=1024)
def heading_day(line: str, order: str | None = None) -> tuple[int, date | None]:
    """A heading line's level and the day it names, in any written form ("## 2027-03-08", "## Monday 8 March
    2027", "## March 8th, 2027", "## 08/03/2027" read in ``order``, the workspace's order of numeric dates),
    or ``None`` for a heading naming no one day (cached: headings like ``## 09:15`` recur in every file)."""
    line = line.lstrip()
    level = len(line) - len(line.lstrip("#"))
    named = _iso_dates(line)
    if named:
        return level, named[0]
    if _YEARISH.search(line) is None or not may_name_date(line):
        return level, None
    # a day written out with its year ("# Board minutes, Tuesday 12 January 2027", "week of 25 January
    # 2027"): one day, or a Monday-Sunday week (its Monday), named by its number; a month, a season or a
    # holiday ("# Easter 2027 - Madeira") is the page's topic, no day in force
    for n in note_dates(line, None, False, None, order):
        numbered = _DAY_NUMBER.search(line, n.start, n.end) is not None
        if numbered and (len(n.days) == 1 or (len(n.days) == 7 and n.days[0].weekday() == 0)):
            return level, n.days[0]
    return level, None


def page_reference(file_dates: Iterable[str | None], mtime: float | None = None) -> date | None:
    """The day an undated page's phrases are read from when the page names no full date: the newest
    date among the workspace's dated files (``file_dates``: their names' dates, the "now" of a workspace
    kept as daily logs, which survives a copy or a clone), else the local day of the file's ``mtime``."""
    newest = max((d for d in file_dates if d), default=None)
    if newest:
        return _as_date(newest)
    try:
        return datetime.fromtimestamp(mtime).date() if mtime else None
    except (OverflowError, ValueError, OSError):  # an mtime past the calendar (year 33658, NaN)
        return None


def line_dates(
    text: str,
    file_date: str | date | None,
    reference: str | date | None = None,
    order: str | None = None,
    country: str | None = None,
) -> list[date | None]:
    """For each line of ``text``: the day it is about (see the module docstring), or ``None``;
    ``reference``: an undated page's fallback day (:func:`page_reference`); ``order``, ``country``: the
    workspace's order of numeric dates and country (:class:`LineDays`)."""
    lines = text.splitlines()
    _, is_heading = heading_paths(lines)
    heads = [i for i, h in enumerate(is_heading) if h]
    days = LineDays(lines, heads, file_date, reference, order, country)
    return [days.day(i) for i in range(len(lines))]


def chunk_dates(
    text: str,
    file_date: str | date | None,
    heading: str = "",
    reference: str | date | None = None,
    order: str | None = None,
    country: str | None = None,
) -> set[date]:
    """Every day a chunk is about: its lines' days, the other days they name, and a date in its heading
    (``reference``, ``order``, ``country``: as for :func:`line_dates`)."""
    anchor = _as_date(file_date)
    if may_name_date(text):
        lines = text.splitlines()
        _, is_heading = heading_paths(lines)
        heads = [i for i, h in enumerate(is_heading) if h]
        first = 0
        if anchor is None and heading_month(heading) is not None:
            # the month a heading over the chunk names alone ("Committee meeting — January > Actions"): a
            # heading of its own before the chunk's lines, the outermost (its own days are not the chunk's)
            lines, heads, first = ["# " + heading, *lines], [0, *(i + 1 for i in heads)], 1
        line_days = LineDays(lines, heads, file_date, reference, order, country)
        days: set[date] = set()
        for i in range(first, len(lines)):
            day = line_days.day(i)
            if day is not None:
                days.add(day)
            days.update(line_days.named(i))
    else:  # no date phrase (most chunks): the file's day
        days = {anchor} if anchor else set()
    days.update(_iso_dates(heading))
    if not days and anchor:
        days.add(anchor)
    return days


def _as_date(value: str | date | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
