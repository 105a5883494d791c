"""The fact lines' pairing kept with the index: which stored line a later one supersedes.

:func:`refresh_superseded` pairs the stored fact lines
(:func:`mdrecall.knowledge.changes.fact_pairs.supersessions`) once after a sync that changed them, and stores
the result; :func:`superseded_in` answers a search with the stored pairs of the files it looks at. A store
that keeps no pairing (or one not paired yet, e.g. a read-only index) is paired in this process instead, once
per change of the index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from mdrecall.config.settings import EntitiesConfig
from mdrecall.errors import StoreError
from mdrecall.knowledge.changes.cross_state import load_decided, save_decided
from mdrecall.knowledge.refresh import VIEWS_VERSION, keeps_views, views_built
from mdrecall.stores.base import Store
from mdrecall.stores.views import KnownNameStore, PairedFactStore, StoreWithViews, Supersession

if TYPE_CHECKING:
    from mdrecall.knowledge.changes.cross_pairs import CrossPairing

__all__ = ["cross_pairing", "cross_state", "refresh_superseded", "superseded_in"]


#: The meta key holding the views version whose rules made the stored pairing: new rules pair anew even
#: where the fact lines they read did not change.
RULES_KEY = "superseded_rules"
#: The meta key holding the mentions' change count (:meth:`~mdrecall.stores.views.KnownNameStore.known_state`)
#: the stored pairing read the entities' names at, and a digest of those names (``count:digest``): a name
#: linked or unlinked since pairs the lines anew.
NAMES_KEY = "superseded_names"
#: Past this many changed files (or a quarter of the files holding fact lines), everything is paired anew.
PARTIAL_LIMIT = 200
#: The meta key holding how many pairs the last pairing left for the cross-encoder to score (its budget
#: spent): the next sync's pairing scores them.
CROSS_LEFT_KEY = "superseded_cross_left"


def refresh_superseded(
    store: Store, entities: EntitiesConfig | None = None, budget: int | None = None
) -> bool:
    """Pair the stored fact lines again when they changed since the stored pairing, or the entities'
    names did (only the changed files' part, when few changed); True when it did. ``entities``: the
    settings the entity view links names with (:func:`line_names`). A store that cannot be written now
    (read-only, busy) keeps its old pairing: :func:`superseded_in` then pairs in process. ``budget``: new
    pairs the cross-encoder scores at most (default :data:`~mdrecall.knowledge.changes.cross_pairs.BUDGET`; 0:
    only the cached scores, as a search's pairing does); pairs left unscored are scored by the next call with
    a budget."""
    if not views_built(store) or not isinstance(store, PairedFactStore):
        return False  # pending views: paired when they are built (first use), not by the index
    generation = store.facts_generation()
    paired = store.paired_generation()
    same_rules = _same_rules(store)
    stamp = _names_stamp(store)
    left = budget != 0 and _cross_left(store, entities) > 0
    if paired == generation and same_rules and _names_fresh(store) and not left:
        return False
    was = (store.get_meta(NAMES_KEY) or "").partition(":")
    names = line_names(store, entities)
    named = None if stamp is None else f"{stamp}:{_digest(names)}"
    try:
        if (
            paired == generation
            and same_rules
            and not left
            and named is not None
            and named.endswith(":" + was[2])
        ):
            store.set_meta(NAMES_KEY, named)  # the mentions changed, not the names the pass reads
            return False
    except StoreError:
        return False
    # here: a search that reads stored pairs loads no rules
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update

    dirty = store.dirty_fact_paths()
    facts = store.fact_rows()
    files = len({f.path for f in facts})
    full = not paired or not same_rules or len(dirty) > min(PARTIAL_LIMIT, max(8, files // 4))
    before = None if full else store.superseded_all()
    cross = cross_pairing(store, entities, budget)
    if cross is not None and before is not None and paired is not None:
        kept = load_decided(store, paired, cross.model.digest)
        if kept is not None:
            cross.resume(kept.decided, dirty, kept.since, kept.pending)  # only what changed: bounded anew
    if before is None:
        pairs = supersessions(facts, names, cross)
    else:
        pairs = supersessions_update(facts, before, set(dirty), names, cross)
    try:
        written = store.write_superseded(pairs, generation, dirty, before)
        if written and cross is not None and (cross.left or left):
            store.set_meta(CROSS_LEFT_KEY, str(cross.left))
        if written and cross is not None:
            save_decided(
                store, generation, cross.model.digest, cross.left, cross.decided, cross.since, cross.pending
            )
        if written and not same_rules:
            store.set_meta(RULES_KEY, VIEWS_VERSION)
        if written and named is not None:
            store.set_meta(NAMES_KEY, named)
        return written
    except StoreError:
        return False


def cross_pairing(
    store: Store, entities: EntitiesConfig | None = None, budget: int | None = None
) -> CrossPairing | None:
    """The cross-encoder's pairing for ``store`` (its scores cached there), or ``None`` where it is off
    (``entities.supersession_model``) or cannot run
    (:func:`mdrecall.knowledge.changes.cross_model.unavailable`)."""
    if entities is not None and not entities.supersession_model:
        return None
    line_texts = getattr(store, "line_texts", None)
    if not callable(line_texts):
        return None
    from mdrecall.knowledge.changes.cross_model import load
    from mdrecall.knowledge.changes.cross_pairs import BUDGET, CrossPairing, CrossScoreStore

    model = load()
    if model is None:
        return None
    cache = store if isinstance(store, CrossScoreStore) else None
    return CrossPairing(model, line_texts, cache, BUDGET if budget is None else budget)


def cross_state(store: Store, entities: EntitiesConfig | None = None) -> str:
    """The cross-encoder's state as ``status`` reports it: ``on`` (with the pairs left to score, if any), or
    ``off`` and why (the rules alone pair then)."""
    if entities is not None and not entities.supersession_model:
        return "off (entities.supersession_model = false): rules alone"
    from mdrecall.knowledge.changes.cross_model import unavailable

    why = unavailable()
    if why is not None:
        return f"off ({why}): rules alone"
    left = _cross_left(store, entities)
    return f"on ({left} pairs left to score by the next sync)" if left else "on"


def _cross_left(store: Store, entities: EntitiesConfig | None) -> int:
    """The pairs the last pairing left for the cross-encoder (0 where it is off)."""
    if entities is not None and not entities.supersession_model:
        return 0
    try:
        return int(store.get_meta(CROSS_LEFT_KEY) or 0)
    except ValueError:
        return 0


def _names_stamp(store: Store) -> str | None:
    """The mentions' change count (``None``: a store that keeps none)."""
    return store.known_state()[0] if isinstance(store, KnownNameStore) else None


def _names_fresh(store: Store) -> bool:
    """Was the stored pairing made at the mentions' change count (:data:`NAMES_KEY`)?"""
    return (store.get_meta(NAMES_KEY) or "").partition(":")[0] == (_names_stamp(store) or "")


def _digest(names: dict[tuple[str, int], tuple[tuple[str, str], ...]]) -> str:
    """A short digest of :func:`line_names`' map: a change of the mentions that leaves it as it was (most
    do: a name added to a line naming no other) pairs nothing anew."""
    import hashlib  # here: hashlib loads OpenSSL (~2 ms), which a search that reads the pairs never needs

    return hashlib.blake2b(repr(sorted(names.items())).encode(), digest_size=8).hexdigest()


def line_names(
    store: StoreWithViews, entities: EntitiesConfig | None = None
) -> dict[tuple[str, int], tuple[tuple[str, str], ...]]:
    """``(path, line)`` → (the name as written, its entity's canonical key) of each entity the line names
    by another name than the entity's own (the entity view's links: a first name, a nickname, an alias,
    another name of a well-known thing), for the change lines' pass: two lines naming one entity share it,
    whatever name each writes."""
    from mdrecall.knowledge.index import EntityIndex  # here: a search reading stored pairs loads no view

    known = EntityIndex(store, entities or EntitiesConfig()).known()
    other = sorted(k for k, root in known.items() if root != k)
    out: dict[tuple[str, int], set[tuple[str, str]]] = {}
    for m in store.mention_rows(other) if other else ():
        out.setdefault((m.path, m.line), set()).add((m.key, known[m.key]))
    return {k: tuple(sorted(v)) for k, v in out.items()}


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
        (store.paired_generation() == store.facts_generation() and _same_rules(store) and _names_fresh(store))
        or refresh_superseded(store, budget=0)  # a search scores no new pairs (the next sync does)
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
    from mdrecall.knowledge.changes.fact_pairs import supersessions

    out: dict[str, dict[int, Supersession]] = {}
    if keeps_views(store):
        for (path, line), newer in supersessions(store.fact_rows(), line_names(store)).items():
            out.setdefault(path, {})[line] = newer
    if stamp is not None:
        if len(_PAIRED) > 8:
            _PAIRED.clear()
        _PAIRED[id(store)] = (stamp, out)
    return out
