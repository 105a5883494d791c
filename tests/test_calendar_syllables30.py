"""Session 24 (h-names30): a three-letter calendar word inside a Chinese or Korean name of three written
family name first ("Kim Min Jun", "Lee Hae Sun") is a name's syllable, not June or Sunday
(:data:`mdrecall.knowledge.mentions.family_runs.CALENDAR_SYLLABLES`); a day's number after it makes it a
date's.

The lines are written for these tests (a Busan ferry office, an Ipoh print shop), in words of their own."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.mentions.family_runs import family_run


def _names(text: str) -> set[str]:
    return {m.name for m in extract_entities(text, "2027-09-14").mentions}


def test_a_calendar_syllable_ends_a_customs_name() -> None:
    assert "Kim Min Jun" in _names("- Ferry tickets collected by Kim Min Jun at the pier office.\n")
    assert "Lee Hae Sun" in _names("- Proofs checked with Lee Hae Sun before lunch.\n")
    assert family_run(["Chong", "Mei", "Mar"])
    # Two calendar words are no given name: "Lee Mon Sun" is a surname and two days.
    assert not family_run(["Lee", "Mon", "Sun"])


def test_a_day_number_after_it_is_a_date() -> None:
    found = _names("- Posters to Lim Wei Mar 5, then the banners.\n")
    assert "Lim Wei Mar" not in found and "Lim Wei" in found
