"""A question asking which thing of a kind ("which app", "what brand") lifts the candidate whose line
names one with the question's subject (stage ``kinds``, :mod:`mdrecall.search.kind_answers`), not one
naming an app on another line than the one holding the subject."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.kind_answers import WINDOW, apply_kind_answers, kind_subject
from mdrecall.search.kinds import asked_entity_kinds
from tests.helpers import write


def _scored(path: str, text: str, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path), score)


_PAGE = "# Choir\n\n## Admin\n- Rehearsal plan and rota are kept in Notion.\n- Subs: £4 a week, cash\n"
_NOTE = "# 2031-02-03\n\n- rota for the Easter rehearsal plan: Bea does it\n- paid the hall on Venmo\n"


def test_the_subject_leaves_the_kind_word_and_light_verbs() -> None:
    stems = kind_subject(("app", "keep", "rehearsal", "rota", "use"), ("app",))
    assert "app" not in stems and "use" not in stems
    assert {"rehearsal", "rota"} <= stems


def test_the_line_naming_an_app_with_the_subject_is_lifted() -> None:
    page = _scored("choir.md", _PAGE, 0.5)
    note = _scored("memory/2031-02-03.md", _NOTE, 0.6)
    # the stored mentions of a product: Notion on the page's line 4, Venmo on the note's line 4
    mentions = {"choir.md": [4], "memory/2031-02-03.md": [4]}
    stems = kind_subject(("app", "rehearsal", "plan", "rota"), ("app",))
    got = apply_kind_answers([note, page], mentions, stems)
    assert got[0].chunk.path == "choir.md" and "kinds" in got[0].stages
    assert got[1].score == 0.6  # Venmo's line holds none of the subject


def test_one_word_of_several_lifts_by_half() -> None:
    one = _scored("a.md", "# A\n\n- rota on Notion\n", 1.0)
    two = _scored("b.md", "# B\n\n- rehearsal rota on Notion\n", 1.0)
    stems = kind_subject(("app", "rehearsal", "rota"), ("app",))
    got = apply_kind_answers([one, two], {"a.md": [3], "b.md": [3]}, stems, weight=0.5)
    assert [(s.chunk.path, s.score) for s in got] == [("b.md", 1.5), ("a.md", 1.25)]


def test_only_the_head_is_looked_at() -> None:
    head = [_scored(f"n{i}.md", "# N\n\n- nothing here\n", 1.0 - i / 100) for i in range(WINDOW)]
    deep = _scored("deep.md", _PAGE, 0.5)
    stems = kind_subject(("app", "rehearsal", "rota"), ("app",))
    got = apply_kind_answers([*head, deep], {"deep.md": [4]}, stems)
    assert got[-1].chunk.path == "deep.md" and got[-1].score == 0.5


def test_a_brand_is_a_product_or_its_maker() -> None:
    assert set(asked_entity_kinds("what brand of oat milk do we buy")) == {"product", "organisation"}
    assert asked_entity_kinds("which app do we log the hours in") == ("product",)


def test_which_app_finds_the_page_line_naming_it(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# MEMORY\n\n## Choir\n- I run the alto section of the Harbour Choir.\n"
        "- Rehearsals on Tuesdays in the Scout hall, 7:30.\n- Concert dress: black, a red scarf.\n"
        "- The rehearsal rota and the music list are kept in Notion.\n- Subs are £4 a week.\n"
        "- Bea Lund leads the sopranos, Tom Okafor the basses.\n\n## Home\n- Flat 2, Quay Street.\n"
        "- Bins go out on Thursday night.\n",
    )
    notes = {
        "2031-02-03": "- Easter rehearsal rota: Bea sorts the rota, rehearsal list\n- paid the hall on Venmo",
        "2031-02-10": "- rota: Tom covers the rehearsal, rota kept as is\n- booked the piano tuner on Bark",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("which app is the rehearsal rota kept in", max_results=3, min_score=0.0)
    assert hits[0].path == "MEMORY.md"
