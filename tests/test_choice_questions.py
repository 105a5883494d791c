"""A question asking what was chosen ("what database did we pick?") finds the line stating the choice,
in any wording ("PostgreSQL 16 chosen over CockroachDB"), above the notes that only list the candidates
or pick something else (issue 29, part 4); the instances of an asked kind count as one term."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.decisions import asks_for_choice, states_choice
from tests.helpers import write


def _memory(root: Path, skip: tuple[str, ...] = ()) -> Memory:
    over = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    return Memory.open(root, Config().merged(over), create=True)


def _workspace(root: Path) -> None:
    page = "# Bookings database\n\n- Candidates: PostgreSQL 16, CockroachDB, MySQL 8.\n"
    write(root, "projects/bookings-db.md", page)
    notes = {
        "2026-11-02": "Kicked off the bookings database evaluation.\n- Options: PostgreSQL, CockroachDB.",
        "2026-11-13": "Picked LaunchDarkly for feature flags.\n- Stack: LaunchDarkly and Redis.",
        "2026-11-20": "Decision: PostgreSQL 16 chosen over CockroachDB for the bookings service.",
        "2026-11-21": "Load test: PostgreSQL p99 41 ms, CockroachDB p99 97 ms, MySQL p99 55 ms.",
    }
    for day, text in notes.items():
        write(root, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    _filler(root)


def _filler(root: Path) -> None:
    """Notes about other things: a keyword index judges a word's rarity against them."""
    for i, text in enumerate(
        [
            "Walked the dog along the canal.",
            "Standup moved to 10:00.",
            "Lena got the job at the library.",
            "The van broke down on the way to the market.",
            "Booked flights to Lisbon for Christmas.",
            "Retro: deploys on Thursday evenings keep colliding.",
            "Pricing page copy is due on Friday.",
            "Finished reading Piranesi.",
        ]
    ):
        write(root, f"memory/2026-10-{i + 10:02d}.md", f"# 2026-10-{i + 10:02d}\n\n{text}\n")


def _paths(mem: Memory, query: str) -> list[str]:
    return [h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0)]


def test_the_decision_ranks_first_for_a_choice_question(tmp_path: Path) -> None:
    _workspace(tmp_path)
    with _memory(tmp_path) as mem:
        mem.index()
        assert _paths(mem, "what database did we pick and why")[0] == "memory/2026-11-20.md"


def test_without_the_stage_the_candidates_outrank_the_decision(tmp_path: Path) -> None:
    _workspace(tmp_path)
    with _memory(tmp_path, skip=("decisions",)) as mem:
        mem.index()
        assert _paths(mem, "what database did we pick and why")[0] != "memory/2026-11-20.md"


def test_a_note_naming_three_databases_is_not_three_times_as_relevant(tmp_path: Path) -> None:
    listed = "# 2026-11-21\n\nLoad test: PostgreSQL, CockroachDB, MySQL, Redis.\n"
    write(tmp_path, "memory/2026-11-21.md", listed)
    write(tmp_path, "memory/2026-11-22.md", "# 2026-11-22\n\nThe database for bookings is PostgreSQL.\n")
    _filler(tmp_path)
    with _memory(tmp_path) as mem:
        mem.index()
        # summed, the four names outscore "database" + one name; as one term they do not
        assert _paths(mem, "which database holds the bookings")[0] == "memory/2026-11-22.md"


def test_choice_questions_and_lines() -> None:
    assert asks_for_choice("what database did we pick and why")
    assert asks_for_choice("which vendor did they go with?")
    assert not asks_for_choice("what database do we use")
    assert states_choice("Decision: PostgreSQL 16 chosen over CockroachDB.")
    assert states_choice("We went with Xero for invoicing.")
    assert not states_choice("Which one should be chosen?")
    assert not states_choice("Options: PostgreSQL, CockroachDB, MySQL.")
