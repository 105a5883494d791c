"""Supersession by a thing's return to service (the ``service`` scale of knowledge/fact_lines/fact_words.py,
paired by knowledge/changes/state_pairs.py): a later line saying a thing put out of service works again
supersedes the line that put it out; another thing's repair, and a thing breaking again, do not. Wordings of
our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_values import states

from helpers import pairs_of


def test_service_states_are_read_with_the_punctuation_after_them() -> None:
    assert states("the cargo lift is out of order") == {"service=out"}
    assert states("kiln back in use!! new element") == {"service=working"}
    assert states("dishwasher working again!") == {"service=working"}
    assert states("the projector is not out of order") == set()
    assert states("the shower in room 4 leaks") == {"service=out"}
    assert states("boot dryer faulty again") == {"service=out"}


def test_a_thing_back_in_service_supersedes_the_line_putting_it_out() -> None:
    pairs = pairs_of(
        {
            "MEMORY.md": (
                "# Memory\n\n"
                "- The glaze kiln is out of action, the thermocouple failed.\n"
                "- Pottery wheel three is out of order.\n"
            ),
            "memory/2031-05-02.md": (
                "# 2031-05-02\n\n- glaze kiln running again!! new thermocouple from Potclays\n"
            ),
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-05-02.md", 3)}


def test_another_things_repair_and_a_thing_breaking_again_supersede_nothing() -> None:
    pairs = pairs_of(
        {
            "MEMORY.md": "# Memory\n\n- The staff-room coffee machine is out of service.\n",
            "memory/2031-06-10.md": "# 2031-06-10\n\n- the franking machine is fixed, post goes out today\n",
            "memory/2031-06-11.md": "# 2031-06-11\n\n- Dryer two repaired by the engineer.\n",
            "memory/2031-06-20.md": "# 2031-06-20\n\n- Dryer two is out of order again, drum bearing.\n",
        }
    )
    assert pairs == {}


def test_a_leak_mended_supersedes_the_line_telling_it() -> None:
    pairs = pairs_of(
        {
            "MEMORY.md": "# Memory\n\n- Boathouse shower leaks.\n",
            "memory/2031-07-01.md": "# 2031-07-01\n\n- plumber mended the boathouse shower, no drip now\n",
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-07-01.md", 3)}
