"""Supersession precision (issue 29 part 3): two lines sharing one word, a frequent English word, are one
subject only where a value of one kind and grain differs. A word of a few notes is rare in a small
workspace however common in English ("church", "Mr"), so rarity in the workspace alone paired a change
line with any older line sharing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, stem
from mdrecall.knowledge.fact_lines.value_kinds import kind_differs, other_grain

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str) -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a time stated, then a price of another thing named by the same frequent word
        ("Church opens at 9:30 on Sundays.", "church roof repair costs go up to £4,000 in May"),
        # an honorific shared, two people
        ("Mr Okonjo teaches the Year 3 class.", "Mr Baptiste switched to the evening shift"),
        # a number of an amount ("£12") and of a quantity ("3G") are no numbers that differ
        ("Garden club fees: £12 a year.", "Club moved its 3G sessions to Fernhill."),
    ],
)
def test_one_frequent_word_shared_and_no_value_of_its_kind_changed_pairs_nothing(
    tmp_path: Path, old: str, new: str
) -> None:
    assert not _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Band practice: Wednesdays in the scout hut.", "practice moved to Thursdays from next week"),
        ("Music lessons are on Tuesdays.", "music lessons moved to Thursdays"),
        # a family word names one person; a place stated on both lines is a name that changes
        ("Uncle Tomas lives in Brno.", "My uncle moved to Olomouc in May."),
    ],
)
def test_a_change_of_the_same_kind_of_value_still_pairs(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)


def test_frequent_words_are_read_from_the_shipped_vocabulary() -> None:
    assert frequent_stem(stem("church")) and frequent_stem(stem("school"))
    assert not frequent_stem(stem("Okonjo")) and not frequent_stem(stem("newsletter"))


def test_a_time_of_another_grain_is_another_kind_of_value() -> None:
    assert kind_differs({"t:monday"}, {"t:thursday"})
    assert not kind_differs({"t:9:30"}, {"t:may", "m:4000"})
    assert not kind_differs({"c:okonjo"}, {"c:baptiste"})  # (names: most lines hold one)
    assert kind_differs({"c:brno"}, {"c:olomouc"}, names=True)
    assert not kind_differs({"m:12", "n:12"}, {"q:3g", "n:3"})


def test_a_clock_time_and_a_day_are_times_of_other_grains() -> None:
    assert other_grain("saturday", "12:00") and other_grain("19:45", "friday")
    assert not other_grain("jun", "apr14") and not other_grain("monday 9:00", "10:00")
