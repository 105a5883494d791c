"""A thing's name of frequent words is not shortened to its first word where the workspace writes that
word in lower case: in abstracts "High AI" (an apoptotic index) is read as a business's name by its
acronym, but "High" opening a sentence is the adjective of "high risk", so a search for "High fitness"
must not also search "High AI" (SciFact, issue 29). Where the word is never written in lower case
("Sky" for Sky TV) the short name still means the business.

The notes are written for these tests, in words of their own."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex

from helpers import write

_ABSTRACTS = {
    "memory/a1.md": "# Apoptosis in ductal carcinoma\n\nApoptotic index was scored in 80 tumours. "
    "High AI is also related to high histological grade and to a high mitotic count.\n",
    "memory/a2.md": "# Fitness and survival\n\nHigh fitness was linked to lower mortality in a high "
    "risk cohort. Patients with high blood pressure were followed for ten years.\n",
    "memory/a3.md": "# Dietary fat\n\nHigh intake of saturated fat raised LDL. The effect was high in "
    "older adults and in men with a high body mass index.\n",
    "memory/a4.md": "# Sleep and memory\n\nHigh sleep quality predicted recall. A high share of "
    "students reported short sleep before a high stakes exam.\n",
}

_HOUSEHOLD = {
    "memory/2027-05-03.md": "# Monday\n\n- Moved the broadband and the box to Sky TV, 40 a month.\n",
    "memory/2027-05-04.md": "# Tuesday\n\n- Called Sky about the router; engineer on Friday.\n",
    "memory/2027-05-06.md": "# Thursday\n\n- Sky TV bill came in at 52, rang Sky to ask why.\n",
}


def _index(root: Path, files: dict[str, str]) -> tuple[Memory, EntityIndex]:
    for path, text in files.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)
    mem.sync()
    return mem, EntityIndex(mem.store, mem.config.entities)


def test_a_word_written_in_lower_case_is_no_short_name_of_a_thing(tmp_path: Path) -> None:
    mem, index = _index(tmp_path / "ws", _ABSTRACTS)
    try:
        assert index.known().get("high ai") == "high ai"  # the acronym still makes it a name
        assert index.known().get("high") != "high ai"
        assert index.alias_synonyms("High cardiopulmonary fitness causes increased mortality.") == {}
    finally:
        mem.close()


def test_a_word_never_written_in_lower_case_still_names_the_business(tmp_path: Path) -> None:
    mem, index = _index(tmp_path / "ws", _HOUSEHOLD)
    try:
        assert index.known().get("sky") == "sky tv"
        assert index.alias_synonyms("what did Sky say?") == {"sky": ["sky tv"]}
    finally:
        mem.close()
