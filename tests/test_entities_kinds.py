"""The kind of a name told by the words around it: labels, suppliers, nouns after it, "at", lists, versions,
acronyms, and a gazetteer of cities (invented names, written for these rules, not from a labelled set)."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _kinds(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in extract_entities(text).mentions:
        out.setdefault(m.name, set()).add(m.kind)
    return out


def test_a_city_of_the_gazetteer_is_a_place_but_not_after_a_given_name() -> None:
    found = _kinds("- Grew up in Kaduna; her PhD was from Ibadan.\n- Ben Bolton emailed the draft.\n")
    assert found["Ibadan"] == {"place"}
    assert found["Ben Bolton"] == {"person"}


def test_a_label_says_what_its_values_are_until_the_sentence_ends() -> None:
    found = _kinds("- Bank: Monzerra. Subs go through Clubkit.\n- Stack: Python 3.12, Quarrow, Brindle\n")
    assert found["Monzerra"] == {"organisation"}
    assert found["Clubkit"] == {"unknown"}
    assert found["Quarrow"] == {"technology"}
    assert found["Brindle"] == {"technology"}


def test_a_utility_label_names_a_provider_and_a_medicine_label_a_product() -> None:
    found = _kinds("- Broadband: Quellnet, 500 Mb\n- Electricity: Voltaro\n- Medication: Zentoril at night\n")
    assert found["Quellnet"] == {"organisation"}
    assert found["Voltaro"] == {"organisation"}
    assert found["Zentoril"] == {"product"}


def test_buying_from_a_supplier_and_working_at_an_institution() -> None:
    found = _kinds(
        "- Ordered 40 pipette boxes from Vantrel, due Friday.\n"
        "- New freezer approved: £2,300 from Kestwick.\n"
        "- She did a postdoc at the Ardmore Innes Centre.\n"
    )
    assert found["Vantrel"] == {"organisation"}
    assert found["Kestwick"] == {"organisation"}
    assert found["Ardmore Innes Centre"] == {"organisation"}


def test_the_noun_after_a_name_tells_its_kind() -> None:
    found = _kinds(
        "- The jobs run on the Eddie cluster overnight.\n"
        "- Kitchen: the old Zanvell oven stays.\n"
        "- Swimming at Portwell pool on Wednesdays.\n"
        "- Merged the Wexlo 2.4 bump.\n"
    )
    assert found["Eddie"] == {"technology"}
    assert found["Zanvell"] == {"organisation"}
    assert found["Portwell"] == {"place"}
    assert found["Wexlo"] == {"technology"}


def test_at_a_place_and_someone_at_a_firm() -> None:
    found = _kinds("Drinks at the Crooked Tarn after work. New contact is Hamish at Brackenmoor.\n")
    assert found["Crooked Tarn"] == {"place"}
    assert found["Brackenmoor"] == {"organisation"}


def test_a_name_in_a_list_takes_the_kind_of_its_neighbours() -> None:
    found = _kinds(
        "- Studios in Lisbon and Tarnholm.\n"
        "- Crew: Ewan Grant, Priyanka Roe, Jonas Lindqvist.\n"
        "- Guinea pigs: Salt and Pepper.\n"
        "- Clients: Otterburn Cycles (website), Quillon Yard (app).\n"
    )
    assert found["Tarnholm"] == {"place"}
    assert found["Priyanka Roe"] == {"person"}
    assert found["Pepper"] == {"pet"}
    assert found["Quillon Yard"] == {"organisation"}


def test_mixed_case_and_acronym_names_by_their_cues() -> None:
    found = _kinds(
        "- Imaging pipeline: Python + GraphVue, on the lab server.\n"
        "- Applied to the NLweb Foundation for the docs.\n"
        "- Ordered primers from QRT (BXV dont sell them).\n"
    )
    assert found["GraphVue"] == {"technology"}
    assert found["NLweb Foundation"] == {"organisation"}
    assert found["QRT"] == {"organisation"}
    assert found["BXV"] == {"organisation"}
