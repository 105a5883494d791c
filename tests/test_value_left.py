"""Supersession by a value left (knowledge/changes/value_left.py): a later line naming the value it leaves
supersedes every earlier line stating that value, and nothing else. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.changes.value_left import left_values

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("switched the team chat from slack to matrix", {"slack"}),
        ("docs moved from read the docs to github pages", {"read"}),
        ("we are dropping mailchimp for buttondown", {"mailchimp"}),
        ("the choir is leaving st aidan's hall", {"st", "aidan"}),
        ("jenkins was replaced by drone ci", {"jenkin"}),
        ("bookkeeping goes to fenwick not our intern", {"intern"}),
        ("the shop is open from 9 to 5 on saturdays", set()),  # a span: nothing changed
        ("lee has taken over the gas cylinders from dana who is part-time now", set()),  # no "to"
    ],
)
def test_the_values_a_line_leaves(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_value_left_supersedes_every_line_stating_it_and_no_other() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Team chat is on Slack.\n"
            "- Technician: Dana Price. Postdoc: Lee Wong.\n",
            "notes/team.md": "# Team\n\n- Chat lives in Slack, #general for announcements.\n",
            "memory/2027-04-02.md": "# 2027-04-02\n\n- Switched team chat from Slack to Matrix.\n"
            "- Lee has taken over the gas cylinders from Dana, who is part-time now.\n",
        }
    )
    # the page and MEMORY.md both said Slack: both superseded (the change lines' pass took only one);
    # the roster naming Dana is not ("from Dana" names who had the cylinders, not a value left)
    assert pairs == {
        ("MEMORY.md", 3): ("memory/2027-04-02.md", 3),
        ("notes/team.md", 3): ("memory/2027-04-02.md", 3),
    }


def test_a_contrast_with_the_old_value_supersedes_it_whatever_the_verb() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- The accounts are done in-house by our intern Pavel.\n",
            "memory/2027-04-02.md": "# 2027-04-02\n\n"
            "- Decision: the accounts go to Fenwick & Co, not Pavel.\n",
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-04-02.md", 3)}


def test_a_log_line_leaving_a_named_value_is_a_fact_line_that_supersedes_it() -> None:
    """A dated line saying nothing changed is no fact line, but one leaving a named value is."""
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- The shop's website runs on Shopify.\n",
            "memory/2027-04-02.md": "# 2027-04-02\n\n"
            "- Chat with Mo: the shop is leaving Shopify, we'll rebuild on Wix.\n"
            "- Leaving drinks for Mo on Friday.\n",
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-04-02.md", 3)}


def test_a_value_gone_or_kept_as_a_fallback_ends_every_standing_fact_naming_it() -> None:
    """ "X is gone" and "X stays as a fallback": X's role ended, so a standing fact with X for its value is
    superseded even where the two lines share no other word; a dated log line naming X is not."""
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Backups go to Backblaze every night.\n"
            "- Newsletter mail goes out through Mailgun.\n",
            "memory/2027-05-02.md": "# 2027-05-02\n\n- Backblaze billed us twice this month.\n",
            "memory/2027-05-10.md": "# 2027-05-10\n\n"
            "- Backblaze is gone: nightly snapshots land on the Hetzner box since Sunday.\n"
            "- Newsletter sending moved over to Postmark; Mailgun stays as a fallback for a while.\n",
        }
    )
    assert pairs == {
        ("MEMORY.md", 3): ("memory/2027-05-10.md", 3),
        ("MEMORY.md", 4): ("memory/2027-05-10.md", 4),
    }


@pytest.mark.parametrize(
    ("line", "gone"),
    [
        ("the cloud vault is gone snapshots live on hetzner", {"vault", "cloud"}),
        ("mailgun stays as a fallback", {"mailgun"}),
        ("tom is gone for a week", set()),  # someone away: nothing left
        ("the back door is open", set()),
    ],
)
def test_the_values_whose_role_ended(line: str, gone: set[str]) -> None:
    from mdrecall.knowledge.fact_lines.leave_grammar import ended_values

    assert ended_values(line) == gone


def test_a_choice_not_made_after_all_supersedes_the_choice_not_a_mere_mention() -> None:
    """ "not using X after all" ends the line choosing X; a line only naming X (an opinion of it) stays."""
    pairs = _pairs(
        {
            "people/oona.md": "# Oona Price\n\n- Prefers Svelte, wary of Angular.\n",
            "memory/2027-05-02.md": "# 2027-05-02\n\n"
            "- Decision: the booking site will be built in Angular.\n",
            "memory/2027-05-20.md": "# 2027-05-20\n\n"
            "- Booking site: after the prototype we're not using Angular after all; plain Svelte it is.\n",
        }
    )
    assert pairs == {("memory/2027-05-02.md", 3): ("memory/2027-05-20.md", 3)}
