"""A running total asked ("how many tickets have been paid?") is answered by its latest count (stage
``current``).

"How many tickets have been sold?", "how much have we raised so far?": a count or an amount in the
present perfect asks for the total up to now, and notes keep a tally ("88 paid so far", then "97 tickets
paid so far"): the latest line telling it answers, not the first note that names the tickets. English
grammar: "how many" / "how much", then "has" / "have" and a past participle (or "so far", "to date");
not "how many times" (a count of events, which every line adds to), nor a question with a past word
("did", "was", "last year", "ago"). Among the first :data:`WINDOW` candidates scoring at least
:data:`CLOSE` of the best, the dated notes (source ``memory``, not superseded) with a line holding a
number, the question's names and half of its other words (rounded up; an amount of money counts as one
for a question of money): the one written latest is placed first, with the first candidate's score.
Nothing is fetched. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.knowledge.fact_lines.money import amounts
from mdrecall.models import Scored
from mdrecall.search.amounts import bare_amount
from mdrecall.search.current import NOTES
from mdrecall.search.news_lift import people_word
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.past_verbs import past_verb

__all__ = ["CLOSE", "WINDOW", "asks_running_total", "lift_latest_total"]

#: How many of the first candidates are looked at.
WINDOW = 10
#: How close to the best candidate's score a note must score to be lifted (a share of it).
CLOSE = 0.4

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
#: Words of the present perfect's auxiliary.
_HAVE = frozenset({"has", "have", "'s", "'ve", "hasn't", "haven't"})
#: Words that put a question in the past, whatever its auxiliary.
_PAST = frozenset({"did", "was", "were", "ago", "last", "yesterday", "originally", "before", "had"})
#: Phrases that ask for the total up to now.
_TO_NOW = (("so", "far"), ("to", "date"), ("up", "to", "now"))
_NUMBER = re.compile(r"\d")
#: The words of the question's form ("how much ... so far"), which name nothing of its subject.
_FORM_WORDS = ("much", "many", "far", "date", "now", "yet")


def asks_running_total(question: str) -> bool:
    """Does ``question`` ask for a count or an amount up to now ("how many tickets have been paid?",
    "how much has the fund raised so far?")? Not "how many times", nor a question about the past."""
    words = _WORD.findall(question[:500].lower().replace("’", "'"))
    if len(words) < 3 or words[0] != "how" or words[1] not in ("many", "much") or words[2] == "times":
        return False
    if any(w in _PAST for w in words):
        return False
    if any(_has(words, p) for p in _TO_NOW):
        return True
    for i, w in enumerate(words[2:], 2):
        if w in _HAVE:
            rest = words[i + 1 : i + 4]
            return any(past_verb(r, "") for r in rest)
    return False


def _has(words: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1))


def lift_latest_total(
    items: Sequence[Scored],
    terms: Sequence[str],
    names: Sequence[str] = (),
    money: bool = False,
    window: int = WINDOW,
    close: float = CLOSE,
) -> list[Scored]:
    """``items`` with the latest note telling the total asked placed first (see the module). ``money``:
    the question asks an amount of money (:func:`~mdrecall.search.amounts.asks_for_money`), which a line's
    amount of money answers as one of its words ("$6,480 collected" for "how much money has the fund
    collected"). Returns ``items`` re-ordered, or as they were."""
    out = list(items)
    if len(out) < 2 or not terms or out[0].score <= 0:
        return out
    stems = query_stems(terms) - query_stems(_FORM_WORDS)
    must = query_stems([n for n in names if not people_word(n)]) & stems
    want = max(1, (len(stems - must) + 1) // 2)
    bar = out[0].score * close
    best: tuple[str, int] | None = None  # (day, -rank)
    for i, s in enumerate(out[:window]):
        if s.score < bar:
            break
        day = (s.chunk.date or "")[:10]
        if s.chunk.source != NOTES or not day or s.superseded_by:
            continue
        if _tells_total(s.chunk.text, stems, must, want, money) and (best is None or (day, -i) > best):
            best = (day, -i)
    if best is None or best[1] == 0:
        return out
    at = -best[1]
    lifted = out[at].with_score("current", out[0].score)
    return [lifted, *(s for i, s in enumerate(out) if i != at)]


def _tells_total(
    text: str, stems: frozenset[str], must: frozenset[str], want: int, money: bool = False
) -> bool:
    """Does a line of ``text`` hold a number, every name of ``must`` and ``want`` other words (an amount
    of money counting as one when ``money``)?"""
    for line in text.split("\n"):
        if line.lstrip().startswith("#") or not _NUMBER.search(line):
            continue
        found = term_matches(line, stems)
        held = len(found - must) + (1 if money and (amounts(line) or bare_amount(line)) else 0)
        if must <= found and found - must and held >= want:
            return True
    return False
