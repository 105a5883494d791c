"""Supersession precision on unlabelled notes (issue 29 item 3, the audit in docs/entities.md): a change
verb denied or only imagined ("won't quit", "don't ever give up", "might switch"), a change word that is
a noun ("her hands on the wheel", "some moves"), and "up to" before no amount ("been up to") tell no
change, so they supersede nothing. Wordings and worlds of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.leave_grammar import left_values

from helpers import pairs_of as _pairs


def test_a_change_verb_denied_or_imagined_is_no_change() -> None:
    for line in (
        "Oskar says he won't quit the Hollins choir whatever the conductor does",
        "Gran is not gonna give up her Thursday bridge table",
        "Rehearsal was rough but don't ever quit on the tenor part",
        "nothing has changed with the allotment rota",
        "the council might switch the bin collection to fortnightly",
        "we should have moved the pottery stall nearer the gate",
        "the ferry wasn't cancelled despite the wind",
    ):
        assert signal(line) is None, line


def test_a_change_told_with_a_negation_of_its_own_still_signals() -> None:
    for line in (
        "the pottery stall is not by the gate any more",
        "the choir no longer meets at St Aidan's",
        "not Tuesday, rehearsal is Thursday instead",
        "we're not driving to Oban after all",
        "Oskar quit the Hollins choir last week",
        "the ferry was cancelled because of the wind",
        "they didn't renew so we switched to the Kelso depot",
    ):
        assert signal(line) == "strong", line


def test_a_change_word_written_as_a_noun_or_up_to_before_no_amount_is_no_change() -> None:
    for line in (
        "Lena stood with her hands on the wheel the whole drive",
        "Ilse learnt some moves at the salsa class in Leith",
        "what have the twins been up to at the farm",
        "whether the kitchen gets painted is up to Grandma",
    ):
        assert signal(line) is None, line
    assert signal("the allotment fee went up to £45 this year") == "strong"
    assert signal("Rafi hands over the till keys on Friday") == "strong"
    assert signal("the pottery stall moves to the east gate") == "strong"


def test_a_leaving_denied_leaves_no_value() -> None:
    assert left_values("oskar won't quit the choir") == frozenset()
    assert left_values("gran is never giving up bridge") == frozenset()
    assert left_values("oskar quit choir in may")


#: An older line: Oskar's standing in the choir.
_CHOIR = "# 2031-03-02\n\n- Oskar sings tenor in the Hollins choir on Wednesdays, sharing solos with Bea.\n"


def test_an_encouragement_not_to_quit_or_a_refusal_to_quit_supersedes_no_earlier_line() -> None:
    for newer in (
        "- Bea: rough rehearsal. Oskar, keep at it and don't quit the Hollins choir!",
        "- Oskar won't quit the Hollins choir on Wednesdays despite the new conductor.",
    ):
        pairs = _pairs({"memory/2031-03-02.md": _CHOIR, "memory/2031-04-11.md": f"# 2031-04-11\n\n{newer}\n"})
        assert ("memory/2031-03-02.md", 3) not in pairs, newer


def test_a_leaving_told_still_supersedes_the_earlier_line() -> None:
    newer = "# 2031-04-11\n\n- Oskar quit the Hollins choir, Bea has the solos now.\n"
    pairs = _pairs({"memory/2031-03-02.md": _CHOIR, "memory/2031-04-11.md": newer})
    assert pairs.get(("memory/2031-03-02.md", 3)) == ("memory/2031-04-11.md", 3)


def test_the_pronoun_i_is_no_option_weighed_or_decided() -> None:
    pairs = _pairs(
        {
            "memory/2031-05-02.md": (
                "# 2031-05-02\n\n- Tomasz: it might rain but I'm hoping to plant the leeks on Saturday.\n"
            ),
            "memory/2031-09-20.md": (
                "# 2031-09-20\n\n- Tomasz: thanks Wiktor, it's a big decision but I'm glad it's made.\n"
            ),
        }
    )
    assert ("memory/2031-05-02.md", 3) not in pairs


def test_a_change_only_wished_is_no_change() -> None:
    for line in (
        "1:1 w/ colm: he'd like to hand the treasurer job to someone else next spring",
        "Priya wants to switch the allotment rota to an app",
        "we would rather move the pottery stall nearer the gate",
        "hoping to swap the ferry booking to the later sailing",
    ):
        assert signal(line) is None, line
    assert signal("Colm hands the treasurer job to Aoife from March") == "strong"
    assert signal("we decided to move the pottery stall nearer the gate") == "strong"


def test_a_wish_to_hand_over_a_role_does_not_supersede_who_holds_it() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Treasurer: Colm Byrne.\n",
            "memory/2031-01-10.md": "# 2031-01-10\n\n"
            "- chat w/ colm: he'd like to hand the treasurer job to someone else in March\n",
        }
    )
    assert ("MEMORY.md", 3) not in pairs
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Treasurer: Colm Byrne.\n",
            "memory/2031-01-10.md": "# 2031-01-10\n\n- Colm hands the treasurer job to Aoife in March\n",
        }
    )
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-01-10.md", 3)
