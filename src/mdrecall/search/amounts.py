"""A question asking what something cost is answered by a line naming an amount of money (stage ``amounts``).

"How much did the new polytunnel cover cost?" is answered by "Bernie got a second quote for the
polytunnel, €590 incl. fitting", which shares one word with the question; notes naming the polytunnel
without a price outrank it. As a question-answering system's answer type (an amount of money for "how
much ... cost"), a candidate with a line holding both an amount of money
(:func:`~mdrecall.knowledge.money.amounts`) and one of the question's subject words (not its words
of money: "much", "cost", "pay"), on the line or in the heading it stands under ("# The annex" over
"Budget: €58,000"), is lifted by :data:`AMOUNT_LIFT` (a share of its score). Nothing is
fetched: the stage reorders the first :data:`WINDOW` candidates the legs found. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.snippets import headed_lines, query_stems, term_matches

__all__ = ["AMOUNT_LIFT", "ASKS_MONEY", "WINDOW", "apply_amount_lift", "asks_for_money"]

#: How much a candidate answering with an amount of money is lifted (a share of its score): an answer
#: of the asked type is worth more than a second word of the question.
AMOUNT_LIFT = 1.0
#: How many of the first candidates are looked at.
WINDOW = 30
_MONEY_VERBS = (
    r"cost|costs|costing|pay|paid|pays|paying|spend|spent|spending|charged?|charges|price[ds]?|fees?"
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
    from mdrecall.knowledge.money import amounts  # here: only a question about money loads the rules

    head = out[:WINDOW]
    lifted = False
    for i, s in enumerate(head):
        if any(
            (term_matches(line, stems) or term_matches(under, stems)) and amounts(line)
            for line, under in headed_lines(s.chunk.text, s.chunk.heading)
        ):
            head[i] = s.with_score("amounts", s.score * (1 + weight))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]
