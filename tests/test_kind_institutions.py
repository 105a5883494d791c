"""A hospital (for people or animals) and a bakery are organisations, as a clinic, a hospice, a pharmacy
and a brewery are (``name_words.ORG_WORDS``), not the buildings they stand in: a household's notes in
a market town, on a real workspace."""

from __future__ import annotations

from pathlib import Path

from helpers import entity_kinds

NOTES = {
    "memory/2027-04-12.md": (
        "# Monday\n\n"
        "- Kira's booster jabs at Brookmere Animal Hospital on Tuesday, 9:40.\n"
        "- Mum's hip op is at Saint Oda's Hospital on the 20th; visiting 2-4pm.\n"
        "- Two sourdough loaves from Tollgate Bakery for Saturday.\n"
        "- Walk along Millrace Lane with the dog after work.\n"
    ),
}


def test_hospitals_and_bakeries_are_organisations(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Brookmere Animal Hospital"] == "organisation"  # were places: the last word's building
    assert kinds["Saint Oda's Hospital"] == "organisation"
    assert kinds["Tollgate Bakery"] == "organisation"
    assert kinds["Millrace Lane"] == "place"  # a street stays a place


def test_a_day_after_for_is_no_part_of_an_organisations_name() -> None:
    """ "for" joins an organisation's word to the rest of its name ("Institute for Fiscal Studies"), not to
    the day something is for."""
    from mdrecall.knowledge.mentions.extract import extract_entities

    names = {m.name for m in extract_entities("- Tickets from Saltmarsh Brewery for Saturday.\n").mentions}
    assert "Saltmarsh Brewery" in names and "Saltmarsh Brewery for Saturday" not in names
    names = {m.name for m in extract_entities("- A grant from the Institute for Coastal Studies.\n").mentions}
    assert "Institute for Coastal Studies" in names
