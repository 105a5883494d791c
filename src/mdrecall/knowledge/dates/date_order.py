"""The workspace's order of numeric dates: whether its "4/6" is 4 June or April 6.

The ``dates.order`` setting ("dmy", "mdy") says it outright; with ``auto`` (the default) it is the order
the workspace's pages agree on (:func:`~mdrecall.text.date_phrases.numeric_dates.agreed_order`), each page
voting with the order its own legend or unambiguous dates show ("15/4": day first; "3/15": month first). The
votes are kept in the store's meta, one per page that has one, updated as the indexer reads each file and
dropped with it, so the order is known before any page's views are built and costs one meta read. A
page's own evidence still wins over the workspace's (:class:`~mdrecall.knowledge.dates.valid_time.LineDays`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from mdrecall.knowledge.dates.page_votes import apply_votes, meta_json
from mdrecall.stores.base import Store

__all__ = ["ORDER_KEY", "ORDERS", "page_vote", "record_votes", "stored_setting", "workspace_order"]

#: The meta key holding ``{"setting": <dates.order>, "votes": {path: "dmy" | "mdy"}}``.
ORDER_KEY = "dates_order"
#: The orders a page or the setting may name (the setting also takes ``auto``).
ORDERS = ("dmy", "mdy")


def page_vote(text: str | None) -> str | None:
    """The order one page's numeric dates show (``None``: none, or both): read on its lines holding a "/"."""
    if not text or "/" not in text:
        return None
    from mdrecall.text.date_phrases.numeric_dates import (
        numeric_order,  # here: reading the order loads no grammar
    )

    return numeric_order("\n".join(line for line in text.splitlines() if "/" in line))


def _load(store: Store) -> tuple[str, dict[str, str]]:
    data = meta_json(store, ORDER_KEY)
    votes = data.get("votes")
    votes = {str(k): v for k, v in votes.items() if v in ORDERS} if isinstance(votes, dict) else {}
    setting = data.get("setting")
    return (setting if isinstance(setting, str) else "auto"), votes


def stored_setting(store: Store) -> str:
    """The ``dates.order`` setting the store's views were last read with (``auto`` when none is kept)."""
    return _load(store)[0]


def record_votes(store: Store, votes: Mapping[str, str | None], setting: str | None = None) -> str | None:
    """Record pages' votes (``None``: the page has none, or left the workspace) and, given, the setting;
    returns the workspace's order after them. Writes the meta only when something changed."""
    old_setting, kept = _load(store)
    new = apply_votes(kept, votes, ORDERS)
    now = setting if setting is not None else old_setting
    if new != kept or now != old_setting:
        store.set_meta(ORDER_KEY, json.dumps({"setting": now, "votes": new}, sort_keys=True))
    return _resolve(now, new)


def workspace_order(store: Store, setting: str | None = None) -> str | None:
    """The workspace's order of numeric dates: ``setting`` (else the stored one) when it names one, else
    the order its pages agree on; ``None`` when neither says."""
    kept_setting, votes = _load(store)
    return _resolve(setting if setting is not None else kept_setting, votes)


def _resolve(setting: str, votes: Mapping[str, str]) -> str | None:
    if setting in ORDERS:
        return setting
    from mdrecall.text.date_phrases.numeric_dates import agreed_order

    return agreed_order(votes.values())
