"""The change lines' pass's gates (issue 29 part 3, h-supgate): a later line naming the older line's head
("Choir rehearsal: …" … "Choir rehearsal is now …") is about the same thing however long it is, and a
change line whose rarest words find no earlier line looks further. Wordings and worlds of no labelled set;
hard negatives beside each (a chat's speaker and thanks, a further word alone shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.change_candidate import head_named
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs_in

REASON = (
    "the new pilates class took our Tuesday evenings; Ines sends the scores round by Sunday, parking"
    " behind the church, bring a water bottle"
)


def test_a_long_change_line_naming_the_older_lines_head_supersedes_it(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "MEMORY.md",
                "# Memory\n\n- Choir rehearsal: Tuesdays 19:30 at St Anne's with Ferraz on the upright"
                " piano.\n",
            ),
            (
                "memory/2030-05-06.md",
                f"# 2030-05-06\n\n- Choir rehearsal is now Thursdays at 20:00 ({REASON}).\n",
            ),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2030-05-06.md", 3)}


@pytest.mark.parametrize("thanks", ["Thanks", "thanks"])
def test_a_head_that_is_a_speaker_waives_no_floor(tmp_path: Path, thanks: str) -> None:
    # a chat's turns open with the speaker: "Odile: thanks, …" twice is no subject shared
    older = f"# 2030-05-01\n\n- Odile: {thanks}, Bram! The kiln finally fires evenly.\n"
    newer = (
        f"# 2030-05-09\n\n- Odile: {thanks}, Bram. These days the glaze studio opens at 08:00 and the"
        " pottery classes fill every weekend, which makes a lovely difference to the street.\n"
    )
    pairs = fact_pairs_in(tmp_path, (("memory/2030-05-01.md", older), ("memory/2030-05-09.md", newer)))
    assert pairs == {}
    (old,) = line_facts("memory/2030-05-01.md", older, "2030-05-01")
    (new,) = line_facts("memory/2030-05-09.md", newer, "2030-05-09")
    assert not head_named(old, new)


#: The newer's rarest words (Quillon, Brecken, Tasso) stand only on a later line; the thing changed
#: ("seed supplier") on three lines.
LATER = (
    "memory/2030-02-20.md",
    "# 2030-02-20\n\n- Quillon Brecken Tasso sent the catalogue.\n"
    "- The old seed supplier refund came through, 40 EUR.\n",
)
SWITCH = (
    "memory/2030-02-10.md",
    "# 2030-02-10\n\n- Switched seed supplier to Quillon Brecken Tasso from this spring.\n",
)


def test_a_change_line_whose_rarest_words_find_nothing_earlier_looks_further(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (("MEMORY.md", "# Memory\n\n- Seed supplier: Harlow Seeds, order every March.\n"), SWITCH, LATER),
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2030-02-10.md", 3)


def test_a_line_found_by_a_further_word_alone_needs_more_words_shared(tmp_path: Path) -> None:
    # the older shares one less rare word ("supplier") with the change line, among many of its own
    older = "# Memory\n\n- Supplier: Harlow, order every March, pay by invoice.\n"
    pairs = fact_pairs_in(tmp_path, (("MEMORY.md", older), SWITCH, LATER))
    assert ("MEMORY.md", 3) not in pairs


def test_a_word_of_order_before_the_shared_word_is_no_other_kind(tmp_path: Path) -> None:
    # "kitchen quote" … "a second quote": another quote for the same job, not another kind of quote
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Memory\n\n- Kitchen quote: €4,200 from Brandt & Sons, fitting included.\n"),
            (
                "memory/2031-04-02.md",
                "# 2031-04-02\n\n- A second quote came in, €3,650 from Holm Joinery; going with Holm"
                " instead.\n",
            ),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-04-02.md", 3)}
