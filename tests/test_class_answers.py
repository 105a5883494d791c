"""A question asking what class a named thing is ("what breed is Marmite?") lifts the candidate whose
line classes it ("Marmite, a Bengal"; stage ``kinds``, :mod:`mdrecall.search.class_answers`), not the
notes that only mention the name more often."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.class_answers import WINDOW, apply_class_lift, asked_class_of, classes_name
from tests.helpers import write


def _scored(path: str, text: str, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path), score)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("what breed is Marmite?", "Marmite"),
        ("What species was Shelby", "Shelby"),
        ("which kind of horse is Juniper", "Juniper"),
        ("what make of car is Old Bessie?", "Old Bessie"),
        ("what breed is Ola's dog?", None),  # a possessive subject: the dog is not named
        ("what day is Ravi's party", None),
        ("which room is Ines in", None),  # a word after the name
        ("what is Marmite", None),  # no noun of a class
        ("when is Marmite's vet visit", None),
    ],
)
def test_the_question_asking_a_class(question: str, name: str | None) -> None:
    assert asked_class_of(question) == name


@pytest.mark.parametrize(
    ("line", "classes"),
    [
        ("- Cats: Marmite, a Bengal, and Pip", True),
        ("Marmite is a Bengal cross from the shelter", True),
        ("Marmite (an old tabby) slept all day", True),
        ("adopted a ginger tabby named Marmite", True),
        ("Marmite is a bit off her food", False),  # degree, no class
        ("Marmite, a lot calmer after the move", False),
        ("Marmite, at the vet again", False),
        ("Marmite and a new scratching post", False),
        ("Marmites, a snack", False),  # another word
    ],
)
def test_a_line_that_classes_the_name(line: str, classes: bool) -> None:
    assert bool(classes_name("Marmite").search(line)) is classes


def test_the_classing_line_is_lifted_within_the_head() -> None:
    note = _scored("memory/2031-05-02.md", "# 2031-05-02\n\n- Marmite sick, Marmite off to the vet", 0.6)
    page = _scored("MEMORY.md", "# MEMORY\n\n- Pets: Marmite, a Bengal, 4 yrs old.\n- Car: blue", 0.45)
    got = apply_class_lift([note, page], "Marmite", weight=0.5)
    assert got[0].chunk.path == "MEMORY.md" and got[0].score == pytest.approx(0.675)
    assert "kinds" in got[0].stages and got[1].score == 0.6
    head = [_scored(f"n{i}.md", "- Marmite again", 1.0 - i / 100) for i in range(WINDOW + 5)]
    page = _scored("MEMORY.md", page.chunk.text, 0.55)
    deep = apply_class_lift([*head, page], "Marmite")  # deeper than the first WINDOW: looked at too
    assert deep[0].chunk.path == "MEMORY.md" and deep[0].score == pytest.approx(1.1)


def test_a_classing_page_beyond_the_candidates_is_fetched_only_when_none_classes() -> None:
    head = [_scored(f"n{i}.md", "- Marmite again", 1.0 - i / 100) for i in range(WINDOW + 5)]
    page = Chunk("MEMORY.md", "memory", 1, 3, "# MEMORY\n\n- Pets: Marmite, a Bengal.", "MEMORY.md")
    calls: list[int] = []

    def fetch() -> list[Chunk]:
        calls.append(1)
        return [head[3].chunk, page]

    got = apply_class_lift(head, "Marmite", fetch=fetch)
    assert calls == [1] and got[0].chunk.path == "MEMORY.md"
    assert got[0].score == pytest.approx(2 * head[WINDOW - 1].score) and len(got) == len(head) + 1
    classed = _scored("p.md", "- Marmite, a Bengal", 0.2)
    assert apply_class_lift([*head, classed], "Marmite", fetch=fetch)[0].chunk.path == "n0.md"
    assert calls == [1]  # a candidate classes the name: nothing fetched


def test_what_breed_finds_the_line_that_names_it(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# MEMORY\n\n## About Dana\n- Dana Whitlock, Leeds, teaches year 5 at Hillside Primary.\n"
        "- Prefers a short summary in the evening.\n- Allotment plot 14, shared with Gwen.\n"
        "- Pets: Marmite, a Bengal, six years old.\n- Gym on Mondays and Thursdays.\n"
        "- Reading group: first Sunday of the month.\n",
    )
    notes = {
        "2031-05-02": "- Marmite off his food today\n- marked the spelling tests",
        "2031-05-06": "- vet: Marmite weighed 5.1 kg, all fine\n- allotment: beans in",
        "2031-05-09": "- Marmite brought in a mouse\n- Gwen came for tea",
        "2031-05-12": "- Marmite on the windowsill all day\n- class trip went well",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("what breed is Marmite?", max_results=3, min_score=0.0)
    assert "MEMORY.md" in [h.path for h in hits]


def test_a_fetched_classing_page_clears_the_bar_when_another_dog_takes_the_keyword_score(
    tmp_path: Path,
) -> None:
    """Juniper is named in every note, so her name weighs almost nothing in the keyword index, and a line
    classing another dog takes the keyword score by the breed words alone: the notes naming her score
    near nothing, and the page that classes her, fetched beyond them, must still clear min_score."""
    write(tmp_path, "memory/notes/park.md", "# Park\n\n- met Comet, a whippet, at the pond\n")
    tack = "".join(f"- kennel item {i}\n" for i in range(40))
    write(tmp_path, "memory/notes/kennel.md", f"# Kennel\n\n{tack}- Juniper, a Bedlington terrier\n")
    for d in range(1, 29):
        write(tmp_path, f"memory/2032-04-{d:02d}.md", f"# 2032-04-{d:02d}\n\n- walked Juniper, {d} km\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("what breed is Juniper", max_results=5)
    assert "memory/notes/kennel.md" in [h.path for h in hits]


def test_a_fetched_classing_page_joins_at_the_floor_when_the_candidates_score_near_nothing() -> None:
    head = [_scored("park.md", "- Comet, a whippet", 1.0)]
    head += [_scored(f"d{i}.md", "- walked Juniper", 1e-7) for i in range(WINDOW + 3)]
    page = Chunk("kennel.md", "memory", 1, 2, "# Kennel\n\n- Juniper, a Bedlington terrier", "kennel.md")
    got = apply_class_lift(head, "Juniper", fetch=lambda: [page], floor=0.35)
    assert got[1].chunk.path == "kennel.md" and got[1].score == pytest.approx(0.7)
    assert apply_class_lift(head, "Juniper", fetch=lambda: [page])[-1].score < 1e-6  # no floor: as before
