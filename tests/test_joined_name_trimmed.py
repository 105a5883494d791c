"""A line opening with a verb and "for" ("Studying for the Brenmoor exam") is trimmed to the words after the
verb, which no longer hold the joining word: no name is read from them, and indexing the page goes on (it
raised StopIteration inside the indexer's write, and the whole index failed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.mentions.mention_readers import joined_name_kind


def test_words_without_their_joining_word_are_no_joined_name() -> None:
    assert joined_name_kind(["the", "Brenmoor"], False) is None
    assert joined_name_kind(["Harlan", "Sons"], True) is None
    assert joined_name_kind(["University", "of", "Tromsø"], False) == ("University of Tromsø", "organisation")


def test_a_page_with_a_verb_and_for_before_a_name_indexes(tmp_path: Path) -> None:
    (tmp_path / "people").mkdir()
    (tmp_path / "people" / "oren.md").write_text(
        "# Oren Castellan\n\n- Handles the Brenmoor account with their rep.\n"
        "- Studying for the Brenmoor glazing course in Turin in May.\n"
    )
    over = {"history": {"git": False}, "extra_paths": ["people"]}
    mem = Memory.open(tmp_path, Config().merged(over))
    try:
        mem.index()
        assert any(h.path == "people/oren.md" for h in mem.search("Brenmoor glazing course", min_score=0))
    finally:
        mem.close()


def test_a_fault_reading_one_pages_knowledge_leaves_the_index_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A reading fault in the knowledge of one page (a rule's bug) is said and costs that page's views
    only: the page and the others are indexed and searched, the others' entities listed."""
    import mdrecall.knowledge.mentions.extract as extract

    real = extract.extract_entities

    def faulty(text, *args, **kwargs):  # type: ignore[no-untyped-def]
        if "Brenmoor" in text:
            raise StopIteration  # the shape of the fault this file's first test fixed
        return real(text, *args, **kwargs)

    monkeypatch.setattr(extract, "extract_entities", faulty)
    (tmp_path / "people").mkdir()
    (tmp_path / "people" / "oren.md").write_text("# Oren Castellan\n\n- Handles the Brenmoor account.\n")
    (tmp_path / "people" / "ilse.md").write_text("# Ilse Varga\n\n- Met Ilse Varga at Kettleby Mills.\n")
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}, "extra_paths": ["people"]}))
    try:
        with caplog.at_level("WARNING", logger="mdrecall.knowledge"):
            mem.index()
        assert "people/oren.md: entities and facts not read" in caplog.text
        assert any(h.path == "people/oren.md" for h in mem.search("Brenmoor account", min_score=0))
        assert "Ilse Varga" in {e.name for e in mem.entities()}
    finally:
        mem.close()
