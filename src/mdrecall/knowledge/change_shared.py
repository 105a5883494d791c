"""What two lines share that is no sign of one subject (read by the change lines' pass,
:func:`mdrecall.knowledge.change_candidate.candidate`). Pure.

* their words of change ("Sven has *retired* from it" … "the sheet is *retired*", "*last day* for Jonas" …
  "the *last* Saturday of the month", "on the new gel *from next session*"): two lines saying that
  something changed share that word whatever changed (:func:`only_change_shared`);
* the unit an amount is counted in ("Copy fee: 50p per A4 *sheet*" … "*sheets* go to the laundry now"):
  a price per unit is no fact of the unit (:func:`unit_stems`);
* a word the change line names only after a preposition and an article ("lanyards are in the *reception*
  drawer now" … "*Reception* closes at 10pm"): a place or a party the change is told of, not the thing it
  changes (:func:`in_adjunct`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Set

from mdrecall.knowledge.change_words import lexicon_changes
from mdrecall.knowledge.facts import CHANGE
from mdrecall.knowledge.line_subjects import subject_stems

__all__ = ["change_stems", "in_adjunct", "only_change_shared", "unit_stems"]


@functools.lru_cache(maxsize=1024)
def change_stems(words: str) -> frozenset[str]:
    """The subject stems of a line's wordings of change (:data:`~mdrecall.knowledge.facts.CHANGE` and the
    generated lexicon's, :func:`~mdrecall.knowledge.change_words.lexicon_changes`)."""
    out: set[str] = set()
    for m in (*CHANGE.finditer(words), *lexicon_changes(words)):
        out |= subject_stems(m.group())
        if _PERIOD_OPEN.search(m.group()):  # "from next session", "as of this term": the period's noun too
            after = _NEXT_WORD.match(words, m.end())
            if after is not None:
                out |= subject_stems(after.group(1))
    return frozenset(out)


#: A wording of change that ends before the noun of a period ("from next …", "starting this …").
_PERIOD_OPEN = re.compile(r"\b(?:next|this|the|coming|following)\s*$", re.I)
_NEXT_WORD = re.compile(r"\s*([\w'’-]+)")


def only_change_shared(old_words: str, new_words: str, shared: Set[str]) -> bool:
    """Are the words ``shared`` by two lines all words of change on one of them, or units an amount of
    theirs is counted in (:func:`unit_stems`)?"""
    if not shared:
        return False
    return shared <= change_stems(old_words) | change_stems(new_words) | unit_stems(old_words) | unit_stems(
        new_words
    )


@functools.lru_cache(maxsize=1024)
def unit_stems(words: str) -> frozenset[str]:
    """The subject stems of the units a line's amounts are counted in ("50p per A4 sheet", "£320 per
    visit", "€4 each box": sheet, visit, box)."""
    out: set[str] = set()
    for m in _PER_UNIT.finditer(words):
        out |= subject_stems(m.group(1))
    return frozenset(out)


#: An amount, then "per", "a", "an" or "each" and the unit (past one word holding a digit: "per A4 sheet").
_PER_UNIT = re.compile(
    r"(?:[£$€¥]\s?\d[\d.,]*[kK]?|\b\d[\d.,]*\s?(?:p|pence|c|cents?|eur|euros?|usd|gbp|kr|pounds?|dollars?))"
    r"\s+(?:per|a|an|each)\s+(?:[\w-]*\d[\w-]*\s+)?([^\W\d][\w-]*)",
    re.I,
)


#: Prepositions that open a phrase of place, direction or party ("in the reception drawer", "over to the
#: Filton yard", "to the clinical director"), and the determiners after them.
_PREPOSITIONS = frozenset(
    ("in", "into", "inside", "on", "onto", "at", "to", "from", "with", "by", "via", "near", "behind")
)
_DETERMINERS = frozenset(("the", "a", "an", "our", "their", "his", "her", "my", "its", "your"))
#: How many words before a shared word its phrase's determiner may stand (past one modifier: "to the old
#: dairy"; a line's stored words keep no commas, so a clause's end is not seen: kept short).
_REACH = 2


@functools.lru_cache(maxsize=4096)
def _tokens(words: str) -> tuple[tuple[str, ...], tuple[frozenset[str], ...]]:
    """A line's words, lower-cased, and each word's subject stems."""
    toks = tuple(words.lower().split())
    return toks, tuple(frozenset(subject_stems(t)) for t in toks)


def in_adjunct(words: str, stem: str) -> bool:
    """Does a line name the subject stem ``stem`` only in phrases opened by a preposition and an article
    (the determiner within :data:`_REACH` words before it: "in the reception top drawer", "to the old
    dairy"; not "took over from Anil", "gave up on YNAB": a name the change is of)? False where it names it
    nowhere."""
    toks, stems = _tokens(words)
    found = False
    for k, st in enumerate(stems):
        if stem not in st:
            continue
        found = True
        if not _after_preposition(toks, k):
            return False
    return found


def _after_preposition(toks: tuple[str, ...], k: int) -> bool:
    """Is the ``k``-th word in a phrase opened by a preposition and a determiner?"""
    for n in range(k - 1, max(-1, k - _REACH - 1), -1):
        if toks[n][-1:] in ",.;:)!?":
            return False
        if toks[n] in _DETERMINERS and n and toks[n - 1] in _PREPOSITIONS:
            return True
    return False
