"""Two lines naming a shared word with other words before it are two subjects ("hockey training" …
"netball training"), but not where the word before it is no modifier: a number ("two cups" … "one
cup"), a part of the other's hyphenated word ("price-list total" … "price list"), a short form of the
other's ("administration desk" … "admin desk"), or a lower-case word before a name's word (the stored
words keep no punctuation: "Ferry operator: Hebridean Lines" … "switched to Orcadia; Hebridean Lines
ends"). A person's name keeps the old reading: people are named in passing. Wordings and worlds of our
own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.line_subjects import subject_stems
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified

from helpers import fact_pairs_in


def _modified(old: str, new: str) -> bool:
    return modified(old, new, subject_stems(old) & subject_stems(new))


def _paired(tmp_path: Path, old: str, new: str) -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tea ration two bags a day", "cut tea to one bag a day"),
        ("Price-list total is 900", "price list total down to 700"),
        ("Administration desk closed on Mondays", "admin desk moved to Tuesdays"),
        ("Ferry operator Hebridean Lines", "ferry contract given to Orcadia Hebridean Lines ends in May"),
        ("Barge MV Dornoch skipper Kenneth", "Kenneth moved to the depot Dornoch's new skipper is Lindqvist"),
    ],
)
def test_no_modifier_before_the_shared_word(old: str, new: str) -> None:
    assert not _modified(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Hockey training is on Tuesdays", "netball training moved to Thursdays"),
        ("Kestrel Studio does the logo", "Lantern Studio took over the logo"),
        # a name's word on one line, a common noun on the other: two subjects
        ("The kiosk is run by Beanbag Tea", "cut tea to one bag a day"),
        # a person named in passing keeps the old reading
        ("Attendees Ngozi Lukas Mei Omar", "First one without Lukas Omar inherits the trials"),
    ],
)
def test_a_modifier_before_the_shared_word(old: str, new: str) -> None:
    assert _modified(old, new)


def test_a_supplier_replaced_past_a_clause_supersedes(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Ferry operator: Hebridean Lines.",
        "ferry contract switched to Orcadia; Hebridean Lines finishes end of the month",
    )


def test_a_short_form_of_the_older_modifier_supersedes(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Practice court is closed on Fridays for repainting.",
        "prac court repainting moved to Monday mornings",
    )
