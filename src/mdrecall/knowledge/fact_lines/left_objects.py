"""What the words after a verb of leaving name when they name no value left: a time ("leaving 22/3 early",
"leaving Friday", "takes over from March"), or a person dropped off ("07:45 dropped Xin Yi", "dropped the
kids at school"). Read by :func:`~mdrecall.knowledge.fact_lines.leave_grammar.left_values`. Pure.

* **A time of leaving**: after "leave"/"leaving"/"left", a number (a date's or a clock's: "22 3", "6am";
  a line's words lose their slashes and colons) or a weekday or a month is when one sets off, not a value
  given up ("ok, leaving 22/3 early morning" names no 22 left).
* **A time after "from"**: "from" then a weekday or a month, with more words before its "to"
  ("Kak Ros to take over from March, Bee Lian to hand over the list"), is when a change starts; "from
  Monday to Wednesday" (the value right before "to") still leaves its value; a number after "from" is left
  as it was read ("from the 15th", "from 20 to 24").
* **A person dropped off**: "dropped" then a person (a given name of the name lists, or a word of a family
  relation: "the kids", "Mum") is a lift given, unless "from" or "as" follows within a few words ("dropped
  Priya from the rota", "dropped Tom as our agent"), which drop a holder.
"""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_values import is_kin
from mdrecall.knowledge.fact_lines.fact_words import DAYS, MONTHS
from mdrecall.knowledge.lexicon.name_lists import given_name

__all__ = ["dropped_off", "time_after_from", "time_of_leaving"]

#: Weekdays and months, lower case.
_CALENDAR = frozenset(DAYS) | frozenset(MONTHS)
#: Determiners and possessives before a verb's object.
_DETERMINERS = frozenset(("the", "our", "my", "their", "his", "her", "its", "a", "an"))
#: How many words after a person dropped may hold "from" or "as" (a holder dropped from a role).
_ROLE_REACH = 4


def _timely(word: str) -> bool:
    """Is ``word`` (lower case) a weekday, a month, or opening with a digit (a date's or a clock's part)?"""
    return word in _CALENDAR or word[:1].isdigit()


def time_of_leaving(wording: str, after: list[str]) -> bool:
    """Do the words ``after`` a verb of leaving (``wording``, lower case) name when one leaves ("leaving 22 3
    early", "left friday"), not a value left? Only after "leave"/"left", not "from"/"dropped"/"replaced"."""
    if not wording.startswith(("leav", "left")) or not after:
        return False
    return _timely(after[0])


def time_after_from(after: list[str]) -> bool:
    """Do the words ``after`` "from" name when a change starts ("from march bee lian to hand over"): a
    weekday or a month not right before "to" ("from monday to wednesday" leaves Monday)?"""
    if not after or after[0] not in _CALENDAR:
        return False
    return len(after) < 2 or after[1] != "to"


def dropped_off(after: list[str]) -> bool:
    """Do the words ``after`` "dropped" (lower case) name a person given a lift ("xin yi school has …",
    "the kids at school", "mum at the station"), not a holder dropped ("priya from the rota")?"""
    words = list(after)
    while words and words[0] in _DETERMINERS:
        words.pop(0)
    if not words:
        return False
    first = words[0]
    person = given_name(first.capitalize()) or is_kin(first)
    if not person:
        return False
    return not any(w in ("from", "as") for w in words[1 : 1 + _ROLE_REACH])
