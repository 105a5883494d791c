"""A question's name that a candidate holds only as another word ("what is Rose eating" and "roses in
the front bed") lowers that candidate (stage ``names``, :mod:`mdrecall.search.named_subject`); a
candidate naming the subject, or holding no form of the name at all, keeps its score."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.named_subject import NO_NAME_SHARE, apply_name_forms, asked_names
from tests.helpers import write


def _scored(path: str, text: str, score: float, heading: str = "") -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path, heading=heading), score)


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("what is Rose eating these days?", ("rose",)),
        ("when did Mark's parcel arrive", ("mark",)),
        ("which swim cap do I wear", ()),  # "I" is no name
        ("what is planned for 14 April", ()),  # a month is no name
        ("Rose garden mulch retains moisture in dry summers", ()),  # a statement, not a question
    ],
)
def test_the_names_a_question_asks_about(query: str, names: tuple[str, ...]) -> None:
    assert asked_names(query) == names


def test_a_name_held_only_as_another_word_lowers_the_candidate() -> None:
    garden = _scored("garden.md", "# Garden\n\n- pruned the roses, mulch on the front bed", 0.8)
    named = _scored("memory/2032-06-03.md", "# 2032-06-03\n\n- Rose off her kibble again", 0.7)
    unnamed = _scored("memory/2032-06-04.md", "# 2032-06-04\n\n- the dog ate all her dinner", 0.75)
    got = apply_name_forms([garden, unnamed, named], ("rose",))
    assert [s.chunk.path for s in got] == ["memory/2032-06-04.md", "memory/2032-06-03.md", "garden.md"]
    assert got[2].score == pytest.approx(0.8 * NO_NAME_SHARE) and "names" in got[2].stages
    assert got[0].score == 0.75 and got[1].score == 0.7  # no form of the name; the name itself


def test_the_name_in_the_heading_or_a_possessive_counts() -> None:
    under = _scored("pets.md", "- roses are toxic to her? no, fine", 0.8, heading="Rose")
    owned = _scored("vet.md", "- Rose's jab done; roses by the door", 0.6)
    got = apply_name_forms([under, owned], ("rose",))
    assert [s.score for s in got] == [0.8, 0.6]


def test_what_the_named_dog_eats_is_not_the_rose_bed(tmp_path: Path) -> None:
    write(
        tmp_path,
        "garden/jobs.md",
        "# Garden jobs\n\n- [ ] deadhead the roses weekly\n- [ ] feed roses with tomato feed\n"
        "- [x] edged the beds\n- [ ] bird feeder: eating us out of seed\n",
    )
    notes = {
        "2032-06-01": "- Rose refused the new kibble, back to the old brand",
        "2032-06-05": "- vet says Rose can have the sensitive-stomach food now, eating fine",
        "2032-06-08": "- parcel for Dev arrived, left with the neighbour",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}, "extra_paths": ["garden"]}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("what is Rose eating these days?", max_results=3, min_score=0.0)
    assert hits[0].path == "memory/2032-06-05.md"  # not the roses' jobs, which hold more of the words


def test_a_name_written_without_its_accents_is_the_name() -> None:
    note = _scored("memory/2032-06-09.md", "- zoe called from Lyon, all fine", 0.6)
    assert apply_name_forms([note], ("zoé",))[0].score == 0.6
