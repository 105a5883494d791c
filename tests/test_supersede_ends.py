"""Supersession by an end told (knowledge/changes/end_pairs.py): a trouble resolved ("the forklift broke down"
… "forklift repaired"; "waiting on the survey" … "survey arrived"), a role's holder gone ("Allotment
secretary: Mira Castell" … "Mira's handing the secretary job over") and a weekly slot moved ("visits are
Sundays" … "visits are Saturdays now"). Wordings and worlds in no labelled set, and hard negatives."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.changes.resolved_pairs import resolved, trouble_things
from mdrecall.knowledge.changes.role_end_pairs import role_ended
from mdrecall.knowledge.changes.weekday_pairs import weekdays

from helpers import fact_pairs_in


def test_a_machine_repaired_supersedes_its_breakdown(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2027-03-02.md",
                "# 2027-03-02\n\n- Forklift at the depot broke down on Monday, pallets by hand.\n",
            ),
            (
                "memory/2027-03-05.md",
                "# 2027-03-05\n\n- Forklift at the depot repaired on Friday, 380 pounds.\n",
            ),
        ),
    )
    assert pairs == {("memory/2027-03-02.md", 3): ("memory/2027-03-05.md", 3)}


def test_a_wait_ended_supersedes_the_wait(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2027-08-02.md",
                "# 2027-08-02\n\n- Still waiting on the asbestos survey before the roofers start.\n",
            ),
            (
                "memory/2027-08-09.md",
                "# 2027-08-09\n\n- Asbestos survey arrived: nothing found, roofers on Monday.\n",
            ),
        ),
    )
    assert pairs == {("memory/2027-08-02.md", 3): ("memory/2027-08-09.md", 3)}


def test_an_appetite_back_supersedes_its_loss(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("memory/2027-10-12.md", "# 2027-10-12\n\n- Our tortoise Juniper hasn't eaten since Sunday.\n"),
            (
                "memory/2027-10-19.md",
                "# 2027-10-19\n\n- Juniper is eating again: 40 g of dandelions a day.\n",
            ),
        ),
    )
    assert pairs == {("memory/2027-10-12.md", 3): ("memory/2027-10-19.md", 3)}


def test_an_end_negated_or_an_amount_down_is_no_resolution(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2027-08-02.md",
                "# 2027-08-02\n\n- Still waiting on the asbestos survey before the roofers start.\n",
            ),
            (
                "memory/2027-08-09.md",
                "# 2027-08-09\n\n- Asbestos survey still hasn't arrived, chased them again.\n",
            ),
            (
                "memory/2027-09-01.md",
                "# 2027-09-01\n\n- Pre-orders are down to 40 a week since the price rise.\n",
            ),
            (
                "memory/2027-09-08.md",
                "# 2027-09-08\n\n- Fixed the pre-orders page, the basket button was hidden.\n",
            ),
        ),
    )
    assert ("memory/2027-08-02.md", 3) not in pairs
    assert ("memory/2027-09-01.md", 3) not in pairs


def test_trouble_and_resolution_wordings() -> None:
    assert "pump" in trouble_things("the bore pump failed again overnight")
    assert "fridg" not in trouble_things("fridge thermometer broken, replacement ordered")  # its thermometer
    assert not trouble_things("sales are down 5% on last year")
    assert not trouble_things("the printer never failed once")
    assert resolved("plumber repaired the cistern") and resolved("parcel arrived at last")
    assert not resolved("the cistern isn't repaired yet")


def test_a_role_handed_over_supersedes_its_label_not_another_label_naming_the_holder(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "MEMORY.md",
                "# Memory\n\n- Allotment secretary: Mira Castell (plot 14).\n"
                "- Shed complaints: Mira leaves the hose out.\n",
            ),
            (
                "memory/2027-04-11.md",
                "# 2027-04-11\n\n- Mira's handing the secretary job over at the May meeting, she's got"
                " a plot in Otley now.\n",
            ),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-04-11.md", 3)}


def test_a_blocked_task_unblocked_by_an_arrival(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2027-03-02.md",
                "# 2027-03-02\n\n- Blocked: the grant report waits for Hollis's figures.\n",
            ),
            (
                "memory/2027-03-09.md",
                "# 2027-03-09\n\n- Hollis's figures arrived on Tuesday, grant report sent.\n",
            ),
        ),
    )
    assert pairs == {("memory/2027-03-02.md", 3): ("memory/2027-03-09.md", 3)}


def test_a_roster_row_ends_with_a_last_day(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "kitchen/brigade.md",
                "# Brigade\n\n| Name | Station | Notes |\n|---|---|---|\n"
                "| Bronwen Hughes | sous chef | pastry, Sunday brunch |\n",
            ),
            (
                "memory/2027-07-03.md",
                "# 2027-07-03\n\n- Bronwen's last day today, off to a hotel in Cardiff.\n",
            ),
        ),
    )
    assert pairs[("kitchen/brigade.md", 5)] == ("memory/2027-07-03.md", 3)


def test_an_attendance_list_is_no_holder_line(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Memory\n\n- Present: Hetty Burns, Sol Ferreira, Anwen Rees.\n"),
            (
                "memory/2027-06-14.md",
                "# 2027-06-14\n\n- Hetty Burns is out, moving to Perth; Dom runs the nets.\n",
            ),
        ),
    )
    assert ("MEMORY.md", 3) not in pairs


def test_role_end_wordings() -> None:
    assert role_ended("Mira's handing the allotment keys over to Joe") == {"Mira": True}
    assert role_ended("Dev takes over as rota lead from Alisha") == {"Alisha": True}
    assert role_ended("Gareth Price is out, Sian runs the bar") == {"Gareth Price": False}
    assert role_ended("Gareth isn't stepping down after all") == {}


def test_a_weekly_slot_moved_supersedes_the_slot(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Memory\n\n- Gran's visits are Sundays after lunch.\n"),
            (
                "memory/2027-02-03.md",
                "# 2027-02-03\n\n- Gran rang: visits are Saturdays now, her choir went to Sundays.\n",
            ),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-02-03.md", 3)}


def test_a_slot_moved_once_or_another_thing_of_the_same_person_leaves_the_slot(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "MEMORY.md",
                "# Memory\n\n- Stock count every Monday, Ilse and Marco.\n- Padel with Joaquin on Fridays.\n"
                "- Kiln firing: Fridays, Beata loads it.\n",
            ),
            (
                "memory/2027-05-10.md",
                "# 2027-05-10\n\n- Stock count moved to Tuesday 18th this week only, bank holiday.\n"
                "- Joaquin's pottery class moved to Saturday mornings now.\n"
                "- Beata: kiln glazing on Mondays now instead of Tuesdays.\n",
            ),
        ),
    )
    assert ("MEMORY.md", 3) not in pairs
    assert ("MEMORY.md", 4) not in pairs
    assert ("MEMORY.md", 5) not in pairs  # the Tuesday slot moved, not the Friday one


def test_weekdays_read_as_a_recurring_slot() -> None:
    assert weekdays("Choir Tuesdays 7pm") == (frozenset({1}), True)
    assert weekdays("Cleaner Mon Thu mornings") == (frozenset({0, 3}), True)
    assert weekdays("sessions are Thursday mornings from now on") == (frozenset({3}), True)
    assert weekdays("Parcel came on Friday") == (frozenset({4}), False)
    assert weekdays("we sat in the sun") == (frozenset(), False)
