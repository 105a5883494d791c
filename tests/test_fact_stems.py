"""The fact lines' stems (issue 29 part 3): a plural in "-s" after a word's own "e" ("tiles", "rates",
"votes") keeps the stem of its singular, so an older line and the change to it share their subject word."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.fact_values import stem, subject_words

from helpers import fact_pairs


@pytest.mark.parametrize(
    ("plural", "singular"),
    [("tiles", "tile"), ("rates", "rate"), ("votes", "vote"), ("hoses", "hose"), ("canoes", "canoe")],
)
def test_a_plural_after_a_words_own_e_shares_its_singulars_stem(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)


@pytest.mark.parametrize(
    ("plural", "singular"),
    [
        ("boxes", "box"),
        ("matches", "match"),
        ("wishes", "wish"),
        ("classes", "class"),
        ("invoices", "invoice"),
    ],
)
def test_a_plural_in_es_still_shares_its_singulars_stem(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)


def test_subject_words_of_a_plural_and_a_singular_meet() -> None:
    assert subject_words("Hose reels by the shed") & subject_words("the hoses are in the garage now")


def test_a_rate_changed_supersedes_the_rates_line() -> None:
    pairs = fact_pairs(
        {
            "marina/berth.md": (
                "# Our berth at Kettle Quay\n\n- Mooring rates: £40 a month.\n"
                "- Keys with the harbourmaster.\n"
            ),
            "memory/2027-04-02.md": "# 2027-04-02\n\n- harbourmaster says the rate goes up to £45 from May\n",
        }
    )
    assert pairs == {("marina/berth.md", 3): ("memory/2027-04-02.md", 3)}


def test_a_tile_supplier_switched_supersedes_the_tiles_line() -> None:
    pairs = fact_pairs(
        {
            "house/bathroom.md": (
                "# Bathroom redo\n\n- Tiles: Castellano Ceramics, grey slate look.\n- Plumber: Dev.\n"
            ),
            "memory/2027-04-02.md": (
                "# 2027-04-02\n\n- switched the tile supplier to Porcelanosa, Castellano couldn't deliver\n"
            ),
        }
    )
    assert pairs == {("house/bathroom.md", 3): ("memory/2027-04-02.md", 3)}


def test_a_new_vote_counter_supersedes_the_votes_line() -> None:
    pairs = fact_pairs(
        {
            "coop/board.md": "# Board\n\n- Votes are counted by Imogen.\n",
            "memory/2027-04-02.md": "# 2027-04-02\n\n- vote counting is Hassan's job now\n",
        }
    )
    assert pairs == {("coop/board.md", 3): ("memory/2027-04-02.md", 3)}
