"""A question asking how often something is done is answered by the line naming a recurrence of its
subject (stage ``times``): "how often is the hive inspected" → "Sunniva wants the hives checked every
ten days now"."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.times import apply_often_lift, asks_how_often
from tests.helpers import write


def test_questions_asking_how_often() -> None:
    assert asks_how_often("how often is the orchard hive inspected now?")
    assert asks_how_often("How frequently do we rotate the backups")
    assert asks_how_often("how many times a week does Oskar row")
    assert not asks_how_often("how many hives do we have")
    assert not asks_how_often("when is the hive inspection")


def _scored(path: str, text: str, score: float) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3])
    return Scored(chunk, score, {"text": score})


def test_the_line_naming_a_recurrence_of_the_subject_is_lifted() -> None:
    visit = _scored("memory/2030-06-02.md", "- Orchard hive inspected 06:30, queen seen, calm", 1.0)
    rule = _scored("memory/2030-05-20.md", "- Sunniva wants the Orchard hive checked every ten days", 0.7)
    other = _scored("memory/2030-05-21.md", "- Orchard hive is calm; the beds are watered daily", 0.9)
    lifted = apply_often_lift([visit, other, rule], ("often", "orchard", "hive", "inspected"))
    assert lifted[0].chunk.path == "memory/2030-05-20.md"
    # a clock time is not a recurrence, nor one in a clause of another subject; a superseded line
    # names none that holds
    gone = apply_often_lift([visit, rule], ("often", "orchard", "hive"), superseded=lambda p, n: "05-20" in p)
    assert gone[0].chunk.path == "memory/2030-06-02.md"


def test_how_often_ranks_the_recurrence_note_first(tmp_path: Path) -> None:
    notes = {
        "2030-05-02": "- backup drive rotated with the one in the office drawer, labels redone",
        "2030-05-09": "- Teodor: we swap the backup drive every Friday from now on",
        "2030-05-16": "- backup drive rotated again, the old one is slow to mount",
        "2030-05-17": "- backup drive rotated, spare cable ordered",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("how often do we rotate the backup drive", max_results=3, min_score=0.0)
    assert hits[0].path == "memory/2030-05-09.md"  # before: third, below two lines saying "rotated"
