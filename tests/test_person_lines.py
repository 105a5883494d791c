"""A list question naming a person ("what trips has Ana taken?") is answered by that person's own
lines: in a chat log every chunk names both people, so the chunk where the person says something on
the topic is lifted above one where someone else does (issue 29, multi-hop questions)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.person_lines import asked_people, lift_person_lines, speaker
from tests.helpers import write


def _memory(root: Path, skip: tuple[str, ...] = ()) -> Memory:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    return Memory.open(root, Config().merged(over), create=True)


def _workspace(root: Path) -> None:
    logs = {
        "2026-03-02": "- Ana: Hi Bo, how was your spring?\n- Bo: Busy, two trips to Lisbon for work.",
        "2026-03-04": "- Bo: How was your weekend?\n- Ana: Great, we took a trip to Oslo with the kids.",
        "2026-03-06": "- Ana: The boiler broke again.\n- Bo: Call the plumber Ana, the one from last year.",
    }
    for day, text in logs.items():
        write(root, f"memory/{day}.md", f"# {day}\n\n{text}\n")


def _files(mem: Memory, query: str) -> list[str]:
    return [h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0)]


def test_the_persons_own_line_ranks_first(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path)
    mem.index()
    assert _files(mem, "What trips has Ana taken?")[0] == "memory/2026-03-04.md"


def test_the_stage_off_keeps_the_keyword_order(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path, skip=("person",))
    mem.index()
    # the keyword leg alone ranks the shorter log first, though Bo took those trips
    assert _files(mem, "What trips has Ana taken?")[0] == "memory/2026-03-02.md"


def test_a_question_naming_nobody_is_unchanged(tmp_path: Path) -> None:
    _workspace(tmp_path)
    on, off = _memory(tmp_path), _memory(tmp_path, skip=("person",))
    on.index()
    assert _files(on, "What trips were taken?") == _files(off, "What trips were taken?")


def test_speaker_labels() -> None:
    assert speaker("- Melanie: I went camping.") == "melanie"
    assert speaker("* **Bo Chen**: ships Friday") == "bo"
    assert speaker("Ana: hi") == "ana"
    assert speaker("- Decided: PostgreSQL") == "decided"  # a label reads as a speaker: matches no name
    assert speaker("- Melanie went camping: beach") is None
    assert speaker("https://example.com") is None


def _scored(path: str, text: str, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, 2, text, path), score)


def test_the_line_score_is_scaled_over_the_head() -> None:
    """A line's score has no fixed range (a quarter here: one of two words held): scaled over the head,
    the chunk where Ana speaks of her trips passes one ranked a little higher where she does not."""
    ranked = [
        _scored("a.md", "- Ana: the boiler broke again\n- Bo: I took trips to Lisbon", 0.60),
        _scored("b.md", "- Bo: how was your spring?\n- Ana: we took a trip to Oslo", 0.48),
        _scored("c.md", "- Ana: hello\n- Bo: hi", 0.40),
    ]
    out = lift_person_lines(ranked, ["Ana"], ["trips", "taken"])
    assert [s.chunk.path for s in out] == ["b.md", "a.md", "c.md"]


def _chunk(name: str, text: str) -> Chunk:
    return Chunk(path=f"{name}.md", source="memory", start_line=1, end_line=1, text=text, hash=name)


def test_a_heading_naming_the_person_makes_its_lines_theirs() -> None:
    # "## Ana" is the subject of the bullets under it, though none of them names her
    text = "# Kids\n\n## Bo (8)\n- Plays hockey.\n\n## Ana (5)\n- Took a trip to Oslo."
    page = Scored(_chunk("kids", text), 0.5)
    logs = [
        Scored(_chunk("log-1", "- Ana: the boiler broke again."), 0.6),
        Scored(_chunk("log-2", "- Ana: nothing much this week."), 0.55),
    ]
    out = lift_person_lines([logs[0], logs[1], page], ["Ana"], ["trips", "ana", "taken"])
    assert out[0].chunk.path == "kids.md"


def test_a_heading_naming_someone_else_gives_the_person_nothing() -> None:
    text = "# Kids\n\n## Bo (8)\n- Took a trip to Oslo.\n\n## Ana (5)\n- Plays hockey."
    page = Scored(_chunk("kids", text), 0.5)
    log = Scored(_chunk("log-1", "- Ana: the boiler broke again."), 0.6)
    assert lift_person_lines([log, page], ["Ana"], ["trips", "ana", "taken"])[0].chunk.path == "log-1.md"


def test_a_dates_month_is_no_person() -> None:
    assert asked_people(["march"], dated=True) == []
    assert asked_people(["tuesday", "lena"], dated=True) == ["lena"]
    assert asked_people(["may"], dated=False) == ["may"]  # "what did May say?": a name


def test_a_day_question_is_not_lifted_to_lines_naming_its_month(tmp_path: Path) -> None:
    # "April" in the question is the day's month, not a person whose lines answer it
    write(
        tmp_path,
        "memory/2026-03-20.md",
        "# 2026-03-20\n\n- The rent goes up from April, we agreed.\n"
        "- Swimming lessons restart in April, Mondays.\n",
    )
    write(
        tmp_path, "memory/2026-04-10.md", "# 2026-04-10\n\n- Piano lesson for Lena moved to Tuesday, 18:00.\n"
    )
    mem = _memory(tmp_path)
    mem.index()
    hits = mem.search(
        "what lessons do we have on 14 April", max_results=3, min_score=0.0, today=date(2026, 4, 12)
    )
    assert hits[0].citation.startswith("memory/2026-04-10.md")  # the lesson on Tuesday 14 April


def test_a_field_label_is_no_speaker() -> None:
    """ "- Food: Grandad wants the lamb tagine" is Grandad's line: "Food" titles a field of a party plan,
    nobody says it; a transcript's speaker ("- Ines: ...") still speaks, a given name though a word."""
    plan = Scored(_chunk("party", "# Party plan\n\n- Food: Grandad wants lamb tagine and mint tea"), 0.45)
    chat = Scored(_chunk("chat", "- Ines: Grandad phoned\n- Rosa: he sounded tired"), 0.6)
    other = Scored(_chunk("log", "- Grandad: the garden gate is stuck again"), 0.5)
    out = lift_person_lines([chat, other, plan], ["Grandad"], ["dishes", "tagine", "tea"])
    assert out[0].chunk.path == "party.md"
    heard = Scored(_chunk("heard", "- Rosa: Grandad wants the lamb tagine and mint tea"), 0.45)
    out = lift_person_lines([chat, other, heard], ["Grandad"], ["dishes", "tagine", "tea"])
    assert out[0].chunk.path != "heard.md"  # Rosa says it: a speaker, not a field


def test_a_field_label_under_the_persons_heading_is_theirs() -> None:
    text = "# Family\n\n## Grandad (80)\n- Food: lamb tagine with mint tea, never fish."
    page = Scored(_chunk("family", text), 0.45)
    log = Scored(_chunk("log", "- Grandad: the gate is stuck again."), 0.6)
    out = lift_person_lines([log, page], ["Grandad"], ["dishes", "tagine", "tea"])
    assert out[0].chunk.path == "family.md"
