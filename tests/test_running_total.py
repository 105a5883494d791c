"""A running total asked in the present perfect ("how many signatures have we collected?") is answered by
the latest note telling it (stage ``current``: :mod:`mdrecall.search.running_total`)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.running_total import asks_running_total, lift_latest_total


def test_which_questions_ask_a_running_total() -> None:
    assert asks_running_total("How many signatures have we collected for the petition?")
    assert asks_running_total("how much has the choir raised so far?")
    assert asks_running_total("How many seedlings have been planted to date")
    assert not asks_running_total("How many times has Wanjiru sailed to Lamu?")  # a count of events
    assert not asks_running_total("how many signatures did we collect last year?")  # the past
    assert not asks_running_total("How many bedrooms does the cottage have?")  # a standing fact
    assert not asks_running_total("how many chairs are left in the hall?")
    assert not asks_running_total("what has the council decided?")


def _scored(path: str, text: str, score: float) -> Scored:
    day = path[-13:-3] if path.startswith("memory/") else None
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=day)
    return Scored(chunk, score, {"text": score})


TERMS = ("many", "petition", "signatures", "collected")


def test_the_latest_tally_goes_first() -> None:
    plan = _scored("projects/petition.md", "- Petition to keep the ferry: target 2,000 signatures", 1.0)
    early = _scored("memory/2027-02-03.md", "- Petition stall at the market, 340 signatures collected", 0.9)
    later = _scored("memory/2027-03-10.md", "- 1,180 signatures collected, Oisín counted them", 0.5)
    got = lift_latest_total([plan, early, later], TERMS)
    assert [s.chunk.path for s in got] == [later.chunk.path, plan.chunk.path, early.chunk.path]
    assert got[0].score == 1.0 and "current" in got[0].stages
    # a later note naming the petition with a number but not the tally's words is no tally
    rsvp = _scored("memory/2027-03-20.md", "- Petition hand-in moved to 14 April at the council", 0.6)
    assert lift_latest_total([plan, early, later, rsvp], TERMS)[0].chunk.path == later.chunk.path
    # a note far below the best is left where it was
    far = _scored("memory/2027-03-10.md", "- 1,180 signatures collected, Oisín counted them", 0.2)
    assert lift_latest_total([plan, early, far], TERMS)[0].chunk.path == early.chunk.path


def test_an_amount_of_money_answers_a_question_of_money() -> None:
    terms = ("much", "money", "bake", "sale", "raised")
    early = _scored("memory/2027-05-02.md", "- Bake sale raised money for the roof, counting tonight", 1.0)
    total = _scored("memory/2027-05-09.md", "- Treasurer's sheet: €1,260 raised, cheques still out", 0.6)
    assert lift_latest_total([early, total], terms)[0] is early  # one word of four
    assert lift_latest_total([early, total], terms, money=True)[0].chunk.path == total.chunk.path


def _note(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_workspace_tally_question_gets_the_latest_count(tmp_path: Path) -> None:
    _note(
        tmp_path,
        "MEMORY.md",
        "# Memory\n\n## Ferry petition\n- Petition to keep the winter ferry to Inis Meáin.\n"
        "- Signatures collected on paper and online; target 2,000 signatures.\n",
    )
    _note(
        tmp_path,
        "memory/2027-02-03.md",
        "# 2027-02-03\n\n- Petition stall at the Saturday market, 340 signatures collected.\n"
        "- Petition signatures on paper go in the green folder.\n",
    )
    _note(
        tmp_path,
        "memory/2027-02-17.md",
        "# 2027-02-17\n\n- Petition signatures collected at the school gate: 610 so far.\n",
    )
    _note(
        tmp_path,
        "memory/2027-03-10.md",
        "# 2027-03-10\n\n- Rain, no crossing.\n"
        "- Oisín counted: 1,180 signatures collected, online ones in.\n",
    )
    cfg = Config().merged({"history": {"git": False}, "index": {"sync_on_search": False}})
    mem = Memory.open(tmp_path, cfg)
    try:
        mem.index()
        hits = mem.search("How many signatures have we collected for the petition?", max_results=3)
        assert hits and hits[0].path == "memory/2027-03-10.md"
    finally:
        mem.close()
