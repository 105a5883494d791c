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
