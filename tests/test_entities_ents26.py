"""Entity recall, session 22 (h-ents26): names the lists missed.

The notes are written for these tests (a wedding videographer, a seed library, a lighthouse museum), in words
of their own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from mdrecall.knowledge.file_formats import format_kind

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
