"""Lines that look like changes and are not (knowledge/fact_lines/left_objects.py, asked_clauses.py,
journey_stops.py): a time one leaves at, a lift given, a start month after "from", a change only asked about,
a stop on a journey. Wordings and worlds of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.leave_grammar import left_values

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("ok we go monday instead leaving 14 6 at dawn", set()),  # "leaving 14/6": a date, no value left
        ("storm coming so leaving friday not saturday", {"saturday"}),  # the day left is after "not"
        ("07:20 dropped amara school run was chaos", set()),  # a lift given
        ("dropped the kids at the pool", set()),
        ("dropped mum at the station", set()),
        ("dropped priya from the rota", {"priya"}),  # a holder dropped
        ("dropped mailchimp for buttondown", {"mailchimp"}),
        ("tomasz to take over from june ines to hand over the keys", set()),  # "from June": a start
        ("moved the quiz from thursday to wednesday", {"thursday"}),
    ],
)
def test_what_a_line_leaves_is_no_time_and_no_lift(line: str, left: set[str]) -> None:
    assert left_values(line) == left


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("Marek asked if we can do Thursdays from May instead. Thinking about it", False),
        ("Ines asks whether we switch the rehearsal to the church hall", False),
        ("Kofi wondering if we could move the five-a-side to Friday", False),
        ("Mrs Osei asked if Kwame can switch to the Tuesday group. Said ok", True),  # answered yes
        ("Asked around, nobody minds: choir moved to Tuesdays from May", True),  # no "if"/"whether"
        ("Stopped Tours 11am for lunch, then on to Poitiers", False),  # a stop on a journey
        ("stopped at Gloucester for fuel", False),
        ("Stopped the Metacam on Friday, she's walking fine", True),
        ("we stopped Pilates after the knee thing", True),
    ],
)
def test_a_change_asked_about_or_a_stop_on_the_way_is_no_change(line: str, told: bool) -> None:
    assert (signal(line) is not None) == told


def test_a_chat_line_leaving_on_a_date_supersedes_no_earlier_chat_line() -> None:
    pairs = _pairs(
        {
            "memory/2027-05-03.md": "# 2027-05-03\n\n- [3/5, 18:10] Odile: berth 14 confirmed for tonight\n",
            "memory/2027-06-10.md": "# 2027-06-10\n\n"
            '- Odile: "swell too big Saturday, we sail Sunday instead" — ok, leaving 14/6 at dawn.\n',
        }
    )
    assert ("memory/2027-05-03.md", 3) not in pairs


def test_a_lift_given_supersedes_no_line_naming_the_child() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Amara Osei, Year 6 at St Jude's, sitting the 11+ this year.\n",
            "memory/2027-01-12.md": "# 2027-01-12\n\n"
            "- 07:20 dropped Amara. School has an 11+ briefing for parents on Thursday evening.\n",
        }
    )
    assert ("MEMORY.md", 3) not in pairs


def test_a_change_asked_about_supersedes_nothing() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Five-a-side: Tuesdays 19:00 at the Lea Bridge cage, Kofi's lot.\n",
            "memory/2027-03-20.md": "# 2027-03-20\n\n"
            "- Kofi (five-a-side) asked if I can do Thursdays 20:00 from April, the Tuesday cage is being"
            " relaid. Thinking.\n",
        }
    )
    assert ("MEMORY.md", 3) not in pairs


def test_a_stop_on_a_journey_does_not_supersede_the_plan_it_keeps() -> None:
    pairs = _pairs(
        {
            "projects/loire-trip.md": "# Loire trip\n\n## Food stops\n\n"
            "- Tours: Le Petit Patrimoine, rillettes\n",
            "memory/2027-07-02.md": "# 2027-07-02\n\n"
            "- Left 6.10am. Stopped Tours 11am for rillettes at Le Petit Patrimoine, then on to Saumur.\n",
        }
    )
    assert ("projects/loire-trip.md", 5) not in pairs


def test_a_currency_written_before_two_amounts_is_no_thing_two_states_share() -> None:
    pairs = _pairs(
        {
            "memory/2027-02-01.md": "# 2027-02-01\n\n"
            "- Evening: tallied the dues sheet. February dues Rs 48,200. Still 4 outstanding.\n",
            "memory/2027-03-10.md": "# 2027-03-10\n\n"
            "- Paid the guesthouse balance Rs 6,500. Owner says the geyser may not be fixed by then.\n",
        }
    )
    assert ("memory/2027-02-01.md", 3) not in pairs


def test_an_invoice_paid_still_supersedes_it_unpaid() -> None:
    pairs = _pairs(
        {
            "memory/2027-02-01.md": "# 2027-02-01\n\n- Invoice 2231 to Harbour Dental, Rs 48,200: unpaid.\n",
            "memory/2027-03-10.md": "# 2027-03-10\n\n- Harbour Dental paid invoice 2231, Rs 48,200.\n",
        }
    )
    assert pairs.get(("memory/2027-02-01.md", 3)) == ("memory/2027-03-10.md", 3)


def test_an_extra_instance_planned_leaves_the_standing_one() -> None:
    pairs = _pairs(
        {
            "lists/fees.md": "# Fees\n\n| Class | Fee |\n|---|---|\n| Ceramics drop-in (Wed) | £18 |\n",
            "memory/2027-03-23.md": "# 2027-03-23\n\n"
            "- Plan: extra ceramics drop-in with Noor every Wed 7pm from April.\n",
        }
    )
    assert ("lists/fees.md", 5) not in pairs


def test_a_value_of_a_past_period_is_not_superseded() -> None:
    pairs = _pairs(
        {
            "meetings/open-evening.md": "# Open evening\n\n"
            "- Offers last year: Hillcrest Academy 142 points, Marlow Grammar 131, St Anne's 127.\n",
            "memory/2027-03-31.md": "# 2027-03-31\n\n"
            "- Talked with Zara and Femi at dinner. She doesn't want to fight for Hillcrest Academy"
            " any more.\n",
        }
    )
    assert ("meetings/open-evening.md", 3) not in pairs


def test_back_in_the_place_an_older_line_names_moves_nothing_from_it() -> None:
    pairs = _pairs(
        {
            "memory/2027-02-01.md": "# 2027-02-01\n\n- Bank holiday in Galway, studio closed.\n",
            "memory/2027-03-09.md": "# 2027-03-09\n\n- Back in Galway since yesterday night.\n",
        }
    )
    assert ("memory/2027-02-01.md", 3) not in pairs


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("Hall hire goes to Rs 900 an evening starting June", True),  # a start month, as "from June"
        ("The Saturday float is Nadia's job starting Tuesday", True),
        ("Rehearsal slips: cast still not off book. Moved to 14/3", True),  # "still not": no addition
        ("Moved the kit to the loft too", False),  # an addition
    ],
)
def test_a_start_month_tells_a_change_and_still_not_adds_nothing(line: str, told: bool) -> None:
    assert (signal(line) is not None) == told


def test_the_outcome_of_a_handover_does_not_supersede_the_handover() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Front desk: Priya (Priya Nair). She opens up and does the till.\n",
            "memory/2027-04-10.md": "# 2027-04-10\n\n"
            "- Deola (Adeola Bankole) takes front desk from Monday, Priya trains her this week.\n",
            "memory/2027-04-20.md": "# 2027-04-20\n\n"
            "- Priya's last day was Friday. Deola runs front desk now, first stock count Thursday.\n",
        }
    )
    # the handover is no outdated fact; the line it replaced is superseded by the latest word, its outcome
    assert ("memory/2027-04-10.md", 3) not in pairs
    assert pairs[("MEMORY.md", 3)] == ("memory/2027-04-20.md", 3)
