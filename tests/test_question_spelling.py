"""A question's misspelt word is read as the workspace's word one edit away (stage ``spelling``)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.spelling import corrected_query, edits1, english_word, misspelt_words
from mdrecall.stores.base import SupportsVocabulary
from mdrecall.stores.in_memory import InMemoryStore
from mdrecall.stores.sqlite import SQLiteStore
from tests.helpers import write


def test_the_edits_of_a_word() -> None:
    near = edits1("cake")
    assert {"ake", "acke", "bake", "cakes", "ckae"} <= near
    assert "cake" not in near


def test_which_words_may_be_misspelt() -> None:
    # lowercase words of five letters or more that are no stop word; a name is no candidate
    assert misspelt_words("when did Priyanka send the invocies?") == ["invocies"]
    assert english_word("invoices") and english_word("booked") and english_word("kennels")
    assert not english_word("invocies") and not english_word("kenels")


def _world(root: Path) -> None:
    write(root, "memory/2027-05-02.md", "# 2027-05-02\n\n- The kennels want the vaccination card.\n")
    write(root, "memory/2027-05-09.md", "# 2027-05-09\n\n- Booked the kennels in Ardee for the 14th.\n")
    write(root, "memory/2027-05-11.md", "# 2027-05-11\n\n- Paint for the hall: sage green, two coats.\n")
    write(root, "memory/2027-05-12.md", "# 2027-05-12\n\n- Mite treatment: Apivar strips in both hives.\n")


def _search(root: Path, query: str, skip: tuple[str, ...] = ()) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        return [h.path for h in mem.search(query, max_results=3, min_score=0.0)]
    finally:
        mem.close()


def test_a_misspelt_word_finds_the_notes_of_the_word_meant(tmp_path: Path) -> None:
    _world(tmp_path)
    assert _search(tmp_path, "which kenels are we using", skip=("spelling",)) == []
    hits = _search(tmp_path, "which kenels are we using")
    assert set(hits[:2]) == {"memory/2027-05-02.md", "memory/2027-05-09.md"}


def test_the_sqlite_store_corrects_from_its_own_terms(tmp_path: Path) -> None:
    _world(tmp_path)
    _search(tmp_path, "index")
    store = SQLiteStore(tmp_path / ".mdrecall" / "index.sqlite")
    try:
        assert isinstance(store, SupportsVocabulary)
        assert "kennel" in store.index_terms()  # Porter stems, as FTS5 stores them
        assert store.term_chunks(["kennels", "kenels"]) == {"kennels": 2, "kenels": 0}
        assert corrected_query(store, "when are the kenels booked") == "when are the kennels booked"
        # a word the notes hold, or an English word they do not, is left as it is
        assert corrected_query(store, "what colour is the paint") == "what colour is the paint"
        assert corrected_query(store, "which ointment for the hives") == "which ointment for the hives"
        # never a name or a brand: "apivor" is one edit from "Apivar", which is no English word
        assert corrected_query(store, "how much apivor is left") == "how much apivor is left"
    finally:
        store.close()


def test_the_fake_store_keeps_a_vocabulary_too() -> None:
    from mdrecall.models import Chunk, FileRecord

    store = InMemoryStore()
    text = "Reminders go out by text message now."
    chunk = Chunk(path="a.md", source="memory", start_line=1, end_line=1, text=text, hash="h")
    store.replace_file(FileRecord("a.md", "memory", "h", 0, len(text)), [chunk])
    assert "reminders" in store.index_terms()
    assert corrected_query(store, "how are remiders sent") == "how are reminders sent"
