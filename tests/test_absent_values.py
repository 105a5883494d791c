"""A thing said to be absent for a while is a value of that thing (knowledge/absent_values): "No
dishwasher for now" is a fact line a later "bought a dishwasher" may change; "no sugar, no milk" and "no
reply from the bank yet" stay no value."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.absent_values import ABSENT, absent_states
from mdrecall.knowledge.fact_lines.facts import line_facts


def test_a_thing_absent_for_a_while_is_a_state() -> None:
    assert absent_states("no dishwasher for now, we wash by hand") == {ABSENT}
    assert absent_states("goalkeeper: no one yet") == {ABSENT}
    assert absent_states("still no car until the insurance clears") == {ABSENT}


def test_a_preference_or_an_event_is_no_absence() -> None:
    assert absent_states("no sugar, no milk, strong") == set()
    assert absent_states("no reply from the letting agent yet") == set()
    assert absent_states("there is no way we finish by friday") == set()


def test_the_line_is_read_as_a_fact_of_the_thing() -> None:
    facts = line_facts("home/kitchen.md", "# Kitchen\n\n- No dishwasher for now, maybe in spring.\n", None)
    assert [(f.line, f.values) for f in facts] == [(3, ("z:" + ABSENT,))]
    assert "dishwasher" in facts[0].subject
