"""A question's word matches a line's word whatever their accents, as the keyword index matches them
(``remove_diacritics``): "zoe" typed on a phone is "Zoé" in the notes (session 23)."""

from __future__ import annotations

from mdrecall.models import Chunk, Scored
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.search.times import apply_time_lift


def test_a_word_matches_its_form_with_or_without_accents() -> None:
    assert term_matches("Lunch with Renée at the quay", query_stems(["lunch", "renee"])) == {"lunch", "renee"}
    assert term_matches("Lunch with Renee at the quay", query_stems(["renée"])) == {"renée"}
    assert term_matches("Çağla moved the lesson", query_stems(["cagla", "lesson"])) == {"cagla", "lesson"}


def _scored(path: str, text: str, score: float) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3])
    return Scored(chunk, score, {"text": score})


def test_a_time_of_an_accented_name_answers_a_question_typed_without_accents() -> None:
    said = _scored("memory/2027-06-02.md", "- Renée sent the photos of the market", 1.0)
    slot = _scored("memory/2027-05-20.md", "- call with Renée moves to Sundays 9:00 from now on", 0.6)
    got = apply_time_lift([said, slot], ("call", "renee"))
    assert got[0].chunk.path == slot.chunk.path
