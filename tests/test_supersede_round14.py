"""Supersession round 14 (issue 29 part 3): wrong pairs removed (a change naming the value it leaves, a
"now" line sharing only a name), departures, a tie decided by the stored pair, the newer line fetched."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.leave_grammar import left_values
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession
from mdrecall.stores.views import Supersession

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
