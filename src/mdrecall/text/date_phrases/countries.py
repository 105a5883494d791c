"""The country a workspace's notes say they are written in, where a holiday's day depends on it
("Thanksgiving": the United States' fourth Thursday of November, Canada's second Monday of October).

A page names a country by its name or by one of its first-level regions (the United States' fifty states and
its capital's district; Canada's ten provinces and three territories: public lists, written out here).
Names that are as often a person's or another place's ("Georgia", "Virginia", "Washington", "Alberta",
"Indiana", "Montana", "Victoria") are left out; the page's vote is the one country it names
(:func:`named_country`), and the workspace's the one its pages' votes agree on (:func:`agreed_country`).
A country named nowhere gives none, and such a holiday then no day. Pure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

__all__ = ["COUNTRIES", "agreed_country", "named_country"]

_US_REGIONS = (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
    "Florida", "Hawaii", "Idaho", "Illinois", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland",
    "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Nebraska", "Nevada",
    "New Hampshire", "New Jersey", "New Mexico", "New York State", "North Carolina", "North Dakota", "Ohio",
    "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee",
    "Texas", "Utah", "Vermont", "West Virginia", "Wisconsin", "Wyoming", "Washington State",
    "District of Columbia", "Washington, D.C.", "Washington DC",
)  # fmt: skip
_CA_REGIONS = (
    "British Columbia", "Manitoba", "New Brunswick", "Newfoundland", "Labrador", "Nova Scotia", "Ontario",
    "Prince Edward Island", "Quebec", "Québec", "Saskatchewan", "Northwest Territories", "Nunavut", "Yukon",
)  # fmt: skip
#: Country → the names that say it (case as written: "US" is no pronoun, "Maine" no adjective).
COUNTRIES: dict[str, tuple[str, ...]] = {
    "us": ("United States", "USA", "U.S.A.", "U.S.", *_US_REGIONS),
    "ca": ("Canada", *_CA_REGIONS),
}


@cache
def _pattern() -> re.Pattern[str]:
    groups = "|".join(
        f"(?P<{country}>{'|'.join(re.escape(n) for n in sorted(names, key=len, reverse=True))})"
        for country, names in COUNTRIES.items()
    )
    return re.compile(rf"(?<![\w.])(?:{groups})(?![\w])")


def named_country(text: str) -> str | None:
    """The one country of :data:`COUNTRIES` ``text`` names (by its name or a region's), or ``None`` when it
    names none or more than one."""
    found = {m.lastgroup for m in _pattern().finditer(text)}
    return found.pop() if len(found) == 1 else None


def agreed_country(votes: Iterable[str | None]) -> str | None:
    """The country most of the pages that name one name (pages' :func:`named_country`), or ``None`` when
    none does or two tie."""
    counts = Counter(v for v in votes if v)
    top = counts.most_common(2)
    if not top or (len(top) > 1 and top[0][1] == top[1][1]):
        return None
    return top[0][0]
