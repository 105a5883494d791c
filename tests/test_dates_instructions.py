"""Session 21, dates (h-dates24): a clause opening with a verb in its base form and no subject is an
instruction or a plan, so a day of the month in it with no other cue is the coming one ("Packed the
trunk. Leave on the 16th." written on 27 April is 16 May, not the 16th just gone); the verbs are WordNet's
(``text/data/base_verbs.txt``). Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.instructions import base_verb, opens_instruction

#: 2029-04-27 is a Friday; the 16th just gone is 11 days back, the coming one 19 days ahead.
_WRITTEN = date(2029, 4, 27)


def _first(line: str) -> date:
    return note_dates(line, _WRITTEN, False, None, "dmy")[0].days[0]


@pytest.mark.parametrize(
    "line",
    [
        "- Packed the trunk halfway. Leave on the 16th.",
        "- Return the drill to Oisín on the 16th",
        "- Ring the kennels: collect Moss on the 16th",
        "- Kiln's loaded (bisque). Open it on the 16th",
    ],
)
def test_a_day_in_an_instruction_is_the_coming_one(line: str) -> None:
    assert _first(line) == date(2029, 5, 16)


@pytest.mark.parametrize(
    "line",
    [
        "- Got the keys on the 16th",  # a past verb
        "- Check on the 16th went fine",  # a past verb after the day
        "- Storm on the 16th flattened the polytunnel",  # a noun, no verb in its base form
        "- Party on the 16th was loud",  # mostly a noun in WordNet
        "- Rent was paid on the 16th",
    ],
)
def test_a_report_keeps_its_reading(line: str) -> None:
    assert _first(line) == date(2029, 4, 16)


def test_the_lexicon_keeps_verbs_used_as_verbs() -> None:
    assert all(base_verb(w) for w in ("leave", "collect", "ring", "return", "go"))
    assert not any(base_verb(w) for w in ("book", "party", "table", "put", "shut", "storm"))


def test_an_instruction_opens_its_sentence_or_item() -> None:
    line = "- packed. leave on the 16th"
    assert opens_instruction(line, line.index("the 16th"))
    line = "- leave on the 16th"
    assert opens_instruction(line, line.index("the 16th"))
    for line in (
        "- we leave on the 16th",
        "- leave it, we'll see on the 16th",
        "- float 9,750 after the 16th",
    ):
        assert not opens_instruction(line, line.index("the 16th")), line
