"""Questions that ask what was chosen, and lines that state a choice. Pure, English only.

"What database did we pick and why?" is answered by "Decision: PostgreSQL 16 chosen over CockroachDB",
which shares no word with it: the question's verb is "pick", the line's "chosen". Here
:func:`asks_for_choice` tells such a question by its verb (pick, choose, decide, select, go with, settle
on, opt for, a "decision"), and :func:`states_choice` a line that reports a choice made, in the verbs
people write one with (the same as the fact reader's choice lines,
:mod:`mdrecall.knowledge.fact_lines.facts`).
:data:`CHOICE_TERMS` are the question's words that only say "a choice": what it is about is the rest.
"""

from __future__ import annotations

import re

__all__ = ["CHOICE_TERMS", "CHOICE_WORDS", "asks_for_choice", "states_choice"]

_ASKS = re.compile(
    r"\b(?:pick|picked|choose|chose|chosen|decide|decided|decision|select|selected|settle[ds]? on"
    r"|opt(?:ed)? for|go(?:ing)? with|went with)\b",
    re.IGNORECASE,
)
_STATES = re.compile(
    r"\b(?:chose|chosen|picked|decided|decision|went with|going with|go with|selected|settled on"
    r"|opted for|agreed on|signed with)\b",
    re.IGNORECASE,
)
#: The question's keywords that only say it asks for a choice (not what the choice is about).
CHOICE_TERMS = frozenset(
    "pick picked choose chose chosen decide decided decision select selected settle settled opt opted"
    " go going went why".split()
)

#: The ways a note says a choice was made, as keyword terms (a choice question's verb is matched by any
#: of them, counted as one term: :func:`mdrecall.search.kinds.one_term_instances`); one per stem the
#: keyword index reads ("pick" finds "picked", "decide" finds "decided").
CHOICE_WORDS = (
    "pick", "choose", "chose", "chosen", "decide", "decision", "select", "went with", "going with",
    "settled on", "opted for",
)  # fmt: skip


def asks_for_choice(query: str) -> bool:
    """True when a question asks what was chosen or decided ("what database did we *pick*?",
    "which vendor did they *go with*?")."""
    return _ASKS.search(query[:2_000]) is not None


def states_choice(line: str) -> bool:
    """True when a line reports a choice made ("PostgreSQL 16 chosen over CockroachDB", "Decision: …",
    "we went with Xero"); a question states nothing."""
    return not line.rstrip().endswith("?") and _STATES.search(line[:2_000]) is not None
