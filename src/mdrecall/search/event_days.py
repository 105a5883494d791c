"""The days a question names, read in the candidates: each chunk's event days, how much a chunk is of a
named day, and the vector candidates kept past the pool for that day (stages ``event_days`` and
``date_term`` of :mod:`mdrecall.search.pipeline`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from mdrecall.models import Chunk, Scored
from mdrecall.stores.base import Store

__all__ = ["DAY_POOL", "SPAN_DAY", "cached_event_days", "event_days", "of_day", "on_day_weight"]


def event_days(chunk: Chunk, order: str | None = None) -> list[str]:
    """The days a chunk's lines are about ("Finished Piranesi on Saturday" in Monday's log: that
    Saturday), and the other days they name: a question's "last Saturday" finds the line, not only the
    log written that day. Read only for a question that names a day; ``order``: the workspace's order of
    numeric dates."""
    from mdrecall.knowledge.valid_time import chunk_dates

    return [d.isoformat() for d in chunk_dates(chunk.text, chunk.date, chunk.heading, order=order)]


def cached_event_days(store: Store, setting: str) -> Callable[[Chunk], list[str]]:
    """:func:`event_days`, each chunk read once per search (the date term and the date hints ask), in
    the workspace's order of numeric dates (``setting``, else the one its pages agree on: read once, at
    the first chunk)."""
    seen: dict[str, list[str]] = {}
    order: list[str | None] = []

    def days_of(chunk: Chunk) -> list[str]:
        if chunk.id not in seen:
            if not order:
                from mdrecall.knowledge.date_order import workspace_order

                order.append(workspace_order(store, setting))
            seen[chunk.id] = event_days(chunk, order[0])
        return seen[chunk.id]

    return days_of


#: How much a day the question names weighs in a chunk that only names a span holding it ("next week"
#: for "on 1 February"), against one naming that very day.
SPAN_DAY = 0.5


def on_day_weight(
    days: frozenset[str], days_of: Callable[[Chunk], list[str]] | None
) -> Callable[[Chunk], float]:
    """How much a chunk is of one of ``days`` (0..1): 1 for its file's day or a day its lines name
    (given ``days_of``), :data:`SPAN_DAY` when that day only lies inside a span its lines name (a day
    next to it is named too, and the question named one day)."""
    one = len(days) == 1

    def on_day(chunk: Chunk) -> float:
        if chunk.date and chunk.date[:10] in days:
            return 1.0
        if days_of is None:
            return 0.0
        named = {d[:10] for d in days_of(chunk)}
        hit = named & days
        if not hit:
            return 0.0
        if one and all(_next_day(d, -1) in named or _next_day(d, 1) in named for d in hit):
            return SPAN_DAY
        return 1.0

    return on_day


#: Vector candidates past the pool whose lines are read for the day a question names (beyond them,
#: only a chunk written that day is kept): reading a chunk's days costs about half a millisecond.
DAY_POOL = 60


def of_day(
    vec: list[Scored], pool: int, on_day: Callable[[Chunk], float], days: frozenset[str]
) -> list[Scored]:
    """The first ``pool`` vector candidates, then the further ones of a day the question names: the
    next :data:`DAY_POOL` by their lines' days, the rest by their file's day."""
    near = [s for s in vec[pool:DAY_POOL] if on_day(s.chunk) > 0]
    far = [s for s in vec[max(pool, DAY_POOL) :] if s.chunk.date and s.chunk.date[:10] in days]
    return vec[:pool] + near + far


def _next_day(day: str, step: int) -> str:
    """The ISO day ``step`` days from ``day`` ("" past the calendar's ends: no day is named there)."""
    try:
        return (date.fromisoformat(day) + timedelta(days=step)).isoformat()
    except OverflowError:
        return ""
