"""Lines the change lines' pass must not pair: a later occasion of a dated one that was over when the
later line was written, a page's history entry dated before the notes began (not later than the page's
standing lines), and the older's name written out in full (the same fact restated, no other name beside
it). Each beside the pair its rule keeps. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.dates.event_days import cancels_one, occasion_end
from mdrecall.knowledge.fact_lines.value_kinds import new_names

from helpers import fact_pairs_in

_BOOKING = "booked Pepper in with Dr Varga at Elm Vets, Wed 5th 09:40"


@pytest.mark.parametrize(
    ("words", "written", "end"),
    [
        ("booked Pepper in with Dr Varga at Elm Vets Wed 5th 09:40", "2031-03-02", "2031-03-05"),
        ("boiler service tomorrow 08:00 Gasworks Ltd", "2031-03-02", "2031-03-03"),
        ("piano tuner comes Friday 14:00", "2031-03-02", "2031-03-09"),
        ("bins go out Thursday", "2031-03-02", None),  # a weekday alone: maybe a routine's
        ("choir practice every Tuesday 19:30", "2031-03-02", None),
        ("from tomorrow the gate code is 4471", "2031-03-02", None),  # a state's start
        ("essay due by Friday 7th", "2031-03-02", None),  # a deadline
    ],
)
def test_the_end_of_an_occasion_a_log_line_names(words: str, written: str, end: str | None) -> None:
    assert occasion_end(words, written) == end


def test_a_later_occasion_does_not_supersede_one_that_was_over(tmp_path: Path) -> None:
    notes = [
        ("memory/2031-03-02.md", f"# 2031-03-02\n\n- {_BOOKING}\n"),
        (
            "memory/2031-04-07.md",
            "# 2031-04-07\n\n- Weigh-in with Dr Varga at Elm Vets yesterday: Pepper down 300 g. Take her off"
            " the Royal Canin, Acana Light instead.\n",
        ),
    ]
    assert ("memory/2031-03-02.md", 3) not in fact_pairs_in(tmp_path, notes)


def test_an_occasion_moved_before_its_day_is_still_superseded(tmp_path: Path) -> None:
    notes = [
        ("memory/2031-03-02.md", f"# 2031-03-02\n\n- {_BOOKING}\n"),
        ("memory/2031-03-03.md", "# 2031-03-03\n\n- Elm Vets moved Pepper's booking to Fri 7th 11:00\n"),
    ]
    assert fact_pairs_in(tmp_path, notes).get(("memory/2031-03-02.md", 3)) == ("memory/2031-03-03.md", 3)


_INQUIRY = """# Bridge inquiry

- Status: records requested, waiting on Halvorsen's answer
- Editor: Mette

## Timeline
- 2019-05-02: Halvorsen Bygg wins the bridge contract
- 2020-11-14: first cost overrun reported
- 2031-01-20: bridge still shut, tip from a council clerk
"""


def test_a_page_history_entry_is_not_later_than_its_standing_line(tmp_path: Path) -> None:
    notes = [
        ("projects/bridge-inquiry.md", _INQUIRY),
        ("memory/2031-02-03.md", "# 2031-02-03\n\n- Council clerk says the records come by Friday 14th.\n"),
    ]
    assert ("projects/bridge-inquiry.md", 3) not in fact_pairs_in(tmp_path, notes)


def test_an_update_appended_within_the_notes_is_later(tmp_path: Path) -> None:
    page = (
        "# Soil survey\n\n- Plots: 40 (4 fields x 10 cores).\n- Lab: Harper Adams.\n\n"
        "Update 2031-02-10: plots cut to 28, the wet field was dropped after the pilot.\n"
        "Update 2031-02-20: cores went to the lab; results due 4 April.\n"
    )
    notes = [
        ("projects/soil-survey.md", page),
        ("memory/2031-02-01.md", "# 2031-02-01\n\n- Pilot cores from the top field look fine.\n"),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert pairs.get(("projects/soil-survey.md", 3)) == ("projects/soil-survey.md", 6)


def test_a_name_written_out_in_full_is_no_other_name() -> None:
    old = "Tarquin Penhallow Mabena director not answering"
    new = "Mabena Haulage director Tarquin Penhallow won't take calls Emailed him the questions"
    assert new_names(old, new, {"haulage", "tarquin", "penhallow"}) == set()
    later = "Dropped Antalis paper comes from Premier Paper now"
    assert new_names("Paper supplier Antalis", later, {"premier"}) == {"premier"}


def test_a_source_restated_is_not_superseded(tmp_path: Path) -> None:
    notes = [
        (
            "projects/haulage-story.md",
            "# Haulage story\n\n## Sources\n- Tarquin Penhallow: Mabena director, not answering\n",
        ),
        (
            "memory/2031-02-23.md",
            "# 2031-02-23\n\n- Mabena Haulage director Tarquin Penhallow won't take calls. Emailed him the"
            " questions, answers by Thursday noon.\n",
        ),
    ]
    assert ("projects/haulage-story.md", 4) not in fact_pairs_in(tmp_path, notes)


_CHOIR = "Choir rehearsals Mondays and Wednesdays at 19:30 in St Anne's hall."


@pytest.mark.parametrize(
    "new",
    [
        "Choir rehearsal cancelled Wednesday: the hall's boiler broke, no heating.",
        "Rehearsal at St Anne's cancelled this week, half the choir has flu.",
    ],
)
def test_one_occasion_cancelled_leaves_the_routine(tmp_path: Path, new: str) -> None:
    notes = [
        ("MEMORY.md", f"# Memory\n\n- {_CHOIR}\n"),
        ("memory/2031-05-12.md", f"# 2031-05-12\n\n- {new}\n"),
    ]
    assert ("MEMORY.md", 3) not in fact_pairs_in(tmp_path, notes)


@pytest.mark.parametrize(
    ("words", "one"),
    [
        ("Choir rehearsal cancelled Wednesday, no heating", True),
        ("Rehearsals cancelled for good, the hall is sold", False),
        ("Wednesday rehearsals cancelled from next month", False),
        ("Rehearsals moved to Thursday", False),
    ],
)
def test_a_cancelled_occasion(words: str, one: bool) -> None:
    assert cancels_one(words) is one


def test_a_routine_cancelled_for_good_is_superseded(tmp_path: Path) -> None:
    new = "Choir rehearsals cancelled for good, St Anne's hall is being sold."
    notes = [
        ("MEMORY.md", f"# Memory\n\n- {_CHOIR}\n"),
        ("memory/2031-05-12.md", f"# 2031-05-12\n\n- {new}\n"),
    ]
    assert ("MEMORY.md", 3) in fact_pairs_in(tmp_path, notes)


def test_what_happens_as_usual_changes_nothing(tmp_path: Path) -> None:
    notes = [
        ("travel/lisbon.md", "# Lisbon trip\n\n- flights: easyJet, Bristol to Lisbon, Fri 7 May 06:40\n"),
        ("memory/2031-02-10.md", "# 2031-02-10\n\n- flight home from Belfast delayed 3h, easyJet as usual\n"),
    ]
    assert ("travel/lisbon.md", 3) not in fact_pairs_in(tmp_path, notes)
