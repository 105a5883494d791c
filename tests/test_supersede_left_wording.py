"""Supersession by a value left, and the lines it must leave alone (knowledge/fact_lines/leave_grammar.py,
knowledge/changes/value_left.py, the state reading of knowledge/fact_lines/fact_words.py): a choice "instead
of" another only wished, a label's plain value left, "left" siding a body part, "the Sunday one", a comparison
("better than") read as no state. Wordings and worlds of our own (a repair café, a print shop, a rowing club,
a lab)."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.fact_values import states
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.leave_grammar import forgone_values, left_values

from helpers import pairs_of


@pytest.mark.parametrize(
    ("line", "left"),
    [
        # a wish or a possibility before "instead of": nothing left yet
        ("tomasz wants to try freeagent instead of renewing wave", set()),
        ("we might rent a van instead of buying the transit", set()),
        ("she'd rather take the ferry instead of the bridge", set()),
        # told: the value after "instead of" is left
        ("we use freeagent instead of wave now", {"wave"}),
        ("booked the scout hut instead of the chapel", {"chapel"}),
        # "left" siding a body part past an ordinal or a size; "one" standing for the noun before it
        ("the new spikes rubbed my left 2nd toe raw", set()),
        ("bruise on the left big toe after the erg test", set()),
        ("we switched to the friday session instead of the monday one", {"monday"}),
        ("ines left the rowing club in may", {"row", "club"}),
    ],
)
def test_the_values_a_line_leaves(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_choice_only_wished_instead_of_a_value_supersedes_no_line_stating_it() -> None:
    pairs = pairs_of(
        {
            "notes/cafe.md": "# Repair café\n\n- Bookkeeping: Wave, Tomasz does it monthly.\n",
            "memory/2031-03-04.md": (
                "# 2031-03-04\n\n"
                "- Card bounced on the yearly renewal.\n"
                "- Tomasz wants to try FreeAgent instead of renewing Wave.\n"
            ),
        }
    )
    assert ("notes/cafe.md", 3) not in pairs


def test_a_labels_plain_value_left_supersedes_the_label_line() -> None:
    pairs = pairs_of(
        {
            "notes/shop.md": "# Print shop\n\n- Flyer paper: matte 130 gsm\n",
            "memory/2031-03-04.md": (
                "# 2031-03-04\n\n- Owen on the flyers: matte is gone, silk paper from the May run.\n"
            ),
        }
    )
    assert pairs == {("notes/shop.md", 3): ("memory/2031-03-04.md", 3)}


def test_a_comparison_is_no_state_of_the_line() -> None:
    assert states("the carbon oars felt better than the old ones past 2k") == set()
    found = line_facts(
        "memory/2031-03-04.md", "# x\n\n- The carbon oars felt better than the wooden pair.\n", None
    )
    assert all("state" not in f.attrs for f in found)
    found = line_facts("memory/2031-03-04.md", "# x\n\n- Pip is much better now, rowing again.\n", None)
    assert any("state" in f.attrs for f in found)


def test_a_comparison_does_not_end_anothers_illness() -> None:
    pairs = pairs_of(
        {
            "memory/2031-03-02.md": "# 2031-03-02\n\n- The carbon oars felt better than the wooden pair.\n",
            "memory/2031-03-09.md": (
                "# 2031-03-09\n\n- Biscuit limping after the towpath. If he's not better by Friday, vet.\n"
            ),
        }
    )
    assert pairs == {}


def test_a_price_dropped_to_an_amount_leaves_nothing() -> None:
    assert left_values("the bakery is dropping the sourdough to 4 euro from monday") == set()
    assert left_values("we dropped the monthly fee to $12") == set()
    assert left_values("dropping the sourdough for rye") == {"sourdough"}


def test_a_full_name_left_does_not_end_a_line_naming_another_with_that_given_name() -> None:
    pairs = pairs_of(
        {
            "notes/books.md": "# Books\n\n- The Long Field by Nora Marsh, March\n",
            "notes/flat.md": "# Flat sale\n\n- Agent: Nora Doyle at Harbour Homes\n",
            "memory/2031-05-06.md": "# 2031-05-06\n\n- Signed with Quayside today, Nora Doyle is out.\n",
        }
    )
    assert ("notes/books.md", 3) not in pairs
    assert pairs.get(("notes/flat.md", 3)) == ("memory/2031-05-06.md", 3)


def test_a_title_is_no_value_left_and_a_leaving_taken_back_forgoes_nothing() -> None:
    assert left_values("mrs okafor is covering year 7 while mr lund is off") == {"lund"}
    assert forgone_values("the dentist's not leaving castlegate after all") == set()
    assert forgone_values("we're not quitting the allotment after all") == set()
    assert forgone_values("not using canva any more") == {"canva"}


def test_a_title_and_a_kept_value_supersede_nothing() -> None:
    pairs = pairs_of(
        {
            "MEMORY.md": (
                "# Memory\n\n"
                "- Fire drills are run by Mr Osei each term.\n"
                "- Dentist: Dr Amir at Castlegate Dental.\n"
            ),
            "memory/2031-05-06.md": (
                "# 2031-05-06\n\n"
                "- Mrs Okafor is covering year 7 while Mr Lund is off\n"
                "- Dr Amir's not leaving Castlegate after all, the receptionist had it wrong\n"
            ),
        }
    )
    assert pairs == {}


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("pellegrino bakes shut for good on friday", {"pellegrino", "bake"}),
        ("the corner deli went bust in june", {"corner", "deli"}),
        ("orchard lane nursery went out of business", {"lane", "nursery"}),
        ("we shut the side gate for good", set()),
    ],
)
def test_a_business_closed_for_good_is_a_value_left(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_business_closed_for_good_ends_the_standing_lines_naming_it_not_the_visits_told() -> None:
    pairs = pairs_of(
        {
            "notes/garden.md": "# Garden\n\n- Seeds and compost: Marlowe Nursery, Eastgate (Ines knows us)\n",
            "memory/2031-05-02.md": "# 2031-05-02\n\n- Marlowe Nursery run at 10:00 for the compost.\n",
            "memory/2031-06-09.md": (
                "# 2031-06-09\n\n- Marlowe Nursery shut for good on Monday, a note on the gate.\n"
            ),
        }
    )
    assert pairs.get(("notes/garden.md", 3)) == ("memory/2031-06-09.md", 3)
    assert ("memory/2031-05-02.md", 3) not in pairs


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("coach after the shoulder scare forget sub-20 just finish", {"sub-20"}),
        ("forget about the campervan we're taking the train", {"campervan"}),
        ("don't forget the swim caps", set()),
        ("i forgot the swim caps", set()),
    ],
)
def test_a_value_given_up_as_an_imperative_is_left(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_value_given_up_as_an_imperative_supersedes_the_goal_line() -> None:
    pairs = pairs_of(
        {
            "notes/swim.md": "# Open water\n\n- Target: sub-20 for the 1500 m (21 if it's choppy)\n",
            "memory/2031-07-02.md": (
                "# 2031-07-02\n\n"
                "- Marta after the shoulder scare: forget sub-20, the target is just to finish the 1500.\n"
            ),
        }
    )
    assert pairs == {("notes/swim.md", 3): ("memory/2031-07-02.md", 3)}


def test_instead_under_a_wish_in_its_clause_signals_no_change() -> None:
    from mdrecall.knowledge.fact_lines.change_signal import signal

    assert signal("Priya would rather take the ferry instead of flying to Split") is None
    assert signal("Jonas is hoping to book the Aula instead of the gym") is None
    # a choice made, with a wish told in another clause, is still a change
    assert signal("Booked the Aula instead; Jonas wanted the gym") == "strong"
    assert signal("We take the ferry instead of flying now") == "strong"
