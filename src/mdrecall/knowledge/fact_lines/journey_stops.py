"""Is "stopped" a stop on a journey ("Stopped Ipoh 9am for dim sum", "stopped at Gloucester for fuel",
"stopping in Lyon overnight"), not a thing stopped ("stopped the Metacam", "stopped Zumba")? The place
after it (a known city, country or region: :func:`~mdrecall.knowledge.lexicon.name_lists.places`) tells it.
Read by
:func:`~mdrecall.knowledge.fact_lines.change_signal.signal`. Pure.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.name_lists import places

__all__ = ["stop_on_way"]

#: After a verb of stopping: an optional preposition, then one to three capitalised words (a place's name).
_PLACE_AFTER = re.compile(
    r"\s+(?:(?:off\s+)?(?:at|in)\s+|over\s+in\s+|by\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
)


def stop_on_way(words: str, end: int) -> bool:
    """Does a known place's name follow the verb of stopping ending at ``end`` on ``words`` ("stopped Ipoh
    9am", "stopped at Tours")? The longest run of its capitalised words that is a place counts."""
    m = _PLACE_AFTER.match(words, end)
    if m is None:
        return False
    parts = m.group(1).split()
    known = places()
    return any(" ".join(parts[:k]) in known for k in range(len(parts), 0, -1))
