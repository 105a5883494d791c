"""Supersession (issue 29 part 3, search): "where" asks for a place, as "who" asks for a name. On a page
whose title names the subject, every line holds the question's names through the title; the line
naming a place answers "where does …", and when that line is superseded the page is marked."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession, asked_value, line_values
from mdrecall.stores.views import Supersession

PAGE = """# Ruth in Leeds

- Course: Music (BA), first year, term started 29.9.
- Digs: a room in a shared house in Hyde Park, £95/week
- Rent: paid on the 1st, standing order from her own account
- Society: plays viola in the university orchestra"""

DAY = "diary/2033-02-14.md"


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


def test_where_asks_for_a_name() -> None:
    assert asked_value("where does Ruth stay in Leeds") == ("c:",)
    assert asked_value("Where is the spare key?") == ("c:",)
    assert asked_value("what does Ruth study") == ()


def test_a_page_whose_place_line_changed_is_marked_for_where() -> None:
    # every line holds "Ruth" and "Leeds" by the page's title: the line naming a place answers "where",
    # and the stored pair says it changed
    page = _scored("family/ruth-leeds.md", 1, 6, 0.9, PAGE)
    newer = _scored(DAY, 3, 3, 0.8, "- Ruth swapped the Hyde Park room for a flat on Cardigan Road (sublet).")
    other = _scored("diary/2033-01-30.md", 3, 3, 0.2, "- Posted Ruth the winter coat.")
    gone = {"family/ruth-leeds.md": {4: Supersession(DAY, 3, "2033-02-14")}}
    terms = ["ruth", "stay", "leeds"]
    out = apply_fact_supersession([page, newer, other], terms, gone, query="where does Ruth stay in Leeds")
    marked = next(s for s in out if s.chunk.path == "family/ruth-leeds.md")
    assert marked.superseded_by == f"{DAY}#L3 (2033-02-14)"
    assert [s.chunk.path for s in out].index(DAY) < [s.chunk.path for s in out].index(marked.chunk.path)


def test_a_page_whose_changed_line_names_no_one_is_not_marked_for_where_or_who() -> None:
    # the rent line changed; its label ("Rent:") names nothing, so it is not what "where" or "who" asks
    # for: the page stays current
    page = _scored("family/ruth-leeds.md", 1, 6, 0.9, PAGE)
    newer = _scored(DAY, 3, 3, 0.8, "- Ruth's rent is paid by card now, the standing order is cancelled.")
    gone = {"family/ruth-leeds.md": {5: Supersession(DAY, 3, "2033-02-14")}}
    for query, terms in (
        ("where does Ruth stay in Leeds", ["ruth", "stay", "leeds"]),
        ("who is with Ruth in Leeds", ["ruth", "leeds"]),
    ):
        out = apply_fact_supersession([page, newer], terms, gone, query=query)
        assert all(s.superseded_by is None for s in out), query


def test_a_label_names_nothing() -> None:
    assert not any(v.startswith("c:") for v in line_values("- Rent: paid on the 1st, by standing order"))
    assert {"c:hyde", "c:park"} <= line_values("- Digs: a room in a shared house in Hyde Park")
    assert "c:ossett" in line_values("Moved to Ossett in May")  # no label: the line's names as they are


LAB = """# Dr. Ines Okafor

- Group: soil microbiology, six PhD students
- Sabbatical from 1 June; Marcus Webb runs the lab while she's away.
- Prefers Friday updates by email"""

LOG = "notebook/2034-03-09.md"


def test_a_newer_line_naming_no_one_new_does_not_mark_for_who() -> None:
    # the line paired as newer only restates the leave: it names no one the question does not, so it is
    # no other answer to "who runs the lab": the page is not marked, and the line is not lifted above it
    page = _scored("people/ines-okafor.md", 1, 5, 0.9, LAB)
    restated = _scored(LOG, 3, 3, 0.5, "- Ines: sabbatical from June, worried about the grant deadline.")
    gone = {"people/ines-okafor.md": {4: Supersession(LOG, 3, "2034-03-09")}}
    terms = ["runs", "lab", "ines", "away"]
    query = "who runs the lab while Ines is away"
    out = apply_fact_supersession([page, restated], terms, gone, query=query)
    assert [(s.chunk.path, s.superseded_by) for s in out] == [("people/ines-okafor.md", None), (LOG, None)]
    # read from the store when no candidate holds it: the same
    out = apply_fact_supersession([page], terms, gone, query=query, fetch=lambda path, line: restated.chunk)
    assert [(s.chunk.path, s.superseded_by) for s in out] == [("people/ines-okafor.md", None)]
    # a newer line naming someone else is another answer: marked, and shown first
    changed = _scored(LOG, 3, 3, 0.5, "- From June Grace Liu runs the lab, not Marcus.")
    out = apply_fact_supersession([page], terms, gone, query=query, fetch=lambda path, line: changed.chunk)
    assert [(s.chunk.path, s.superseded_by) for s in out] == [
        (LOG, None),
        (page.chunk.path, f"{LOG}#L3 (2034-03-09)"),
    ]


def test_a_newer_line_written_without_capitals_may_name_anyone() -> None:
    # "grace runs the lab" names someone, in lowercase: its names are not told, so the page is marked
    page = _scored("people/ines-okafor.md", 1, 5, 0.9, LAB)
    lower = _scored(
        LOG, 3, 3, 0.5, "- from june grace runs the lab while ines is away, marcus moved to bristol"
    )
    gone = {"people/ines-okafor.md": {4: Supersession(LOG, 3, "2034-03-09")}}
    out = apply_fact_supersession(
        [page, lower], ["runs", "lab", "ines", "away"], gone, query="who runs the lab while Ines is away"
    )
    assert [(s.chunk.path, s.superseded_by) for s in out] == [
        (LOG, None),
        (page.chunk.path, f"{LOG}#L3 (2034-03-09)"),
    ]
