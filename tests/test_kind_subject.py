"""A question naming a kind answered by the line about one instance: the instance the question names is
its subject (a term, not an answer), and a page listing many instances counts each of them (multi-word
ones too)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.keyword_leg import asked_subject
from mdrecall.search.kinds import members_named
from mdrecall.text.query import build_keyword_query
from tests.helpers import write


def _memory(root: Path) -> Memory:
    mem = Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)
    mem.index()
    return mem


def _cited(mem: Memory, query: str) -> list[str]:
    return [h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0)]


def test_members_named_counts_multi_word_members() -> None:
    count = members_named(("film", "Past Lives", "Drive My Car", "Aftersun"))
    assert count("- Past Lives\n- Drive My Car (again)\n- Aftersun") == 3
    assert count("Watched Past Lives with Ingrid.") == 1
    assert count("Lives in Galway, drives a car.") == 0


#: Days about other things, so that BM25's rarity weights mean something in a small workspace.
FILLER = (
    "Paid the gas bill online.",
    "Long run along the canal, 12 km.",
    "Dentist moved to Thursday at 9.",
    "Ordered a new kettle, the old one leaks.",
    "Tom's sister visiting at Easter.",
    "Car service booked at the garage in Moycullen.",
    "Started the sourdough starter again.",
    "Team lunch at the noodle bar.",
    "Renewed the passport online, photo rejected once.",
    "Planted the garlic in the back bed.",
)


def _filler(root: Path) -> None:
    for i, line in enumerate(FILLER):
        write(root, f"memory/2026-03-{i + 10:02d}.md", f"# 2026-03-{i + 10:02d}\n\n- {line}\n")


def test_a_watch_list_does_not_outrank_the_evening_it_was_watched(tmp_path: Path) -> None:
    _filler(tmp_path)
    write(
        tmp_path,
        "memory/films.md",
        "# Reading / watch list\n\n## Books\n- Intermezzo — Sally Rooney ✔\n- Prophet Song — Paul Lynch\n\n"
        "## Films\n- Aftersun — Charlotte Wells ✔\n- Past Lives — Celine Song (for Ingrid)\n"
        "- Drive My Car — Ryusuke Hamaguchi\n- Perfect Days — Wim Wenders\n"
        "- Anatomy of a Fall — Justine Triet\n- The Holdovers — Alexander Payne\n",
    )
    write(
        tmp_path,
        "memory/2026-02-14.md",
        "# 2026-02-14\n\n- Bought new running shoes, the old ones split.\n"
        "- Watched Past Lives with Ingrid at the Lighthouse cinema. Wept.\n- Bins out tonight.\n",
    )
    write(tmp_path, "memory/2026-02-20.md", "# 2026-02-20\n\n- Ingrid back from Bergen.\n")
    mem = _memory(tmp_path)
    try:
        # six titles on the list each count once: together they weigh as one title, not six
        assert _cited(mem, "which film did I watch with Ingrid?")[0] == "memory/2026-02-14.md"
    finally:
        mem.close()


def test_the_pet_a_question_names_is_its_subject(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# Memory\n\n## Home\n- Works at the harbour office in Galway, mostly the ferry timetables.\n"
        "- Lives in Salthill with Tom. Cat: Miso, a Maine Coon.\n- Pony: Pepper, at a stable in Oranmore.\n"
        "- Prefers tea to coffee.\n",
    )
    jobs = "# Stable jobs\n\n- [ ] Pony passport renewal.\n- [x] Pony rug to the cleaners.\n"
    write(tmp_path, "memory/stable-jobs.md", jobs)
    write(tmp_path, "memory/2026-05-02.md", "# 2026-05-02\n\n- Pepper lame on the left fore.\n")
    _filler(tmp_path)
    mem = _memory(tmp_path)
    try:
        assert "MEMORY.md" in _cited(mem, "what sort of cat is Miso?")[:1]
    finally:
        mem.close()


def test_a_subject_is_a_name_the_question_writes_as_one() -> None:
    def subject(text: str, names: tuple[str, ...]) -> list[str]:
        return asked_subject(build_keyword_query(text), names)

    assert subject("what sort of cat is Miso?", ("miso", "pepper")) == ["miso"]
    assert subject("what sort of cat is miso?", ("miso", "pepper")) == ["miso"]  # typed in lower case
    assert subject("Which app should Ana try next?", ("next", "strava")) == []  # "next", not "Next"
    assert subject("What film is Past Lives?", ("past lives",)) == ["past lives"]
