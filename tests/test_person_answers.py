"""A question asking who ("who feeds the hens when we're away?") lifts the candidate whose line names
someone beside its subject ("Hens: Marta Kowalski next door feeds them"; stage ``person``,
:mod:`mdrecall.search.person_answers`), not the short notes that hold its words and name no one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.person_answers import WINDOW, apply_person_answers, others_lines
from tests.helpers import write


def _scored(path: str, text: str, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path), score)


def test_the_asked_person_is_no_answer() -> None:
    rows = {"a.md": [(3, "leo brandt"), (4, "nadia okafor")], "b.md": [(1, "nadia okafor")]}
    assert others_lines(rows, ["leo"], ["a.md"]) == {"a.md": {4}}
    assert others_lines(rows, [], ["a.md", "b.md", "c.md"]) == {"a.md": {3, 4}, "b.md": {1}}


def test_a_line_naming_someone_with_the_subject_is_lifted_within_the_head() -> None:
    note = _scored("memory/2031-04-02.md", "# 2031-04-02\n\n- hens laying again, hens fed", 0.6)
    page = _scored("MEMORY.md", "# MEMORY\n\n- Hens: Marta Kowalski feeds them.\n- Car: blue", 0.45)
    got = apply_person_answers([note, page], {"MEMORY.md": {3}}, ["feeds", "hens"], weight=0.5)
    assert got[0].chunk.path == "MEMORY.md" and got[0].score == pytest.approx(0.675)
    assert "who" in got[0].stages and got[1].score == 0.6
    # a line naming someone with none of the subject's words, or a candidate deeper than the head: as it was
    assert apply_person_answers([note, page], {"MEMORY.md": {4}}, ["feeds", "hens"])[0].score == 0.6
    head = [_scored(f"n{i}.md", "- hens again", 1.0 - i / 100) for i in range(WINDOW)]
    assert apply_person_answers([*head, page], {"MEMORY.md": {3}}, ["hens"])[-1].score == 0.45


def test_a_heading_naming_someone_holds_the_lines_under_it() -> None:
    page = _scored("people/colm.md", "# Colm Brennan\n\n- Role: harbour master, allocates moorings", 0.4)
    note = _scored("memory/2031-04-03.md", "# 2031-04-03\n\n- moorings full, moorings list out", 0.5)
    got = apply_person_answers([note, page], {"people/colm.md": {1}}, ["allocates", "moorings"])
    assert got[0].chunk.path == "people/colm.md"


_MEMORY = """\
# MEMORY

Curated notes for Elin Marsh (Anglesey). Kept by the agent.

## Household
- Hens: Marta Kowalski next door feeds them when we're away.
- The boiler is serviced every October by Declan Moore of Moore Heating.
- Piano lessons for Tilly: Agnieszka Nowak, Wednesdays after school.
- Gutters: Ravi Shah clears them in spring and autumn.
- Dentist for the kids: Dr Hannah Ferreira at Bayview Dental.
- Lawn: Tomasz Wojcik mows it every other week in summer.
- Dog walking: Shona McLeod takes Pepper out at noon.

## Kestrel Bay Sailing Club
- I'm the club secretary this year.
- Owen Pryce keeps the club accounts.
- The safety boat rota is drawn up by Ingrid Halvorsen.
- Newsletter: Felipe Araujo edits it, out monthly.
- Moorings are allocated by the harbour master, Colm Brennan.

## Work
- Line manager: Priya Raman.
- Payroll questions go to Lotte de Vries.
- Laptop requests: Samir Haddad handles them.
- Office plants: Bea Lindgren waters them on Fridays.
"""

#: For each question, three lines of daily notes that hold its words and name no one for it.
_SUBJECT_LINES = (
    ("hens laying again, six eggs", "hens in the veg patch while we were away", "grit for the hens"),
    ("boiler pressure low again", "boiler service reminder came in the post", "boiler ticking at night"),
    ("Tilly practised piano for an hour", "piano exam date is out, Tilly nervous", "piano needs tuning"),
    ("gutters overflowing in the rain", "gutters full of moss again", "ladder for the gutters borrowed"),
    ("dentist reminder for the kids", "kids' check-ups due at the dentist", "kids off school Friday"),
    ("the lawn is a mess", "lawn feed on sale at the garden centre", "mowing before the barbecue"),
    ("Pepper walked twice at lunchtime", "Pepper soaked, towel by the door", "Pepper's lead is fraying"),
    ("club accounts due before the AGM", "accounts software renewal", "club bar takings counted"),
    ("safety boat out of fuel", "safety boat rota has gaps in May", "rota swap for the regatta"),
    ("club newsletter late this month", "newsletter photos from the regatta", "quiz night in the newsletter"),
    ("moorings waiting list is long", "moorings fees up 4% next year", "storm checks on the moorings"),
    ("line manager training on Thursday", "my manager is off next week", "one-to-one with my manager"),
    ("payroll questions about the March run", "payroll cutoff is the 20th", "questions from new starters"),
    ("laptop requests slow this quarter", "my laptop battery is dying", "requests queue in the portal"),
    ("office plants looking sad", "office too warm for the plants", "plants moved to the window"),
)
#: The days' other matters.
_OTHER = ("car MOT booked", "paid the water bill", "bins out", "rain all day", "pasta for tea", "library")
_NOTES = {
    f"2031-{3 + k // 28:02d}-{k % 28 + 1:02d}": f"- {line}\n- {_OTHER[k % 6]}\n- {_OTHER[(k + 3) % 6]}"
    for k, line in enumerate(line for lines in zip(*_SUBJECT_LINES, strict=True) for line in lines)
}

#: Each question asks for a person the curated page names beside its subject, in other words.
_QUESTIONS = {
    "who feeds the hens when we're away": "Marta Kowalski",
    "who services the boiler": "Declan Moore",
    "who teaches Tilly piano": "Agnieszka Nowak",
    "who clears the gutters": "Ravi Shah",
    "who is the kids' dentist": "Hannah Ferreira",
    "who mows the lawn": "Tomasz Wojcik",
    "who walks Pepper at lunchtime": "Shona McLeod",
    "who keeps the club accounts": "Owen Pryce",
    "who draws up the safety boat rota": "Ingrid Halvorsen",
    "who edits the club newsletter": "Felipe Araujo",
    "who allocates the moorings": "Colm Brennan",
    "who is my line manager": "Priya Raman",
    "who answers payroll questions": "Lotte de Vries",
    "who handles laptop requests": "Samir Haddad",
    "who waters the office plants": "Bea Lindgren",
}


def _line(person: str) -> int:
    return next(i for i, line in enumerate(_MEMORY.splitlines(), 1) if person in line)


def _answered(tmp_path: Path, skip: tuple[str, ...]) -> list[str]:
    write(tmp_path, "MEMORY.md", _MEMORY)
    for day, text in _NOTES.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "static"}, "search": {"skip_stages": list(skip)}}
    found = []
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        for question, person in _QUESTIONS.items():
            hits = mem.search(question, max_results=3, min_score=0.0, today=None)
            if any(h.path == "MEMORY.md" and h.start_line <= _line(person) <= h.end_line for h in hits):
                found.append(question)
    return found


def test_who_questions_find_the_line_naming_the_person(tmp_path: Path) -> None:
    found = _answered(tmp_path / "on", ())
    assert len(found) >= 11, sorted(set(_QUESTIONS) - set(found))
    assert len(_answered(tmp_path / "off", ("who",))) <= 4  # without the stage: 3 of 15
