"""A question asking the day of a past event lifts the candidate whose line holds its subject and gives
the day: a page's line naming a date under the asked name's heading, a dated note's line (stage
``times``, :func:`mdrecall.search.times.answer_past_day`). A note that shares one word of the question
("the new panniers arrived") gives the day of something else."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.times import answer_past_day, apply_past_day_lift

from helpers import write


def _scored(path: str, text: str, score: float, day: str | None = None) -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=day), score)


def _note(day: str, line: str, score: float) -> Scored:
    return _scored(f"memory/{day}.md", f"# {day}\n\n- {line}\n", score, day)


_PAGE = "# Tandem\n\nBlue Santana, 2009. Collected from Spokes Workshop on 14 May 2026.\n- Tyres: 700x32\n"


def test_the_line_giving_the_day_of_the_subject_is_lifted() -> None:
    page = _scored("bikes/tandem.md", _PAGE, 0.7)
    parts = _note("2026-06-02", "the new panniers arrived, wrong size", 1.0)
    ride = _note("2026-06-07", "Tandem out on the club ride, 60 km", 0.9)
    terms, names = ("tandem", "arrive", "workshop"), ("Tandem",)
    got = apply_past_day_lift([parts, ride, page], terms, names)
    assert got[0].chunk.path == "bikes/tandem.md" and "times" in got[0].stages
    # one word of the subject, or the name alone: as they were
    assert [s.score for s in got[1:]] == [1.0, 0.9]
    # a dated note's line holding the subject gives its day by the note's date
    fetched = _note("2026-05-14", "Tandem fetched from the workshop", 0.7)
    got = apply_past_day_lift([parts, fetched], ("tandem", "fetch", "workshop"), names)
    assert got[0].chunk.path == "memory/2026-05-14.md"


def test_an_undated_page_naming_no_day_is_not_lifted() -> None:
    page = _scored("bikes/tandem.md", "# Tandem\n\n- Serviced at Spokes Workshop, good as new\n", 0.9)
    other = _note("2026-06-02", "panniers arrived", 0.8)
    got = answer_past_day([page, other], ("tandem", "service", "workshop"), ("Tandem",))
    assert got[0].chunk.path == "memory/2026-06-02.md"  # the page gives no day: lowered, not lifted


def test_when_did_the_tandem_arrive_finds_its_page(tmp_path: Path) -> None:
    write(tmp_path, "bikes/tandem.md", _PAGE)
    notes = {
        "2026-06-02": "- new panniers arrived, wrong size again\n- Ruth's bike back from the workshop",
        "2026-06-04": "- Tandem on the canal path with Ruth, tandem handles well\n- arrived home soaked",
        "2026-06-07": "- Tandem out on the club ride, 60 km, the tandem squeaks\n- cake at the cafe",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}, "extra_paths": ["bikes"]}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        q = "when did the tandem arrive from the workshop?"
        hits = mem.search(q, max_results=3, min_score=0.0, today=date(2026, 6, 20))
    assert hits[0].path == "bikes/tandem.md"


def test_a_note_planning_the_event_gives_no_day_it_happened() -> None:
    # the notes that book the session name days after their own: plans, not the day it was done
    booked = _note("2031-10-03", "Studio booked for the carol session recording next Thursday", 1.0)
    moved = _note("2031-10-09", "Carol session recording moved to Saturday 11th, the organist is ill", 0.9)
    done = _note("2031-10-12", "Recorded the carol session last night at St Anne's, three takes", 0.75)
    terms, names = ("record", "carol", "session"), ()
    got = apply_past_day_lift([booked, moved, done], terms, names)
    assert got[0].chunk.path == "memory/2031-10-12.md"
    assert [s.score for s in got[1:]] == [1.0, 0.9]  # the plans keep their scores
    # with no note telling of the event, a plan still gives a day
    got = apply_past_day_lift([booked, moved], terms, names)
    assert all("times" in s.stages for s in got)


def test_when_did_we_record_finds_the_note_saying_it_was_done(tmp_path: Path) -> None:
    notes = {
        "2031-10-03": "- Studio booked for the carol session recording next Thursday, 9 Oct, 7pm\n"
        "- Fenwick sends the running order",
        "2031-10-09": "- Carol session recording: the organist is ill, Fenwick moved the session to Saturday"
        " 11th\n- needs a second mic",
        "2031-10-12": "- Recorded the carol session last night at St Anne's, three takes\n- gutters cleared",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        q = "when did we record the carol session?"
        hits = mem.search(q, max_results=3, min_score=0.0, today=date(2031, 10, 20))
    assert hits[0].path == "memory/2031-10-12.md"
