"""A hit made of several chunks of one long note (search/citations.py, ``CitationGroup.mark``): the mark
of a chunk ranked below the hit's best chunk is the hit's when the line it cites is shown first (in the
hit, or in a hit ranked above it), never when the reader is not shown that line."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.citations import group_by_citation
from mdrecall.search.ranking import Scored

_TOP = "- Standup: 9:15 in the small room.\n- Laptop: a ThinkPad T14, battery tired."
_END = "- Payroll questions go to Odile.\n- Laptop swapped for a MacBook Air on the 3rd."
_MARK_IN = "NOTES.md#L8"
_MARK_OUT = "journal/2031-06-04.md#L2 (2031-06-04)"


def scored(path: str, start: int, end: int, score: float, text: str, mark: str | None = None) -> Scored:
    chunk = Chunk(path, "memory", start, end, text, f"h{path}{start}{end}", parent_start_line=1,
                  parent_end_line=8)  # fmt: skip
    return Scored(chunk, score, superseded_by=mark)


def test_a_lower_chunk_citing_a_line_of_the_same_hit_gives_the_hit_its_mark() -> None:
    best = scored("NOTES.md", 7, 8, 0.7, _END)
    lower = scored("NOTES.md", 3, 4, 0.5, _TOP, _MARK_IN)
    group = group_by_citation([best, lower])[0]
    assert group.best is best
    assert group.mark() == _MARK_IN


def test_a_lower_chunk_citing_a_line_a_hit_above_shows_gives_the_hit_its_mark() -> None:
    best = scored("NOTES.md", 7, 8, 0.7, _END)
    lower = scored("NOTES.md", 3, 4, 0.5, _TOP, _MARK_OUT)
    group = group_by_citation([best, lower])[0]
    assert group.mark([("journal/2031-06-04.md", 1, 3)]) == _MARK_OUT


def test_a_lower_chunk_citing_a_line_no_hit_shows_gives_no_mark() -> None:
    best = scored("NOTES.md", 7, 8, 0.7, _END)
    lower = scored("NOTES.md", 3, 4, 0.5, _TOP, _MARK_OUT)
    group = group_by_citation([best, lower])[0]
    assert group.mark() is None
    assert group.mark([("journal/2031-05-30.md", 1, 3)]) is None


def test_the_best_chunks_own_mark_is_the_hits() -> None:
    best = scored("NOTES.md", 3, 4, 0.7, _TOP, _MARK_OUT)
    lower = scored("NOTES.md", 7, 8, 0.5, _END, _MARK_IN)
    assert group_by_citation([best, lower])[0].mark() == _MARK_OUT
