"""A town's name then a noun of no place or thing ("Energy", "Athletics", "Insurance": WordNet's class of
its first sense) names a body, not a place: :func:`~mdrecall.knowledge.mentions.trade_names.town_firm`
(session 26). A household's bills and a daughter's club, written for this test; a place's own word last,
a given name first and a group's noun stay as they were."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.names import name_kind
from mdrecall.knowledge.mentions.trade_names import town_firm

from helpers import entity_kinds

NOTES = {
    "memory/2027-11-02.md": (
        "# Tuesday\n\n"
        "- Switched the gas to Otago Energy, £14 a month cheaper than before.\n"
        "- Isla's first meet with Utrecht Athletics on Saturday, 800 m.\n"
        "- Walked along Otago Harbour after, cold but clear.\n"
    ),
    "memory/2027-11-09.md": (
        "# Tuesday\n\n"
        "- First bill from Otago Energy came in, direct debit set up.\n"
        "- Utrecht Athletics sent the kit list: spikes, club vest.\n"
    ),
}


def test_a_towns_name_and_a_noun_of_no_place_is_a_body(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Otago Energy"] == "organisation"
    assert kinds["Utrecht Athletics"] == "organisation"
    assert kinds["Otago Harbour"] == "place"


def test_what_stays() -> None:
    assert town_firm("Leicester Insurance".split())
    assert not town_firm("Leicester Market".split())  # a place's word last: where a market is held
    assert not town_firm("Victoria Wood".split())  # a given name first
    assert not town_firm("Oxford Circus".split())  # a group's noun
    assert not town_firm("Bergen".split())
    # an occasion's word last is read first: the race, not its organiser
    tour = ["Bergen", "Cycle", "Tour"]
    assert name_kind(" ".join(tour), tour, "- ", " on Sunday: roads shut")[0] == "event"
