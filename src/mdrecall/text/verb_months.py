"""A month named right after a verb, with no preposition ("bought March", "doing July instead", "missed
October"): that month, in the direction of the verb's tense (:func:`verb_month`). Only the months that are
not also given names (April, May, June and August are: "told June", "asked May"), written with a
capital."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_calendar import month_near, month_number
from mdrecall.text.date_direction import direction_of, past_verb

__all__ = ["verb_month"]

_WORD = re.compile(r"[a-z']+")
#: Words in -ing that are no verb before a month ("during March", "the spring October").
_ING_NOUNS = frozenset({
    "during", "morning", "evening", "spring", "thing", "something", "nothing", "anything", "everything",
    "king", "ring", "string", "wing", "ceiling", "building", "meeting", "wedding", "funding", "pudding",
    "ending", "beginning", "opening", "closing", "starting", "including", "regarding", "concerning",
    "following", "pending", "according", "notwithstanding", "outstanding", "sing", "bring", "sting",
})  # fmt: skip


def verb_month(g: dict[str, str | None], low: str, start: int, end: int, today: date) -> list[date] | None:
    """The days of a month read after a verb (``g["mvbm"]``), or ``None`` when the word before it is no verb
    ("red October", "during March"): the month a past verb points back to ("bought March, using it"), one
    ahead after a verb in -ing ("doing July instead"), else the nearest."""
    words = _WORD.findall(low, max(0, start - 40), start)
    prev = words[-1] if words else ""
    before = words[-2] if len(words) > 1 else ""
    if not (past_verb(prev, before) or (prev.endswith("ing") and len(prev) > 4 and prev not in _ING_NOUNS)):
        return None
    return month_near(month_number(g["mvbm"] or "") or 1, today, direction_of(low, start, end), firm=False)
