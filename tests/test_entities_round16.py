"""Entities of round 16 (issue 29 part 1): names in a section of suppliers are the businesses sold from,
and a section of works reads a title after a label or a few lower-case words.

The notes are written for these tests (a bakery's buying list, a pottery studio, a reading list), in words
of their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from helpers import mention_kinds


def _kinds(text: str) -> dict[str, set[str]]:
    return {name: {kind for kind, _ in found} for name, found in mention_kinds(text).items()}


def test_a_section_of_suppliers_names_businesses() -> None:
    found = _kinds(
        "# Bakery suppliers\n\n"
        "- Flour: Mühlbrecht stoneground, every Tuesday\n"
        "- Boxes: kraft, from Paktorix\n"
        "- Butter: from the Wendelhof by the station\n\n"
        "# Notes\n\n"
        "- Flour: Zorbenau, said Ilse.\n"
    )
    assert found["Mühlbrecht"] == {"organisation"}  # fails before: no kind (a label of goods)
    assert found["Paktorix"] == {"organisation"}  # fails before: no kind
    assert found["Wendelhof"] == {"organisation"}  # fails before: no kind
    assert found.get("Zorbenau", {"unknown"}) <= {"unknown"}  # outside the section: no business


def test_a_section_of_works_reads_a_title_after_a_label_or_lower_case_words() -> None:
    found = _kinds(
        "# Watched\n\n"
        "- Still to see: Korvelund.\n\n"
        "# Books\n\n"
        "- dropped Marrowdeep (Tilde Osterhagen) after an hour\n"
        "- the Lanternfolk, twice\n"
    )
    assert found["Korvelund"] == {"work"}  # fails before: "Watched" titled no works, one word no title
    assert found["Marrowdeep"] == {"work"}  # fails before: lower-case words before the title
    assert found["Tilde Osterhagen"] == {"person"}  # fails before: no kind
    assert "Lanternfolk" in " ".join(found)  # "the X" opening the item is still a title


def test_a_medicine_is_named_by_its_dose_or_by_coming_off_it() -> None:
    found = _kinds(
        "Vet visit for Pudding: she's on Brivexol twice a day with food.\n"
        "- Good news, she can come off the Brivexol next week.\n"
        "- Dr Hale says stop taking Zendral after the course.\n"
        "- Lumacort 20 mg at night.\n"
    )
    assert found["Brivexol"] == {"product"}  # fails before: no kind
    assert found["Zendral"] == {"product"}  # fails before: no kind
    assert found["Lumacort"] == {"product"}  # fails before: no kind


def test_a_noun_after_a_short_prefix_tells_the_kind_and_a_tune_hummed_is_a_work() -> None:
    found = _kinds(
        "- In the shop window: Velorund and Tarnhoff e-bikes, two cargo bikes.\n"
        "- Lotte came back from choir humming Abendglocke Vier.\n"
    )
    assert found["Tarnhoff"] == {"organisation"}  # fails before: no kind ("e-bikes" read as "e")
    assert found["Velorund"] == {"organisation"}  # listed with it
    assert found["Abendglocke Vier"] == {"work"}  # fails before: no kind


def test_a_place_after_a_comma_is_where_the_name_before_it_is_based_not_a_list_of_places() -> None:
    found = _kinds(
        "- Booking agent: Maren Lie (Skarvik Booking, Bergen).\n"
        "- Flights: Fjellfly, Bergen to Tromsø.\n"
        "We stopped in Molde, Skrelloy, Bergen and Tromsø.\n"
    )
    assert found["Skarvik Booking"] != {"place"}  # fails before: a place, listed with Bergen
    assert found["Fjellfly"] != {"place"}  # fails before: a place
    assert found["Skrelloy"] == {"place"}  # a list of places still gives its kind


def test_a_name_alone_in_brackets_on_a_line_about_a_flight_is_the_carrier() -> None:
    found = _kinds(
        "- Ines's flight from Vilnius delayed two hours (SkyBaltis)\n- 3/5 fly Riga → Oslo (NordAvia)\n"
    )
    assert found["SkyBaltis"] == {"organisation"}  # fails before: a product (a mixed-case word)
    assert found["NordAvia"] == {"organisation"}  # fails before: a product
