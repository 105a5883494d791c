"""Is a change wording of a line inside a question someone asked ("Lan asked if I can do Sunday from April",
"Jo asks whether we switch to the Monday slot")? A change asked about is not a change told, unless the line
answers it yes ("… asked if Hidayah can switch to the Saturday class. Said ok."). Read by
:func:`~mdrecall.knowledge.fact_lines.change_signal.signal`. Pure.
"""

from __future__ import annotations

import re

__all__ = ["ASKED", "ASKED_REACH", "asked_before"]

#: A reported question: a verb of asking or wondering, an optional one-word object, then "if" or
#: "whether" ("asked if", "asks her whether", "wondering if", "wants to know whether", "checking if").
ASKED = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|want(?:s|ed)? to know|check(?:s|ed|ing)?"
    r"|enquir(?:e|es|ed|ing)|inquir(?:e|es|ed|ing))(?:\s+\w+)?\s+(?:if|whether)\b",
    re.I,
)
#: An answer yes after the question ("said ok", "agreed", "confirmed", "told her yes"): the change is told.
_YES = re.compile(
    r"\b(?:(?:said|says|say|told \w+|replied|answered)\s+(?:ok|okay|yes|yep|sure|fine|of course)"
    r"|agreed|agree|confirmed|approved|went ahead)\b",
    re.I,
)
#: How many characters before a change wording a question that holds it may open (a clause: a line's
#: stored words have lost their punctuation).
ASKED_REACH = 80


def asked_before(words: str, at: int) -> bool:
    """Does a reported question (:data:`ASKED`) open within :data:`ASKED_REACH` characters before ``at`` on
    ``words``, with no answer yes (:data:`_YES`) after it on the line?"""
    start = max(0, at - ASKED_REACH)
    if "ask" not in words[start:at].lower() and not any(
        h in words[start:at].lower() for h in ("wonder", "know", "check", "quir")
    ):
        return False
    found = None
    for m in ASKED.finditer(words, start, at):
        found = m
    if found is None:
        return False
    return _YES.search(words, found.end()) is None
