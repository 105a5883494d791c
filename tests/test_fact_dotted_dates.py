"""Fact values (issue 29 part 3): a dotted date, day first ("12.3.", as Nordic, German and Polish notes
write them), is a time a change can move; a value named only as the one set aside ("… rather than 3.7.")
is not the line's own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.fact_values import line_times, slots

from helpers import fact_pairs


def test_a_dotted_date_is_a_day_of_a_month() -> None:
    assert line_times("- Ferry with Viking Line on 3.7., cabin for four") == {"jul3"}
    assert line_times("the school trip is 15.10.2027 this year") == {"oct15"}
    assert "nov4" not in line_times("the release 4.11. ships with the fix")  # a version, not a date


def test_a_decimal_at_a_sentences_end_is_no_date() -> None:
    assert not line_times("Bumped the SDK to 4.5. Nothing broke.")
    assert not line_times("- Interest rate is 4.5.")
    assert "n:4.5" in slots("- Interest rate is 4.5.")


def test_a_value_set_aside_is_not_the_lines() -> None:
    found = slots("Rehearsals are at the Corn Exchange rather than St Mary's Hall, from May")
    assert {"c:corn", "c:exchange", "t:may"} <= found
    assert "c:mary" not in found and "c:hall" not in found
    assert slots("- ferry now 5.7. instead of 3.7. (Viking Line called)") >= {"t:jul5", "c:viking"}
    assert "t:jul3" not in slots("- ferry now 5.7. instead of 3.7. (Viking Line called)")


def test_a_dotted_date_moved_supersedes_the_older() -> None:
    pairs = fact_pairs(
        {
            "memory/2027-02-01.md": "# 2027-02-01\n\n- Ola's dentist with Dr Nilsen: 12.3., check-up\n",
            "memory/2027-03-01.md": "# 2027-03-01\n\n- Ola's dentist moved to 19.3., Dr Nilsen is off sick\n",
        }
    )
    assert pairs == {("memory/2027-02-01.md", 3): ("memory/2027-03-01.md", 3)}


def test_a_date_set_aside_does_not_confirm_the_older() -> None:
    pairs = fact_pairs(
        {
            "trips/islands.md": "# Island trip\n\n- Ferry with Viking Line on 3.7., cabin for four\n",
            "memory/2027-06-01.md": (
                "# 2027-06-01\n\n- ferry rebooked: Viking Line now 5.7. rather than 3.7., same cabin\n"
            ),
        }
    )
    assert pairs == {("trips/islands.md", 3): ("memory/2027-06-01.md", 3)}
