"""A rare name opening the value of a label that tells its kind ("- Insurer: Brackwater Mutual.") is typed
by the page's structure, not only hinted: it counts as a name's own cue does in the vote across mentions,
so a short form read otherwise elsewhere ("Brackwater agreed the figure": a verb a person's) does not
outvote it (:func:`~mdrecall.knowledge.mentions.candidate_kinds.add_typed`, session 25). A loss
adjuster's claim files, written for this test."""

from __future__ import annotations

from pathlib import Path

from helpers import entity_kinds

NOTES = {
    "memory/claim-tq-118.md": "# Claim TQ-118\n\n- Insurer: Brackwater Mutual.\n- Peril: escape of water.\n",
    "memory/claim-tq-131.md": "# Claim TQ-131\n\n- Insurer: Brackwater Mutual (landlord policy).\n",
    "memory/2027-03-09.md": (
        "# 9 March\n\n- TQ-118: Brackwater agreed the £40k contents figure.\n"
        "- Sent the drying report to Brackwater Mutual this morning.\n"
    ),
}


def test_a_label_types_a_rare_name_as_strongly_as_its_own_words(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    kinds = {name.split()[0]: kind for name, kind in kinds.items()}  # the short form may name the entity
    assert kinds["Brackwater"] == "organisation"
