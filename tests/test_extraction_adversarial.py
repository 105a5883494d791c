"""The index-time grammars stay linear on adversarial lines: one long line of repeated cues must not cost
the square of its length (fault round 7: a 1 MB line of "Bank: " took an estimated half hour). The wider
sweep (1 MB lines of capitals, "&", "from X to", digits and slashes, commas, ...) is
``benchmarks/fault_round7.py``; here only the shapes that were quadratic, at 200 KB."""

from __future__ import annotations

import time

import pytest

from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.refresh import extract_views

#: Seconds a 200 KB line may take (each took 12-64 s before; about 1 s now on a loaded machine).
LIMIT_S = 6.0


@pytest.mark.parametrize(
    ("head", "unit"),
    [
        ("", "Bank: "),  # a label's value checked from the line's start for every name after it
        ("", "Acme & "),  # every name checked against every span already read as a name
        ("", "Bank of "),
        ("Zorblax ", "The "),  # capitalised small words after a name: the whole run joined again for each
        ("", "an iPhone 15 "),  # a model number's article looked for from the line's start (round 10)
    ],
)
def test_a_long_line_of_one_cue_is_extracted_in_linear_time(head: str, unit: str) -> None:
    line = head + unit * (200_000 // len(unit))
    t0 = time.perf_counter()
    extract_views("memory/2026-01-05.md", f"# d\n\n{line}\n", "2026-01-05")
    took = time.perf_counter() - t0
    assert took < LIMIT_S, f"{took:.1f} s for a 200 KB line of {unit!r}"


def test_a_label_still_types_names_far_along_its_line() -> None:
    filler = ", ".join(f"acct{i}" for i in range(120))  # a long value: no sentence end in it
    text = f"- Bank: {filler}, Monzerra\n- Later. Then Clubkit\n"
    kinds = {m.name: m.kind for m in extract_entities(text).mentions}
    assert kinds["Monzerra"] == "organisation"
    assert kinds.get("Clubkit", "unknown") != "organisation"
    ended = {m.name: m.kind for m in extract_entities(f"- Bank: {filler}. Then Quarrow\n").mentions}
    assert ended.get("Quarrow", "unknown") != "organisation"
