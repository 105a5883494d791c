"""Holidays a note may name instead of a date ("back after Boxing Day", "Paddy's Day rota"). Pure.

No holiday package is a dependency (``holidays`` is not installed here), so the table is kept by hand and
kept small: widely known observances of the English-speaking world whose day is fixed in the calendar
(from the Wikipedia articles of each: "Saint Patrick's Day", "Boxing Day", "Guy Fawkes Night" …), and
those set by Easter (Western churches; the date from the anonymous Gregorian computus), and the retail
days after the United States' Thanksgiving (Black Friday, Cyber Monday), named by shops everywhere.
Observances whose day differs by country (Mother's Day, Thanksgiving, Independence Day, Labour Day) are
left out, except where the name as spelt is one country's: "Labor Day" (the United States' and Canada's,
the first Monday of September), "Memorial Day", "Presidents' Day", "MLK Day", "Columbus Day"
(:data:`RANKED`); and so are names that are also ordinary phrases ("the new year", "an epiphany"). "St.
Paddy's" alone is the day; "St Patrick's" alone is as often a church, a school or a hospital, and is left out.

Thanksgiving, whose day depends on the country, is read only where the workspace's notes name the country
(:mod:`~mdrecall.text.date_phrases.countries`): :data:`BY_COUNTRY` keeps each country's day, and
:func:`in_country` gives the table's name of the one the notes name ("thanksgiving@us"), else none.

Names are written lower case with straight apostrophes; :func:`holiday_key` folds a phrase as written
("St. Patrick’s Day", "saint patricks day") to its name.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

__all__ = [
    "EASTER_OFFSETS",
    "FIXED",
    "HOLIDAY_HINTS",
    "ONE_DAY",
    "RANKED",
    "THANKSGIVING_OFFSETS",
    "BY_COUNTRY",
    "holiday_day",
    "holiday_key",
    "holiday_names",
    "holiday_pattern",
    "in_country",
]

#: Holidays of a fixed day → (month, day).
FIXED: dict[str, tuple[int, int]] = {
    "new year's day": (1, 1), "burns night": (1, 25), "australia day": (1, 26),
    "groundhog day": (2, 2), "valentine's day": (2, 14), "st valentine's day": (2, 14),
    "valentine's": (2, 14),
    "st david's day": (3, 1), "st patrick's day": (3, 17), "paddy's day": (3, 17),
    "st paddy's day": (3, 17), "st paddy's": (3, 17), "april fools' day": (4, 1), "april fool's day": (4, 1),
    "earth day": (4, 22),
    "st george's day": (4, 23), "anzac day": (4, 25), "may day": (5, 1), "cinco de mayo": (5, 5),
    "juneteenth": (6, 19), "canada day": (7, 1), "fourth of july": (7, 4), "bastille day": (7, 14),
    "halloween": (10, 31), "all hallows' eve": (10, 31), "all saints' day": (11, 1),
    "all souls' day": (11, 2), "guy fawkes night": (11, 5), "bonfire night": (11, 5),
    "armistice day": (11, 11), "remembrance day": (11, 11), "veterans day": (11, 11),
    "st andrew's day": (11, 30), "christmas eve": (12, 24), "christmas": (12, 25), "christmas day": (12, 25),
    "boxing day": (12, 26), "st stephen's day": (12, 26), "new year's eve": (12, 31), "hogmanay": (12, 31),
    # national days whose names are one country's: New Zealand's; Kenya's (its constitution, art. 9 and
    # the Public Holidays Act: Madaraka 1 June, Mashujaa 20 October, Jamhuri 12 December)
    "waitangi day": (2, 6), "madaraka day": (6, 1), "mashujaa day": (10, 20), "jamhuri day": (12, 12),
}  # fmt: skip
#: Holidays on a weekday ranked in a month → (month, weekday with Monday 0, rank from 0; −1 the last): the
#: United States' federal Mondays whose names no other country's holiday has.
RANKED: dict[str, tuple[int, int, int]] = {
    "labor day": (9, 0, 0), "memorial day": (5, 0, -1), "presidents' day": (2, 0, 2),
    "president's day": (2, 0, 2), "martin luther king day": (1, 0, 2), "mlk day": (1, 0, 2),
    "columbus day": (10, 0, 1),
}  # fmt: skip
#: Holidays set by Easter Sunday → days from it.
EASTER_OFFSETS: dict[str, int] = {
    "shrove tuesday": -47, "pancake day": -47, "mardi gras": -47, "ash wednesday": -46,
    "palm sunday": -7, "maundy thursday": -3, "good friday": -2, "holy saturday": -1, "easter saturday": -1,
    "easter eve": -1, "easter": 0, "easter sunday": 0, "easter monday": 1,
    "pentecost": 49, "whit sunday": 49,
}  # fmt: skip
#: Retail days set by the United States' Thanksgiving (the fourth Thursday of November) → days from it:
#: named the world over by shops and their customers.
THANKSGIVING_OFFSETS: dict[str, int] = {"black friday": 1, "cyber monday": 4}
#: Holidays whose day depends on the country → country → (month, weekday with Monday 0, rank from 0): the
#: United States' Thanksgiving is the fourth Thursday of November, Canada's the second Monday of October.
BY_COUNTRY: dict[str, dict[str, tuple[int, int, int]]] = {
    "thanksgiving": {"us": (11, 3, 3), "ca": (10, 0, 1)},
    "thanksgiving day": {"us": (11, 3, 3), "ca": (10, 0, 1)},
}
#: Names that say they are one day ("… Day", "… Eve", "… Night", a weekday): a noun after them names an
#: event held that day ("Paddy's Day rota"), while after "Christmas" or "Easter" it may name a season.
ONE_DAY = re.compile(r"(?:day|eve|night|(?:sun|mon|tues|wednes|thurs|fri|satur)day)$|^juneteenth$")
#: A word every written form of some holiday's name holds (its longest, lower case): a line with none of
#: them (nor "day") names no holiday (a cheap test before the grammar).
HOLIDAY_HINTS: tuple[str, ...] = tuple(
    sorted(
        {
            max(re.split(r"[' ]", name), key=len)
            for name in [*FIXED, *EASTER_OFFSETS, *THANKSGIVING_OFFSETS, *RANKED, *BY_COUNTRY]
            if "day" not in name
        }
    )
)
_FOLD = re.compile(r"['’]")
_SAINT = re.compile(r"^(?:saint|st\.?)\s+")


def holiday_names() -> list[str]:
    """Every name, longest first (for an alternation that prefers "Christmas Eve" to "Christmas")."""
    return sorted(
        [*FIXED, *EASTER_OFFSETS, *THANKSGIVING_OFFSETS, *RANKED, *BY_COUNTRY], key=len, reverse=True
    )


def holiday_pattern() -> str:
    """A regular expression (no groups; to compile case-insensitive) for every name as it may be written:
    "St"/"St."/"Saint", a straight, curly or no apostrophe, any spaces; longest names first."""
    out = []
    for name in holiday_names():
        rx = re.escape(name).replace("'", "['’]?").replace(r"\ ", r"\s+")
        out.append(re.sub(r"^st\\s\+", r"(?:st\\.?|saint)\\s+", rx))
    return "|".join(out)


def holiday_key(written: str) -> str | None:
    """The table's name for a holiday as written (any case, curly or no apostrophe, "St."/"Saint"), or
    ``None``."""
    folded = _SAINT.sub("st ", " ".join(written.lower().split()))
    bare = _FOLD.sub("", folded)
    return _BY_BARE.get(bare)


_ALL_NAMES = [*FIXED, *EASTER_OFFSETS, *THANKSGIVING_OFFSETS, *RANKED, *BY_COUNTRY]
_BY_BARE = {_FOLD.sub("", name): name for name in _ALL_NAMES}


def in_country(name: str, country: str | None) -> str | None:
    """The table's name of holiday ``name`` in ``country`` ("thanksgiving" in "us": "thanksgiving@us"):
    ``name`` itself for a holiday of one day everywhere, ``None`` for one whose day the country sets when
    no country, or one without it, is known."""
    if name not in BY_COUNTRY:
        return name
    return f"{name}@{country}" if country in BY_COUNTRY[name] else None


def holiday_day(name: str, year: int) -> date | None:
    """The day holiday ``name`` (a table name) falls on in ``year``."""
    if name in FIXED:
        month, day = FIXED[name]
        return date(year, month, day)
    ranked = RANKED.get(name)
    if ranked is None and "@" in name:  # "thanksgiving@us": its day in that country
        base, country = name.split("@", 1)
        ranked = BY_COUNTRY.get(base, {}).get(country)
    if ranked is not None and 1 <= year <= 9999:
        month, weekday, rank = ranked
        days = [date(year, month, d) for d in range(1, 32) if _valid(year, month, d)]
        return [d for d in days if d.weekday() == weekday][rank]
    if name in THANKSGIVING_OFFSETS and 1 <= year <= 9999:
        first = date(year, 11, 1)
        thursday = first + timedelta(days=(3 - first.weekday()) % 7 + 21)  # the fourth Thursday
        return thursday + timedelta(days=THANKSGIVING_OFFSETS[name])
    if name in EASTER_OFFSETS and 1583 <= year <= 9999:
        try:
            return _easter(year) + timedelta(days=EASTER_OFFSETS[name])
        except (OverflowError, ValueError):
            return None
    return None


def _valid(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher")."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month, day = divmod(h + ell - 7 * m + 114, 31)
    return date(year, month, day + 1)
