"""A name's kind from its own trade word, a day or show named after a place, and goods named by their pack
or by what an animal eats (kinds round 16): each beats a given name or a place that opens the name."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.mentions.names import name_kind
from tests.helpers import write


def _kind(name: str, before: str = "", after: str = "") -> str:
    return name_kind(name, name.split(), before, after)[0]


def test_a_trade_word_makes_a_firm_though_a_given_name_or_place_opens_it() -> None:
    assert _kind("Gordon Bulk Freight", "rang ", " about the pallets") == "organisation"
    assert _kind("Taupo Couriers", "", " dropped the parcel off") == "organisation"
    assert _kind("Murray's Coaches", "hired ", " for the school trip") == "organisation"
    assert _kind("Dunmore Marine", "", " quoted for the hull") == "organisation"
    assert _kind("Westbury Livery", "she owns ", ",") == "organisation"
    assert _kind("Sam Day", "met ", " today") == "person"  # a surname, not a day


def test_a_day_or_show_named_after_a_place_is_an_event() -> None:
    assert _kind("Ontario Day", "shop shut for ", " weekend") == "event"
    assert _kind("Founder's Day", "speech at ", "") == "event"
    assert _kind("Ballarat Summer Show", "baking entry for the ", " in March") == "event"
    assert _kind("Doris Day", "", "") != "event"  # a singer: neither a place nor a possessive


def test_goods_named_by_their_pack_or_by_what_an_animal_eats() -> None:
    assert _kind("Harvey Senior", "picked up a bag of ", " for the cat") == "product"
    assert _kind("Molly Mae", "two tins of ", " left") == "product"
    assert _kind("Oscar Grain", "Pepper eats ", ", half a cup") == "product"
    assert _kind("Harvey Senior", "had coffee with ", "") == "person"


def test_the_entity_view_types_them_in_a_workspace(tmp_path: Path) -> None:
    notes = {
        "2026-03-02": "Swapped the hauliers: Gordon Bulk Freight collects the wool bales from Monday.",
        "2026-03-03": "Gordon Bulk Freight confirmed the Monday pickup, 7am at the shed.",
        "2026-03-04": "Pepper the collie eats Harvey Senior now, the vet says it is easier on her joints.",
        "2026-03-05": "Bought a bag of Harvey Senior at the farm store; also the Ontario Day flyer came.",
        "2026-03-06": "Shop shut for Ontario Day, back Tuesday.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n- {text}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        kinds = {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()
    assert kinds.get("Gordon Bulk Freight") == "organisation"
    assert kinds.get("Harvey Senior") == "product"
    assert kinds.get("Ontario Day") == "event"


def test_an_animals_food_label_names_goods_though_the_maker_is_named_for_someone(tmp_path: Path) -> None:
    notes = {
        "2026-06-01": "- Mango is our rabbit.\n- Food: Harvey Select, a handful morning and night.",
        "2026-06-02": "- Treats: Crunchlets, two a day at most.",
        "2026-06-03": "- Vet says no Crunchlets this week.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        kinds = {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()
    assert kinds.get("Harvey Select") == "product"
    assert kinds.get("Crunchlets") == "product"


def test_an_occasion_written_in_another_language_is_an_event() -> None:
    assert _kind("Día del Padre", "lunch with the kids for ", "") == "event"
    assert _kind("Jueves Santo", "the office shuts on ", "") == "event"
    assert _kind("Fiesta de San Juan", "bonfire on the beach for the ", "") == "event"
    assert _kind("Tag der Arbeit", "no deliveries on ", "") == "event"
    assert _kind("Tag Heuer", "bought a ", " watch") != "event"  # a maker: no joining word after "Tag"


def test_a_word_with_an_acronym_inside_is_a_technology_by_its_shape(tmp_path: Path) -> None:
    notes = {
        "2026-07-01": "- Survey export: the orchard map as GeoJPEG tiles for the growers.",
        "2026-07-02": "- Cousin asked whether the sensors talk SiGFOX or something else.",
        "2026-07-03": "- Bought the ProTrowel for the allotment, good grip.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        kinds = {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()
    assert kinds.get("GeoJPEG") == "technology"
    assert kinds.get("SiGFOX") == "technology"
    assert kinds.get("ProTrowel") == "product"  # a brand's humps are single capitals


def test_head_nouns_of_other_languages_tell_a_market_a_slope_a_school_a_rally() -> None:
    assert _kind("Mercado Tirso", "fruit from the ", " stall") == "place"
    assert _kind("Cuesta Barriga", "drove up the ", " twice") == "place"
    assert _kind("Constructora Andina", "", " sent the plans") == "organisation"
    assert _kind("Gaelscoil Mhuire", "the kids start at ", " in September") == "organisation"
    assert _kind("Rally Atacama", "co-driving at ", " this year") == "event"


def test_a_given_name_after_the_is_a_thing_named_so(tmp_path: Path) -> None:
    notes = {
        "2026-08-01": "- Charged the Felicia overnight at the depot, 80% by morning.",
        "2026-08-02": "- Took the Felicia to the garage for the brakes.",
        "2026-08-03": "- Lunch with Zoe at the canteen; she wants the rota by Friday.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        kinds = {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()
    assert kinds.get("Felicia") == "product"
    assert kinds.get("Zoe") == "person"


def test_a_bracket_saying_what_a_name_is_beats_the_given_name_it_looks_like() -> None:
    assert _kind("Ollie", "- Shifts are swapped in ", " (our rota app), not by text") == "product"
    assert _kind("Martha Rose", "- Booked the hall via ", " (the booking platform).") == "product"
    assert _kind("Martha Rose", "- Lunch with ", " (my aunt) on Sunday") == "person"


def test_a_temple_or_beach_after_a_name_says_where() -> None:
    assert _kind("Wat Umong", "- cycled out to the ", " temple before the heat") == "place"
    assert _kind("Kalim", "- swam at ", " beach, flat water") == "place"


def test_going_off_to_a_name_says_weakly_it_is_a_place() -> None:
    assert name_kind("Tofino", ["Tofino"], "- Priya's off to ", " for the long weekend") == ("place", False)
    assert name_kind("Ucluelet", ["Ucluelet"], "- taking the kids to ", " on Sunday") == ("place", False)
