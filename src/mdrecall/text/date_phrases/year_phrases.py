"""A bare year after "in" or "during" ("adopted her in 2024", "moving north in 2028", "during 2019"): the
whole year the event happened or will happen in, unless the number is a count, an amount or a part of a
code (:func:`year_is_count`): "in 2000 steps", "1 in 2000", "in 2048 x 2048", "in 2030 %". A year after
"the" before a noun of what happens (:func:`names_event`: "the 1987 storm", "the 2002 centenary") names an
event of that year; before a thing ("the 2024 edition", "the 2025 bags") it names none. Pure."""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from pathlib import Path

from mdrecall.text.date_phrases.date_spans import days_between
from mdrecall.text.past_verbs import past_verb

__all__ = ["after_the", "bare_year_days", "names_event", "said_year", "year_is_count"]

#: "in" or "during" right before the number (only those years are tested; "since 2021" is a year as it is).
_IN = re.compile(r"\b(?:in|during)\s+$")
#: A count before "in": a ratio ("1 in 2000", "one in 2000", "a chance in 2000").
_RATIO = re.compile(r"(?:\b\d[\d,.]*|\b(?:one|a|an|once|chance|odds))\s+in\s+$")
#: What follows a count: a unit, a sign or an operator ("2000 ms", "2000 %", "2048 x 2048", "2000 × 3").
_UNIT_AFTER = re.compile(
    r"\s*(?:[%×*+=]|(?:x|ms|s|secs?|mins?|hrs?|kb|mb|gb|tb|px|pt|km|m|cm|mm|kg|g|lbs?|oz|mph|kph|rpm|ft|kw|"
    r"kwh|mah|hz|khz|mhz|ghz)\b)"
)
#: The next word, when it is a lower-case word ("steps", "was").
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")
#: Words in -s after a year that are no plural noun counted by it ("in 2024 was", "in 2024 as well").
_NOT_PLURAL = frozenset({
    "was", "has", "is", "as", "its", "his", "hers", "this", "thus", "us", "yes", "does", "goes", "plus",
    "less", "unless", "whereas", "across", "towards", "afterwards", "besides", "always", "perhaps",
    "sometimes", "alongside", "says", "lets", "gets", "comes", "seems", "means",
})  # fmt: skip


def year_is_count(low: str, start: int, end: int) -> bool:
    """Whether the number ``low[start:end]`` after "in"/"during" is a count or an amount, not a year: a
    ratio's ("1 in 2000"), one before a unit, a sign or an operator ("in 2000 ms", "in 2048 x 2048"), or one
    before a lower-case plural noun it counts ("in 2000 steps", "in 1999 dollars"). A year after any other
    word is never tested (``False``)."""
    head = low[max(0, start - 40) : start]
    if _IN.search(head) is None:
        return False
    if _RATIO.search(head):
        return True
    if _UNIT_AFTER.match(low, end):
        return True
    nxt = _NEXT_WORD.match(low, end)
    if nxt is None:
        return False
    word = nxt.group(1)
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURAL


#: "the" right before a year ("the 1987 storm").
_THE = re.compile(r"\bthe\s+$")
#: The word after a year, and what follows it.
_HEAD = re.compile(r"\s+([a-z]+)\b")
#: Words after a noun that end its phrase: a preposition, a conjunction, a verb of being or having, a
#: relative or personal pronoun ("the 1974 strike at the yard", "the 2008 crash and the layoffs", "the 1987
#: storm was", "in the 2000 election he voted").
_ENDS_PHRASE = frozenset({
    "at", "in", "on", "of", "for", "with", "from", "to", "by", "near", "over", "after", "before", "during",
    "as", "like", "than", "under", "into", "through", "across", "around", "about", "since", "until", "off",
    "when", "where", "that", "which", "who", "and", "or", "but", "so", "because", "then", "was", "were",
    "is", "are", "had", "has", "have", "will", "would", "could", "did", "still", "too", "again", "all",
    "i", "he", "she", "we", "they", "you", "it", "everyone",
})  # fmt: skip


