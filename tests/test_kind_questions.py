"""A question naming a kind ("which books", "what pets") reaches the notes naming an instance of it
through the entity kinds stored per mention (issue 29, part 4), without the kind's word."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from tests.helpers import write


def _memory(root: Path, boost: float | None = None) -> Memory:
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    if boost is not None:
        over["search"] = {"kind_boost": boost}
    return Memory.open(root, Config().merged(over), create=True)


def _workspace(root: Path) -> None:
    notes = {
        "2026-03-02": "Mel read the lease.",
        "2026-03-04": "Mel read Piranesi, loved it.",
        "2026-03-05": "Mel and Ana met the plumber about the leaking boiler in the kitchen upstairs.",
        "2026-03-06": "Ana has the keys.",
        "2026-03-08": "Ana has my dog Biscuit this week.",
        "2026-03-09": "Dinner plans for Friday: the new Thai place near the station.",
    }
    for day, line in notes.items():
        write(root, f"memory/{day}.md", f"# {day}\n\n{line}\n")


def _top(mem: Memory, query: str) -> str:
    hits = mem.search(query, max_results=3, min_score=0.0)
    return hits[0].citation.split("#")[0] if hits else ""


def test_which_books_finds_the_title_without_the_word_book(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path)
    mem.index()
    assert _top(mem, "which books has Mel read?") == "memory/2026-03-04.md"


def test_what_pets_finds_the_dog_by_name(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path)
    mem.index()
    assert _top(mem, "what pets does Ana have?") == "memory/2026-03-08.md"


def test_the_stage_is_off_with_a_zero_boost(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path, boost=0.0)
    mem.index()
    # the keyword leg alone ranks the shorter line first
    assert _top(mem, "which books has Mel read?") == "memory/2026-03-02.md"
    assert _top(mem, "what pets does Ana have?") == "memory/2026-03-06.md"


def test_a_question_naming_no_kind_is_unchanged(tmp_path: Path) -> None:
    _workspace(tmp_path)
    on, off = _memory(tmp_path), _memory(tmp_path, boost=0.0)
    on.index()
    query = "what did Mel read on the train"
    assert [(h.citation, h.score) for h in on.search(query, min_score=0.0)] == [
        (h.citation, h.score) for h in off.search(query, min_score=0.0)
    ]


def test_only_a_question_asking_for_instances_names_a_kind() -> None:
    from mdrecall.search.kinds import asked_entity_kinds

    assert asked_entity_kinds("which books has Mel read?") == ("work",)
    assert asked_entity_kinds("What European countries has Maria been to?") == ("place",)
    assert asked_entity_kinds("When did Mel read the book?") == ()
    assert asked_entity_kinds("what did the plumber say") == ()


def _pet_workspace(root: Path) -> None:
    write(root, "MEMORY.md", "# Memory\n\n- We live in Leeds.\n- Our tortoise is called Gus.\n")
    write(root, "home/gus.md", "# Gus\n\nGus: vet check at the end of the month.\nGus ate the dandelions.\n")
    write(root, "memory/2026-03-01.md", "# 2026-03-01\n\nBought a pet carrier for the trip to the coast.\n")
    for day, line in (("02", "Paid the gas bill."), ("03", "Train to York."), ("04", "Fixed the shed door.")):
        write(root, f"memory/2026-03-{day}.md", f"# 2026-03-{day}\n\n{line}\n")


def test_what_pet_reaches_the_line_naming_one_without_the_kind_word(tmp_path: Path) -> None:
    # "Our tortoise is called Gus" holds no word of the question: the keyword leg finds it through
    # Gus, counted with "pet" as one term
    _pet_workspace(tmp_path)
    mem = Memory.open(
        tmp_path,
        Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["home"]}),
        create=True,
    )
    mem.index()
    hits = mem.search("what pet do we have", max_results=3)
    assert "MEMORY.md" in [h.path for h in hits]


def test_a_cued_pet_outweighs_a_given_name_guess_of_equal_weight(tmp_path: Path) -> None:
    # "# Gus" and "Gus: vet check" look like a person's name; "Our tortoise is called Gus" says what Gus is
    _pet_workspace(tmp_path)
    mem = Memory.open(
        tmp_path,
        Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["home"]}),
        create=True,
    )
    mem.index()
    assert {e.name: e.kind for e in mem.entities()}.get("Gus") == "pet"


def test_an_app_question_does_not_lift_a_reading_list(tmp_path: Path) -> None:
    """Before: "app" asked for products *or works*, so a page listing books and films (works) was lifted
    as if it named apps (on a labelled set it then outranked the note naming the chat app and pushed it
    out of the answer). An app is a product."""
    write(
        tmp_path,
        "personal/watchlist.md",
        "# Watchlist\n\nPicks the team keeps recommending.\n\n## Books\n- Piranesi (Susanna Clarke)\n"
        "- Klara and the Sun (Kazuo Ishiguro)\n\n## Films\n- Perfect Days (Wim Wenders)\n"
        "- Past Lives (Celine Song)\n",
    )
    write(
        tmp_path,
        "memory/2026-03-04.md",
        "# 2026-03-04\n\n- Synced with the team on Slack about the release.\n",
    )
    mem = Memory.open(
        tmp_path,
        Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["personal"]}),
        create=True,
    )
    mem.index()
    hits = mem.search("what chat app does the team use", max_results=3, explain=True)
    assert [h.citation.split("#")[0] for h in hits] == ["memory/2026-03-04.md", "personal/watchlist.md"]
    assert "kind" in hits[0].explain and "kind" not in hits[1].explain, [h.explain for h in hits]
