"""Pages' votes kept in the store's meta as JSON (the order of numeric dates, the workspace's country): read
back tolerantly and updated path by path. Pure but for the one meta read."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping

from mdrecall.stores.base import Store

__all__ = ["apply_votes", "meta_json"]


def meta_json(store: Store, key: str) -> dict[str, object]:
    """The JSON object kept under ``key``; ``{}`` when none is kept, or the value is damaged (written by
    hand, cut short) or no object."""
    raw = store.get_meta(key)
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def apply_votes(
    kept: Mapping[str, str], votes: Mapping[str, str | None], allowed: Collection[str]
) -> dict[str, str]:
    """``kept`` with each page's new vote: a vote in ``allowed`` is set, anything else (``None``: the page has
    none, or left the workspace) drops the page's."""
    new = dict(kept)
    for path, vote in votes.items():
        if vote is not None and vote in allowed:
            new[path] = vote
        else:
            new.pop(path, None)
    return new