@cache
def _event_nouns() -> frozenset[str]:
    text = (Path(__file__).parents[1] / "data" / "event_nouns.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))


def _event_noun(word: str) -> bool:
    """Whether ``word`` or the singular it is a plural of is a noun of what happens (WordNet's act, event,
    phenomenon, state or time: ``data/event_nouns.txt``, written by ``scripts/gen_event_nouns.py``)."""
    nouns = _event_nouns()
    if word in nouns:
        return True
    if word.endswith("ies"):
        return word[:-3] + "y" in nouns
    return word.endswith("s") and (word[:-1] in nouns or (word.endswith("es") and word[:-2] in nouns))


def after_the(low: str, start: int) -> bool:
    """Whether "the" comes right before ``low[start:]``."""
    return _THE.search(low, max(0, start - 8), start) is not None


def names_event(low: str, start: int, end: int) -> bool:
    """Whether the year ``low[start:end]`` after "the" names an event of that year: the word after it is a
    noun of what happens ("the 1987 storm", "the 1983 floods at the house", "the 2002 centenary") heading
    its phrase (the phrase ends there, or a preposition, a conjunction or a verb follows: "the 1987 storm
    took the roof"); not a thing ("the 2024 edition") nor such a noun as a compound's first part ("the 2023
    paving contract", "the 2025 year class")."""
    if not after_the(low, start):
        return False
    head = _HEAD.match(low, end)
    if head is None or not _event_noun(head.group(1)):
        return False
    nxt = _HEAD.match(low, head.end())
    if nxt is None or low[head.end() : nxt.start()].strip():
        return True  # the phrase ends at the noun ("the 2002 centenary (me)", "the 1902 disaster.")
    word = nxt.group(1)
    return word in _ENDS_PHRASE or past_verb(word, head.group(1))


def bare_year_days(g: dict[str, str | None], low: str, start: int, end: int) -> list[date] | None:
    """Every day of a bare year the grammar found (``g``: its groups; the year at ``low[start:end]``): one
    a state held since or until, one an event happened in ("since 2021", "adopted in 2024"), one naming an
    event ("the 1987 storm"), one stated as when ("That's 2032."); ``None`` for a count ("in 2000 steps")
    or a thing's year ("the 2024 edition")."""
    if g["sy"] and (
        year_is_count(low, start, end) or (after_the(low, start) and not names_event(low, start, end))
    ):
        return None
    year = int(g["syy"] or g["ycy"] or 0)
    return days_between(date(year, 1, 1), date(year, 12, 31))


#: The two words before a year ending its clause (the last maybe a label's, "Bought: 2011").
_SAID_BEFORE = re.compile(r"(?:([a-z']+)\s+)?([a-z']+):?\s+$")
#: Words before a year that state when a thing is due or may happen ("batteries due 2027", "maybe 2028").
_WHEN_WORDS = frozenset({"due", "maybe", "perhaps", "probably", "possibly", "hopefully", "expected"})
#: Past verbs that take an amount, so a number after them is no year ("paid 2000.", "raised 2024!").
_AMOUNT_VERBS = frozenset({
    "paid", "spent", "cost", "raised", "earned", "sold", "charged", "owed", "saved", "donated", "won", "lost",
    "scored", "made", "bid", "offered", "quoted", "priced", "billed", "invoiced", "counted", "reached", "hit",
    "totalled", "totaled", "weighed", "measured", "logged", "walked", "ran", "got", "received", "gave",
    "collected", "booked", "ordered", "printed", "shipped", "added", "used", "averaged", "topped",
})  # fmt: skip


def said_year(g: dict[str, str | None], low: str, start: int) -> list[date] | None:
    """Every day of a year that ends its clause right after a word (``g["vy"]``; the year at ``low[start:]``):
    after a past verb ("bought 2006.", "Fitted: 2019"), the year of the act; after "due" or a word of a
    guess ("batteries due 2027", "maybe 2028"), the year meant; ``None`` after any other word ("room
    2019", "flat 2011") or a verb that takes an amount ("paid 2000.")."""
    m = _SAID_BEFORE.search(low, max(0, start - 40), start)
    if m is None:
        return None
    word, prev = m.group(2), m.group(1) or ""
    if word not in _WHEN_WORDS and (word in _AMOUNT_VERBS or not past_verb(word, prev)):
        return None
    year = int(g["vyy"] or 0)
    return days_between(date(year, 1, 1), date(year, 12, 31))
