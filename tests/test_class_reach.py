"""A question asking what class a named thing is finds the line that classes it wherever the candidates
hold it, and beyond them ("what kind of horse is Willow?" → "Willow is a Welsh cob mare" on a long
farm page that sixty short notes naming the animals outrank; :mod:`mdrecall.search.class_answers`)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.class_answers import asked_class_of
from tests.helpers import write

#: The name, the question (in several wordings) and the farm page's line that classes it.
_ANIMALS = (
    ("Juniper", "what breed is Juniper?", "Juniper, a Tamworth sow"),
    ("Clementine", "what breed is Clementine", "Clementine is a Jersey cow"),
    ("Barnaby", "which breed is Barnaby?", "Barnaby (a Shetland pony)"),
    ("Hazel", "what kind of goat is Hazel", "Hazel, an Anglo-Nubian goat"),
    ("Pudding", "what breed of sheep is Pudding?", "Pudding is a Jacob ewe"),
    ("Marigold", "what breed is Marigold", "a Buff Orpington hen named Marigold"),
    ("Rufus", "what kind of dog is Rufus?", "Rufus, a Welsh collie"),
    ("Basil", "what breed is Basil", "Basil is a Toggenburg wether"),
    ("Dolly", "which breed of cow is Dolly?", "Dolly (a Dexter heifer)"),
    ("Pickwick", "what breed is Pickwick?", "Pickwick, a Light Sussex cockerel"),
    ("Willow", "what kind of horse is Willow", "Willow is a Welsh cob mare"),
    ("Nutmeg", "what breed is Nutmeg?", "Nutmeg, a Gloucester Old Spot"),
    ("Bramble", "what sort of bird is Bramble", "Bramble is a Muscovy duck"),
    ("Sorrel", "what breed is Sorrel?", "Sorrel, a Herdwick ram"),
    ("Ginger", "what breed of cat is Ginger", "a Maine Coon called Ginger"),
)
_CHORES = (
    "{a} and {b} out in the top field",
    "fed {a} and {b} early",
    "{a} limping a bit, {b} fine",
    "moved {a} next to {b}",
    "{a} got out again, {b} stayed put",
    "{a} and {b} wormed today",
    "brushed {a}, {b} was jealous",
    "{a} off her food, {b} ate it",
    "vet looked at {a} and {b}",
    "{a} escaped into the orchard with {b}",
)
#: Days of notes: each animal is named in about a fifth of them.
_DAYS = 150
_PAGE_TAIL = """
## Feed and care
- Hay from Pryce's, 40 bales a month.
- Farrier every 8 weeks.
- Vet: Llys Vets in Ruthin.
- Water troughs checked twice a day.
- Straw for bedding from the Edwards farm.
- Mineral licks in every paddock.
- Fly spray from May to September.
- Hooves trimmed before shows.

## Fields
- Top field: 6 acres, grazing from April.
- Orchard: pigs in autumn for the windfalls.
- Bottom meadow: hay cut in late June.
- Stream field floods in winter, keep stock out.
- Hedges laid every other winter.
- Gate by the lane sticks, needs a new hinge.
"""


def _farm(root: Path) -> None:
    page = "# Animals at Coed Farm\n\n" + "\n".join(f"- {a[2]}." for a in _ANIMALS) + "\n" + _PAGE_TAIL
    write(root, "farm/animals.md", page)
    names = [a[0] for a in _ANIMALS]
    for day in range(1, _DAYS + 1):
        lines = []
        for k in range(4):
            i = (day * 4 + k) % 15
            chore = _CHORES[(day + k) % len(_CHORES)]
            lines.append("- " + chore.format(a=names[i], b=names[(i + 7 + day) % 15]))
        month, dom = 1 + (day - 1) // 28, (day - 1) % 28 + 1
        write(root, f"memory/2032-{month:02d}-{dom:02d}.md", f"# day {day}\n\n" + "\n".join(lines) + "\n")


def test_every_class_question_finds_the_farm_page(tmp_path: Path) -> None:
    _farm(tmp_path)
    over: dict[str, object] = {"embedding": {"provider": "static"}, "extra_paths": ["farm"]}
    missed = []
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        for name, question, _ in _ANIMALS:
            assert asked_class_of(question) == name
            hits = mem.search(question, max_results=3, min_score=0.0)
            if "farm/animals.md" not in [h.path for h in hits]:
                missed.append(question)
    assert not missed  # before: the two pages ranked 15th were out of the first 10 looked at


def test_a_classing_page_out_of_the_candidates_is_found_by_the_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# MEMORY\n\n- Works at the Ruthin library, Tuesday to Saturday.\n- Choir on Wednesdays.\n"
        "- Allotment: plot 7, beans and leeks.\n- Cat: Tansy, a Norwegian Forest cat, rescued in 2030.\n"
        "- Car: old Berlingo, MOT in March.\n- Sister Nia in Bangor.\n",
    )
    for day in range(1, 29):
        text = f"# 2032-02-{day:02d}\n\n- Tansy on the bed, Tansy fed\n"
        write(tmp_path, f"memory/2032-02-{day:02d}.md", text)
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("what breed is Tansy?", max_results=3, min_score=0.0)
    assert hits[0].path == "MEMORY.md"
