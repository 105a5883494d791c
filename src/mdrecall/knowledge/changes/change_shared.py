"""What two lines share that is no sign of one subject (read by the change lines' pass,
:func:`mdrecall.knowledge.changes.change_candidate.candidate`). Pure.

* their words of change ("Sven has *retired* from it" … "the sheet is *retired*", "*last day* for Jonas" …
  "the *last* Saturday of the month", "on the new gel *from next session*"): two lines saying that
  something changed share that word whatever changed (:func:`only_change_shared`);
* the unit an amount is counted in ("Copy fee: 50p per A4 *sheet*" … "*sheets* go to the laundry now"):
  a price per unit is no fact of the unit (:func:`unit_stems`);
* a word the change line names only after a preposition and an article ("lanyards are in the *reception*
  drawer now" … "*Reception* closes at 10pm"): a place or a party the change is told of, not the thing it
  changes (:func:`in_adjunct`);
* a possessor only ("*Kai's* college day moved to Wednesday" … "Apprentice: *Kai* Hoskins"): the change is
  of a thing of Kai's the older line does not name (:func:`possessed_other`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Set

from mdrecall.knowledge.fact_lines.change_words import lexicon_changes
from mdrecall.knowledge.fact_lines.fact_words import DAYS, MONTHS
from mdrecall.knowledge.fact_lines.facts import CHANGE
from mdrecall.knowledge.fact_lines.line_subjects import subject_stems

__all__ = ["change_stems", "in_adjunct", "only_change_shared", "possessed_other", "unit_stems"]


#: The most words two lines may share that are all words of change or units (:func:`only_change_shared`).
_MOST_SHARED = 3
#: How many lines' readings each reader keeps: the change line is read again for each of its candidates
#: (a hit), the candidates seldom (a bound on the change pass's memory, :mod:`tests.test_pairing_memory`).
_KEPT = 128


@functools.lru_cache(maxsize=_KEPT)
def change_stems(words: str) -> frozenset[str]:
    """The subject stems of a line's wordings of change (:data:`~mdrecall.knowledge.fact_lines.facts.CHANGE`
    and the generated lexicon's, :func:`~mdrecall.knowledge.fact_lines.change_words.lexicon_changes`)."""
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
    if not shared or len(shared) > _MOST_SHARED:
        return False  # (more words shared than a change's wording and a unit hold: no reading kept)
    return shared <= change_stems(old_words) | change_stems(new_words) | unit_stems(old_words) | unit_stems(
        new_words
    )


@functools.lru_cache(maxsize=_KEPT)
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


@functools.lru_cache(maxsize=_KEPT)
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


#: The possessive endings of a word ("Kai's", "the manager's"; not a plural's "the nurses'": a group's
#: thing is as often the older's thing by another name, "nurses' study day" … "training day for nurses").
_POSSESSIVE = ("'s", "’s")


def possessed_other(old_words: str, new_words: str, shared: Set[str]) -> bool:
    """Does the change line name every word ``shared`` only in a possessor ("Kai's", "office manager's")
    whose possessed thing, the word after it, the older line does not name ("Kai's college day moved" …
    "Apprentice: Kai Hoskins")?"""
    if not shared or ("'s" not in new_words and "’s" not in new_words):
        return False  # (most lines hold no possessive: nothing read)
    toks, stems = _tokens(new_words)
    old_stems = subject_stems(old_words.lower()) | set(old_words.lower().split())
    seen: set[str] = set()
    for k, st in enumerate(stems):
        hit = st & shared
        if not hit:
            continue
        # the possessive word ending the phrase this word opens or is ("office manager's", "Kai's")
        end = next((n for n in range(k, min(len(toks), k + 2)) if toks[n].endswith(_POSSESSIVE)), None)
        if end is None or end + 1 >= len(toks) or not _thing(toks[end + 1]):
            return False  # (no possessive, or "Aroha's gone back": a verb's "has")
        head = stems[end + 1] or {toks[end + 1]}  # (a common noun has no subject stem: "Fenella's office")
        if not _OBJECT_OPENS.isdisjoint(toks[end + 2 : end + 4]):
            return False  # "Tito's coach switched his squad to Mondays": the coach acts on a thing of Tito's
        if not head.isdisjoint(old_stems):
            return False  # ("Leo's appointment" … "appointment for Leo": the older names the thing)
        seen |= hit
    return seen == set(shared)


#: Words that open a verb's object ("switched *his* squad", "moved *the* kiln"): after "X's thing" and a verb,
#: the thing acts on another, which may be the older line's.
_OBJECT_OPENS = frozenset(
    ("his", "her", "their", "its", "our", "my", "your", "the", "a", "an", "them", "him")
)

#: Words after "X's" that make it "X has" or "X is" ("Aroha's gone", "Kai's off", "Ana's now"), no
#: possession.
_NOT_THING = frozenset(
    (
        *("gone", "been", "got", "left", "off", "out", "back", "in", "on", "now", "not", "no", "a", "an"),
        *("the", "still", "also", "just", "away", "going", "doing", "taking", "done", "here", "there"),
    )
)


def _thing(word: str) -> bool:
    """May ``word``, after "X's", be a thing of X's (not a verb's participle, an adverb, a state or a day:
    "bin night's Tuesday now" is "bin night is Tuesday")?"""
    w = word.strip(".,;:!?()'\"")
    if w in _NOT_THING or w in _DAY_WORDS or w.endswith(("ed", "ing", "en")) or w[:1].isdigit():
        return False
    return w[:3] not in _MONTH_HEADS or len(w) < 3


#: Weekdays and the states a "X's" may be ("the hall's free", "Kai's fine"), whole words.
_DAY_WORDS = frozenset(
    (
        *DAYS,
        *("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "today", "tomorrow"),
        *("free", "full", "closed", "open", "fine", "late", "early", "over", "up", "down", "ready", "busy"),
    )
)
#: The first three letters of each month's name ("Kai's March exam" is no thing of Kai's called March).
_MONTH_HEADS = frozenset(m[:3] for m in MONTHS)
