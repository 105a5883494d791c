"""A note telling a time changed is judged with its time's lift (stage ``times``, before ``min_score``).

"What night is the pottery class now?" is answered by a daily log's "Ana moved the class: Tuesdays
19:00 from next week" among ten other lines: the log shares one word with the question and scores
under ``min_score``, so the ``times`` lift, run on the candidates the bar kept, never sees it. Among the
first :data:`~mdrecall.search.times.WINDOW` candidates, one under the bar is kept through it when the
``times`` lift would lift it (a clause naming a time of the question's subject) and it is a dated note
whose line tells that subject changed (:func:`~mdrecall.search.news_lift.change_line`: "moved",
"from next week", "switched"): the time in force. A line merely naming a day ("the theory exam is
booked for 28/01") is left to the bar, as it was: lifted before the cut, such lines outranked the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from mdrecall.models import Scored
from mdrecall.search.current import NOTES
from mdrecall.search.news_lift import change_line, people_word
from mdrecall.search.snippets import query_stems
from mdrecall.search.times import WINDOW, apply_time_lift

__all__ = ["keep_rescued", "rescued_times"]


def rescued_times(
    items: Sequence[Scored],
    bar: float,
    terms: Sequence[str],
    names: Sequence[str],
    superseded: Callable[[str, int], bool] | None = None,
    today: date | None = None,
) -> frozenset[str]:
    """The ids of the chunks among the first candidates scoring under ``bar`` that are kept through it
    (see the module)."""
    under = [s for s in items[:WINDOW] if s.score < bar]
    if not under or not terms:
        return frozenset()
    lifted = apply_time_lift(items[:WINDOW], terms, names, superseded=superseded, today=today)
    stems = query_stems(terms)
    must = query_stems([n for n in names if not people_word(n)]) & stems
    ids = {s.chunk.id for s in under}
    return frozenset(
        s.chunk.id
        for s in lifted
        if s.chunk.id in ids
        and "times" in s.stages
        and s.chunk.source == NOTES
        and s.chunk.date
        and not s.superseded_by
        and change_line(s.chunk.text, stems, must)
    )


def keep_rescued(items: Sequence[Scored], kept: Sequence[Scored], rescued: frozenset[str]) -> list[Scored]:
    """``kept`` (what ``min_score`` kept of ``items``) with the ``rescued`` chunks put back in their
    places of ``items``."""
    if not rescued:
        return list(kept)
    have = {s.chunk.id: s for s in kept}
    return [have.get(s.chunk.id, s) for s in items if s.chunk.id in have or s.chunk.id in rescued]
