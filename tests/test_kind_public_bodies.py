"""Public bodies named by their last word: "Authority", "Commission", "Bureau" end an organisation's name as
"Council" and "Agency" do (``name_words.ORG_WORDS``, session 26). A well driller's permits, written for
this test."""

from __future__ import annotations

from mdrecall.knowledge.mentions.names import name_kind


def test_a_public_bodys_last_word_makes_it_an_organisation() -> None:
    for name in ("Brenmoor Water Authority", "Fenland Gaming Commission", "Ostrava Census Bureau"):
        assert name_kind(name, name.split(), "- Permit: ", " (ref 22/14), sub-region office") == (
            "organisation",
            True,
        )
    assert name_kind("Authority", ["Authority"], "- The ", " said no")[0] != "organisation"
