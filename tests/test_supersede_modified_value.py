"""A change line naming a shared word with another modifier than the older line (session 28, h-sup48): the
word modified otherwise is the value the change replaces ("in the Parish hall" … "to the Scout hall"), or
its modifier stood across a clause's end the stored words lose ("Called Brightwell: …" … "Office:
Brightwell rang"), where the change line says a change by a word of change and the lines share a thing
beside it. Two things of one kind ("hockey training" … "netball training") stay apart. Wordings and worlds
of our own (a choir, a boiler's service, a youth club, a pottery studio)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.phrase_modifiers import modified, modified_stems

from helpers import fact_pairs_in

#: Lines about other things, so that the pairs' words are rare among several lines, as in a workspace.
_OTHER = (
    "- Bins go out on Thursday night.\n- The allotment key hangs by the back door.\n"
    "- Grandma's birthday is on the 9th of August.\n- Car insurance renews in October with Aviva.\n"
)


def _paired(tmp_path: Path, old: str, new: str) -> bool:
    notes = [
        ("MEMORY.md", f"# Memory\n\n- {old}\n{_OTHER}"),
        ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n"),
    ]
    return ("MEMORY.md", 3) in fact_pairs_in(tmp_path, notes)


def test_modified_stems_names_each_word_modified_otherwise() -> None:
    old = "Choir practice Tuesdays 19:30 in the Elmfield Parish hall"
    new = "choir practice moved to Thursdays 19:30 in the Riverside Scout hall"
    assert modified_stems(old, new, {"choir", "practic", "hall"}) == {"hall"}
    assert modified(old, new, {"choir", "practic", "hall"})
    assert not modified_stems("Choir practice Tuesdays", "choir practice moved to Thursdays", {"choir"})


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (  # the place the change moves it to: another hall
            "Choir practice: Tuesdays at 19:30 in the Elmfield Parish hall.",
            "Choir practice moved from next week: Thursdays at 19:30, in the Riverside Scout hall instead.",
        ),
        (  # the modifier of the older's name stood before a label's colon ("Called Brightwell: …")
            "Called Brightwell: the boiler service is with their Leeds team.",
            "Office: Brightwell rang, the boiler service moves to their York team from June.",
        ),
    ],
)
def test_a_value_modified_otherwise_is_the_change(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (  # two things of one kind: only the word modified otherwise is shared
            "Hockey training: Mondays 17:00 at the leisure centre.",
            "Netball training moved to Wednesdays 17:30 from next week.",
        ),
        (  # no word of change ("now" only): another studio's rent
            "Kestrel Studio rent is £900 a month for the kiln room.",
            "Lantern Studio rent is now £950 a month for the kiln room.",
        ),
    ],
)
def test_another_thing_of_one_kind_is_not_superseded(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)
