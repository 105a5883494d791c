"""A weekday's or a month's short name that is a person's name: "Thu" (a Vietnamese given name), "Jun",
"May", "June", "April". The date grammar reads a capitalised "Thu" alone as a Thursday; where the words
around it make it someone ("Thu said the landlord will fix it", "called Thu", "chị Thu", "Nguyễn Thị Thu",
a pasted chat's speaker "[12/3, 21:04] Thu: ok em"), it names no day.

Two readings, both from grammar: in the line, the word is a person when a verb of speech or of an act only
a person does follows it ("Thu sent", "Thu'll bring"), when a verb that takes a person as its object goes
before it ("told Thu", "paid Thu"), or a form of address ("Ms", "chị", "Pak"; ``data/kin_titles.txt``) or
a Vietnamese middle name ("Thị", "Văn") does. On the page, once the word is someone in one of these ways
or as a chat message's speaker, every bare use of it is, unless a word that asks for a day goes before it
("on Thu", "by Thu", "next Thu") or a day's number or a time follows ("Thu 12/3", "Thu 3pm"). Pure; linear
in the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mdrecall.knowledge.lexicon.address_words import address_word
from mdrecall.knowledge.lexicon.name_lists import kin_word
from mdrecall.text.date_phrases.chat_stamps import message_stamp
from mdrecall.text.date_phrases.note_dates import NoteDate

__all__ = ["PersonDays"]

#: The short names of days and months a person may bear (the grammar reads them alone as days).
_SHORT = re.compile(
    r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Jan|Feb|Mar|Apr|April|May|Jun|June|Jul|July|Aug|August"
    r"|Sep|Sept|Oct|Nov|Dec)"
)
_SHORT_WORD = re.compile(r"\b" + _SHORT.pattern + r"\b")
#: After the word: a verb of speech or an act a day does not do ("Thu said", "Thu sent", "Thu'll bring").
_PERSON_AFTER = re.compile(
    r"(?:'ll|\s+(?:said|says|told|tells|asked|asks|replied|texted|messaged|emailed|called|rang|phoned|wrote"
    r"|agreed|promised|offered|sent|sends|brought|brings|dropped|paid|pays|bought|picked|gave|gives|drove"
    r"|cooked|wants|wanted|thinks|thought|knows|reckons|suggested|mentioned|forgot|lent|borrowed"
    r"|has\s+(?:sent|paid|said|asked|agreed)|is\s+(?:bringing|sending|paying|sick|pregnant|on\s+leave)))\b"
)
#: Before the word: a verb that takes a person as its object ("told Thu", "paid Thu", "with Thu and Hoa");
#: not one a day may follow as well ("call Thu", "meet Thu": on Thursday).
_PERSON_BEFORE = re.compile(
    r"\b(?:told|tell|asked|ask|called|rang|texted|messaged|emailed|paid|pay|thanked|thank|pinged|invited"
    r"|invite|reminded|remind|helped|help|owe|owes|lent|gave|give|cc'd|with)\s+$",
    re.IGNORECASE,
)
#: A Vietnamese middle name ("Nguyễn Thị Thu", "Trần Văn Mon"): the next word is a given name.
_MIDDLE = frozenset({"thị", "văn"})
#: Vietnamese forms of address that are given names too, so not in the shared list: lower case before a
#: name ("anh Tuấn", "em Thu").
_LOWER_ADDRESS = frozenset({"anh", "em", "bạn", "chị", "cô", "chú", "bác", "ông", "bà"})
#: A word asking for a day before the short name ("on Thu", "by Thu", "next Thu", "every Thu").
_DAY_BEFORE = re.compile(
    r"\b(?:on|by|until|till|til|next|this|last|from|before|after|due|every|each|since|through|thru|and|or"
    r"|to|starting|in|of|during|early|mid|late|end|see\s+you)\s+$|(?:\d|mon|tue|wed|thu|fri|sat|sun|day)\.?\s*(?:[-–/,&+]|\band\b)\s*$",
    re.IGNORECASE,
)
#: After the short name: a day's number, a date or a time ("Thu 12/3", "Thu 14th", "Thu 3pm", "Thu @ 9").
_DAY_AFTER = re.compile(
    r"\s*(?:\d{1,2}(?:[/.:]\d|\s?[ap]m\b|h\b|(?:st|nd|rd|th)\b|(?=[\s,;)]|$))|@"
    r"|[-–]\s*(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun))",
    re.IGNORECASE,
)
#: A possessive before a word for someone close ("Thu's mum", "Jun's boyfriend"): a day has no mother.
_POSSESSIVE = re.compile(r"['’]s\s+([a-z]+)")
_CLOSE = frozenset(
    {"boyfriend", "girlfriend", "friend", "friends", "partner", "boss", "family", "parents", "kids"}
)
_WORD_BEFORE = re.compile(r"(\S+)\s+$")
#: A chat message's speaker after its stamp ("Thu: ok em").
_SPEAKER = re.compile(r"\s*([A-Z][a-z]{2,5})\s*:")
#: Any day, to read a stamp by (only where the message starts is wanted).
_ANY_DAY = date(2000, 1, 1)


class PersonDays:
    """Which short names of days a page uses as someone's name (looked for once, on need)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self._people: frozenset[str] | None = None

    def drop(self, line: str, found: list[NoteDate]) -> list[NoteDate]:
        """``found`` without the phrases that are a person's name (see the module docstring)."""
        if not found or not any(_SHORT.fullmatch(line, n.start, n.end) for n in found):
            return found
        kept = []
        for n in found:
            word = line[n.start : n.end]
            if _SHORT.fullmatch(word) and self._person(line, n.start, n.end, word):
                continue
            kept.append(n)
        return kept

    def _person(self, line: str, start: int, end: int, word: str) -> bool:
        if _person_here(line, start, end):
            return True
        if self._people is None:
            self._people = _page_people(self.lines)
        if word not in self._people:
            return False
        before = line[max(0, start - 16) : start]
        return _DAY_BEFORE.search(before) is None and _DAY_AFTER.match(line, end) is None


