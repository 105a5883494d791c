"""Supersession by a state of a scale and by an amount of a page's subject (knowledge/changes/state_pairs.py):
a later line putting a thing in another state of one scale (unpaid → paid, booked → cancelled), or deciding
a new amount for the subject a page's title names, supersedes the older line; other things' states and a
part of the amount do not. Wordings of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_values import states

from helpers import pairs_of as _pairs


def test_states_are_read_on_their_scales_and_not_when_negated() -> None:
    assert states("invoice 207 is overdue") == {"pay=unpaid"}
    assert states("the marquee hire got cancelled") == {"run=ended", "booking=cancelled"}
    assert states("grant application still pending") == {"review=pending"}
    assert states("the deposit is not paid yet") == set()
    assert states("the library is closed on sundays") == set()  # hours, not a state


def test_another_state_of_the_scale_supersedes_the_things_older_line() -> None:
    pairs = _pairs(
        {
            "studio/billing.md": (
                "# Billing\n\n"
                "- INV-0310 Harbour Dental, brochure layout: outstanding\n"
                "- INV-0311 Greystone Brewery, label set: paid\n"
            ),
            "memory/2031-04-09.md": "- Harbour Dental cleared 0310 at last, paid in full.\n",
        }
    )
    assert pairs == {("studio/billing.md", 3): ("memory/2031-04-09.md", 1)}


def test_a_booking_cancelled_supersedes_it_but_not_another_things_state_or_the_same_state() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": (
                "- Minibus for the Ardrossan away game: booked with Clyde Coaches.\n"
                "- Village hall booked for the quiz night.\n"
                "- Invoice 512 from the caterer: unpaid.\n"
            ),
            "memory/2031-03-14.md": (
                "- Clyde Coaches cancelled the minibus for Ardrossan, no drivers.\n"
                "- Caterer invoice 513 paid by bank transfer.\n"  # another invoice: another thing
                "- Hall booking confirmed.\n"  # booked again: no change
            ),
        }
    )
    assert pairs == {("MEMORY.md", 1): ("memory/2031-03-14.md", 1)}


def test_a_decided_amount_of_the_pages_subject_supersedes_its_one_word_line_a_part_or_payment_not() -> None:
    page = (
        "# Loft conversion\n\n"
        "Budget: $42,000 all told.\n\n"
        "## Log\n"
        "- 2031-02-03: Structural engineer found a sagging joist, adds $3,500.\n"
        "- 2031-02-10: Paid the roofer $40,500 for the dormer.\n"  # no decision, no change word
        "- 2031-02-11: We agreed the skylight at $900.\n"  # decided, but a part of the budget
        "- 2031-02-20: We agreed to stretch to $47,500 overall.\n"
    )
    assert _pairs({"projects/loft-conversion.md": page}) == {
        ("projects/loft-conversion.md", 3): ("projects/loft-conversion.md", 9)
    }
