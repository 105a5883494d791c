"""A kind's rarer senses and whose instances a question asks for (issue 29, part 4).

"What instrument does Noor play?" is answered by "Noor practised the organ": WordNet's first sense of
"organ" is a body part, so the kind table leaves it out; on a line naming the question's subject, the
workspace's own use says it is the instrument. "What pets do we have?" is not answered by the pets
another person's page names."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.kind_words import asked_instances, asked_rare
from tests.helpers import write


def _search(
    root: Path, query: str, skip: list[str] | None = None, extra: list[str] | None = None
) -> list[str]:
    over: dict[str, object] = {
        "embedding": {"provider": "none"},
        "search": {"skip_stages": skip or []},
        "extra_paths": extra or [],
    }
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        return [h.path for h in mem.search(query, max_results=3, min_score=0.0)]
    finally:
        mem.close()


def test_a_rarer_sense_is_listed_apart_from_the_first_senses() -> None:
    assert "organ" not in asked_instances("what instruments does Noor play?")
    assert "organ" in asked_rare("what instruments does Noor play?")
    assert asked_rare("when did Noor play the organ?") == ()


def test_a_rarer_sense_counts_on_a_line_naming_the_subject(tmp_path: Path) -> None:
    notes = {
        "2026-05-01": "Noor lost a tooth.",
        "2026-05-02": "Noor's parents evening is on Thursday.",
        "2026-05-03": "Noor practised the organ at St Anne's after school.",
        "2026-05-04": "Dad caught a bass at the reservoir, released it.",
        "2026-05-05": "Gas meter reading sent to the supplier.",
        "2026-05-06": "Booked the ferry to Arran for the long weekend.",
    }
    for day, line in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{line}\n")
    assert _search(tmp_path, "what instrument does Noor play?")[0] == "memory/2026-05-03.md"
    # without the kinds stage it is one more line naming Noor, and the shortest of them ranks first
    assert _search(tmp_path, "what instrument does Noor play?", ["kinds"])[0] == "memory/2026-05-01.md"
    # "bass" is on no line naming Noor: the fish is not taken for an instrument
    assert "memory/2026-05-04.md" not in _search(tmp_path, "what instrument does Noor play?")


def test_we_do_not_own_the_pets_on_another_persons_page(tmp_path: Path) -> None:
    write(
        tmp_path,
        "people/dana-whitfield.md",
        "# Dana Whitfield\n\nRuns the bakery on Elm Row. Her rabbits Clover and Pip come to the shop.\n",
    )
    write(
        tmp_path,
        "MEMORY.md",
        "# Memory\n\n- House: the flat above the print shop.\n- Our parrot Kiwi whistles the kettle tune.\n",
    )
    write(tmp_path, "memory/2026-05-02.md", "# 2026-05-02\n\nPrinted the menus for Dana's bakery.\n")
    hits = _search(tmp_path, "what pets do we have", extra=["people"])
    assert hits[0] == "MEMORY.md"
    # asked about Dana, her page answers
    assert _search(tmp_path, "what pets does Dana have", extra=["people"])[0] == "people/dana-whitfield.md"
