"""The workspace's country, where a holiday's day depends on it (Thanksgiving: the United States' in
November, Canada's in October; :mod:`~mdrecall.text.date_phrases.countries`).

Each page votes with the one country it names (by its name or a state's or province's: "Boise, Idaho",
"back in Ontario"); the votes are kept in the store's meta, one per page that has one, updated as the indexer
reads each file and dropped with it, as the order of numeric dates is
(:mod:`~mdrecall.knowledge.dates.date_order`), so the country is known before any page's views are built
and costs one meta read. The workspace's country is the one most voting pages name; none, or a tie, gives
none, and such a holiday then names no day.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from mdrecall.knowledge.dates.page_votes import apply_votes, meta_json
from mdrecall.stores.base import Store
from mdrecall.text.date_phrases.countries import COUNTRIES, agreed_country, named_country

__all__ = ["COUNTRY_KEY", "page_country", "record_countries", "workspace_country"]

#: The meta key holding ``{path: country}`` for the pages that name one.
COUNTRY_KEY = "dates_country"


def page_country(text: str | None) -> str | None:
    """The one country a page names (``None``: none, or more than one)."""
    return named_country(text) if text else None


def _load(store: Store) -> dict[str, str]:
    return {
        str(k): v for k, v in meta_json(store, COUNTRY_KEY).items() if isinstance(v, str) and v in COUNTRIES
    }


def record_countries(store: Store, votes: Mapping[str, str | None]) -> str | None:
    """Record pages' votes (``None``: the page names none, or left the workspace); returns the workspace's
    country after them. Writes the meta only when something changed."""
    kept = _load(store)
    new = apply_votes(kept, votes, COUNTRIES)
    if new != kept:
        store.set_meta(COUNTRY_KEY, json.dumps(new, sort_keys=True))
    return agreed_country(new.values())


def workspace_country(store: Store) -> str | None:
    """The workspace's country: the one most of its voting pages name, or ``None``."""
    return agreed_country(_load(store).values())
