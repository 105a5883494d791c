"""Full names written in lower case with small words or a second given name, and a first name a dictated
line gives another surname-like word (session 27, h-names41). New wordings, no set's words."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.lower_namesakes import other_second_words
from mdrecall.knowledge.index import EntityIndex


def _names(line: str) -> list[str]:
    from mdrecall.knowledge.mentions import lower_people

    return [name for name, _ in lower_people._line_names(line)]


def test_small_words_inside_a_lower_case_name() -> None:
    assert _names("we had tea with joost van der meulen after the rehearsal") == ["Joost van der Meulen"]
    assert _names("later i phoned tariq bin khalfan al mazrouei about the lease") == [
        "Tariq bin Khalfan Al Mazrouei"
    ]
    assert _names("met yasmin al-qasimi near the depot this morning") == ["Yasmin Al-qasimi"]


def test_a_van_is_no_small_word_of_a_name() -> None:
    assert _names("drove over with maria in the van today") == ["Maria"]


def test_a_second_given_name_as_surname() -> None:
    assert _names("caught up with aoife brennan at the depot") == ["Aoife Brennan"]
    assert _names("went shopping with maria john and i after work") == ["Maria"]


def test_other_second_words_of_a_first_name() -> None:
    text = "met gideon marsh outside the gym\ngideon said hello\ncalled gideon today about rent"
    assert other_second_words("gideon", text) == {"marsh"}
    assert other_second_words("gideon", "Met Gideon Marsh outside the gym") == set()


def _known(root: Path) -> dict[str, str]:
    over = {
        "history": {"git": False},
        "index": {"sync_on_search": False},
        "embedding": {"provider": "none"},
    }
    mem = Memory.open(root, Config().merged(over))
    try:
        mem.index()
        return dict(EntityIndex(mem.store, mem.config.entities).known())
    finally:
        mem.close()


def test_a_first_name_two_dictated_people_share_links_to_neither(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    mem.mkdir()
    (mem / "2026-05-01.md").write_text(
        "met gideon marsh outside the gym and we talked about the lease\n"
        "met gideon vanterpool outside the gym and we talked about the boiler\n",
        encoding="utf-8",
    )
    for day in (2, 3, 4):
        (mem / f"2026-05-0{day}.md").write_text(
            "- Waiting on gideon to sign the lease.\n- Gideon sent the meter readings.\n", encoding="utf-8"
        )
    known = _known(tmp_path)
    assert known.get("gideon", "gideon") == "gideon"