def _person_here(line: str, start: int, end: int) -> bool:
    """The line itself makes the word at ``start:end`` someone: a verb of a person after it, a verb taking
    a person before it, a form of address or a Vietnamese middle name just before it."""
    if _DAY_AFTER.match(line, end):
        return False
    before = line[max(0, start - 24) : start]
    w = _WORD_BEFORE.search(before)
    if w is not None:
        prev = w.group(1)
        low = prev.casefold()
        if low in _MIDDLE or address_word(prev) or (prev.islower() and low in _LOWER_ADDRESS):
            return True
    owner = _POSSESSIVE.match(line, end)
    if owner is not None and (owner.group(1) in _CLOSE or kin_word(owner.group(1))):
        return True
    if _PERSON_AFTER.match(line, end):
        return not _DAY_BEFORE.search(before)
    return _PERSON_BEFORE.search(before) is not None


def _page_people(lines: Sequence[str]) -> frozenset[str]:
    """The short names the page makes someone's anywhere: in a line's own words, or as the speaker of a
    pasted chat message."""
    out: set[str] = set()
    for line in lines:
        if not _SHORT.search(line):
            continue
        for m in _SHORT_WORD.finditer(line):
            if m.group() not in out and _person_here(line, m.start(), m.end()):
                out.add(m.group())
        if line[:1] in "[-*>" or line[:1].isdigit() or line[:1].isupper():
            stamp = message_stamp(line, None, _ANY_DAY)
            if stamp is not None:
                s = _SPEAKER.match(line, stamp.message)
                if s is not None and _SHORT.fullmatch(s.group(1)):
                    out.add(s.group(1))
    return frozenset(out)
