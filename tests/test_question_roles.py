"""New questions (session 23): a thing asked by what it is is searched by the name its page gives it
(stage ``roles``); "what night is …" asks for a time (stage ``times``)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.role_names import asked_roles, page_roles
from mdrecall.search.snippets import query_stems
from mdrecall.search.times import asks_for_time
from tests.helpers import write


def test_the_words_a_question_writes_after_a_determiner() -> None:
    terms = ("day", "piano", "teacher")
    assert asked_roles("what day is the piano teacher here now?", terms) == ("teacher",)
    # the noun phrase ends at a preposition: "the pony on Sundays" names the pony, not Sundays
    assert asked_roles("who rides the pony on sundays", ("rides", "pony", "sundays")) == ("pony",)
    # a word naming no person's role nor an animal ("the old van") says nothing of a page
    assert asked_roles("why did we sell the old van", ("sell", "old", "van")) == ()
    assert asked_roles("when is standup", ("standup",)) == ()
    # a possessive names its owner: "the pony's saddle" asks about the pony
    assert asked_roles("who fitted the pony's saddle", ("fitted", "pony", "saddle")) == ("pony",)


def test_a_page_says_what_its_name_is_in_its_opening() -> None:
    page = "# Inés Bravo\n\n- Piano teacher, retired from the conservatory\n- Fee: 25 a lesson\n"
    assert page_roles(page, query_stems(["teacher"])) == {"Inés Bravo": frozenset({"teacher"})}
    assert page_roles(page, query_stems(["fee"])) == {}  # a label's word describes no one
    # a heading's parenthesis describes the name; a word of another name does not ("owner of X Bakes")
    section = "## Milo (the tortoise)\n- Eats dandelions.\n\n## Pedro\n- Owner of Harbour Bakes.\n"
    assert page_roles(section, query_stems(["tortoise"])) == {"Milo": frozenset({"tortoise"})}
    assert page_roles(section, query_stems(["bakes"])) == {}
    # a heading that is no name (a day, "# To do") says nothing
    assert page_roles("# 2027-02-10\n\n- the tortoise ate.\n", query_stems(["tortoise"])) == {}
    assert page_roles("# To do\n\n- feed the tortoise.\n", query_stems(["tortoise"])) == {}
    assert page_roles("# About Pedro\n\n- Baker, runs the stall.\n", query_stems(["baker"])) == {
        "Pedro": frozenset({"baker"})
    }


def _ranks(root: Path, query: str, skip: tuple[str, ...], today: date) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        return [
            h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0, today=today)
        ]
    finally:
        mem.close()


def _teacher_world(root: Path) -> None:
    page = "# Inés Bravo\n\n- Piano teacher, retired from the conservatory\n- Lives two streets away\n"
    write(root, "memory/people/ines-bravo.md", page)
    write(root, "memory/2027-02-10.md", "# 2027-02-10\n\n- Inés comes on Wednesdays from next week\n")
    write(
        root,
        "memory/2027-02-12.md",
        "# 2027-02-12\n\n- Parent evening: the maths teacher is new, long day.\n",
    )
    write(root, "memory/2027-02-14.md", "# 2027-02-14\n\n- The swim teacher is off for a day.\n")
    write(root, "memory/2027-02-16.md", "# 2027-02-16\n\n- Art club: the teacher had a day out.\n")
    chores = ["fixed the bike", "paid the gas bill", "walked to the harbour", "baked rye bread"]
    for day in range(1, 25):  # the rest of the month: other things
        write(root, f"memory/2027-01-{day:02}.md", f"# 2027-01-{day:02}\n\n- {chores[day % 4]} ({day})\n")


def test_the_teacher_is_searched_by_the_name_of_her_page(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _teacher_world(root)
    today = date(2027, 2, 20)
    asked = "what day does the piano teacher come now?"
    assert _ranks(root, asked, (), today)[0] == "memory/2027-02-10.md"
    # the stage off, and the supersede stage (whose mark on her page, newer line "Inés comes on Wednesdays",
    # current_newer follows since session 25): no note but her page says "piano teacher", and the others'
    # teachers rank first
    assert _ranks(root, asked, ("roles", "supersede"), today)[0] != "memory/2027-02-10.md"


def test_which_night_or_evening_asks_for_a_time() -> None:
    assert asks_for_time("what night is the book club now?")
    assert asks_for_time("Which evening does the choir meet?")
    assert asks_for_time("when and where does the choir rehearse now?")
    assert not asks_for_time("what night did we go to the opera?")
