"""Entities on a long line whose names each follow a long run of closing punctuation (fault round 11): the
text read before each name stays bounded, so the line costs linear time."""

from __future__ import annotations

import time

from mdrecall.knowledge.mentions.extract import extract_entities


def test_names_after_long_runs_of_closing_brackets_cost_linear_time() -> None:
    # each name once read its whole line before it when the last 256 characters were only ")" and spaces:
    # 2,000 names on a 620 KB line took 15 s, now 0.1 s
    line = "- seating " + (")" * 300 + " Ingrid Solberg ") * 2000 + "\n"
    t0 = time.process_time()
    found = extract_entities(line, "2027-05-04").mentions
    assert time.process_time() - t0 < 3.0
    assert len(found) == 2000
