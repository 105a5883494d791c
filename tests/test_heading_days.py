"""A date heading in any written form dates the lines under it; a numeric one is read in the workspace's
order of numeric dates."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import heading_day, line_dates


@pytest.mark.parametrize(
    ("heading", "day"),
    [
        ("## Thursday 2 September 2027", date(2027, 9, 2)),
        ("### September 2nd, 2027", date(2027, 9, 2)),
        ("## Thu, Sep 2, 2027", date(2027, 9, 2)),
        ("## 2 Sept 2027", date(2027, 9, 2)),
        ("## 2027-09-02", date(2027, 9, 2)),
    ],
)
def test_a_heading_naming_one_day_is_read_in_any_written_form(heading: str, day: date) -> None:
    assert heading_day(heading)[1] == day


@pytest.mark.parametrize(
    "heading", ["## Harvest 2027", "## September 2027", "## Q4 2027", "## Allotment notes"]
)
def test_a_heading_naming_a_month_a_season_or_no_date_names_no_day(heading: str) -> None:
    assert heading_day(heading)[1] is None


ALLOTMENT = """# Allotment committee

## 04/09/2027
- Water trough by plot 12 is leaking again
- Compost delivery agreed with the council

## Harvest
- Marrow competition entries to Gwen
"""


@pytest.mark.parametrize(("order", "day"), [("mdy", date(2027, 4, 9)), ("dmy", date(2027, 9, 4))])
def test_a_numeric_date_heading_is_read_in_the_workspaces_order(order: str, day: date) -> None:
    """A page showing no order of its own ("04/09/2027" either way): the workspace's order says which day
    the heading is, and so the day of the lines under it, up to the next heading of its level."""
    days = line_dates(ALLOTMENT, None, "2027-10-01", order)
    assert days[3] == day and days[4] == day and days[7] is None
