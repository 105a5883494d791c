"""A page's label restated (knowledge/changes/state_pairs.py ``field_pairs``): whatever follows a free label
is its value ("Phase: discovery, user interviews"); a later line of the page restating that label with
another value supersedes it. Wordings in no labelled set, and the guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.fact_fields import field_of

from helpers import fact_pairs_in

PAGE = (
    "# Orchard app\n\n- Phase: discovery, user interviews.\n- Budget holder: Priya\n\n"
    "## Log\n\n### 2027-04-02\n\n- {new}\n"
)


def _pairs(tmp_path: Path, new: str) -> dict:
    return fact_pairs_in(tmp_path, (("projects/orchard.md", PAGE.format(new=new)),))


def test_a_label_restated_with_another_value_supersedes_the_label_line(tmp_path: Path) -> None:
    assert _pairs(tmp_path, "Phase: closed beta, invite-only.") == {
        ("projects/orchard.md", 3): ("projects/orchard.md", 10)
    }


@pytest.mark.parametrize(
    "new",
    [
        "Phase: discovery, user interviews.",  # the same value again
        "Phase: also user interviews in Leeds.",  # added to, not changed
        "Launch: closed beta, invite-only.",  # another label: another fact
    ],
)
def test_a_label_restated_with_its_value_or_another_label_supersedes_nothing(
    tmp_path: Path, new: str
) -> None:
    assert ("projects/orchard.md", 3) not in _pairs(tmp_path, new)


def test_one_label_in_two_sections_of_a_page_is_two_facts(tmp_path: Path) -> None:
    text = "# Projects\n\n## Orchard\n\n- Phase: discovery.\n\n## Quince\n\n- Phase: beta testing.\n"
    assert fact_pairs_in(tmp_path, (("projects.md", text),)) == {}


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("Phase: closed beta, invite-only.", ("phas", {"clos", "beta", "invite-only"})),
        ("Opening hours: Mon-Fri 9-5", ("open-hour", {"mon-fri", "9", "5"})),
        ("We're out of stock: reorder", None),  # no thing's label
        ("Dana: will send it Friday", None),  # a person's line
        ("Status: open", None),  # an attribute label, read as a status
    ],
)
def test_field_of_reads_a_free_label_and_its_value(line: str, field: tuple[str, set[str]] | None) -> None:
    got = field_of(line)
    assert (got[0], set(got[1])) == field if field is not None else got is None
