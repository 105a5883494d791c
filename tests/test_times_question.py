"""Questions answered in the top 3 (issue 29, items 3-4): a present "when" question is answered by the
line naming a time of its subject (stage ``times``); a day named alone in a line is that day, not a
span's ("Easter: train on 29/3")."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.event_days import named_alone
from mdrecall.search.times import apply_time_lift, asks_for_time, names_time
from tests.helpers import write


def test_questions_asking_when_something_is_held() -> None:
    assert asks_for_time("when is team sync now")
    assert asks_for_time("When does Ivy have swimming?")
    assert asks_for_time("what time is standup")
    assert asks_for_time("when's the school fair")
    assert not asks_for_time("when did Rangi start")  # an event: its note's day answers it
    assert not asks_for_time("who runs the on-call rota now")


def test_a_clause_names_a_time() -> None:
    assert names_time("team sync moves to Wednesdays 9:15 from next week")
    assert names_time("piano is Thursdays 15:30 now")
    assert names_time("standup is at 9:30 daily")
    assert names_time("the market is on 24 April", date(2027, 3, 1))
    assert not names_time("Team sync: Daniel Fischer is our onboarding PM now")
    assert not names_time("Ship target: v4.13")


def _cited(root: Path, query: str, skip: tuple[str, ...] = (), today: date | None = None) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        hits = mem.search(query, max_results=3, min_score=0.0, today=today)
        return [h.citation.split("#")[0] for h in hits]
    finally:
        mem.close()


def _scored(path: str, text: str, score: float) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3])
    return Scored(chunk, score, {"text": score})


def test_the_line_with_the_time_of_the_subject_answers() -> None:
    said = _scored("memory/2027-03-10.md", "- Team sync: Ravi presented the alerting plan.", 1.0)
    moved = _scored("memory/2027-02-02.md", "- Petra approved: team sync moves to Wednesdays 9:15.", 0.6)
    assert [s.chunk.path for s in apply_time_lift([said, moved], ("team", "sync"))] == [
        moved.chunk.path,
        said.chunk.path,
    ]


def test_a_time_in_another_clause_or_on_a_superseded_line_is_not_the_subjects() -> None:
    other = _scored("memory/2027-03-17.md", "Team sync: Daniel is our PM now; Mira left last Friday.", 0.9)
    older = _scored("memory/2027-01-26.md", "so piano is Thursdays 15:30 now", 0.8)
    assert [s.chunk.path for s in apply_time_lift([other, older], ("team", "sync"))][0] == other.chunk.path
    lifted = apply_time_lift([other, older], ("piano",))
    assert lifted[0].chunk.path == older.chunk.path
    gone = apply_time_lift([other, older], ("piano",), superseded=lambda path, line: "01-26" in path)
    assert gone[0].chunk.path == other.chunk.path


def test_a_day_named_alone_beside_a_holiday_is_not_a_spans_day(tmp_path: Path) -> None:
    easter = "# 2027-03-19\n\n- Easter: planned the Ljubljana trip, train from Hbf on 29/3 at 7:14.\n"
    chunk = Chunk("memory/2027-03-19.md", "memory", 1, 3, easter, "h", date="2027-03-19")
    assert named_alone(chunk, "2027-03-29", "dmy")
    span = Chunk("memory/2027-02-19.md", "memory", 1, 3, "- Ljubljana: 29/3 to 31/3.", "s", date="2027-02-19")
    assert not named_alone(span, "2027-03-29", "dmy")
    write(tmp_path, "memory/2027-03-19.md", easter + "- Kurt is eating dandelions again.\n")
    write(
        tmp_path,
        "memory/2027-01-12.md",
        "# 2027-01-12\n\n- Goal for Q1: ship the new checkout flow.\n"
        "- Petra wants a staffing plan by Friday.\n- Planned the offsite agenda with Anu.\n",
    )
    for day in range(20, 27):
        write(tmp_path, f"memory/2027-02-{day}.md", f"# 2027-02-{day}\n\n- Planned the sprint {day}.\n")
    cited = _cited(tmp_path, "what is planned for 29 March", today=date(2027, 3, 22))
    assert "memory/2027-03-19.md" in cited


def test_when_is_a_meeting_ranks_the_note_that_says_its_time_first(tmp_path: Path) -> None:
    # two later notes name the rehearsal in shorter lines and outrank, by their words alone, the one
    # saying when it is; the times stage lifts that one (before: third)
    notes = {
        "2027-04-12": "- Mail from Oskar: choir rehearsal moves to Tuesdays at 19:30 in the parish hall.",
        "2027-05-03": "- Choir rehearsal: Tomasz brought poppy-seed cake.\n- Booked the dentist for Grete.",
        "2027-05-10": "- Choir rehearsal ran long, the altos struggled with the Fauré.",
        "2027-05-12": "- Fixed the back brake of the bike.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    today = date(2027, 5, 14)
    assert _cited(tmp_path, "when is choir rehearsal now?", today=today)[0] == "memory/2027-04-12.md"
    assert _cited(tmp_path, "what time is choir rehearsal?", today=today)[0] == "memory/2027-04-12.md"
    # the stages off (times; current, which lifts the note telling the change): the words alone rank it
    # last of the three
    off = ("times", "current")
    assert _cited(tmp_path, "when is choir rehearsal now?", off, today)[-1] == "memory/2027-04-12.md"


def test_a_day_named_alone_outranks_a_span_holding_it(tmp_path: Path) -> None:
    # "Christmas" (25/12) beside "26/12" once read as a span of two days, and the line half-weighted for
    # 26 December, below the office's closure 24/12 to 3/1 (a span holding the day)
    write(
        tmp_path,
        "memory/2027-11-30.md",
        "# 2027-11-30\n\n- Christmas: booked the ferry back from Stromness on 26/12 at 9:45.\n"
        "- Ordered a new kettle.\n",
    )
    write(
        tmp_path,
        "memory/2027-10-04.md",
        "# 2027-10-04\n\n- Holiday rota: the office is shut 24/12 to 3/1, booked by Hanne.\n",
    )
    for day in range(10, 17):
        write(
            tmp_path, f"memory/2027-11-{day}.md", f"# 2027-11-{day}\n\n- Booked the meeting room for {day}.\n"
        )
    cited = _cited(tmp_path, "what is booked for 26 December", today=date(2027, 12, 6))
    assert cited[:2] == ["memory/2027-11-30.md", "memory/2027-10-04.md"]


def _loaded_by_search(tmp_path: Path, root: Path, query: str) -> set[str]:
    """The modules a one-shot ``search QUERY`` process imports (the views built beforehand)."""
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(root, Config().merged(over), create=True) as mem:
        mem.index()
        mem.search(query)  # the views are built on first use: not what a one-shot search loads
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDRECALL")}
    env.update(MDRECALL_SERVE_AUTO="off", MDRECALL_EMBEDDING_PROVIDER="none", HOME=str(tmp_path / "home"))
    argv = [sys.executable, "-X", "importtime", "-m", "mdrecall", "--workspace", str(root), "search", query]
    out = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    assert "sprint demo" in out.stdout.lower()
    return {ln.rsplit("|", 1)[1].strip() for ln in out.stderr.splitlines() if ln.startswith("import time:")}


def test_a_clock_time_answers_before_the_date_rules_load(tmp_path: Path) -> None:
    """A clause naming a clock time decides; a clause with a number before it loads no date rules."""
    root = tmp_path / "ws"
    write(
        root,
        "memory/team.md",
        "# Team\n\n- Sprint demo notes in ticket 4521. The sprint demo is Thursdays 15:00.\n",
    )
    assert "mdrecall.text.date_phrases.note_dates" not in _loaded_by_search(
        tmp_path, root, "when is the sprint demo"
    )
