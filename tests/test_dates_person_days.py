"""Session 24, dates: a weekday's or a month's short name that is someone's name ("Thu", a Vietnamese
given name; "June", "May", "April") names no day where the words around it make it a person, and, on a
page that makes it someone once, nowhere it stands bare. Phrases written for these tests (a tailor's shop
in Hội An, a tuition centre, a family in Ipoh), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates

LOG = "2026-05-16"  # a Saturday; "Thu" read as a day would be 14/5 (or 21/5)
PAGE = date(2026, 5, 16)


def _days(*lines: str) -> list[date | None]:
    return line_dates("# Shop log\n\n" + "\n".join(lines) + "\n", LOG, None, "dmy")[2:]


@pytest.mark.parametrize(
    "line",
    [
        "- Thu said the silk order is short two bolts",
        "- Thu dropped the hems off at the laundry",
        "Told Thu the fitting is confirmed",
        "- paid Thu 400k for the alterations",
        "- chị Thu sent the measurements over Zalo",
        "- Nguyễn Thị Thu signed for the delivery",
        "- Ms Thu brought the fabric samples",
        "- June said the tuition fees go up",
        "- April brought mooncakes for the staff",
        "- Thu's mum is in Chợ Rẫy hospital again",
    ],
)
def test_short_name_of_a_person_names_no_day(line: str) -> None:
    assert _days(line) == [PAGE]


def test_a_person_on_the_page_is_a_person_on_its_other_lines() -> None:
    """Once the page makes "Thu" someone, a bare "Thu" elsewhere on it is too; a day asked for by its
    words ("on Thu", "Thu 3pm") stays a day."""
    days = _days(
        "[15/5, 20:10] Thu: ok em",
        "- Thu Trang and Minh finished the áo dài",
        "- fitting with the bride on Thu at 10",
        "- Thu 21/5: collect the lining",
    )
    assert days[0] == date(2026, 5, 15)
    assert days[1] == PAGE
    assert days[2] == date(2026, 5, 21)
    assert days[3] == date(2026, 5, 21)


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- fitting moved to Thu", "2026-05-21"),
        ("- Thu: dentist 3pm", "2026-05-21"),  # a day's label, on a page naming nobody Thu
        ("- shop closed Mon-Thu for Tết stock-take", "2026-05-16"),  # a timetable: the day written
        # May, the month, holds the day written: the line stays on the day written (session 26)
        ("- rent for May paid to the landlord", "2026-05-16"),
        ("- rent for June paid to the landlord", "2026-06-01"),
        ("- bolts arrive Thu, then cutting", "2026-05-21"),
        ("- Thu's fitting moved to the afternoon", "2026-05-21"),  # a day's possessive: its event
    ],
)
def test_days_stay_days(line: str, want: str) -> None:
    assert _days(line)[0] == date.fromisoformat(want)
