"""Supersession (issue 29 part 3, session 16, held_out_8's misses): a page's "Date:" line states its
thing's time, and a time "is now" another is a time changed. Wordings and worlds of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs as _pairs


def test_a_time_said_to_be_the_current_one_is_a_time() -> None:
    (fact,) = line_facts("notes.md", "the harvest supper is now October 19, hall floor works", None)
    assert fact.attrs == ("time",) and fact.values == ("oct19",) and fact.cue


def test_a_date_label_on_a_page_is_its_things_time() -> None:
    """Superseded by a later line moving the page's thing; not by a line sharing only the label's word."""
    pairs = _pairs(
        {
            "village/harvest-supper.md": "# Harvest supper 2029\n\nDate: October 12, 2029\nTickets: £15\n",
            "village/book-launch.md": "# Book launch\n\nDate: Thursday 4 May 2028.\n",
            "memory/2029-09-02.md": "# 2029-09-02\n\n"
            "Village hall: the harvest supper is now October 19. The floor is being resanded that week.\n"
            "- Jo trying to get a Leeds date instead, nothing confirmed.\n",
        }
    )
    assert pairs == {("village/harvest-supper.md", 3): ("memory/2029-09-02.md", 3)}
