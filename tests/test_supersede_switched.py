"""A machine or service taken out of use, and a setting switched the other way: a later line that names the
older's name beside "powered off", "shut down" or "decommissioned" is no confirmation of it
(changes/change_rules.py, ``_ENDS_NAMED``), and a later line turning off what an older one states is on
(or on what is off) changes it though it says no word of change (fact_lines/switch_states.py). Wordings and
worlds of our own: a small office's servers, a bakery's ovens, a game's settings."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.switch_states import switch_state, switched

from helpers import fact_pairs as _pairs

SERVER = "# Memory\n\n- File server: `fs-01` in the back office under the stairs.\n"


def test_a_box_powered_off_beside_its_successor_is_no_confirmation() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": SERVER,
            "memory/2027-05-12.md": "# 2027-05-12\n\n"
            "- file server move: `fs-02` racked in the Harbour Road cupboard on Friday; Ines migrated the "
            "Samba File Server there on Sunday. `fs-01` powered off.\n",
        }
    )
    assert pairs[("MEMORY.md", 3)] == ("memory/2027-05-12.md", 3)


def test_a_box_named_again_without_an_end_still_confirms() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": SERVER,
            "memory/2027-05-12.md": "# 2027-05-12\n\n"
            "- file server move: Ines migrated the Samba File Server on `fs-01` to a bigger disk on Sunday, "
            "the box stays in the back office.\n",
        }
    )
    assert pairs.get(("MEMORY.md", 3)) != ("memory/2027-05-12.md", 3)


def test_a_setting_turned_off_changes_the_line_saying_it_is_on() -> None:
    pairs = _pairs(
        {
            "projects/orders.md": "# Orders app\n\n- Setting `auto_refunds` in the orders app: ON for the "
            "Dockside branch.\n",
            "memory/2027-06-03.md": "# 2027-06-03\n\n"
            "- orders app: turned the `auto_refunds` setting off everywhere, the Dockside branch refunded "
            "31 orders twice.\n",
        }
    )
    assert pairs[("projects/orders.md", 3)] == ("memory/2027-06-03.md", 3)


def test_a_setting_named_on_again_changes_nothing() -> None:
    pairs = _pairs(
        {
            "projects/orders.md": "# Orders app\n\n- Setting `auto_refunds` in the orders app: ON for the "
            "Dockside branch.\n",
            "memory/2027-06-03.md": "# 2027-06-03\n\n"
            "- orders app: the `auto_refunds` setting at the Dockside branch refunded 31 orders today.\n",
        }
    )
    assert ("projects/orders.md", 3) not in pairs


def test_switch_state_reads_capitals_and_verbs_not_the_preposition() -> None:
    assert switch_state("Night mode: ON for every player") == "on"
    assert switch_state("disabled the nightly export") == "off"
    assert switch_state("turned the porch light off at ten") == "off"
    assert switch_state("the second oven is on the left wall") is None
    assert switch_state("enabled hints, disabled the timer") is None
    assert switched("Night mode: ON", "switched night mode off for the demo")
    assert not switched("Night mode: ON", "night mode enabled for the demo")
    assert not switched("the oven is on the left", "turned the oven off")
