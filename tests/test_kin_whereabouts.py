"""A whereabouts question naming a family relation ("where does my grandmother live now") asks of the
person every word for that relation names: "Gran moved to Harrogate today" answers it with a place,
the latest such line first (stage ``places``, :func:`mdrecall.search.places.whereabouts_names`)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.lexicon.name_lists import kin_group
from mdrecall.search.places import whereabouts_names

from helpers import write


def test_a_relation_is_named_by_each_of_its_words() -> None:
    assert {"grandmother", "gran", "granny", "nan"} <= set(kin_group("Grandmother"))
    assert kin_group("gran") == kin_group("grandmother")
    assert kin_group("harrogate") == ()
    assert {"gran", "grandma"} <= set(whereabouts_names("where does my grandmother live now", ()))
    # a name the question capitalises is whom it asks of
    assert whereabouts_names("where does Edith's grandmother live now", ("edith",)) == ("edith",)
    assert "grandmother" in whereabouts_names("where does Gran live now", ("gran",))
    assert whereabouts_names("where is the depot based now", ()) == ()


_MEMORY = """# Memory

## Family
- My grandmother Edith lives on her own in Whitby, near the abbey steps.
- Uncle Bram visits her on Sundays.

## Work
- I teach chemistry at Kirkby High; lab days are Tuesday and Thursday.
"""
_NOTES = {
    "2026-02-03": "- Gran rang, the boiler in Whitby is broken again. Bram to look at it.",
    "2026-03-10": "- Gran fell on the steps, ok but shaken. Talked to Bram about her living alone.",
    "2026-04-12": "- Gran moved to Harrogate today, a ground-floor flat near Aunt Ruth. Bram drove the van.",
    "2026-04-20": "- lab inventory done, ordered more beakers",
}


def test_where_does_my_grandmother_live_now_finds_the_move(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", _MEMORY)
    for day, text in _NOTES.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "static"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("where does my grandmother live now", 3, 0.0, today=date(2026, 5, 1))
    assert hits[0].path == "memory/2026-04-12.md"
