"""A question asking what something cost is answered by a line naming an amount of money (stage ``amounts``).

"How much did the new polytunnel cover cost?" is answered by "Bernie got a second quote for the
polytunnel, €590 incl. fitting", which shares one word with the question; notes naming the polytunnel
without a price outrank it. As a question-answering system's answer type (an amount of money for "how
much ... cost"), a candidate with a line holding both an amount of money
(:func:`~mdrecall.knowledge.fact_lines.money.amounts`; or a number beside a word of money, "Bingo: 1.240.000
raised", :func:`bare_amount`) and one of the question's subject words (not its words
of money: "much", "cost", "pay"), on the line or in the heading it stands under ("# The annex" over
"Budget: €58,000"), is lifted by :data:`AMOUNT_LIFT` (a share of its score). Nothing is
fetched: the stage reorders the first :data:`WINDOW` candidates the legs found. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.snippets import headed_lines, query_stems, term_matches

__all__ = ["AMOUNT_LIFT", "ASKS_MONEY", "WINDOW", "apply_amount_lift", "asks_for_money", "bare_amount"]

#: How much a candidate answering with an amount of money is lifted (a share of its score): an answer
#: of the asked type is worth more than a second word of the question.
AMOUNT_LIFT = 1.0
#: How many of the first candidates are looked at.
WINDOW = 30
_MONEY_VERBS = (
    r"cost|costs|costing|pay|paid|pays|paying|spend|spent|spending|charged?|charges|price[ds]?|fees?"
    r"|raise|raised|raises|earn|earned|earns|collect|collected|donate|donated"
)
#: A word of money a number without a currency stands beside: "1.240.000 raised", "raised 800",
#: "paid 45 for", "sold for 3500" (a fundraiser's total, a price between friends).
_MONEY_WORD = (
    r"raised|raising|earned|collected|donated|paid|spent|cost|costs|charged|billed"
    r"|sold\s+(?:it\s+)?for|bought\s+(?:it\s+)?for|priced\s+(?:it\s+)?at"
)
#: A number an amount is written with: digits in groups of three ("1.240.000", "12,500", "48 000"), or
#: two digits or more ("800"; a single digit is a count: "paid 2 visits").
_NUMBER = r"\d{1,3}(?:[.,\u00a0\u202f' ]\d{3}){1,4}|\d{2,9}"
#: A number beside a word of money: the number before it, or the word before it (with "for", "at",
#: "about" between); neither inside a longer number, a time, a date or a percentage.
_BARE_AMOUNT = re.compile(
    rf"(?<![\w.,/:+-])(?:{_NUMBER})(?![\w%/:-]|[.,]\d)\s?(?:{_MONEY_WORD})\b"
    rf"|\b(?:{_MONEY_WORD})\s+(?:(?:for|at|of|about|around|only|just|nearly|almost|over|under)\s+)?"
    rf"(?:{_NUMBER})(?![\w%/:-]|[.,]\d)(?:\s?([^\W\d_]+))?",
    re.IGNORECASE,
)
#: A question asking an amount of money: "how much did X cost", "how much do we pay for", "what did X
#: cost", "what's the price of".
ASKS_MONEY = re.compile(
    rf"\bhow much\b[^?.!]{{0,80}}?\b(?:{_MONEY_VERBS}|owe[ds]?|worth|budget(?:ed)?)\b"
    rf"|\bhow much money\b|\bwhat (?:did|does|do|will|would)\b[^?.!]{{0,80}}?\bcost\b"
    rf"|\bwhat(?:'s|’s| is| was| were| are)? the (?:price|cost|fee|rate|budget|quote)s?(?![\w-])",
    re.IGNORECASE,
)
#: The question's words of money (and "much"), which a subject word is not.
_NOT_SUBJECT = frozenset(
    f"much money owe owed owes worth budget budgeted quote rate {_MONEY_VERBS}".replace("|", " ").split()
)


def asks_for_money(query: str) -> bool:
    """Does ``query`` ask what something cost (an amount of money)?"""
    return ASKS_MONEY.search(query) is not None


def bare_amount(line: str) -> bool:
    """Whether ``line`` names an amount without a currency: a number beside a word of money ("Bingo:
    1.240.000 raised", "paid 80 for the tyres"); not "raised 12 chickens" nor "paid 2 visits"."""
    from mdrecall.text.stopwords import STOP_WORDS_BY_LANGUAGE

    small = STOP_WORDS_BY_LANGUAGE["en"]
    # a word after the number is a thing counted ("12 chickens"), unless a small one ("800 for the school")
    return any(m.group(1) is None or m.group(1).lower() in small for m in _BARE_AMOUNT.finditer(line))


def apply_amount_lift(
    items: Sequence[Scored], terms: Sequence[str], weight: float = AMOUNT_LIFT
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``amounts``) whose line names an amount
    of money and a subject word of the question (``terms`` less its words of money) on it or in its
    heading, re-sorted when one was."""
    out = list(items)
    stems = query_stems([t for t in terms if t.lower() not in _NOT_SUBJECT])
    if not stems or not out or weight <= 0:
        return out
    from mdrecall.knowledge.fact_lines.money import (
        amounts,  # here: only a question about money loads the rules
    )

    head = out[:WINDOW]
    lifted = False
    for i, s in enumerate(head):
        if any(
            (term_matches(line, stems) or term_matches(under, stems)) and (amounts(line) or bare_amount(line))
            for line, under in headed_lines(s.chunk.text, s.chunk.heading)
        ):
            head[i] = s.with_score("amounts", s.score * (1 + weight))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]
