"""A question asking where someone is based ("where does Ingrid live?") is answered by the latest line
naming them and a place, not by the page whose words match the question (issue 29, questions: an
answer's type, and what is current)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.places import asks_whereabouts, whereabouts_kinds
from tests.helpers import write


def _memory(root: Path, skip: tuple[str, ...] = ()) -> Memory:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    mem.index()
    return mem


def _workspace(root: Path) -> None:
    write(
        root,
        "memory/people/ingrid-berg.md",
        "# Ingrid Berg\n\nPiano teacher, lives in Bergen with her partner Sven. Plays in a brass band.\n"
        "- lessons on Thursdays, 45 minutes\n",
    )
    write(root, "memory/2026-03-02.md", "# 2026-03-02\n\n- Lunch with Sven, he is selling the boat.\n")
    write(
        root,
        "memory/2026-07-03.md",
        "# 2026-07-03\n\n- Ingrid phoned: the flat in Tromsø is hers from August, lessons go online.\n"
        "- Ordered a new music stand.\n",
    )


def _first(mem: Memory, query: str) -> str:
    return mem.search(query, max_results=3, min_score=0.0)[0].citation.split("#")[0]


def test_the_latest_place_answers_where_someone_lives(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert _first(_memory(tmp_path), "where does Ingrid live") == "memory/2026-07-03.md"


def test_the_stage_off_keeps_the_page_first(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert (
        _first(_memory(tmp_path, skip=("places",)), "where does Ingrid live")
        == "memory/people/ingrid-berg.md"
    )


def test_the_questions_that_ask_where_someone_is() -> None:
    assert asks_whereabouts("Where is Tomás based these days?")
    assert asks_whereabouts("where does Ingrid live")
    assert asks_whereabouts("where's the team working now")
    assert not asks_whereabouts("where did they go camping last summer?")
    assert not asks_whereabouts("where is the spare key")


def _print_shop(root: Path) -> None:
    write(
        root,
        "memory/studio.md",
        "# Letterpress studio\n\n- The town council pays us for the work on the festival posters.\n"
        "- Print run: 400 posters on the Heidelberg, proofs first.\n",
    )
    write(
        root,
        "memory/2026-05-11.md",
        "# 2026-05-11\n\n- Oskar Lindahl (freelance typesetter, Gdańsk) sets the festival programme.\n"
        "- Paper order from the mill arrived.\n",
    )
    # Two Oskars: "Oskar" alone names neither, so no entity boost finds the answer in the stage's stead
    write(root, "memory/2026-04-02.md", "# 2026-04-02\n\n- Oskar Nyberg returned the bone folder.\n")


def test_a_question_naming_the_kind_of_place_asks_where_someone_is(tmp_path: Path) -> None:
    _print_shop(tmp_path)
    query = "which town does Oskar work from"
    assert _first(_memory(tmp_path), query) == "memory/2026-05-11.md"
    assert _first(_memory(tmp_path, skip=("places",)), query) == "memory/studio.md"


def test_the_questions_that_name_a_kind_of_place() -> None:
    assert asks_whereabouts("which city does Tunji work from?")
    assert asks_whereabouts("What country is Maren living in these days")
    assert whereabouts_kinds("which city does Tunji work from?") == ("place",)
    assert whereabouts_kinds("where does Tunji work?") == ("place", "organisation")
    assert not asks_whereabouts("which city hosts the final")
    assert not asks_whereabouts("what town did we visit on the trip")
