"""A later line naming no word of change but the value it sets aside ("every two weeks, not monthly",
"spirit varnish, not oil") changes the older line holding that value; a meeting's attendance record is
never superseded by a person later leaving a role; "out of service" leaves no value. Wordings and worlds
of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.dates.event_days import attendance
from mdrecall.knowledge.fact_lines.leave_grammar import left_values

from helpers import fact_pairs_in


def test_a_value_set_aside_supersedes_the_line_holding_it(tmp_path: Path) -> None:
    notes = [
        (
            "memory/2031-02-03.md",
            "# 2031-02-03\n\n- Hanne Bakke from Fjordvik Marina rang: fortnightly hull photos of the"
            " pontoons from March.\n",
        ),
        (
            "memory/2031-03-20.md",
            "# 2031-03-20\n\n- Hanne: after the first set she wants the Fjordvik pontoons photographed"
            " weekly, not fortnightly\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes).get(("memory/2031-02-03.md", 3)) == ("memory/2031-03-20.md", 3)


def test_a_label_value_set_aside(tmp_path: Path) -> None:
    notes = [
        ("garden/shed.md", "# Shed\n\n- Finish: teak oil, two coats, brushed on\n"),
        (
            "memory/2031-05-02.md",
            "# 2031-05-02\n\n- Shed finish decision: water-based stain, not teak oil. Tove talked me"
            " into it\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes).get(("garden/shed.md", 3)) == ("memory/2031-05-02.md", 3)


@pytest.mark.parametrize(
    ("words", "record"),
    [
        ("Attendees: Ines, Farouk, Dalia, me, 11 more parents", True),
        ("Present: Olu Adeyemi (chair), Greta Lind, Sam Ortiz", True),
        ("Apologies: Greta", True),
        ("Presenter at the May meeting: Greta Lind", False),
        ("Treasurer: Farouk Haddad", False),
    ],
)
def test_an_attendance_record(words: str, record: bool) -> None:
    assert attendance(words) is record


def test_a_person_leaving_a_role_leaves_the_attendance_record(tmp_path: Path) -> None:
    notes = [
        (
            "club/march-meeting.md",
            "# Allotment society, March meeting\n\nAttendees: Ines, Farouk, Dalia, Olu, 11 more members\n\n"
            "- Treasurer: Farouk Haddad\n",
        ),
        (
            "memory/2031-04-14.md",
            "# 2031-04-14\n\n- Society group chat: Farouk is out, Dalia Mendes is the new treasurer, voted by"
            " 14 members\n",
        ),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert ("club/march-meeting.md", 3) not in pairs


def test_out_of_service_leaves_no_value() -> None:
    assert left_values("kiln 2 is out of service awaiting a new element") == frozenset()
    assert left_values("lift is out of order again") == frozenset()
    assert left_values("dropbox is out of the picture we use nextcloud") == {"pictur"}
