"""The ranking side of supersession (search/supersede.py), on hand-built candidate lists: a short line
over a list titles its items as a heading would, and a marked chunk's other superseded lines that the
query names have their newer lines ranked above it too."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession
from mdrecall.stores.views import Supersession


def scored(path: str, start: int, text: str, score: float) -> Scored:
    end = start + text.count("\n")
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


_CLUB = (
    "# Harbour sailing club\n"  # L1
    "\n"
    "Commodore: Ines Varga\n"  # L3
    "Winter storage\n"  # L4
    "- dinghies go in the Kelso Road yard, November to March\n"  # L5
    "- masts stay on the racks in the boathouse"  # L6
)
_NEW_YARD = Supersession("memory/2027-09-30.md", 3, "2027-09-30")


def test_the_items_of_a_list_answer_what_its_short_leading_line_names_not_a_label_with_a_value() -> None:
    # "where is winter storage": the answer is the item under "Winter storage", which the dinghy line
    # superseded by the log's line is; the leading line alone names the question's words
    page = scored("club/sailing.md", 1, _CLUB, 0.70)
    log = scored(
        "memory/2027-09-30.md", 1, "# 2027-09-30\n\n- Winter storage moves to the marina's dry stack.", 0.40
    )
    gone = {"club/sailing.md": {5: _NEW_YARD}}
    out = apply_fact_supersession([page, log], ["winter", "storage"], gone, query="where is winter storage")
    assert [s.chunk.path for s in out] == ["memory/2027-09-30.md", "club/sailing.md"]
    assert out[1].superseded_by == "memory/2027-09-30.md#L3 (2027-09-30)"
    # "Storage fee: £40 a boat." states a fact of its own: the items under it are not about the fee
    text = "# Harbour sailing club\n\nStorage fee: £40 a boat.\n- dinghies go in the Kelso Road yard\n- masts"
    page = scored("club/sailing.md", 1, text, 0.70)
    log = scored("memory/2027-09-30.md", 1, "# 2027-09-30\n\n- The storage fee is now £55 a boat.", 0.40)
    gone = {"club/sailing.md": {4: _NEW_YARD}}
    out = apply_fact_supersession([page, log], ["storage", "fee"], gone, query="what is the storage fee")
    assert {s.chunk.path: s.superseded_by for s in out}["club/sailing.md"] is None


_RECITAL = (
    "# 2027-03-02\n"  # L1
    "\n"
    "Quartet call about the recital tour. Durham is off, the hall closed. Two recitals: Leeds, York.\n"  # L3
    "- Priya trying to get a Sunday date in Hexham instead, nothing yet.\n"  # L4
    "- Programme: Haydn and Dvořák, printed by Quire Press."  # L5
)


def test_the_newer_line_of_another_superseded_line_the_query_names_ranks_above_the_marked_chunk() -> None:
    older = scored("memory/2027-03-02.md", 1, _RECITAL, 0.70)
    tour = scored("memory/2027-03-20.md", 1, "# 2027-03-20\n\n- York moved to the Minster, same night.", 0.30)
    hexham = scored("memory/2027-03-09.md", 1, "# 2027-03-09\n\n- Priya: Hexham is on! Sunday 18/4.", 0.25)
    printer = scored("memory/2027-03-12.md", 1, "# 2027-03-12\n\n- Programmes from Inkwell now.", 0.20)
    gone = {
        "memory/2027-03-02.md": {
            3: Supersession("memory/2027-03-20.md", 3, "2027-03-20"),
            4: Supersession("memory/2027-03-09.md", 3, "2027-03-09"),
            5: Supersession("memory/2027-03-12.md", 3, "2027-03-12"),
        }
    }
    out = apply_fact_supersession(
        [older, tour, hexham, printer],
        ["hexham", "recital", "tour"],
        gone,
        query="is there a Hexham recital on the tour",
    )
    paths = [s.chunk.path for s in out]
    marked = paths.index("memory/2027-03-02.md")
    assert out[marked].superseded_by == "memory/2027-03-20.md#L3 (2027-03-20)"
    # the Hexham line shares "Hexham" with the line it supersedes: above the marked chunk too
    assert paths.index("memory/2027-03-09.md") < marked
    # the printer's line shares no query word with the programme line: it stays where it was
    assert paths.index("memory/2027-03-12.md") > marked


_KILN = (
    "# Pottery studio\n\n- Kiln firings are booked on a paper sheet by the door.\n- Clay comes from Potclays."
)
_NEW_KILN = "# 2027-04-06\n\n- Firings are booked in the studio app from today; the sheet is gone."


def _read_newer(path: str, line: int) -> Chunk | None:
    """The store's reader of a newer line's chunk, over one dated log."""
    chunk = Chunk("memory/2027-04-06.md", "memory", 1, 3, _NEW_KILN, "hlog")
    return chunk if path == chunk.path and chunk.start_line <= line <= chunk.end_line else None


def test_a_question_asking_for_several_things_fetches_no_newer_chunk() -> None:
    gone = {"studio.md": {3: Supersession("memory/2027-04-06.md", 3, "2027-04-06")}}
    terms = ["kiln", "firings", "booked"]

    def search(query: str) -> list[str]:
        page = scored("studio.md", 1, _KILN, 0.60)
        other = scored("notes/glazes.md", 1, "# Glazes\n\n- Kiln firings at cone 6.", 0.50)
        out = apply_fact_supersession([page, other], terms, gone, query=query, fetch=_read_newer)
        return [s.chunk.path for s in out]

    # one current answer: the later line is fetched and shown above the marked page
    assert search("how are kiln firings booked") == ["memory/2027-04-06.md", "studio.md", "notes/glazes.md"]
    # every way firings were booked is an answer: the page's past line keeps its place, none is pushed out
    assert search("which ways have kiln firings been booked") == ["studio.md", "notes/glazes.md"]
