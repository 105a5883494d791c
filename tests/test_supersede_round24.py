"""Supersession round 24 (issue 29 part 3, search): which line of a long hit answers the query. A hit
covering many lines (a MEMORY.md read as one chunk) is marked when the line answering the query is the
superseded one, and its snippet shows that line; a hit whose answering line is current is not. A line
counts the question's words, not their forms ("moving" and "move" are one), and "which …" prefers a
line naming something when lines tie."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.snippets import pieced_snippet
from mdrecall.search.supersede import apply_fact_supersession, word_of
from mdrecall.stores.views import Supersession

MEMORY = """# Memory

## Work
- I lead the mobile team at Pellow Bank; half of the team sits in Porto.
- Our app is Pellow Pay: Android in Kotlin, iOS in Swift, backend services in Go.
- Release train: the app ships every second Thursday.
- CI runs on Quayside.
- Team sync is Mondays at 9:30.
- Card payments go through Stripe.

## Home
- Partner: Ines. Dog: Biscuit.
"""

MOVE = """# Move to Lindau

New flat near the harbour: 3 rooms, ten minutes' walk to the station.

- Moving day: Saturday 10 May
- Movers: Kranich Umzüge, quote 1,900 EUR incl. packing
- Change of address: Bürgerbüro Lindau within two weeks of moving

Update 3/4: Kranich cancelled on us. Movers are now Seeblick Transporte (2,100 EUR).
"""


def _workspace(tmp_path: Path) -> Memory:
    (tmp_path / "memory").mkdir()
    (tmp_path / "family").mkdir()
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (tmp_path / "memory" / "2031-03-02.md").write_text(
        "# 2031-03-02\n\n- Quayside is gone: all Pellow Pay pipelines build on Forgejo Actions since"
        " Saturday. Cancel the Quayside invoice.\n- Ines booked the vet for Biscuit.\n",
        encoding="utf-8",
    )
    (tmp_path / "memory" / "2031-03-04.md").write_text(
        "# 2031-03-04\n\n- The kiosk app demo went well; the payments service team wants a second one.\n",
        encoding="utf-8",
    )
    (tmp_path / "family" / "move.md").write_text(MOVE, encoding="utf-8")
    over = {"history": {"git": False}, "index": {"sync_on_search": False}, "extra_paths": ["family"]}
    mem = Memory.open(tmp_path, Config().merged(over))
    mem.index()
    return mem


def test_a_long_hit_whose_answering_line_is_superseded_is_marked(tmp_path: Path) -> None:
    # "Our app … backend services" holds two of the question's words, "CI runs on Quayside." one; the
    # line superseding it adds "build": together they answer with the rarer words, and MEMORY.md is marked
    mem = _workspace(tmp_path)
    try:
        hits = mem.search("which CI service builds our app", max_results=5, min_score=0.0, mode="bm25")
        paths = [h.path for h in hits]
        older = paths.index("MEMORY.md")
        assert paths.index("memory/2031-03-02.md") < older
        assert hits[older].superseded == "memory/2031-03-02.md#L3 (2031-03-02)"
        assert "CI runs on Quayside." in hits[older].snippet
        # a question the current lines answer leaves the same hit unmarked
        hits = mem.search("what is our app written in", max_results=5, min_score=0.0, mode="bm25")
        assert all(h.superseded is None for h in hits)
    finally:
        mem.close()


def test_a_page_updated_further_down_cites_its_newer_line(tmp_path: Path) -> None:
    # "moving" and "move" are one word of the question: the "Moving day" line does not outrank the
    # movers' lines by holding both, and "which" asks for a line naming one
    mem = _workspace(tmp_path)
    try:
        hits = mem.search("which moving company is doing our move", max_results=5, min_score=0.0, mode="bm25")
        page = next(h for h in hits if h.path == "family/move.md")
        assert page.superseded == "family/move.md#L9"
        # "when are we moving" is answered by the moving day, which did not change: no mark
        hits = mem.search("when are we moving", max_results=5, min_score=0.0, mode="bm25")
        assert all(h.superseded is None for h in hits)
    finally:
        mem.close()


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


def test_a_superseded_line_whose_newer_line_adds_no_query_word_does_not_mark() -> None:
    page = _scored("MEMORY.md", 1, 12, 0.6, MEMORY.rstrip("\n"))
    day = "memory/2031-03-02.md"
    newer = _scored(day, 3, 3, 0.4, "- Quayside is gone: pipelines run on Forgejo Actions.")
    other = _scored("memory/2031-03-04.md", 3, 3, 0.3, "- The kiosk app demo: the payments service team.")
    gone = {"MEMORY.md": {7: Supersession("memory/2031-03-02.md", 3, "2031-03-02")}}
    terms = ["ci", "service", "app"]
    out = apply_fact_supersession([page, newer, other], terms, gone, query="which CI service runs our app")
    assert [s.superseded_by for s in out] == [None, None, None]
    # the newer line adding a word of the question ("build") is the change the question asks about
    built = _scored(day, 3, 3, 0.4, "- Quayside is gone: pipelines build on Forgejo Actions.")
    terms = ["ci", "service", "builds", "app"]
    out = apply_fact_supersession([page, built, other], terms, gone, query="which CI service builds our app")
    assert out[0].chunk.path == "memory/2031-03-02.md"
    assert out[1].superseded_by == "memory/2031-03-02.md#L3 (2031-03-02)"


def test_forms_of_one_word_count_once() -> None:
    word = word_of(frozenset({"moving", "move", "company"}))
    assert word["moving"] == word["move"] == "move"
    assert word["company"] == "company"
    assert word_of(frozenset({"using", "use"}))["using"] == "use"
    assert len(set(word_of(frozenset({"date", "data"})).values())) == 2  # two words sharing a start


def test_a_snippet_shows_the_lines_asked_for_first() -> None:
    text = "\n".join(f"- line {i} about the app and its services" for i in range(1, 40))
    text += "\n- CI runs on Quayside."
    plain = pieced_snippet(text, 1, ["app", "services"], 200)
    assert "Quayside" not in plain.text
    shown = pieced_snippet(text, 1, ["app", "services"], 200, first=[40])
    assert "- CI runs on Quayside." in shown.text.split("\n")
