"""A question asking what something cost lifts the notes whose line names a price and the question's
subject ("how much did the polytunnel cover cost" → "second quote for the polytunnel, €590"): issue 29."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.amounts import asks_for_money
from tests.helpers import write


def test_questions_asking_an_amount_of_money() -> None:
    assert asks_for_money("how much did the new polytunnel cover cost")
    assert asks_for_money("How much do we pay for the van?")
    assert asks_for_money("what did the oven repair cost")
    assert asks_for_money("what's the price of the set menu")
    assert not asks_for_money("how much snapper do we order a week")
    assert not asks_for_money("how many patients came in")
    assert not asks_for_money("what was the cost-benefit study about")


def _cited(root: Path, skip: tuple[str, ...] = ()) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        hits = mem.search("how much did the new polytunnel cover cost", max_results=5, min_score=0.0)
        return [h.citation.split("#")[0] for h in hits]
    finally:
        mem.close()


def test_the_line_with_the_price_ranks_first(tmp_path: Path) -> None:
    other = ("Seed swap on Saturday.", "Committee meets Wednesday.", "Rain all day.", "Tadhg did posters.")
    for day, line in enumerate(other, start=3):
        write(tmp_path, f"memory/2027-01-0{day}.md", f"# 2027-01-0{day}\n\n{line}\n")
    write(tmp_path, "memory/2027-01-11.md", "# 2027-01-11\n\nThe polytunnel cover ripped in the storm.\n")
    write(tmp_path, "memory/2027-02-17.md", "# 2027-02-17\n\nThe polytunnel cover went on Saturday.\n")
    write(
        tmp_path,
        "memory/2027-01-25.md",
        "# 2027-01-25\n\nBernie got a second quote for the polytunnel cover, €590 incl. fitting.\n",
    )
    assert _cited(tmp_path)[0] == "memory/2027-01-25.md"
    assert _cited(tmp_path, skip=("amounts",))[0] != "memory/2027-01-25.md"
