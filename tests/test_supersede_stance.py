"""Supersession by a stance settled (knowledge/changes/stance_pairs.py): an option weighed ("probably",
"leaning towards", "shortlist"), then decided ("signed with", "Venue decision: …"), then the decision taken
back ("cancelled it … instead"). Wordings and worlds in no labelled set, and hard negatives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.stance_pairs import decided, weighed

from helpers import fact_pairs_in

VENUE_PAGE = (
    "venues/wedding-venue.md",
    "# Wedding venue\n\n"
    "Guests ~110, June or July, within an hour of Leeds.\n"
    "Leaning towards Harwood Barn (rustic, own caterer).\n\n"
    "Options\n"
    "- Harwood Barn - £6,400\n"
    "- Elm Court Hotel - £7,900\n",
)


def test_a_decision_supersedes_the_same_option_weighed(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Memory\n\n- Staging boxes: probably going with Hetzner, pending the quote.\n"),
            ("memory/2027-04-02.md", "# 2027-04-02\n\n- We signed with Hetzner today: three CX41s.\n"),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-04-02.md", 3)}


def test_a_decision_for_another_option_of_the_page_supersedes_the_one_weighed(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            VENUE_PAGE,
            ("memory/2027-02-11.md", "# 2027-02-11\n\n- Venue decision: Elm Court Hotel. Deposit paid.\n"),
        ),
    )
    assert pairs == {("venues/wedding-venue.md", 4): ("memory/2027-02-11.md", 3)}


def test_a_decision_taken_back_with_a_pronoun_is_superseded(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            VENUE_PAGE,
            ("memory/2027-02-11.md", "# 2027-02-11\n\n- Venue decision: Elm Court Hotel. Deposit paid.\n"),
            (
                "memory/2027-03-20.md",
                "# 2027-03-20\n\n- Elm Court Hotel rang: they double-booked our Saturday.\n"
                "- So we called it off and went back to Harwood Barn.\n",
            ),
        ),
    )
    assert pairs[("memory/2027-02-11.md", 3)] == ("memory/2027-03-20.md", 4)


def test_a_decision_not_said_of_the_page_thing_leaves_it(tmp_path: Path) -> None:
    # the garden page weighs a tree; a work decision naming a word of the page's list is another matter
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "home/orchard.md",
                "# Orchard\n\n- Thinking of a Bramley by the shed.\n- Conference pear, against the wall\n",
            ),
            ("memory/2027-05-03.md", "# 2027-05-03\n\n- Offsite: we picked Conference Room B at Tetley.\n"),
        ),
    )
    assert ("home/orchard.md", 3) not in pairs


def test_a_cancellation_naming_a_person_leaves_the_decision(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("memory/2027-05-03.md", "# 2027-05-03\n\n- Retreat venue: we booked Ilkley Moor Lodge.\n"),
            ("memory/2027-05-10.md", "# 2027-05-10\n\n- Planning call cancelled, Imogen is off sick.\n"),
        ),
    )
    assert ("memory/2027-05-03.md", 3) not in pairs


def test_stance_words() -> None:
    assert weighed("Leaning towards the Fiat 500e")
    assert weighed("Shortlist: Kraków, Gdańsk")
    assert not weighed("We bought the Fiat 500e")
    assert decided("We opted for the Fiat 500e in the end") == {"fiat", "500e"}
    assert decided("Didn't book Ryanair, fares went up") == frozenset()
    assert decided("Probably booked Ryanair, check with Jo") == frozenset()


def test_pairing_after_a_note_added_makes_the_stance_pairs_as_anew() -> None:
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
    from mdrecall.knowledge.fact_lines.facts import line_facts

    notes = [
        (*VENUE_PAGE, None),
        (
            "memory/2027-02-11.md",
            "# 2027-02-11\n\n- Venue decision: Elm Court Hotel. Deposit paid.\n",
            "2027-02-11",
        ),
    ]
    added = (
        "memory/2027-03-20.md",
        "# 2027-03-20\n\n- Elm Court Hotel rang: double-booked.\n"
        "- So we called it off and booked Harwood Barn.\n",
        "2027-03-20",
    )
    before_facts = [f for path, text, day in notes for f in line_facts(path, text, day)]
    after_facts = before_facts + line_facts(*added)
    before = supersessions(before_facts)
    assert ("venues/wedding-venue.md", 4) in before
    assert supersessions_update(after_facts, before, {added[0]}) == supersessions(after_facts)
    assert ("memory/2027-02-11.md", 3) in supersessions(after_facts)


@pytest.mark.parametrize(
    ("plan", "outcome"),
    [
        ("- The quiz night is planned for Friday.", "The quiz night went well, 40 people came."),
        (
            "- Bake sale at St Anne's on Saturday, Priya does the float.",
            "Bake sale on Saturday went great, £312.",
        ),
    ],
)
def test_an_outcome_carrying_out_a_plan_leaves_the_plan(tmp_path: Path, plan: str, outcome: str) -> None:
    """A plan done as planned is not changed: the outcome confirms it (a plan called off is: "=end")."""
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("memory/2027-04-05.md", f"# 2027-04-05\n\n{plan}\n"),
            ("memory/2027-04-12.md", f"# 2027-04-12\n\n- {outcome}\n"),
        ),
    )
    assert pairs == {}


def test_a_page_status_weighing_vendors_is_settled_by_its_own_line_below(tmp_path: Path) -> None:
    """A status weighing two vendors ("evaluating Deel vs Remote"), a log deciding one, and the page's own
    status further down naming the one signed (a passive: "Deel contract signed"): the page's line wins."""
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "hr/payroll.md",
                "# Payroll provider\n\n"
                "Status: evaluating Deel vs Remote (Oyster ruled out on price)\n\n"
                "## Notes\n"
                "- Legal wants a DPA from both.\n\n"
                "Status: Deel contract signed, first payroll run in May.\n",
            ),
            (
                "memory/2027-03-02.md",
                "# 2027-03-02\n\n- Remote demo was clunky. Going with Deel, pending the DPA.\n",
            ),
        ),
    )
    assert pairs[("hr/payroll.md", 3)] == ("hr/payroll.md", 8)


def test_a_hedge_with_no_option_after_it_weighs_no_name_of_its_line(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2027-03-02.md",
                "# 2027-03-02\n\n- Kestrel Trust rang Amaka: we're shortlisted, panel on 3/4.\n",
            ),
            ("memory/2027-04-09.md", "# 2027-04-09\n\n- Kestrel Trust decision: bid approved, £20k.\n"),
        ),
    )
    assert ("memory/2027-03-02.md", 3) not in pairs


def test_a_trip_said_off_supersedes_the_booking_on_its_page(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "family/tenerife.md",
                "# Summer 2027 - Tenerife\n\nFerry booked: Cádiz → Santa Cruz 2/7 (Fred Olsen, cabin).\n",
            ),
            ("memory/2027-05-14.md", "# 2027-05-14\n\n- Tenerife is off: Abuela's surgery is that week.\n"),
        ),
    )
    assert pairs == {("family/tenerife.md", 3): ("memory/2027-05-14.md", 3)}
