"""Names of session 19 (issue 29 part 1, h-ents17): a given name the notes never write alone still names the
one person it opens, and a holiday in a day's heading is an event.

The notes are written for these tests (a bicycle repair co-op in Leeds, a rowing club), in words of their
own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex

from helpers import mention_kinds, write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["coop"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_a_given_name_never_written_alone_means_the_one_person(tmp_path: Path) -> None:
    write(
        tmp_path,
        "coop/volunteers.md",
        "# Volunteers\n\n| Shift | Mechanic | Notes |\n|---|---|---|\n"
        "| Tuesday | Dr Anjali Raman | wheels, truing |\n| Thursday | Mr Gareth Pugh | brakes |\n",
    )
    write(
        tmp_path,
        "memory/2027-06-03.md",
        "# 2027-06-03\n\n- Anjali Raman said the spoke key set is missing a size.\n"
        "- Gareth Pugh will run the Thursday brake clinic.\n- Gareth Lloyd dropped off two frames.\n",
    )
    known = _known(tmp_path)
    assert known.get("anjali") == "anjali raman"  # fails before: "Anjali" is never written alone
    assert "gareth" not in known or known["gareth"] == "gareth"  # two Gareths: neither


def test_a_person_called_by_another_short_name_takes_no_more(tmp_path: Path) -> None:
    write(
        tmp_path,
        "coop/volunteers.md",
        "# Volunteers\n\n- Katarzyna Wójcik (Kasia) runs the parts shelf.\n",
    )
    write(tmp_path, "memory/2027-06-04.md", "# 2027-06-04\n\n- Kasia ordered brake pads.\n")
    known = _known(tmp_path)
    assert known.get("kasia") == "katarzyna wójcik"
    assert "katarzyna" not in known  # she is called Kasia: her given name alone is not added


def test_a_holiday_in_a_days_heading_is_an_event() -> None:
    found = mention_kinds("# Mon 6 April — Easter Monday\n\n- Workshop shut, rode out to Otley instead.\n")
    assert ("event", "typed_name") in found["Easter Monday"]  # fails before: headings were not read
    found = mention_kinds("# Good Friday\n\n- Club outing on the river.\n")
    assert ("event", "typed_name") in found["Good Friday"]


def test_units_negation_and_day_abbreviations_name_nothing() -> None:
    found = mention_kinds("- Heat pump: 8.5 kW, about 3,200 kWh a year; the spare pack is 5000 mAh.\n")
    assert not any(name in found for name in ("kW", "kWh", "mAh"))  # fails before: "kWh" a product
    found = mention_kinds("- Not booked yet, ask Hamish first.\n- Coaching on Weds and Thurs.\n")
    assert "Not" not in found and "Weds" not in found  # fails before: both were names
    assert "Hamish" in found


def test_a_clause_before_by_is_no_title() -> None:
    found = mention_kinds("- Moored at Penrhyn Boatyard, run by Ieuan Pritchard.\n")
    assert not any("run" in name for name in found)  # fails before: "Moored at Penrhyn Boatyard, run" a work
    assert "Ieuan Pritchard" in found
    found = mention_kinds("- The Leopard by Giuseppe Tomasi\n")
    assert ("work", "typed_name") in found["The Leopard"]


def test_a_ticked_title_and_a_saint_of_two_words() -> None:
    found = mention_kinds("# Films\n\n## Seen\n- Aftersun ✔\n- The Holdovers ★★\n")
    assert "Aftersun ✔" not in found and "The Holdovers ★★" not in found  # fails before: the tick kept
    assert "The Holdovers" in found
    found = mention_kinds("- Rowing club dinner at St Mary Magdalene's. Rained all night.\n")
    assert ("place", "typed_name") in found["St Mary Magdalene's"]  # fails before: "St Mary Magdalene"


def test_a_county_written_with_its_abbreviation_is_a_place() -> None:
    found = mention_kinds("- The boat is kept at Dunmore East, Co. Waterford, over the winter.\n")
    assert ("place", "typed_name") in found["Co. Waterford"]  # fails before: "Co" and "Waterford" apart
    found = mention_kinds("- Invoice from Kearney & Co. Ltd, paid.\n")
    assert not any(name.startswith("Co. ") for name in found)


def test_an_adjective_after_a_determiner_opens_the_name() -> None:
    found = mention_kinds("- The pony gets her Happy Oats at noon.\n")
    assert "Happy Oats" in found and "Oats" not in found  # fails before: "Happy" trimmed off
    found = mention_kinds("- Happy Birthday Saoirse\n")
    assert "Saoirse" in found and not any(name.startswith("Happy") for name in found)


def test_an_organisations_word_takes_no_model_and_its_initials_open_a_line() -> None:
    found = mention_kinds("- KCC Networks R7 sent back, signed.\n")
    assert "KCC Networks" in found  # fails before: "Networks R7", a model of a network
    assert not any(name.endswith("R7") for name in found)
    found = mention_kinds("- CEO Group call moved to Friday.\n")
    assert "CEO Group" not in found  # a role, not initials
    found = mention_kinds("- Rowan is selling his Meade LX90.\n")
    assert "Meade LX90" in found


def test_a_bare_ampersand_joins_two_capitalised_parts() -> None:
    found = mention_kinds("- Hob: Belling Flip&Fold, bought used in Omagh.\n")
    assert "Belling Flip&Fold" in found and "Fold" not in found  # fails before: "Belling Flip", "Fold"
    found = mention_kinds("- R&D budget agreed, Q&A at five.\n")
    assert not any("&" in name for name in found)  # initials joined so are no capitalised parts


def test_a_name_opening_with_a_digit() -> None:
    found = mention_kinds("- The practice switched its scanners to 4Scan Chairside Suite last week.\n")
    assert "4Scan Chairside Suite" in found and "Chairside Suite" not in found  # fails before: no digit
    found = mention_kinds("- Ordered from 4Scan; the link is 10Gbps and the router 5Ghz.\n")
    assert "4Scan" in found
    assert not any(name[:1].isdigit() and name != "4Scan" for name in found)


def test_a_label_inside_a_longer_name_is_no_speaker() -> None:
    text = "# Hatchery\n\n- Fry: 2,000 in June.\n- Supplier: Western Fry Ltd (Galway).\n"
    found = mention_kinds(text)
    assert ("person", "speaker") not in found.get("Fry", set())  # fails before: "Fry" a speaker
    found = mention_kinds("Tadgh: are we on?\nMet Tadgh Brennan at the slip.\n")
    assert ("person", "speaker") in found["Tadgh"]  # the first word of a longer name: still someone
