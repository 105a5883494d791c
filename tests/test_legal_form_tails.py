"""A company's legal form after its name ("Trimbold SA", "Brennwald AG") is the name's last word; after a
city it is a country's code ("Durban SA"), no part of the name."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _kinds(text: str) -> dict[str, str]:
    return {m.name: m.kind for m in extract_entities(text, "2031-05-04", "memory/2031-05-04.md").mentions}


def test_a_legal_form_ends_the_company_name() -> None:
    kinds = _kinds("- New kit quote from Trimbold SA came in at R5 900.\n")
    assert kinds.get("Trimbold SA") == "organisation" and "Trimbold" not in kinds


def test_a_german_legal_form() -> None:
    assert _kinds("- The invoice from Brennwald AG is overdue.\n").get("Brennwald AG") == "organisation"


def test_a_country_code_after_a_city_is_no_company() -> None:
    assert "Durban SA" not in _kinds("- Flew into Durban SA on Friday with the team.\n")
