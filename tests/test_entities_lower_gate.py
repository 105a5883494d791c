"""Lower-case names are read only where the writer does not capitalise (:mod:`mdrecall.knowledge.mentions.
lower_people`): in capitalised prose (an abstract, a report) a lower-case word no dictionary knows, before a
verb, is a technical term, not a person; a dictated memo's sentence keeps its names."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _lower_people(text: str) -> set[str]:
    return {m.name for m in extract_entities(text, None, "notes/x.md").mentions if m.name.islower()}


def test_capitalised_prose_gives_no_lower_case_people() -> None:
    text = (
        "# Trial notes\n\n"
        "A pilot study has shown that glomerular podocytes agreed with the model in every arm. "
        "IL-9 lowered osteoclastic resorption, moved by dose. cDNA sequencing of the candidate sheng "
        "travelled well. In D. rerio larvae zebrafishes came back to baseline, and S. pombe "
        "cultures will follow.\n"
    )
    assert _lower_people(text) == set()


def test_a_dictated_sentence_keeps_its_lower_case_names() -> None:
    text = (
        "# 2031-05-02\n\n"
        "[transcribed 07:10] so yeah wambui also moved the heifers to the top paddock\n"
        "- then told chepkoech he can bring the trailer on friday\n"
    )
    assert {"wambui", "chepkoech"} <= _lower_people(text)
