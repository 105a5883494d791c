"""A firm named for its trade in the plural is an organisation, not a person (``trade_names``): a
household's renovation of a terraced house, on a real workspace; a person whose surname reads as a trade
stays a person."""

from __future__ import annotations

from pathlib import Path

from helpers import entity_kinds

NOTES = {
    "memory/2027-09-06.md": (
        "# Monday\n\n"
        "- Quote from Penhallow Glaziers came in at 2,300 for the sash windows.\n"
        "- Sent the armchair photos to Tresillian Upholsterers, they can do it in October.\n"
        "- Coffee with Ruth Masons, back from her sister's in Truro.\n"
    ),
    "memory/2027-09-13.md": (
        "# Monday\n\n"
        "- The Penhallow Glaziers lads measured up the back bedroom.\n"
        "- Tresillian Upholsterers want the fabric chosen by Friday.\n"
        "- Ruth Masons says the quilt is nearly done.\n"
    ),
}


def test_a_trade_in_the_plural_names_a_firm(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Penhallow Glaziers"] == "organisation"
    assert kinds["Tresillian Upholsterers"] == "organisation"
    assert kinds["Ruth Masons"] == "person"


def test_the_shape_of_a_trade_firm() -> None:
    from mdrecall.knowledge.mentions.trade_names import trade_firm

    assert trade_firm(["Tregony", "Plasterers"])
    assert trade_firm(["Morrow", "&", "Daughters", "Tilers"])
    assert not trade_firm(["Ruth", "Masons"])  # a given name and a surname
    assert not trade_firm(["The", "Plumbers"])  # a title
    assert not trade_firm(["Ask", "the", "Tilers"])  # a phrase
    assert not trade_firm(["Lisbon", "Lions"])  # a team: no trade
    assert not trade_firm(["Plasterers"])  # one word
