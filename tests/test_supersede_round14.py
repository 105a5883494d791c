"""Supersession round 14 (issue 29 part 3): wrong pairs removed (a change naming the value it leaves, a
"now" line sharing only a name), departures, a tie decided by the stored pair, the newer line fetched."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.changes.superseded import RULES_KEY, superseded_in
from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession, newer_chunks
from mdrecall.stores.views import PairedFactStore, Supersession

from helpers import fact_pairs_in


def test_a_change_naming_the_value_it_leaves_supersedes_no_line_without_it(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", "# Memory\n\n- I run Brindle Works, a three-person print studio in Hull, with Ada.\n"),
        (
            "memory/2030-02-10.md",
            "# 2030-02-10\n\n- Switched the studio's backups from Backblaze to Wasabi, Ada's idea.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}


def test_a_change_naming_the_value_it_leaves_still_supersedes_the_line_naming_it(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", "# Memory\n\n- I run Brindle Works, a print studio.\n- Backups go to Backblaze.\n"),
        (
            "memory/2030-02-10.md",
            "# 2030-02-10\n\n- Switched the studio's backups from Backblaze to Wasabi, Ada's idea.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("MEMORY.md", 4): ("memory/2030-02-10.md", 3)}


def test_a_now_line_sharing_only_a_name_supersedes_nothing(tmp_path: Path) -> None:
    notes = [
        ("people/odile-marsh.md", "# Odile Marsh\n\n- Role: producer at Quillfeather Games, Dundee.\n"),
        ("memory/2030-02-15.md", "# 2030-02-15\n\n- Everything at Quillfeather Games is in Asana now.\n"),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}


def test_a_verb_after_not_is_a_state_not_a_value_left() -> None:
    assert left_values("told darren to drop us to 4 kg it's not moving at $32") == frozenset()
    assert left_values("we went with zen not bt") == frozenset({"bt"})


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


_TRIP = (
    "# Lisbon trip\n\n- Flights: TAP, Leeds to Faro, out 9 June, back 16 June.\n"
    "- Hotel in Alfama, 7 nights.\n- [ ] renew Sam's passport by early May"
)


def test_a_tie_made_by_a_page_title_is_decided_by_the_stored_pair() -> None:
    # every line of the trip page answers "lisbon" by its title alone; the flights line changed
    page = _scored("personal/lisbon.md", 1, 5, 0.6, _TRIP)
    newer = _scored("memory/2030-04-02.md", 1, 3, 0.3, "# 2030-04-02\n\n- New TAP flights: out 13 June.")
    gone = {"personal/lisbon.md": {3: Supersession("memory/2030-04-02.md", 3, "2030-04-02")}}
    out = apply_fact_supersession([page, newer], ["fly", "lisbon"], gone, query="when do we fly to Lisbon")
    assert out[0].chunk.path == "memory/2030-04-02.md"
    assert out[1].superseded_by == "memory/2030-04-02.md#L3 (2030-04-02)"


def test_a_tie_by_the_title_stays_unmarked_when_the_question_asks_no_kind_of_value() -> None:
    page = _scored("personal/lisbon.md", 1, 5, 0.6, _TRIP)
    newer = _scored("memory/2030-04-02.md", 1, 3, 0.3, "# 2030-04-02\n\n- New TAP flights: out 13 June.")
    gone = {"personal/lisbon.md": {3: Supersession("memory/2030-04-02.md", 3, "2030-04-02")}}
    out = apply_fact_supersession([page, newer], ["lisbon", "plans"], gone, query="Lisbon plans")
    assert [s.superseded_by for s in out] == [None, None]


def _workspace(tmp_path: Path, show_newer: bool = True) -> Memory:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text(
        "# Memory\n\n## Quillfeather\n- Engine is Godot 4.\n- Tasks live in Jira.\n- Sync on Wednesdays.\n",
        encoding="utf-8",
    )
    (tmp_path / "memory" / "2030-02-10.md").write_text(
        "# 2030-02-10\n\n- Bought a new kettle.\n"
        "- Studio is moving off Jira; tickets live in Linear from Monday.\n",
        encoding="utf-8",
    )
    cfg = Config().merged(
        {"history": {"git": False}, "index": {"sync_on_search": False}, "search": {"show_newer": show_newer}}
    )
    mem = Memory.open(tmp_path, cfg)
    mem.index()
    return mem


def test_the_newer_line_no_candidate_holds_is_fetched_and_shown_above_the_older(tmp_path: Path) -> None:
    mem = _workspace(tmp_path)
    hits = mem.search("where are the Quillfeather tasks tracked", max_results=5, min_score=0.0, mode="bm25")
    paths = [h.path for h in hits]
    assert "memory/2030-02-10.md" in paths
    older = paths.index("MEMORY.md")
    assert paths.index("memory/2030-02-10.md") < older
    assert hits[older].superseded == "memory/2030-02-10.md#L4 (2030-02-10)"


def test_by_default_the_newer_line_is_fetched(tmp_path: Path) -> None:
    """``search.show_newer`` is on by default (LoCoMo and SciFact identical with it on or off)."""
    _workspace(tmp_path)
    mem = Memory.open(
        tmp_path, Config().merged({"history": {"git": False}, "index": {"sync_on_search": False}})
    )
    hits = mem.search("where are the Quillfeather tasks tracked", max_results=5, min_score=0.0, mode="bm25")
    assert "memory/2030-02-10.md" in [h.path for h in hits]


def test_with_show_newer_off_the_newer_line_is_not_fetched(tmp_path: Path) -> None:
    mem = _workspace(tmp_path, show_newer=False)
    hits = mem.search("where are the Quillfeather tasks tracked", max_results=5, min_score=0.0, mode="bm25")
    assert "memory/2030-02-10.md" not in [h.path for h in hits]


def test_a_store_reads_back_the_smallest_chunk_holding_a_line(tmp_path: Path) -> None:
    mem = _workspace(tmp_path)
    read = newer_chunks(mem.store)
    assert read is not None
    chunk = read("memory/2030-02-10.md", 4)
    assert chunk is not None and chunk.start_line <= 4 <= chunk.end_line and "Linear" in chunk.text
    assert read("memory/2030-02-10.md", 99) is None
    assert newer_chunks(mem.store, lambda c: not c.path.startswith("memory/")) is not None
    assert (
        newer_chunks(mem.store, lambda c: not c.path.startswith("memory/"))("memory/2030-02-10.md", 4) is None
    )


def test_a_pairing_stored_by_other_rules_is_made_anew_though_the_fact_lines_did_not_change(
    tmp_path: Path,
) -> None:
    mem = _workspace(tmp_path)
    store = mem.store
    assert isinstance(store, PairedFactStore)
    wanted = superseded_in(store, ["MEMORY.md"])
    assert wanted["MEMORY.md"][5].path == "memory/2030-02-10.md"
    # what an index paired by an earlier version's rules holds: another pairing at the same fact lines
    assert store.write_superseded({}, store.facts_generation(), [], None)
    store.set_meta(RULES_KEY, "an earlier version")
    assert superseded_in(store, ["MEMORY.md"]) == wanted
