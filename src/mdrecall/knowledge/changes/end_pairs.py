"""Supersession by an end told: a trouble resolved (:mod:`mdrecall.knowledge.changes.resolved_pairs`: "the
plate machine is down" … "plate machine fixed"), a role's holder gone
(:mod:`mdrecall.knowledge.changes.role_end_pairs`: "Treasurer: Joan Ribas" … "Joan Ribas is out") and a weekly
slot moved (:mod:`mdrecall.knowledge.changes.weekday_pairs`: "Training: Tuesdays & Thursdays" … "Training
moved: Mon & Wed"), and a measure back to normal (:mod:`mdrecall.knowledge.changes.deviation_pairs`: "elevated
liver enzymes" … "liver enzymes normal again") and a role taken over
(:mod:`mdrecall.knowledge.changes.takeover_pairs`: "Newsletter editor: Fenna" … "Joost has taken over the
newsletter"), for the lines the earlier rules leave unpaired. Pure.

Both passes read every line and are cheap, so a pairing after a change of a few files makes them anew, from
the earlier rules' pairing (:func:`without_ends`), as the stance pass is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.knowledge.changes.deviation_pairs import deviation_pairs
from mdrecall.knowledge.changes.resolved_pairs import resolved_pairs
from mdrecall.knowledge.changes.role_end_pairs import role_end_pairs
from mdrecall.knowledge.changes.takeover_pairs import takeover_pairs
from mdrecall.knowledge.changes.weekday_pairs import weekday_pairs
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["end_pairs", "without_ends"]

Key = tuple[str, int]


def end_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line left unpaired by ``pairs`` whose trouble a later line resolves, whose
    role's holder a later line says is gone, or whose weekly slot a later line moves → that line (in this
    order: the first pass pairing a line pairs it)."""
    out = resolved_pairs(facts, pairs)
    for more in (role_end_pairs, weekday_pairs, deviation_pairs, takeover_pairs):
        for key, new in more(facts, {**pairs, **out}).items():
            out.setdefault(key, new)
    _LAST[:] = [dict(out)]
    return out


#: The pairs of this process's last pass (a pairing after a change of a few files makes them anew).
_LAST: list[dict[Key, Supersession]] = []


def without_ends(pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``pairs`` without those this process's last :func:`end_pairs` made (the earlier rules' pairing, which
    :func:`mdrecall.knowledge.changes.change_pairs.change_update` continues from)."""
    last = _LAST[0] if _LAST else {}
    return {k: v for k, v in pairs.items() if last.get(k) != v}
