"""A "when" question reads a line with the heading it stands under (stage ``times``): "# Roof survey
walkthrough" over "Date: Tuesday 3 June 2025, 14:00" names the walkthrough's day, and "## Next
rehearsal" over "- 9 October, same hall" the next rehearsal's."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.times import apply_no_day_drop, apply_time_lift
from tests.helpers import write


def _scored(path: str, text: str, score: float, day: str | None = None) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=day)
    return Scored(chunk, score, {"text": score})


_WALKTHROUGH = (
    "# Roof survey walkthrough\n\nDate: Tuesday 3 June 2025, 14:00, site hut\n"
    "Present: Ingrid, Bram, the scaffolders\n\n- gutters on the north side first\n"
)


def test_a_page_whose_title_holds_the_subject_gives_the_day_under_it() -> None:
    page = _scored("projects/roof.md", _WALKTHROUGH, 1.0)
    other = _scored("projects/misc.md", "# Misc\n\n- roof survey walkthrough went fine, Bram happy\n", 0.9)
    kept = apply_no_day_drop([page, other], ("roof", "survey", "walkthrough"))
    assert kept[0].chunk.path == "projects/roof.md"
    assert kept[0].score == 1.0  # its title's subject, then a day on the line under it
    assert kept[1].score < 0.9  # a page line naming no day: lowered as before


def test_a_section_heading_gives_its_lines_the_subject() -> None:
    minutes = (
        "# Harbour choir — September rehearsal\n\n## Minutes\n- new folders ordered\n"
        "- Lena takes the alto part\n"
        "\n## Next rehearsal\n- 9 October, same hall\n"
    )
    page = _scored("meetings/choir-sept.md", minutes, 0.5, "2031-09-10")
    chat = _scored(
        "memory/2031-09-20.md", "- choir rehearsal chat: Lena is nervous about the solo", 0.9, "2031-09-20"
    )
    lifted = apply_time_lift([chat, page], ("next", "rehearsal"), today=date(2031, 9, 28))
    assert lifted[0].chunk.path == "meetings/choir-sept.md"
    # a heading that does not hold the subject gives nothing
    plain = _scored("meetings/other.md", "# Budget\n\n- 9 October, same hall\n", 0.5)
    assert apply_time_lift([chat, plain], ("next", "rehearsal"), today=date(2031, 9, 28))[0] == chat


def test_when_was_the_walkthrough_answers_with_its_page(tmp_path: Path) -> None:
    write(tmp_path, "meetings/roof-walkthrough.md", _WALKTHROUGH)
    notes = {
        "2025-06-10": "- roof gutters cleared before the survey, Bram on the ladder",
        "2025-06-12": "- the survey drone flew over the roof twice",
        "2025-06-14": "- walkthrough of the kitchen with the plumber",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}, "extra_paths": ["meetings"]}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search(
            "when was the roof survey walkthrough", max_results=3, min_score=0.0, today=date(2025, 6, 20)
        )
    # before: the page was halved as one giving no day (its title holds the subject, not its date line)
    assert hits[0].path == "meetings/roof-walkthrough.md"


def test_the_asked_name_in_the_title_counts_as_one_of_the_subject_words() -> None:
    # "when did Juniper arrive from the shelter?": the page titled by the name says the day
    page = _scored(
        "pets/juniper.md", "# Juniper\n\nTabby, about 6. Came from Hillside Shelter on 3 June 2025.\n", 1.0
    )
    other = _scored("pets/costs.md", "# Costs\n\n- Juniper: shelter fee paid, vet insurance too\n", 0.9)
    kept = apply_no_day_drop([page, other], ("juniper", "arrive", "shelter"), names=("Juniper",))
    assert kept[0].chunk.path == "pets/juniper.md"
    assert kept[0].score == 1.0
    assert kept[1].score < 0.9  # the name and one word, on a line naming no day: lowered
