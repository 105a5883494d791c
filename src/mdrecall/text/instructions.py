"""A clause that opens with a verb in its base form and no subject is an instruction or a plan ("Leave on
the 16th", "Collect the frames on the 3rd", "Ring the garage: pick it up on the 9th"): a day of the month in
it with no other cue is the coming one. The verbs are WordNet's, those used mostly as verbs
(``data/base_verbs.txt``, written by ``scripts/gen_base_verbs.py``; "book", "party", "table" are mostly
nouns, left out; "put", "set", "shut", which are also their past, left out). Pure."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.text.past_verbs import past_verb

__all__ = ["base_verb", "opens_instruction"]

#: How far back a clause is looked for (a window: linear in the line's length).
_NEAR = 160
#: Where a clause that may hold an instruction starts: a sentence's end, a colon, a dash or an opening
#: bracket (not a comma: "the lads, pick ..." may have its subject before the comma).
_START = re.compile(r"[.;:!?](?=\s)|[(—]|\s[-–]\s")
#: The line's list marker or numbering.
_MARKER = re.compile(r"\s*(?:[-*+]|\d+[.)])?\s*")
#: A clause break between the verb and the day ("leave it, we'll see on the 16th").
_BREAK = re.compile(r"[,;\"“”]|\b(?:and|but|or|so|if|when|because)\b")
_WORD = re.compile(r"[a-z']+")


@cache
def _verbs() -> frozenset[str]:
    text = (Path(__file__).parent / "data" / "base_verbs.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))


def base_verb(word: str) -> bool:
    """Whether ``word`` (lower case) is a verb in its base form that is used mostly as a verb."""
    return word in _verbs()


def opens_instruction(low: str, start: int) -> bool:
    """Whether the date phrase at ``low[start:]`` (a line in lower case) is in a clause that opens with a
    base verb after a sentence's or a list item's start, with no break between ("packed. leave on the
    16th", "- collect the frames on the 3rd"; not "we leave on the 16th")."""
    near = max(0, start - _NEAR)
    begin = max((m.end() for m in _START.finditer(low, near, start)), default=-1)
    if begin < 0:
        if near > 0:
            return False
        marker = _MARKER.match(low)
        begin = marker.end() if marker else 0
    head = low[begin:start]
    if _BREAK.search(head):
        return False
    words = _WORD.findall(head)
    if not words or not base_verb(words[0]):
        return False
    return len(words) < 2 or not _finite(words[1])  # "rent goes out on the 18th": a noun, the subject


#: Words after a clause's first word that make it a subject: a form of "be", "have", a modal.
_FINITE = frozenset({
    "is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should", "may",
    "might", "must", "shall", "does", "did", "isn't", "wasn't", "won't", "can't", "didn't", "doesn't",
})  # fmt: skip


def _finite(word: str) -> bool:
    """Whether ``word`` is a finite verb (a form of "be", "have", a modal, a verb in -s or in the past), so
    the word before it is its subject ("rent goes out", "calls went well")."""
    if word in _FINITE or past_verb(word):
        return True
    return word.endswith("s") and (base_verb(word[:-1]) or (word.endswith("es") and base_verb(word[:-2])))
