"""Entities of round 15 (issue 29 part 1): a name's head noun in the languages notes mix into English
("Kita X", "X Logistik", "Lindenstraße"), "St." inside a name, "& Co." after two words, a device's model
number, an acronym before a tool's noun, and works listed after a label, in a sub-section, one after
another.

The notes are written for these tests (a family in Leipzig, a flat move in Lyon, a reading list), in words
of their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from helpers import mention_kinds


def _kinds(text: str) -> dict[str, set[str]]:
    return {name: {kind for kind, _ in found} for name, found in mention_kinds(text).items()}


def test_a_head_noun_first_last_or_ending_a_compound_gives_an_organisation_or_a_place() -> None:
    found = _kinds(
        "- Bus to Kindergarten Pusteblume from the Zeisigweg, then past the Johannisplatz.\n"
        "- Quote from Transporte Wolff: 1,900 EUR. Later they sent us to Becker Umzüge instead.\n"
        "- Letter from the Finanzamt about the Gohlis flat. Our bank is now the Volkskasse Leipzig.\n"
        "- Rent goes to Immobilien Seidel, the flat is on the Rue Paul Bert.\n"
    )
    assert found["Kindergarten Pusteblume"] == {"organisation"}  # fails before: a place by "to"
    assert found["Zeisigweg"] == {"place"}  # fails before: no kind
    assert found["Johannisplatz"] == {"place"}
    assert found["Becker Umzüge"] == {"organisation"}  # fails before: a person (a surname first)
    assert found["Finanzamt"] == {"organisation"}
    assert found["Volkskasse Leipzig"] == {"organisation"}  # fails before: a place (a city last)
    assert found["Rue Paul Bert"] == {"place"}
    # whose thing, or an English word opening a sentence, takes no head kind
    found = _kinds("- Ines's Kita closes early on Friday.\n- Via Slack, Oskar sent the rota.\n")
    assert "organisation" not in found.get("Ines's Kita", set())
    assert "place" not in found.get("Via Slack", set())


def test_st_inside_a_name_and_two_words_before_and_co() -> None:
    found = mention_kinds(
        "- Enrolled at the Grundschule St. Afra for September.\n"
        "- Hinges: Otto Wendt & Co. (Hettich), order by Tuesday\n"
    )
    assert ("organisation", "typed_name") in found["Grundschule St. Afra"]  # fails before: "Grundschule St"
    assert ("organisation", "typed_name") in found["Otto Wendt & Co."]  # fails before: "Wendt & Co"


def test_a_model_number_after_a_device_name_is_part_of_the_product() -> None:
    found = _kinds(
        "- Tested the upload on a Fairphone 5 and an iPad 10; the bug only shows on my Galaxy S23.\n"
        "- Handed over on 8/3 to Jakob 2 days early.\n"
    )
    assert found["Fairphone 5"] == {"product"}  # fails before: "Fairphone" alone
    assert found["iPad 10"] == {"product"}
    assert found["Galaxy S23"] == {"product"}
    assert not any(name.startswith("Jakob ") for name in found)  # a number after no article: no model


def test_an_acronym_before_a_tool_noun_is_a_technology() -> None:
    found = _kinds("- The nightly export writes to the partner's FTPS server and the WAL archive.\n")
    assert found.get("FTPS") == {"technology"}  # fails before: not read at all


def test_works_listed_after_a_label_in_a_sub_section_one_after_another() -> None:
    text = (
        "# Reading\n\n## Us\n- Die Vermessung der Welt by Hans-Peter Thal, on the train\n\n"
        "## Children\n- Oskar: Der Regenbogenfisch on repeat; Lotta und Pelle\n"
        "- Movie night picks: Ponyo 3, My Friend Harvey\n"
    )
    found = _kinds(text)
    assert found["Der Regenbogenfisch"] == {"work"}  # fails before: a sub-section of no kind's word
    assert found["Lotta und Pelle"] == {"work"}
    assert found["Ponyo 3"] == {"work"}  # fails before: a label of three words
    assert found["My Friend Harvey"] == {"work"}  # fails before: read as the maker of Ponyo 3
    assert found["Hans-Peter Thal"] == {"person"}  # fails before: a hyphened given name
