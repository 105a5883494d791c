"""Entity recall, session 22 (h-ents26): names the lists missed.

The notes are written for these tests (a wedding videographer, a seed library, a lighthouse museum), in words
of their own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from mdrecall.knowledge.mentions.file_formats import format_kind

from helpers import mention_kinds


def test_a_file_format_named_by_its_extension_is_a_technology() -> None:
    found = mention_kinds(
        "# Videography\n"
        "- Field recorder left on WAV again, bounced the vows to MP3 for the couple.\n"
        "- Seed swap sign-ups exported as TSV, Ingrid wants them in the newsletter.\n"
        "- Lighthouse museum sent the floor plan as a SVG, the printer wants a PNG.\n"
    )
    # fails before: initials no list knows, in no name's slot, named nothing
    for word in ("WAV", "MP3", "TSV", "SVG", "PNG"):
        assert ("technology", "typed_name") in found.get(word, set()), (word, found.get(word))


def test_a_format_s_initials_before_a_number_or_an_ordinary_abbreviation_are_no_format() -> None:
    found = mention_kinds(
        "# Edit suite\n"
        "- Ordered an RTX 4070 for the edit box, arrives Friday.\n"
        "- Printed the PDF of the running order and the ZIP of stills.\n"
    )
    assert ("technology", "typed_name") not in found.get("RTX", set()), found.get("RTX")
    assert format_kind("RTX", " 4070") is None
    assert format_kind("PDF", ".") is None  # a word of the embedder's vocabulary: read as before
    assert format_kind("ZIP", " of") is None
    assert format_kind("CSV", ",") == "technology"


_VOLUNTEERS = (
    "# Seed library volunteers\n\n"
    "| name | shift | base |\n"
    "|---|---|---|\n"
    "| Oskar Brandt | Mondays | Leeds |\n"
    "| Tamsin Hale | sorting | Bristol |\n"
    "| Ines Varga | cataloguing | {0} |\n"
    "| Maeve Dunlop | Saturdays | Leeds |\n"
    "| Pavel Kos | packing | Sheffield |\n"
)


def test_a_column_of_places_makes_a_given_name_in_it_a_place() -> None:
    """A town that is a given name too ("Charlotte", "Marion") in a column of towns is a town: the column's
    kind outweighs the given-name list's weak guess."""
    for town in ("Charlotte", "Marion"):
        found = mention_kinds(_VOLUNTEERS.format(town), None, "2027-04-01")
        # fails before: read as a person opening a cell
        assert found[town] == {("place", "typed_name")}, (town, found[town])


def test_a_given_name_in_a_column_of_no_one_kind_keeps_its_guess() -> None:
    text = (
        "| who | notes |\n|---|---|\n"
        "| Oskar Brandt | Leeds depot |\n| Tamsin Hale | Charlotte covers her |\n"
        "| Ines Varga | Harrow Seed Co |\n| Maeve Dunlop | sorting |\n"
    )
    assert ("place", "typed_name") not in mention_kinds(text, None, "2027-04-01").get("Charlotte", set())


def test_initials_a_tool_is_worked_in_are_a_name() -> None:
    found = mention_kinds(
        "# Museum\n"
        "- Drew the new gallery plan in VRLD, then printed it for the trustees.\n"
        "- Catalogue numbers are checked using KTLG before each loan.\n"
        "- Keeper was taken in ICU overnight; the bill came in EUR.\n"
    )
    # fails before: "in" and "using" were no name's slot; the kind is left to the view's readers
    assert ("unknown", "typed_name") in found.get("VRLD", set()), found.get("VRLD")
    assert ("unknown", "typed_name") in found.get("KTLG", set()), found.get("KTLG")
    assert "ICU" not in found and "EUR" not in found, found
