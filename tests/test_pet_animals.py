"""A question asking what pets there are counts the animals' words on the lines naming the pets: "Cat:
Marmalade. Tortoise: Lima." answers it whether or not the extraction typed "Lima" a pet (search/kinds.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdrecall import Memory
from mdrecall.search.kinds import animals_named_with

from helpers import write

_FACTS = [
    "- I run the bakery on Quay Street with my partner Ruth Okonjo.",
    "- Oven service every March; the engineer is from Rational UK.",
    "- Flour comes from Shipton Mill, rye from Gilchesters.",
    "- Saturday market stall at Kirkgate, 7am setup.",
    "- Ruth does the books in Xero; VAT quarter ends in June.",
    "- The van is a 2019 Transit, MOT due in October.",
    "- Sourdough starter is called Brenda, fed at 6am and 6pm.",
    "- Wholesale: three cafes on the harbour take 40 loaves a day.",
    "- Cat: Marmalade (12, deaf, sleeps on the proving cabinet). Tortoise: Lima (lives in the greenhouse).",
    "- Our daughter Efe starts secondary school in September.",
    "- Ruth's mum visits every other Sunday.",
    "- We close for two weeks in August.",
]


def _bakery(root: Path) -> None:
    write(root, "MEMORY.md", "# Memory\n\n" + "\n".join(_FACTS) + "\n")
    days = ["Marmalade off her food again", "Marmalade at the vet, thyroid fine", "Marmalade in the flour"]
    for i, line in enumerate(days, start=1):
        write(root, f"memory/2026-09-0{i}.md", f"# 2026-09-0{i}\n\n- {line}\n- rye loaves sold out by ten\n")


def test_a_pets_question_finds_the_line_naming_every_pet(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    _bakery(tmp_path)
    mem = open_memory(tmp_path)
    mem.index()
    kinds = {e.name: e.kind for e in mem.entities()}
    # (the extraction now types "Tortoise: Lima" a pet too; the search's rule must not depend on it)
    assert kinds.get("Marmalade") == "pet"
    assert set(animals_named_with(mem.store, ["marmalade"])) == {"cat", "tortoise"}
    hits = mem.search("what pets do we have", max_results=3)
    assert hits[0].path == "MEMORY.md"
