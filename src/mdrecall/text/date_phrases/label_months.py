"""A month as a label's value ("Thesis submission: June.", "Renewal: March, tbc", "- Rally Norte: August"):
the month the labelled thing happens in, the nearest one unless the words point. April, May, June and August
are given names too, so after a label naming a person ("Owner: June", "Crusher operator: May") they are
none. Pure; used by :mod:`mdrecall.text.date_phrases.note_dates`."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import month_near, month_number
from mdrecall.text.date_phrases.date_direction import direction_of

__all__ = ["label_month"]

#: Months that are also given names.
_NAMES = frozenset({"april", "may", "june", "august", "aug"})
#: The label's last word before ": ".
_LABEL = re.compile(r"([^\W\d_][\w'-]*)\s*:\s$")
#: Label words naming a person: a role ("owner", "lead", "contact"), or a word of a doer ("driver",
#: "operator", "organiser", "florist", "physician").
_PERSON = frozenset({
    "owner", "lead", "contact", "rep", "host", "chair", "coach", "captain", "partner", "who", "name", "cc",
    "by", "with", "from", "to", "mum", "mom", "dad", "sister", "brother", "aunt", "uncle", "friend", "boss",
    "assignee", "assigned", "tutor", "mentor", "guest", "guests", "vet", "nurse", "doctor", "dr", "nanny",
    "babysitter", "sitter", "landlord", "landlady", "tenant", "neighbour", "neighbor", "colleague", "deputy",
})  # fmt: skip
_DOER = re.compile(r"(?:er|or|ist|ian|ant|ent)s?$")


def label_month(month: str, low: str, start: int, end: int, today: date) -> list[date] | None:
    """The days of the month ``month`` written as a label's value at ``low[start:end]`` (the nearest one
    unless its words point), or ``None`` when the month is a given name after a label naming a person."""
    if month.lower() in _NAMES:
        label = _LABEL.search(low, max(0, start - 40), start)
        word = label.group(1) if label else ""
        if not word or word in _PERSON or _DOER.search(word):
            return None  # "Owner: June", "Crusher operator: May": a person
    return month_near(month_number(month) or 1, today, direction_of(low, start, end))
