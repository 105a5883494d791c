"""The change lines' pass finds an older line by its label (session 26, h-sup38): a change line writing the
word a "Label: value" line is labelled by ("Membership: £40 a year" … "membership is £48 from April"), or
the head of a label of more words ("Asking price: …" … "the price drops to …"), looks that line up though
the word is not among its rarest, where a measured value of the kind it changes differs. Wordings and worlds
of no labelled set; hard negatives beside each (a label word on a line whose value the change line keeps,
a label word on a change line stating a name only)."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
from mdrecall.knowledge.changes.label_probe import label_words
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts

from helpers import fact_pairs_in

CLUB = (
    "# Memory\n\n"
    "- Membership: £40 a year per rider.\n"
    "- Club rides leave the bakery on Saturdays at 08:00.\n"
    "- Membership cards are printed by Ines.\n"
    "- Ines keeps the membership list in a shared sheet.\n"
)
#: The change line's rarest words (Tomasz, said, committee, voted, pub) stand on an earlier line whose values
#: differ too (a jersey order): found first, it was taken for the line changed.
KIT = (
    "memory/2031-02-10.md",
    "# 2031-02-10\n\n- Tomasz said the committee voted at the pub for a jersey order, 30 by March.\n",
)
RISE = (
    "# 2031-03-04\n\n- Tomasz said the insurance rise means £40 won't cover it, the committee voted at"
    " the pub, so membership is £48 from April.\n"
)


def _facts(files: dict[str, str]) -> list[Fact]:
    out: list[Fact] = []
    for rel, text in sorted(files.items()):
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        out += line_facts(rel, text, day)
    return out


def test_a_change_line_writing_a_lines_label_finds_it(tmp_path: Path) -> None:
    pairs = fact_pairs_in(tmp_path, (("MEMORY.md", CLUB), KIT, ("memory/2031-03-04.md", RISE)))
    assert pairs == {("MEMORY.md", 3): ("memory/2031-03-04.md", 3)}  # (not the jersey order's line)


def test_a_label_line_whose_value_the_change_line_keeps_is_not_taken(tmp_path: Path) -> None:
    """The change line names the £40 again as what stays: no measured value differs."""
    same = RISE.replace("£40 won't cover", "we can cover").replace("is £48", "stays £40")
    pairs = fact_pairs_in(tmp_path, (("MEMORY.md", CLUB), KIT, ("memory/2031-03-04.md", same)))
    assert ("MEMORY.md", 3) not in pairs


def test_a_label_word_with_a_name_changed_only_is_not_taken(tmp_path: Path) -> None:
    """A name differs between any two lines: a label found is weighed only where a time or measure does."""
    named = RISE.replace("is £48", "goes through Kasia").replace("£40 won't cover", "paperwork for")
    pairs = fact_pairs_in(tmp_path, (("MEMORY.md", CLUB), KIT, ("memory/2031-03-04.md", named)))
    assert ("MEMORY.md", 3) not in pairs


def test_the_head_of_a_label_of_more_words_is_its_label() -> None:
    (price,) = line_facts("flat.md", "# Flat\n\n- Asking price: 3 100 000 kr (the agent's advice).\n", None)
    assert stem("price") in label_words(price)  # (the head of "asking price")
    (plain,) = line_facts(
        "flat.md", "# Flat\n\n- The agent rang about the viewing on Sunday at 14:00.\n", None
    )
    assert label_words(plain) == frozenset()


def test_pairing_after_a_label_line_is_added_equals_pairing_anew() -> None:
    """The label line's file changed, not the change line's: the change line holding the label word looks
    it up again (the update pairs as pairing anew does), and again when it goes."""
    full = {"MEMORY.md": CLUB, KIT[0]: KIT[1], "memory/2031-03-04.md": RISE}
    without = {**full, "MEMORY.md": CLUB.replace("- Membership: £40 a year per rider.\n", "- Helmets on.\n")}
    before = supersessions(_facts(without))
    facts = _facts(full)
    after = supersessions_update(facts, before, {"MEMORY.md"})
    assert after == supersessions(facts) and ("MEMORY.md", 3) in after
    again = supersessions_update(_facts(without), after, {"MEMORY.md"})
    assert again == supersessions(_facts(without))


def test_the_funnel_names_a_line_found_by_its_label_but_not_weighed() -> None:
    """The pass's diagnosis (``change_gates``) tells a label found with no measured value differing from a
    rare word never looked up."""
    from mdrecall.knowledge.changes.change_gates import change_gates

    named = RISE.replace("is £48", "goes through Kasia").replace("£40 won't cover", "paperwork for")
    facts = _facts({"MEMORY.md": CLUB, KIT[0]: KIT[1], "memory/2031-03-04.md": named})
    pair = (("MEMORY.md", 3), ("memory/2031-03-04.md", 3))
    gates = change_gates(facts, {}, [pair])[pair]
    assert gates[0] == "probe: found by its label, no measured value differs"
