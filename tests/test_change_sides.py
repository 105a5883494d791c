"""Which value a change line leaves and which it gives (knowledge/change_sides), and the change lines'
chooser weighing first the older line holding the value left, last one naming the value given whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.change_sides import sides

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    ("line", "left", "given"),
    [
        (
            "Priya turned down Whitcombe, she's taking the Harrow Bay bursary instead",
            {"whitcomb"},
            {"bay", "bursary"},
        ),
        ("Tomasz Rey is stepping down as treasurer, Oskar takes over in April", {"tomasz", "rey"}, {"oskar"}),
        ("Hamish takes over as shift lead from Corinne next week", {"corinn"}, {"hamish"}),
        ("From now on only Kaldi coffee for the espresso machine", set(), {"kaldi", "coffe"}),
        ("Mireille: PayFlow is live, first run done", set(), {"payflow"}),
        ("we switched the newsletter to Buttondown last week", set(), {"buttondown"}),
        ("the Lisbon offsite is officially shelved", {"lisbon", "offsit"}, set()),
        ("Jonas's last day is Friday", {"jona"}, set()),
    ],
)
def test_the_values_a_change_line_leaves_and_gives(line: str, left: set[str], given: set[str]) -> None:
    assert sides(line) == (frozenset(left), frozenset(given))


@pytest.mark.parametrize(
    "line",
    [
        "we won't cancel the Lisbon offsite",  # denied
        "might switch the newsletter to Buttondown",  # only imagined
        "Renata's ramen stall, the usual Friday",  # nothing changes
    ],
)
def test_no_side_where_nothing_is_changed(line: str) -> None:
    left, given = sides(line)
    assert not left and not given


def test_a_participle_after_its_thing_leaves_that_thing_not_the_next_clause() -> None:
    # "cancelled" after what is cancelled: the words after it are another clause's
    left, _ = sides("Harvest supper cancelled, barn roof leaking")
    assert left == {"harvest", "supper"}


def test_a_choice_reversed_gives_no_value_to_weigh_against() -> None:
    # the walnut was priced before, on the line this change ends
    assert sides("Picked the walnut after all, the pine scratched too easily")[1] == frozenset()


def test_the_line_holding_the_value_turned_down_is_chosen(tmp_path: Path) -> None:
    page = (
        "# Priya's college\n\n"
        "- Choice: Whitcombe, Marine Biology. Decided after the open day.\n"
        "- Harrow Bay College: Marine Science, full bursary, Hobart\n"
        "- Harrow Bay bursary interview went well, Hobart campus tour after.\n"
    )
    log = (
        "# 2031-03-02\n\n"
        "- Priya turned down Whitcombe!! She's taking the Harrow Bay bursary instead, staying in Hobart.\n"
    )
    pairs = fact_pairs_in(tmp_path, [("family/priya-college.md", page), ("memory/2031-03-02.md", log)])
    assert pairs.get(("family/priya-college.md", 3)) == ("memory/2031-03-02.md", 3)
    assert ("family/priya-college.md", 4) not in pairs


def test_a_line_naming_the_new_value_whole_is_not_chosen(tmp_path: Path) -> None:
    memory = "# Memory\n\n- Coffee: Bellwether dark roast for everything.\n"
    page = "# Café refit\n\n- Coffee: Kaldi Row single origin beans\n"
    log = (
        "# 2031-05-14\n\n"
        "- From now on only Kaldi Row coffee for the café bar; Bellwether is for the staff room.\n"
    )
    pairs = fact_pairs_in(
        tmp_path, [("MEMORY.md", memory), ("projects/cafe-refit.md", page), ("memory/2031-05-14.md", log)]
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-05-14.md", 3)
    assert ("projects/cafe-refit.md", 3) not in pairs


def test_a_launch_ends_the_standing_line_not_the_migration_plan(tmp_path: Path) -> None:
    memory = "# Memory\n\n- Payroll runs in PayBright, done by Mireille Duval at Duval & Co.\n"
    plan = (
        "# 2031-03-01\n\n"
        "- PayFlow migration: Mireille to move the payroll over in May,"
        " we keep PayBright read-only till June.\n"
    )
    live = "# 2031-06-02\n\n- Mireille: PayFlow is live, opening balances in, April payroll reconciled.\n"
    pairs = fact_pairs_in(
        tmp_path, [("MEMORY.md", memory), ("memory/2031-03-01.md", plan), ("memory/2031-06-02.md", live)]
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-06-02.md", 3)
    assert ("memory/2031-03-01.md", 3) not in pairs
