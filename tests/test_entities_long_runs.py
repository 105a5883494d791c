"""Entities on a long line whose names each follow a long run of closing punctuation (fault round 11): the
text read before each name stays bounded, so the line costs linear time."""

from __future__ import annotations

from collections.abc import Callable

from growth import near_linear

from mdrecall.knowledge.mentions.extract import extract_entities


def test_names_after_long_runs_of_closing_brackets_cost_linear_time() -> None:
    # each name once read its whole line before it when the last 256 characters were only ")" and spaces:
    # 2,000 names on a 620 KB line took 15 s, now 0.1 s
    def make(n: int) -> Callable[[], list[object]]:
        line = "- seating " + (")" * 300 + " Ingrid Solberg ") * n + "\n"
        return lambda: list(extract_entities(line, "2027-05-04").mentions)

    make(2)()  # what the first call loads is no part of the growth
    assert len(near_linear(make, 2000)) == 2000
