"""Where a line of a note reports an act done: its past verbs, not a title's capitalised word ("The
Dispossessed"), a plan ("booked") or a state wished for ("wants it fixed"); and the verbs that move a
date ("pushed to Tuesday"). Pure; used by :mod:`mdrecall.knowledge.dates.line_day` and
:mod:`mdrecall.knowledge.dates.day_choice`."""

from __future__ import annotations

import re

from mdrecall.text.date_phrases.date_direction import RESCHEDULED
from mdrecall.text.past_verbs import SAME_FORMS, past_verb, wished

__all__ = ["NOT_DONE", "RESCHEDULE", "acts"]

#: Past verbs that are no act done on the day a line was written: plans, and verbs that move a date.
NOT_DONE = {"needed", "planned", "scheduled", "booked", "expected", "supposed"} | RESCHEDULED
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")
_WORD_AT = re.compile(r"[A-Za-z']+")

#: A date moved, as the line's act: a verb that moves a date with where or how far it went ("got pushed to
#: Tuesday", "slipped a week", "pushed back to 8/5"), or one that can only move a date ("postponed"); not
#: after a determiner ("the delayed train"). The day the line names is the new one, not a plan beside it.
RESCHEDULE = re.compile(
    r"(?<!\bthe )(?<!\ba )(?:\b(?:postponed|rescheduled|deferred)\b|\b(?:moved|pushed|delayed|slipped|shifted"
    r"|bumped|extended|changed)\s+(?:back\s+|out\s+|again\s+)?(?:to|until|till|by|a|an|one|two|three|\d+)\s)"
    # the same verb in its base form after "to" ("agreed to slip a week"), or a new date named as such
    r"|\bto\s+(?:move|push|delay|slip|shift|bump|extend|postpone|reschedule|defer)\s+(?:it\s+|back\s+|out\s+)?"
    r"(?:to|until|till|by|a|an|one|two|three|\d+)\s|\bnew\s+(?:date|deadline|day)\b"
)


def acts(line: str, start: int, stop: int) -> list[int]:
    """Where ``line[start:stop]`` reports an act done: the offsets of its past verbs (not a capitalised
    word inside a sentence, a title such as "The Dispossessed"; not a plan such as "booked")."""
    out = []
    prev = ""
    named = False  # the word before is a name: a subject in the third person ("Leon Vogel quit")
    modifier = False  # that name follows a determiner ("the HERE cost numbers"): maybe part of a noun
    sentence_start = True
    seen: list[str] = []
    for m in _WORD_AT.finditer(line, start, stop):
        word = m.group(0)
        low = word.lower()
        title = word[0].isupper() and not sentence_start
        subject = "he" if named and low in SAME_FORMS and not _modifies(line, m.end(), modifier) else prev
        if sentence_start:
            seen.clear()  # "I need it. Painted the fence": a wish does not cross a full stop
        seen.append(low)
        if not title and low not in NOT_DONE and past_verb(low, subject) and not wished(seen, len(seen) - 1):
            out.append(m.start())
        modifier = title and (prev in _DETERMINERS or (named and modifier))
        prev = low
        named = title
        sentence_start = _SENTENCE_END.match(line, m.end()) is not None or line.startswith(":", m.end())
    return out


_DETERMINERS = {"the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "this", "that"}
#: After a verb such as "cost" or "cut": words that make it a verb ("the Skoda cost us 20k", "the
#: board cut the budget"), where another lower-case word makes it part of a noun ("the HERE cost numbers").
_VERB_OBJECT = re.compile(
    r"\s+(?:\d|[$£€]|(?:the|a|an|our|my|your|their|his|her|its|this|that|us|me|him|them|it|you|more|less"
    r"|nothing|everything|about|over|under|back|down|off|out|up|in|into|to)\b)|\s*(?:[.,;:!?)]|$)"
)


def _modifies(line: str, at: int, modifier: bool) -> bool:
    """Whether a word such as "cost", ending at ``at`` after a name that follows a determiner (``modifier``),
    is part of a noun ("the HERE cost numbers", "the Q3 cut list") rather than the name's verb: a lower-case
    word follows it that is no object, particle or number."""
    if not modifier:
        return False
    return _VERB_OBJECT.match(line, at) is None and re.match(r"\s+[a-z]", line[at:]) is not None
