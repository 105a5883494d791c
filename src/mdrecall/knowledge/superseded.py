"""The fact lines' pairing kept with the index: which stored line a later one supersedes.

:func:`refresh_superseded` pairs the stored fact lines (:func:`mdrecall.knowledge.fact_pairs.supersessions`)
once after a sync that changed them, and stores the result; :func:`superseded_in` answers a search with
the stored pairs of the files it looks at. A store that keeps no pairing (or one not paired yet, e.g. a
read-only index) is paired in this process instead, once per change of the index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mdrecall.errors import StoreError
from mdrecall.knowledge.refresh import VIEWS_VERSION, keeps_views, views_built
from mdrecall.stores.base import Store
from mdrecall.stores.views import PairedFactStore, Supersession

__all__ = ["refresh_superseded", "superseded_in"]


#: The meta key holding the views version whose rules made the stored pairing: new rules pair anew even
#: where the fact lines they read did not change.
RULES_KEY = "superseded_rules"
#: Past this many changed files (or a quarter of the files holding fact lines), everything is paired anew.
PARTIAL_LIMIT = 200


def refresh_superseded(store: Store) -> bool:
    """Pair the stored fact lines again when they changed since the stored pairing (only the changed
    files' part, when few changed); True when it did. A store that cannot be written now (read-only,
    busy) keeps its old pairing: :func:`superseded_in` then pairs in process."""
    if not views_built(store) or not isinstance(store, PairedFactStore):
        return False  # pending views: paired when they are built (first use), not by the index
    generation = store.facts_generation()
    paired = store.paired_generation()
    same_rules = _same_rules(store)
    if paired == generation and same_rules:
        return False
    # here: a search that reads stored pairs loads no rules
    from mdrecall.knowledge.fact_pairs import supersessions, supersessions_update

    dirty = store.dirty_fact_paths()
    facts = store.fact_rows()
    files = len({f.path for f in facts})
    full = not paired or not same_rules or len(dirty) > min(PARTIAL_LIMIT, max(8, files // 4))
    before = None if full else store.superseded_all()
    pairs = supersessions(facts) if before is None else supersessions_update(facts, before, set(dirty))
    try:
        written = store.write_superseded(pairs, generation, dirty, before)
        if written and not same_rules:
            store.set_meta(RULES_KEY, VIEWS_VERSION)
        return written
    except StoreError:
        return False


def _same_rules(store: Store) -> bool:
    """Was the stored pairing made by this version's rules?"""
    return store.get_meta(RULES_KEY) == VIEWS_VERSION


#: Store (by id) → (its change stamp, its superseded lines), for stores paired in process.
_PAIRED: dict[int, tuple[Any, dict[str, dict[int, Supersession]]]] = {}


def superseded_in(store: Store, paths: Iterable[str]) -> dict[str, dict[int, Supersession]]:
    """Path → line → the later line superseding it, for the lines of ``paths`` (empty for a store that
    keeps no views)."""
    if not keeps_views(store):
        return {}
    wanted = set(paths)
    # stale: views just built on first use, paired and stored now (a read-only index: in process below)
    fresh = isinstance(store, PairedFactStore) and (
        (store.paired_generation() == store.facts_generation() and _same_rules(store))
        or refresh_superseded(store)
    )
    if fresh and isinstance(store, PairedFactStore):
        out: dict[str, dict[int, Supersession]] = {}
        for path, line, new_path, new_line, day in store.superseded_rows(sorted(wanted)):
            out.setdefault(path, {})[line] = Supersession(new_path, new_line, day)
        return out
    every = _paired_here(store)
    return {p: every[p] for p in wanted if p in every}


def _paired_here(store: Store) -> dict[str, dict[int, Supersession]]:
    stamp_of = getattr(store, "change_stamp", None)
    stamp = stamp_of() if callable(stamp_of) else None
    cached = _PAIRED.get(id(store))
    if stamp is not None and cached is not None and cached[0] == stamp:
        return cached[1]
    from mdrecall.knowledge.fact_pairs import supersessions

    out: dict[str, dict[int, Supersession]] = {}
    if keeps_views(store):
        for (path, line), newer in supersessions(store.fact_rows()).items():
            out.setdefault(path, {})[line] = newer
    if stamp is not None:
        if len(_PAIRED) > 8:
            _PAIRED.clear()
        _PAIRED[id(store)] = (stamp, out)
    return out
