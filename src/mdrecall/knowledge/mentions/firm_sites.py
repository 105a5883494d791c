"""Where a firm is: a name after a comma that follows an organisation's name, the two standing alone.

"works at Thermax, Pimpri", "analyst at Corvel Labs, Ringwood", "(Halvorsen Marine, Tromsø)": a firm's name
inside a sentence or a bracket, a comma and one more name, with no list before the firm nor after the name,
is the firm and the town it is in (an address), not a list of two firms: a list of two is joined by "and"
or "or", and a longer one goes on. A label's value ("Quotes: Halvorsen Marine, Brekke Bygg") may be a list
of two written with a bare comma, so the firm must follow a lower-case word or a bracket.
"""

from __future__ import annotations

import re

__all__ = ["firm_site"]

#: A list going on after a name: a comma or "and"/"or", then a capital.
_LIST_ON = re.compile(r"(?:,[ ](?:and[ ]|or[ ])?|[ ]and[ ]|[ ]or[ ])[A-Z]")
#: What stands before a firm named inside a sentence or a bracket: a lower-case word ("at", "joined",
#: "with"), or an opening bracket.
_IN_SENTENCE = re.compile(r"(?:(?<![\w'’])[a-z]+[ ]|\()$")
#: How far back the word before the firm is looked for.
_BACK = 24


def firm_site(plain: str, firm_at: int, gap: str, end: int) -> bool:
    """Is the name ending at ``end`` the place of the organisation's name starting at ``firm_at``, ``gap``
    between them: a bare comma, the firm named inside a sentence or a bracket (no list item before it), no
    list going on after the name?"""
    return (
        gap == ", "
        and _IN_SENTENCE.search(plain[max(0, firm_at - _BACK) : firm_at]) is not None
        and _LIST_ON.match(plain, end) is None
    )
