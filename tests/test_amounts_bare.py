"""A number without a currency beside a word of money is an amount ("the quiz night raised about
2,400"): a "how much did X raise" question lifts its line (stage ``amounts``)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.amounts import apply_amount_lift, asks_for_money, bare_amount
from tests.helpers import write


def test_a_number_beside_a_word_of_money() -> None:
    assert bare_amount("Plant sale: 3.450.000 raised for the roof")
    assert bare_amount("the quiz night raised about 2,400!")
    assert bare_amount("paid 80 for the new chain")
    assert bare_amount("sold it for 3500 to a dealer in Ghent")
    assert not bare_amount("raised 14 goslings this spring")  # a count of things
    assert not bare_amount("paid 2 visits to the clinic")
    assert not bare_amount("14.820 m3 collected from the pit")
    assert not bare_amount("costs went up 20% since May")
    assert not bare_amount("paid 2031-05-04, receipt in the drawer")


def test_questions_asking_what_something_raised() -> None:
    assert asks_for_money("how much did the plant sale raise")
    assert asks_for_money("how much did we collect at the fair?")
    assert not asks_for_money("how much compost do we need")


def test_the_line_with_the_total_raised_ranks_first() -> None:
    plan = Scored(Chunk("projects/fair.md", "memory", 1, 3, "# Village fair\n\n- fair raffle", "p"), 1.0, {})
    text = "# 2031-05-20\n\n- Fair on Saturday: 6.380 raised, rain held off"
    total = Scored(Chunk("memory/2031-05-20.md", "memory", 1, 3, text, "t", date="2031-05-20"), 0.6, {})
    lifted = apply_amount_lift([plan, total], ("money", "fair", "raise"))
    assert [s.chunk.path for s in lifted] == ["memory/2031-05-20.md", "projects/fair.md"]


def test_a_search_lifts_the_note_with_the_total(tmp_path: Path) -> None:
    write(tmp_path, "projects/fair.md", "# Village fair\n\n- to raise money for the scout hut roof\n")
    other = ("Seedlings potted.", "Hamid fixed the gate.", "Rain all day.", "Scout hut roof leaks again.")
    for day, line in enumerate(other, start=3):
        write(tmp_path, f"memory/2031-04-0{day}.md", f"# 2031-04-0{day}\n\n{line}\n")
    write(tmp_path, "memory/2031-05-02.md", "# 2031-05-02\n\n- fair planning: Hamid takes the tombola\n")
    write(
        tmp_path, "memory/2031-05-20.md", "# 2031-05-20\n\n- Fair on Saturday: 6.380 raised, rain held off\n"
    )
    over: dict[str, object] = {"embedding": {"provider": "none"}, "extra_paths": ["projects"]}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("how much money did the fair raise", max_results=3, min_score=0.0, explain=True)
    total = next(h for h in hits if h.path == "memory/2031-05-20.md")
    assert total.explain is not None and "amounts" in total.explain
