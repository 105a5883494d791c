"""Head nouns of Catalan and Portuguese (and the institutions of Spanish, Italian, French and Dutch) make a
name an organisation or a place, as the German ones do (``name_words.ORG_HEADS``, ``PLACE_HEADS``): a
family's notes in Girona and Porto, on a real workspace."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_words import head_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-10-04.md": (
        "# Monday\n\n"
        "- Fundació Serrallonga approved the reading-club grant: 3,000 for the year.\n"
        "- Biel's new class at Escola Pont Major starts at nine.\n"
        "- Flyers: Copisteria Vidal prints them by Thursday.\n"
    ),
    "memory/2027-10-11.md": (
        "# Monday\n\n"
        "- Fundació Serrallonga wants the receipts by the 30th.\n"
        "- Escola Pont Major sent the trip form; signed.\n"
        "- Copisteria Vidal called, the flyers are ready.\n"
    ),
}


def test_catalan_heads_in_notes(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Fundació Serrallonga"] == "organisation"
    assert kinds["Escola Pont Major"] == "organisation"
    assert kinds["Copisteria Vidal"] == "organisation"


def test_heads_of_more_languages() -> None:
    assert head_kind(["Ajuntament", "de", "Lleida"]) == "organisation"
    assert head_kind(["Câmara", "Municipal", "de", "Braga"]) == "organisation"
    assert head_kind(["Fundação", "Serralves"]) == "organisation"
    assert head_kind(["Universitat", "de", "Girona"]) == "organisation"
    assert head_kind(["Fondazione", "Prada"]) == "organisation"
    assert head_kind(["Plaça", "del", "Vi"]) == "place"
    assert head_kind(["Passeig", "de", "Gràcia"]) == "place"


def test_polish_heads() -> None:
    assert head_kind(["Zamek", "Czocha"]) == "place"
    assert head_kind(["Rynek", "Główny"]) == "place"
    assert head_kind(["Fundacja", "Wisła"]) == "organisation"
    assert head_kind(["Szkoła", "Podstawowa", "nr", "3"]) == "organisation"
