"""Names told by their shape: works before "by", names joined by "&"/"of", mixed-case tool names and names
of no frequent word (written for these rules, not taken from a labelled set)."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _kinds(text: str) -> dict[str, tuple[str, str]]:
    return {m.name: (m.kind, m.how) for m in extract_entities(text).mentions}


def test_title_before_by_loses_its_reading_verb() -> None:
    found = _kinds("- Now reading The Salt Road of Kells by Imogen Farrant, at last.\n")
    assert found["The Salt Road of Kells"][0] == "work"
    assert not any(n.startswith("Now") for n in found)
    found = _kinds("- Finished Lantern Hours by Caspar Vell. Great ending.\n")
    assert found["Lantern Hours"][0] == "work"
    assert "Finished Lantern Hours" not in found


def test_title_after_a_label_or_comma_with_an_initialled_author() -> None:
    found = _kinds("- Bedtime: The Paper Fox by Ada Quell, then Glimmer by T. S. Wren.\n")
    assert found["The Paper Fox"][0] == "work"
    assert found["Glimmer"][0] == "work"
    assert found["T. S. Wren"][0] == "person"


def test_names_joined_by_ampersand_and_of() -> None:
    found = _kinds(
        "- Roofer: Pell & Sons start Monday; paint from Quarry & Moss.\n"
        "- She moved to the Institute of Coastal Ecology at the University of Tarnwick.\n"
    )
    assert found["Pell & Sons"] == ("organisation", "typed_name")
    assert found["Quarry & Moss"][0] == "organisation"
    assert found["Institute of Coastal Ecology"][0] == "organisation"
    assert found["University of Tarnwick"][0] == "organisation"
    assert "Sons" not in found and "Coastal Ecology" not in found
    assert "Dana & Bo" not in _kinds("Dinner with Dana & Bo on Friday.\n")  # two people, not a firm


def test_mixed_case_tool_names_and_no_degrees() -> None:
    found = _kinds("- Counts in ZXReads, plotted with the HPLC42 export; KPIs and APIs fine. Her PhD ends.\n")
    assert found["ZXReads"][1] in ("typed_name", "shape_name")  # an entity at once (shape: the weakest kind)
    assert found["ZXReads"][0] in ("technology", "product")
    assert "HPLC42" in found
    assert not {"KPIs", "APIs", "PhD"} & set(found)


def test_building_and_estate_names_are_places_not_people() -> None:
    found = _kinds("Seminar in the Oliver Pettigrew Building, then a walk round Carrick Estate.\n")
    assert found["Oliver Pettigrew Building"][0] == "place"
    assert found["Carrick Estate"][0] == "place"


def test_a_word_no_frequent_word_is_a_name_at_once() -> None:
    found = _kinds("- Insurer: Quorvane.\n- Fees are paid through Zeltrix every month.\n- Status: Done.\n")
    assert found["Quorvane"] == ("organisation", "typed_name")  # a label's value: typed by it (session 25)
    assert found["Zeltrix"][1] == "rare_name"
    assert found.get("Done", ("", "name_start"))[1] == "name_start"  # a frequent word: only a candidate
