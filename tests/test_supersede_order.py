"""The ranking side of supersession (search/supersede.py), on hand-built candidate lists: a chunk of one
hit with a superseded chunk shares its mark, and the newer line ranks first after every later stage."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.citations import group_by_citation
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession, keep_newer_first
from mdrecall.stores.views import Supersession


def scored(
    path: str, start: int, end: int, score: float, text: str, passage: tuple[int, int] = (0, 0)
) -> Scored:
    chunk = Chunk(path, "memory", start, end, text, f"h{path}{start}{end}", parent_start_line=passage[0],
                  parent_end_line=passage[1])  # fmt: skip
    return Scored(chunk, score)


_PAGE_TOP = "- Kiln firing: Thursdays, Ana loads it.\n- Glaze orders go to Potclays."
_PAGE_END = "- Studio wifi password is on the fridge.\n- Bins go out Monday night."


def test_a_chunk_of_the_same_hit_with_no_answering_line_shares_the_mark_and_the_newer_is_lifted() -> None:
    # the passage L1-L8 is one hit; its best chunk (the page's end) names nothing the question asks
    top = scored("MEMORY.md", 3, 4, 0.30, _PAGE_TOP, (1, 8))
    end = scored("MEMORY.md", 7, 8, 0.60, _PAGE_END, (1, 8))
    newer = scored("memory/2027-05-02.md", 3, 3, 0.40, "- Glaze orders now go to Scarva.")
    gone = {"MEMORY.md": {4: Supersession("memory/2027-05-02.md", 3, "2027-05-02")}}
    out = apply_fact_supersession([end, newer, top], ["glaze", "orders"], gone)
    assert [s.chunk.path for s in out] == ["memory/2027-05-02.md", "MEMORY.md", "MEMORY.md"]
    marks = {s.chunk.start_line: s.superseded_by for s in out if s.chunk.path == "MEMORY.md"}
    assert marks == {3: "memory/2027-05-02.md#L3 (2027-05-02)", 7: "memory/2027-05-02.md#L3 (2027-05-02)"}
    hit = group_by_citation(out[1:])[0]
    assert hit.best.superseded_by == "memory/2027-05-02.md#L3 (2027-05-02)"


def test_a_chunk_with_a_current_answering_line_keeps_no_mark() -> None:
    top = scored("MEMORY.md", 3, 4, 0.30, _PAGE_TOP, (1, 8))
    other = scored("MEMORY.md", 7, 8, 0.60, "- Glaze orders over £200 need Ana's OK.", (1, 8))
    gone = {"MEMORY.md": {4: Supersession("memory/2027-05-02.md", 3, "2027-05-02")}}
    out = apply_fact_supersession([other, top], ["glaze", "orders"], gone)
    assert {s.chunk.start_line: s.superseded_by for s in out}[7] is None


def test_the_newer_line_ranks_above_the_line_it_supersedes_after_later_boosts() -> None:
    older = Scored(
        Chunk("MEMORY.md", "memory", 3, 4, _PAGE_TOP, "h1"),
        0.70,
        superseded_by="memory/2027-05-02.md#L3 (2027-05-02)",
    )
    newer = scored("memory/2027-05-02.md", 3, 3, 0.50, "- Glaze orders now go to Scarva.")
    other = scored("notes/kiln.md", 1, 5, 0.60, "- Kiln manual")
    out = keep_newer_first([older, other, newer])
    assert [s.chunk.path for s in out] == ["memory/2027-05-02.md", "MEMORY.md", "notes/kiln.md"]
    assert out[0].score > out[1].score
