"""A page's label may open with a preposition ("After hours:", "On call:"): it still names a thing, whose
value a later line changes (issue 29 part 3); a label written with hyphens ("After-hours:") is the same."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_fields import field_of

from helpers import fact_pairs


def test_a_label_opening_with_a_preposition_is_a_field() -> None:
    assert field_of("After hours: we take the chat in turns.") == (
        "after-hour",
        frozenset({"we", "take", "chat", "in", "turn"}),
    )
    assert field_of("After-hours: Helpwise")[0] == "after-hour"  # type: ignore[index]
    assert field_of("We're out of pre-orders: back next week") is None  # a pronoun opens no label


def test_the_after_hours_line_is_superseded() -> None:
    pairs = fact_pairs(
        {
            "shop/support.md": "# Support\n\n- After hours: we take the chat in turns.\n",
            "memory/2027-05-03.md": (
                "# 2027-05-03\n\n- After-hours: from today the chat goes to Helpwise in Cork.\n"
            ),
        }
    )
    assert pairs == {("shop/support.md", 3): ("memory/2027-05-03.md", 3)}


def test_the_on_call_line_is_superseded() -> None:
    pairs = fact_pairs(
        {
            "team/ops.md": "# Ops\n\n- On call: we share the pager, week about.\n",
            "memory/2027-05-03.md": (
                "# 2027-05-03\n\n- On call: the pager moves to Nightwatch Ops from June.\n"
            ),
        }
    )
    assert pairs == {("team/ops.md", 3): ("memory/2027-05-03.md", 3)}
