"""A later line that tells the same thing again, or another's change, supersedes nothing
(knowledge/changes/restated_pairs.py): another person's departure, one departure told twice, a place or a
town named or put again, only a log marker's word (or a value left) shared, one instance then a rule for
every one. Wordings and worlds of our own, in the voice of an agent keeping a user's memory."""

from __future__ import annotations

from helpers import fact_pairs as _pairs

DENTIST = "# Memory\n\n- Dentist: Dr Tomas Ek at Linden Dental.\n"


def test_another_persons_departure_ends_no_line_of_the_place() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": DENTIST,
            "memory/2027-03-02.md": "# 2027-03-02\n\n"
            "- Noted: Dr Marta Sjoberg is leaving Linden Dental at the end of June.\n",
        }
    )
    assert ("MEMORY.md", 3) not in pairs


def test_the_holders_own_departure_still_ends_the_line() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": DENTIST,
            "memory/2027-03-02.md": "# 2027-03-02\n\n"
            "- Noted: Dr Tomas Ek is leaving Linden Dental at the end of June.\n",
        }
    )
    assert pairs[("MEMORY.md", 3)] == ("memory/2027-03-02.md", 3)


def test_a_count_changed_by_a_departure_still_pairs() -> None:
    pairs = _pairs(
        {
            "team/kitchen.md": "# Kitchen\n\n- Line cooks: 5 on the weekend rota.\n",
            "memory/2027-03-02.md": "# 2027-03-02\n\n"
            "- down to 4 line cooks on the weekend rota since Bruno left\n",
        }
    )
    assert pairs[("team/kitchen.md", 3)] == ("memory/2027-03-02.md", 3)


def test_one_departure_told_twice_supersedes_nothing() -> None:
    page = "# School people\n\n- Ms Farah Idris: choir leader at St Brigid's, taught both kids for years."
    pairs = _pairs(
        {
            "people/school.md": page + " Leaving the school at the end of March 2027.\n",
            "memory/2027-02-10.md": "# 2027-02-10\n\n"
            "- Noted: Ada's choir is the same, but Ms Idris is leaving St Brigid's at the end of March.\n",
        }
    )
    assert ("people/school.md", 3) not in pairs
    pairs = _pairs(
        {
            "memory/2027-02-10.md": "# 2027-02-10\n\n"
            "- Noted: Ada's choir is the same, but Ms Idris is leaving St Brigid's at the end of March.\n",
            "memory/2027-03-20.md": "# 2027-03-20\n\n"
            "- Noted: Ada's concert is booked at St Brigid's for April 3rd at 6 pm. Ms Idris's last day is"
            " Friday so the new leader takes it.\n",
        }
    )
    assert ("memory/2027-02-10.md", 3) not in pairs


def test_a_visit_from_where_one_lives_is_no_move() -> None:
    sister = "# Memory\n\n- Sister: Oona Reyes, lives in Galway.\n"
    pairs = _pairs(
        {
            "MEMORY.md": sister,
            "memory/2027-04-19.md": "# 2027-04-19\n\n"
            "- Noted: Easter Sunday yesterday. Oona drove over from Galway for lunch.\n",
        }
    )
    assert ("MEMORY.md", 3) not in pairs
    moved = _pairs(
        {
            "MEMORY.md": sister,
            "memory/2027-04-19.md": "# 2027-04-19\n\n- Noted: Oona moved from Galway to Cork last week.\n",
        }
    )
    assert moved[("MEMORY.md", 3)] == ("memory/2027-04-19.md", 3)


def test_a_thing_put_again_where_it_is_stays() -> None:
    journal = (
        "# The loom\n\nNow there's a loom in our {} and it creaks the same way. Jo says he hates it but I"
        " caught him at it\n"
    )
    log = "# 2027-06-01\n\n- Noted: the loom is now in the attic by the window, on felt pads.\n"
    assert ("journal/loom.md", 3) not in _pairs(
        {"journal/loom.md": journal.format("attic"), "memory/2027-06-01.md": log}
    )
    moved = _pairs({"journal/loom.md": journal.format("garage"), "memory/2027-06-01.md": log})
    assert moved[("journal/loom.md", 3)] == ("memory/2027-06-01.md", 3)


def test_two_noted_lines_share_no_subject_by_their_marker() -> None:
    pairs = _pairs(
        {
            "memory/2027-02-01.md": "# 2027-02-01\n\n"
            "- Noted: from now on the cat gets wet food twice a day, not once.\n",
            "memory/2027-02-09.md": "# 2027-02-09\n\n"
            "- Noted: Ines told the printers she's changing the proofs. From now on they get proofs in 3"
            " days, not 5.\n",
        }
    )
    assert ("memory/2027-02-01.md", 3) not in pairs


def test_a_rule_for_every_reminder_supersedes_no_reminder_set_once() -> None:
    pairs = _pairs(
        {
            "memory/2027-01-05.md": "# 2027-01-05\n\n"
            "- Did: set a reminder to renew the passport before March 3.\n",
            "memory/2027-01-20.md": "# 2027-01-20\n\n- Did: switched every reminder to email.\n",
        }
    )
    assert ("memory/2027-01-05.md", 3) not in pairs


def test_a_venue_left_ends_the_line_naming_it_as_the_venue() -> None:
    # A quote from the venue left ("a quote came in from the Lantern Rooms") is read both ways: since
    # fact_lines/log_prefixes.py reads a line past "Noted:", its subject is the venue itself, and the pair is
    # kept (h-sup34 and h-sup36 merged, session 25); only the slot's line is asserted here.
    later = (
        "# 2027-03-11\n\n- Noted: Ilka put a deposit on the Boat Club instead. The Lantern Rooms are off.\n"
    )
    venue = _pairs(
        {"MEMORY.md": "# Memory\n\n- Venue: the Lantern Rooms, Quay Street.\n", "memory/2027-03-11.md": later}
    )
    assert venue[("MEMORY.md", 3)] == ("memory/2027-03-11.md", 3)


def test_a_visit_to_the_town_on_a_persons_page_is_no_move() -> None:
    page = (
        "# Family\n\n- Jasper Ferreira: Tomas's younger brother, Porto. Has a pickup, useful for moving heavy"
        " things.\n"
    )
    visit = "# 2026-05-26\n\n- Noted: Memorial Day yesterday; Tomas and Rui grilled at Jasper's in Porto.\n"
    assert ("people/family.md", 3) not in _pairs({"people/family.md": page, "memory/2026-05-26.md": visit})
    move = "# 2026-05-26\n\n- Noted: Jasper moved from Porto to Braga last month.\n"
    moved = _pairs({"people/family.md": page, "memory/2026-05-26.md": move})
    assert moved[("people/family.md", 3)] == ("memory/2026-05-26.md", 3)
