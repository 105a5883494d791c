"""The supersession cross-encoder's decisions kept between pairings
(:mod:`mdrecall.knowledge.changes.cross_pairs`), so that a sync that changed a few files bounds and decides
only the newer lines those files reach.

Kept in the store's meta (key :data:`STATE_KEY`, JSON): the generation of the fact lines the pairing was
made at (:meth:`~mdrecall.stores.views.PairedFactStore.paired_generation`), the model file's digest, the
pairs the pairing left unscored, and every pair it decided to add (p at or above its threshold, not only
each older line's best: a newer line bounded anew may lose its pair, and the older line's next best is
then the one a full pairing gives), and the newer lines whose pairs it left past its budget (a search's
pairing scores none). Read back only by the pairing that continues from that generation with the same
model; otherwise the next pairing bounds every line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NamedTuple

from mdrecall.errors import StoreError
from mdrecall.stores.base import Store

__all__ = ["PENDING", "STATE_KEY", "Decided", "Kept", "load_decided", "save_decided"]

Key = tuple[str, int]

#: The meta key holding the decisions.
STATE_KEY = "superseded_cross_state"
#: Newer lines left past the budget kept at most (more: the next pairing bounds every line, as the first
#: pairing of a large workspace leaves most of them).
PENDING = 2000


class Decided(NamedTuple):
    """A pair the cross-encoder's pairing decided to add: the older line, the newer line and its day, and
    the p it was decided by (each older line keeps its highest)."""

    older: Key
    newer: Key
    day: str | None
    p: float


class Kept(NamedTuple):
    """What a pairing continues from: the last pairing's decisions, the lines of changed files taken in
    since a pairing of every line, and the newer lines whose pairs were left past the budget (bounded
    again, so that their pairs are scored)."""

    decided: list[Decided]
    since: int
    pending: list[Key]


def load_decided(store: Store, generation: str, digest: str) -> Kept | None:
    """What the pairing made at ``generation`` with the model of ``digest`` kept (``None``: nothing such, or
    it left more newer lines past its budget than :data:`PENDING` names; the pairing bounds every line)."""
    try:
        raw = store.get_meta(STATE_KEY)
        if not raw:
            return None
        state = json.loads(raw)
        if state.get("gen") != generation or state.get("digest") != digest:
            return None
        if state.get("left") and "pending" not in state:
            return None
        decided = [
            Decided((op, int(ol)), (np_, int(nl)), day, float(p))
            for op, ol, np_, nl, day, p in state["pairs"]
        ]
        pending = [(str(path), int(line)) for path, line in state.get("pending", [])]
        return Kept(decided, int(state.get("since", 0)), pending)
    except (StoreError, ValueError, TypeError, KeyError):
        return None


def save_decided(
    store: Store,
    generation: str,
    digest: str,
    left: int,
    decided: Sequence[Decided],
    since: int = 0,
    pending: Sequence[Key] = (),
) -> None:
    """Keep the decisions of the pairing stored at ``generation`` (quietly nothing where the store is busy:
    the next pairing then bounds every line). ``left``: the pairs it left past its budget, of the newer
    lines ``pending`` (not kept past :data:`PENDING` of them: the next pairing then bounds every line)."""
    pairs = [[d.older[0], d.older[1], d.newer[0], d.newer[1], d.day, d.p] for d in decided]
    state: dict[str, object] = {
        "gen": generation,
        "digest": digest,
        "left": left,
        "since": since,
        "pairs": pairs,
    }
    if len(pending) <= PENDING:
        state["pending"] = [list(k) for k in pending]
    value = json.dumps(state, separators=(",", ":"))
    try:
        store.set_meta(STATE_KEY, value)
    except StoreError:
        return
