"""A short change line with one subject word and a time ("Jenkins switched off in May") is a fact line a
later change supersedes (issue 29 part 3); one word and no time stays too vague to be one."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs


def test_a_change_of_one_named_thing_with_a_time_is_a_fact_line() -> None:
    found = line_facts("memory/2027-03-01.md", "- Jenkins switched off in May", "2027-03-01")
    assert [(f.subject, f.values) for f in found] == [("jenkin", ("t:may",))]
    assert line_facts("memory/2027-03-01.md", "- Jenkins switched off", "2027-03-01") == []


def test_the_one_word_change_line_is_superseded_when_the_time_moves() -> None:
    pairs = fact_pairs(
        {
            "memory/2027-03-01.md": "# 2027-03-01\n\n- Jenkins switched off in May\n",
            "memory/2027-04-10.md": (
                "# 2027-04-10\n\n- Jenkins moved to June, the Buildkite migration slipped\n"
            ),
        }
    )
    assert pairs == {("memory/2027-03-01.md", 3): ("memory/2027-04-10.md", 3)}
