"""The supersession cross-encoder's decisions kept between pairings (:mod:`mdrecall.knowledge.cross_pairs`),
so that a sync that changed a few files bounds and decides only the newer lines those files reach.

Kept in the store's meta (key :data:`STATE_KEY`, JSON): the generation of the fact lines the pairing was
made at (:meth:`~mdrecall.stores.views.PairedFactStore.paired_generation`), the model file's digest, the
pairs the pairing left unscored, and every pair it decided to add (p at or above its threshold, not only
each older line's best: a newer line bounded anew may lose its pair, and the older line's next best is
then the one a full pairing gives). Read back only by the pairing that continues from that generation
with the same model and no pairs left; otherwise the next pairing bounds every line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NamedTuple

from mdrecall.errors import StoreError
from mdrecall.stores.base import Store

__all__ = ["STATE_KEY", "Decided", "load_decided", "save_decided"]

Key = tuple[str, int]

#: The meta key holding the decisions.
STATE_KEY = "superseded_cross_state"


class Decided(NamedTuple):
    """A pair the cross-encoder's pairing decided to add: the older line, the newer line and its day, and
    the p it was decided by (each older line keeps its highest)."""

    older: Key
    newer: Key
    day: str | None
    p: float


def load_decided(store: Store, generation: str, digest: str) -> tuple[list[Decided], int] | None:
    """The decisions of the pairing made at ``generation`` with the model of ``digest`` that left no pair
    unscored, and the lines of changed files it and the pairings before it took in since a pairing bounded
    every line (``None``: none such kept; the pairing bounds every line)."""
    try:
        raw = store.get_meta(STATE_KEY)
        if not raw:
            return None
        state = json.loads(raw)
        if state.get("gen") != generation or state.get("digest") != digest or state.get("left"):
            return None
        decided = [
            Decided((op, int(ol)), (np_, int(nl)), day, float(p))
            for op, ol, np_, nl, day, p in state["pairs"]
        ]
        return decided, int(state.get("since", 0))
    except (StoreError, ValueError, TypeError, KeyError):
        return None


def save_decided(
    store: Store, generation: str, digest: str, left: int, decided: Sequence[Decided], since: int = 0
) -> None:
    """Keep the decisions of the pairing stored at ``generation`` (quietly nothing where the store is busy:
    the next pairing then bounds every line)."""
    pairs = [[d.older[0], d.older[1], d.newer[0], d.newer[1], d.day, d.p] for d in decided]
    value = json.dumps(
        {"gen": generation, "digest": digest, "left": left, "since": since, "pairs": pairs},
        separators=(",", ":"),
    )
    try:
        store.set_meta(STATE_KEY, value)
    except StoreError:
        return
