"""A line labelled as a record of news learned ("Noted: ...", "Heard: ...", "FYI: ..."): what an assistant
keeping someone's memory writes down of what it was told, unlike "Did: ..." (its own act that day). Pure;
used by :mod:`mdrecall.knowledge.dates.line_day`.

In such a line the telling is how the news came, not what the line is about: "Noted: Ana called. From
May 1 the rate is $5" and "Noted: Bo emailed: the hearing is on June 3 at 2 pm" are about May 1 and June
3, where the writer's own report "Ana called: the rate goes up from May 1" is about the call, the day
written. The labels are the closed class of words that say a line records news received: a verb of
noting or of perceiving in its past form ("noted", "heard", "learned", "noticed", "observed", "seen"),
or a noun of news ("FYI", "news").
"""

from __future__ import annotations

import re

__all__ = ["records_news"]

_RECORD_LABEL = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)?(?:\*\*|__)?"
    r"(?:noted|heard|learned|learnt|noticed|observed|seen|fyi|news)(?:\*\*|__)?\s*:",
    re.IGNORECASE,
)


def records_news(low: str) -> bool:
    """Whether ``low`` (a line, in lower case or as written) opens, after its list marker, with a label
    saying it records news received ("- Noted: ...", "**Heard:** ...")."""
    return _RECORD_LABEL.match(low) is not None
