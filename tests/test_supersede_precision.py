"""Supersession precision (issue 29 item 3: wrong knowledge is worse than none): a visit is no change
("dropped in on", "stopped by"), and a state said of one thing on a line does not put another thing named
further along that line in the other state of its scale. Wordings of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_words import CHANGE, CUE, WITHDRAW

from helpers import pairs_of as _pairs


def test_a_particle_of_visiting_makes_dropped_and_stopped_no_change_words() -> None:
    for visit in (
        "Priyanka dropped in on the bakery with flowers",
        "Dad stopped by the garage on his way home",
        "the inspector dropped round this morning",
        "Mo dropped into the studio for a coffee",
    ):
        assert not CHANGE.search(visit) and not CUE.search(visit) and not WITHDRAW.search(visit), visit
    assert CHANGE.search("we dropped Zendesk for Freshdesk")
    assert CHANGE.search("Mo stopped the weekly newsletter")


def test_a_visit_after_someone_left_does_not_supersede_their_leaving() -> None:
    pairs = _pairs(
        {
            "memory/2032-05-02.md": (
                "# 2032-05-02\n\n"
                "Ravi Menon quit his job at the bakery: final shift is Sunday, he starts a nursing course.\n"
            ),
            "memory/2032-06-20.md": (
                "# 2032-06-20\n\nRavi dropped in on the bakery with flowers; nursing course is fine.\n"
            ),
        }
    )
    assert ("memory/2032-05-02.md", 3) not in pairs


def test_a_state_of_one_thing_does_not_change_another_thing_further_along_the_line() -> None:
    pairs = _pairs(
        {
            "memory/2032-07-01.md": (
                "# 2032-07-01\n\n"
                "Talked it over with Sanne and the drive is too long for the kids anyway. Cancelled the"
                " Annecy cottage (deposit back). Zermatt then: four nights, 12/8 to 15/8.\n"
            ),
            "memory/2032-08-01.md": (
                "# 2032-08-01\n\nSummer: Zermatt chalet confirmed, bus from Visp on 12/8 at 9:05.\n"
            ),
        }
    )
    assert ("memory/2032-07-01.md", 3) not in pairs


def test_a_state_of_the_thing_a_line_opens_with_still_changes() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "- #482 Fernhill Press, catalogue redesign, £2,300: unpaid, reminder sent.\n",
            "memory/2032-03-09.md": "# 2032-03-09\n\nFernhill settled #482 today.\n",
        }
    )
    assert pairs == {("MEMORY.md", 1): ("memory/2032-03-09.md", 3)}
