"""The days a question names, read in the candidates: each chunk's event days, how much a chunk is of a
named day, and the vector candidates kept past the pool for that day (stages ``event_days`` and
``date_term`` of :mod:`mdrecall.search.pipeline`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Protocol

from mdrecall.models import Chunk, Scored
from mdrecall.stores.base import Store

__all__ = [
    "DAY_POOL",
    "SPAN_DAY",
    "EventDays",
    "cached_event_days",
    "event_days",
    "named_alone",
    "of_day",
    "on_day_weight",
    "workspace_reference",
]


def event_days(
    chunk: Chunk, order: str | None = None, reference: date | None = None, country: str | None = None
) -> list[str]:
    """The days a chunk's lines are about ("Finished Piranesi on Saturday" in Monday's log: that
    Saturday), and the other days they name: a question's "last Saturday" finds the line, not only the
    log written that day. Read only for a question that names a day; ``order``: the workspace's order of
    numeric dates; ``reference``: the day an undated page's phrases are read from
    (:func:`workspace_reference`: "changed in April" on a people page is the April before it); ``country``:
    the workspace's (:mod:`~mdrecall.knowledge.dates.date_country`)."""
    from mdrecall.knowledge.dates.valid_time import chunk_dates

    ref = reference if chunk.date is None else None
    return [d.isoformat() for d in chunk_dates(chunk.text, chunk.date, chunk.heading, ref, order, country)]


def workspace_reference(store: Store) -> date | None:
    """The day the index read undated pages' phrases from
    (:func:`~mdrecall.knowledge.dates.valid_time.page_reference`): the newest daily log's date; ``None`` when
    the workspace keeps none (the index then read a page from its own modification day, not kept with
    its chunks) or the store cannot say."""
    from mdrecall.errors import IndexCorruptError, StoreError
    from mdrecall.knowledge.dates.valid_time import page_reference

    try:
        records = store.file_records(source="memory")
    except IndexCorruptError:
        raise
    except StoreError:
        return None
    return page_reference(r.date for r in records.values())


class EventDays(Protocol):
    """A chunk's days (:func:`event_days`), and whether one of its phrases names one day alone."""

    def __call__(self, chunk: Chunk) -> list[str]: ...

    def alone(self, chunk: Chunk, day: str) -> bool: ...


class _CachedDays:
    """:func:`event_days` and :func:`named_alone`, each chunk read once per search, in the workspace's
    order of numeric dates and its country (both read once, at the first chunk: ``order`` holds them)."""

    def __init__(self, store: Store, setting: str) -> None:
        self.store = store
        self.setting = setting
        self.seen: dict[str, list[str]] = {}
        self.order: list[str | None] = []
        self.reference: list[date | None] = []

    def _order(self) -> str | None:
        if not self.order:
            from mdrecall.knowledge.dates.date_country import workspace_country
            from mdrecall.knowledge.dates.date_order import workspace_order

            self.order.extend((workspace_order(self.store, self.setting), workspace_country(self.store)))
        return self.order[0]

    def _reference(self) -> date | None:
        if not self.reference:
            self.reference.append(workspace_reference(self.store))
        return self.reference[0]

    def __call__(self, chunk: Chunk) -> list[str]:
        if chunk.id not in self.seen:
            ref = self._reference() if chunk.date is None else None
            order = self._order()
            self.seen[chunk.id] = event_days(chunk, order, ref, self.order[1])
        return self.seen[chunk.id]

    def alone(self, chunk: Chunk, day: str) -> bool:
        return named_alone(chunk, day, self._order())


def cached_event_days(store: Store, setting: str) -> EventDays:
    """:func:`event_days`, each chunk read once per search (the date term and the date hints ask), in
    the workspace's order of numeric dates (``setting``, else the one its pages agree on: read once, at
    the first chunk); its ``alone`` is :func:`named_alone` in that order."""
    return _CachedDays(store, setting)


def named_alone(chunk: Chunk, day: str, order: str | None = None) -> bool:
    """Whether a date phrase of ``chunk`` names ``day`` (ISO) as one day ("train on 29/3"), not as a day
    of a span it names ("Q1", "29/3 to 31/3", "this week"). Lines are read from the chunk's own day."""
    from mdrecall.text.date_phrases.note_dates import note_dates
    from mdrecall.text.date_phrases.numeric_dates import numeric_order

    written = _as_day(chunk.date)
    page = numeric_order(chunk.text) if "/" in chunk.text else None
    for line in chunk.text.split("\n"):
        if not line.strip():
            continue
        for found in note_dates(line, written, written is None, page, order):
            if len(found.days) == 1 and found.days[0].isoformat() == day:
                return True
    return False


def _as_day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None


#: How much a day the question names weighs in a chunk that only names a span holding it ("next week"
#: for "on 1 February"), against one naming that very day.
SPAN_DAY = 0.5


def on_day_weight(
    days: frozenset[str], days_of: Callable[[Chunk], list[str]] | None
) -> Callable[[Chunk], float]:
    """How much a chunk is of one of ``days`` (0..1): 1 for its file's day or a day its lines name
    (given ``days_of``), :data:`SPAN_DAY` when that day only lies inside a span its lines name (a day
    next to it is named too, and the question named one day), unless one of its phrases names that day
    alone (``days_of``'s ``alone``, where it has one: "Easter: train on 29/3" names Easter Sunday beside
    it, and no span)."""
    alone = getattr(days_of, "alone", None)
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
            return 1.0 if alone is not None and any(alone(chunk, d) for d in hit) else SPAN_DAY
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
