"""Notes spoken or typed in lower case: a date with its month in lower case beside a day's number ("on 3rd
november") is a time of the line (fact_lines/fact_values.py), and a value corrected in passing after ",
not" ("we took the 5 night one, not the 3") is a change cue (fact_lines/corrections.py). Wordings and
worlds of our own: a choir's concert, a holiday booked, a plumber's visits."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.corrections import corrects
from mdrecall.knowledge.fact_lines.fact_values import line_times, slots

from helpers import fact_pairs as _pairs


def test_a_lower_case_month_beside_a_day_is_a_date() -> None:
    assert "nov3" in line_times("choir concert is on 3rd november at the town hall")
    assert "dec12" in line_times("plumber comes back december 12th for the boiler")
    assert "sep9" in line_times("moved it to 9 sept")
    # a month's word that is also a verb, before a number: no date
    assert not any(t.startswith("may") for t in line_times("you may 2 of them if you like"))
    assert not any(t.startswith("mar") for t in line_times("we march 5 miles on sunday"))
    # a text the caller lower-cased is read as before
    assert "nov3" not in slots("concert on 3rd november", spoken=False)


def test_a_spoken_plan_moved_to_another_day_pairs() -> None:
    pairs = _pairs(
        {
            "memory/2027-10-02.md": "# 2027-10-02\n\n"
            "- the plumber says he will come on 14th october for the boiler, bring the spare valve\n",
            "memory/2027-10-12.md": "# 2027-10-12\n\n"
            "- plumber texted, he moved the boiler visit to 21st october\n",
        }
    )
    assert pairs[("memory/2027-10-02.md", 3)] == ("memory/2027-10-12.md", 3)


def test_a_value_corrected_after_not() -> None:
    assert corrects("we took the blue bike in the end, not the 40, the shop gave a discount")
    assert corrects("concert is Friday, not Saturday.")
    assert corrects("the gate code is 5512, not 5521")
    assert not corrects("the bike is not bad, not bad at all")
    assert not corrects("she is not the 1st to ask")
    assert not corrects("not 100% sure yet")


def test_a_spoken_correction_supersedes_the_plan() -> None:
    pairs = _pairs(
        {
            "memory/2027-04-03.md": "# 2027-04-03\n\n"
            "- me and sis agreed on the phone, we book the lakeview 3 night package for mum\n",
            "memory/2027-04-09.md": "# 2027-04-09\n\n"
            "- we took the 5 night lakeview package, not the 3, mum said if we go lets go properly\n",
        }
    )
    assert pairs[("memory/2027-04-03.md", 3)] == ("memory/2027-04-09.md", 3)
