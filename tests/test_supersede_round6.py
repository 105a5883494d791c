"""Supersession, round 6: a tie with a current line that the newer line out-answers, the change line's
candidate chosen by the kind of value it changes and by rare shared words, and the query-wording stage
that only lifts where the index pairs its fact lines."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession
from mdrecall.stores.views import Supersession


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


_PAGE = "# Priya Nair\n\nPhD student, dissertation on coral bleaching.\n- Dissertation deadline: 30 April."


def test_a_tie_with_a_current_line_is_marked_when_the_newer_line_answers_as_well() -> None:
    page = _scored("people/priya.md", 1, 4, 0.50, _PAGE)
    newer = _scored("memory/2028-03-02.md", 3, 3, 0.40, "- Priya's dissertation deadline moved to June")
    gone = {"people/priya.md": {4: Supersession("memory/2028-03-02.md", 3, "2028-03-02")}}
    out = apply_fact_supersession([page, newer], ["dissertation"], gone)
    assert out[0].chunk.path == "memory/2028-03-02.md"
    assert out[1].superseded_by == "memory/2028-03-02.md#L3 (2028-03-02)"
    # a newer line answering less than the current line tying with the older one: no mark
    vaguer = _scored("memory/2028-03-02.md", 3, 3, 0.40, "- Priya: moved to June")
    out = apply_fact_supersession([page, vaguer], ["dissertation", "bleaching"], gone)
    assert [s.superseded_by for s in out] == [None, None]


def _facts(notes: dict[str, str]) -> list:
    facts = []
    for rel, text in notes.items():
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        facts += line_facts(rel, text, day)
    return facts


def test_a_change_of_a_time_supersedes_the_line_stating_a_time_not_the_one_naming_its_people() -> None:
    notes = {
        "projects/tidepool.md": "# tidepool\n\n- Maintainers: Aiko Sato, Bruno Lima\n"
        "- Milestone: beta by end of April (offline mode)\n",
        "memory/2028-04-02.md": "# 2028-04-02\n\n- Agreed with Aiko and Bruno: the beta slipped to June.\n",
    }
    pairs = {k: (v.path, v.line) for k, v in supersessions(_facts(notes)).items()}
    assert pairs == {("projects/tidepool.md", 4): ("memory/2028-04-02.md", 3)}


def test_an_index_pairing_its_fact_lines_does_not_mark_by_the_query_wording(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2028-01-10.md").write_text(
        "# 2028-01-10\n\n- Ines ran the harbour swim with the club, cold water.\n", encoding="utf-8"
    )
    (tmp_path / "memory" / "2028-02-01.md").write_text(
        "# 2028-02-01\n\n- Ines swims with the harbour club on Sundays from now on.\n", encoding="utf-8"
    )
    cfg = Config().merged({"history": {"git": False}, "index": {"sync_on_search": False}})
    with Memory.open(tmp_path, cfg) as mem:
        mem.index()
        hits = mem.search("Ines harbour swim club", max_results=5, min_score=0.0)
    assert [h.superseded for h in hits if h.path == "memory/2028-01-10.md"] == [None]
