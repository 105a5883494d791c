"""Supersession (issue 29 part 3, session 16, held_out_8's misses): the holder of an owner verb in the
active voice is the name before it, not the thing held after it. Wordings and worlds of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.changes.change_candidate import told_after
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.knowledge.fact_lines.value_kinds import swaps_values

from helpers import fact_pairs as _pairs


def _owner(line: str) -> set[str]:
    (fact,) = line_facts("memory/2029-05-02.md", line, "2029-05-02")
    return set(dict(zip(fact.attrs, fact.values, strict=True))["owner"].split())


@pytest.mark.parametrize(
    ("line", "owner"),
    [
        ("Harbor Lane Studio takes over the Field Guide plates from June", {"harbor", "lane", "studio"}),
        ("Since the spring Noor manages the Lisbon Office kitchen rota", {"noor"}),
        ("Tessellate (Porto) took over Night Shift QA last week", {"tessellate", "porto"}),
        ("The Harbor Lane rota is managed by Noor", {"harbor", "lane", "noor"}),  # passive: the whole clause
    ],
)
def test_an_active_owner_verb_holds_the_name_before_it(line: str, owner: set[str]) -> None:
    assert _owner(line) == owner


def test_a_new_holder_supersedes_the_line_naming_the_thing_held() -> None:
    """The takeover names the thing held ("the Field Guide plates"), which the older line names too: that
    is the fact changed, not a sign that the newer only tells the older again; and a slip naming the old
    holder is not the line the takeover supersedes."""
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Field Guide plates are drawn by Inkwell Press (paid per plate).\n",
            "memory/2029-03-05.md": "# 2029-03-05\n\n"
            "- field guide v2 slipped a fortnight: Inkwell's plates came in unfinished. New print date is "
            "the 19th.\n",
            "memory/2029-04-11.md": "# 2029-04-11\n\n"
            "Harbor Lane Studio (Lisbon) takes over the Field Guide plates from June 1; Inkwell's contract "
            "ends in May.\n",
        }
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2029-04-11.md", 3)
    assert ("memory/2029-03-05.md", 3) not in pairs


def test_a_swap_of_days_supersedes_the_line_naming_both_days() -> None:
    """A swap keeps the same values (the two days) and moves who holds which: a change of that line, not
    of a line sharing one chance word ("work") and another day."""
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n"
            "- Bin duty (Elm Court flats): we take Tuesdays, Priya Raman takes Fridays.\n",
            "home/allotment.md": "# Allotment\n\n- Autumn work day: last Sunday of October\n",
            "memory/2031-03-04.md": "# 2031-03-04\n\n"
            "- swapped bin days with Priya (new shift at work), so Fridays are ours now and she takes "
            "Tuesdays\n",
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-03-04.md", 3)}


@pytest.mark.parametrize(
    ("old", "new", "words", "swaps"),
    [
        ({"t:monday", "t:thursday", "c:ana"}, {"t:monday", "t:thursday"}, "traded days with Ana", True),
        ({"t:monday", "t:thursday"}, {"t:monday", "t:thursday"}, "still Mondays and Thursdays", False),
        ({"t:monday", "t:friday"}, {"t:monday", "t:sunday"}, "swapped Friday for Sunday", False),  # one kept
    ],
)
def test_a_swap_holds_two_values_of_the_older(old: set[str], new: set[str], words: str, swaps: bool) -> None:
    assert swaps_values(old, new, words) is swaps


def test_a_role_handed_on_after_a_leaving_supersedes_the_role_line() -> None:
    """The line leaves a company the role line does not name, then tells the role's new holder: the
    second change is of the role line (standing, on the person's page)."""
    pairs = _pairs(
        {
            "people/mei-lin.md": "# Mei Lin\n\n- Night lead for packing at the Leeds depot. Lives in York.\n",
            "memory/2030-05-06.md": "# 2030-05-06\n\n"
            "Mei Lin told me she's leaving Corvid at the end of June, going to a bakery in Hull. Ravi "
            "inherits the packing lead.\n",
        }
    )
    assert pairs == {("people/mei-lin.md", 3): ("memory/2030-05-06.md", 3)}


@pytest.mark.parametrize(
    ("words", "shared", "told"),
    [
        ("Mei told me she's leaving Corvid in June Ravi inherits the packing lead", {"pack"}, True),
        ("switched the file storage from Dropbox to Box", {"storag"}, False),  # the change is the leaving
        ("moved the packing to Monday and left Corvid", {"pack"}, False),  # nothing told after the value
    ],
)
def test_a_change_told_after_a_value_left(words: str, shared: set[str], told: bool) -> None:
    gone = left_values(words.lower())
    assert gone and told_after(words, gone, shared) is told
