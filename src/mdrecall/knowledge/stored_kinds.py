"""The kind of every entity the index stores, read from its mentions and cached per store until its index
changes, and the lookups by kind a search makes: the entities of a kind (a question naming the kind is
answered by a line naming one), those only another person's page names, and the lines naming one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mdrecall.knowledge.kinds.kind_vote import inherited_kinds, vote
from mdrecall.knowledge.refresh import keeps_views
from mdrecall.stores.base import Store
from mdrecall.stores.views import ViewStore

__all__ = [
    "MAX_KIND_NAMES",
    "inherited_key_kinds",
    "key_kinds",
    "kind_lines",
    "kind_mentions",
    "kind_names",
    "others_names",
]

#: Per store: the entity kind of every key with a known kind and the kinds short keys inherit from a longer
#: name's head noun, and the stats object they were read with.
_KINDS: dict[int, tuple[Any, tuple[dict[str, str], dict[str, str]]]] = {}


def key_kinds(store: ViewStore) -> dict[str, str]:
    """Entity key → its kind: the kind its stored mentions give (:func:`~.kind_vote.vote`, a longer name's
    head noun before the shape's default), for keys with any kind but ``unknown``. Cached per store until
    its index changes."""
    return _kind_tables(store)[0]


def inherited_key_kinds(store: ViewStore) -> dict[str, str]:
    """Short key → the kind a longer name's head noun gives it (:func:`~.kind_vote.inherited_kinds`)."""
    return _kind_tables(store)[1]


def _kind_tables(store: ViewStore) -> tuple[dict[str, str], dict[str, str]]:
    stats = store.entity_stats()
    cached = _KINDS.get(id(store))
    if cached is not None and cached[0] is stats:
        return cached[1]
    summaries = {summary.key: summary.forms for summary in store.entity_summary()}
    inherited = inherited_kinds(summaries)
    out: dict[str, str] = {}
    for key, forms in summaries.items():
        kind, cued = vote([forms])
        kind = kind if cued else inherited.get(key, kind)
        if kind is not None:
            out[key] = kind
    if len(_KINDS) > 16:
        _KINDS.clear()
    _KINDS[id(store)] = (stats, (out, inherited))
    return out, inherited


#: At most this many entity names widen one question's keyword query (:func:`kind_names`).
MAX_KIND_NAMES = 100


def kind_names(store: Store, kinds: Sequence[str]) -> tuple[str, ...]:
    """The entities of ``kinds`` the workspace names (their keys, lowercase: "what pet do we have" →
    ``("gus",)``), at most :data:`MAX_KIND_NAMES`, most mentioned first; empty when the store keeps no views.
    A question naming the kind is answered by a line naming one ("Our tortoise is called Gus"), which
    holds no word of the question."""
    if not kinds or not keeps_views(store):
        return ()
    wanted = set(kinds)
    keys = [k for k, kind in key_kinds(store).items() if kind in wanted]
    if len(keys) > MAX_KIND_NAMES:
        stats = store.entity_stats()
        keys.sort(key=lambda k: -stats.get(k, (0, False))[0])
    return tuple(keys[:MAX_KIND_NAMES])


def others_names(store: Store, keys: Sequence[str]) -> frozenset[str]:
    """The ``keys`` every stored mention of which lies on another person's page: a page whose title (its
    first line) names a person ("# Rafael Souza" ... "two cats: Feijão and Paçoca"). A question in the
    first person ("what pets do we have?") is not answered by them: they are that person's."""
    if not keys or not keeps_views(store):
        return frozenset()
    kinds = key_kinds(store)
    rows = store.mention_rows(keys)
    paths = {m.path for m in rows}
    people = [k for k, kind in kinds.items() if kind == "person"]
    titled = {m.path for m in store.mention_rows(people) if m.line == 1 and m.path in paths}
    owned: dict[str, bool] = {}
    for m in rows:
        owned[m.key] = owned.get(m.key, True) and m.path in titled
    return frozenset(k for k, only in owned.items() if only)


def kind_lines(store: Store, kinds: Sequence[str]) -> dict[str, list[int]] | None:
    """Path → the lines holding a stored mention of an entity of one of ``kinds`` ("place": Curitiba);
    ``None`` when the store keeps no views or no entity has those kinds."""
    if not kinds or not keeps_views(store):
        return None
    wanted = set(kinds)
    keys = [k for k, kind in key_kinds(store).items() if kind in wanted]
    if not keys:
        return None
    lines: dict[str, list[int]] = {}
    for path, line in store.mention_lines(keys):
        lines.setdefault(path, []).append(line)
    return lines


#: Per store: the mentions of the entities of some kinds by path, and the stats object they were read with.
_MENTIONS: dict[tuple[int, tuple[str, ...]], tuple[Any, dict[str, list[tuple[int, str]]]]] = {}


def kind_mentions(store: Store, kinds: Sequence[str]) -> dict[str, list[tuple[int, str]]]:
    """Path → the (line, key) of every stored mention of an entity of ``kinds``: who is named on which
    line. Cached per store until its index changes (a question asking who reads the head candidates'
    lines only); empty when the store keeps no views or no entity has those kinds."""
    if not kinds or not keeps_views(store):
        return {}
    stats = store.entity_stats()
    tag = (id(store), tuple(sorted(kinds)))
    cached = _MENTIONS.get(tag)
    if cached is not None and cached[0] is stats:
        return cached[1]
    wanted = set(kinds)
    keys = [k for k, kind in key_kinds(store).items() if kind in wanted]
    out: dict[str, list[tuple[int, str]]] = {}
    for m in store.mention_rows(keys) if keys else ():
        out.setdefault(m.path, []).append((m.line, m.key))
    if len(_MENTIONS) > 16:
        _MENTIONS.clear()
    _MENTIONS[tag] = (stats, out)
    return out
