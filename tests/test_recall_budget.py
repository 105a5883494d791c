"""Recall's budget and gate: the memories that clear the gate share the character budget (each snippet cut
again from its passage), a question must share two words with a memory, and a superseded hit is
replaced by the newer line when the search found it."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Memory
from mdrecall.models import Hit
from mdrecall.search.recall_fit import Piece, relabel, share
from mdrecall.search.recall_gate import judge, prompt_signals

from helpers import run_cli, write

_COLOURS = "red blue green amber violet olive coral ivory slate pearl ochre umber cyan teal mauve".split()
_FILLER = [
    f"- Shelf {i} in the {c} room holds {i + 3} boxes for the archive." for i, c in enumerate(_COLOURS * 3)
]


def test_one_memory_that_clears_the_gate_gets_the_whole_budget(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    body = [
        *_FILLER[:12],
        "- Kestrel release plan: talked it through with Priya at the standup.",
        *_FILLER[12:23],  # eleven lines between the line that matches and the one that answers
        "- We settled on Friday 14 June, right after the audit.",
        *_FILLER[23:],
    ]
    write(root, "memory/2024-05-02.md", "# 2024-05-02\n\n" + "\n".join(body) + "\n")
    write(root, ".mdrecall.toml", "[recall]\nmin_score = 0.3\n")
    assert run_cli("-w", str(root), "index").returncode == 0
    with Memory.open(root) as mem:
        got = mem.recall("What is the Kestrel release plan?", record=False)
    assert got.stage == "injected" and len(got.hits) == 1
    assert "Friday 14 June" in got.text  # the search's own snippet (sized for three) stops short of it
    assert 1500 < len(got.text) <= 2000


def test_memories_in_one_block_share_the_budget_and_repeat_no_line() -> None:
    passage = tuple(_FILLER[:30])
    text = "\n".join(passage[10:13])
    hits = [
        Hit(
            "memory/a.md",
            1,
            30,
            0.9,
            text,
            "memory",
            "memory/a.md#L1-L30",
            snippet_start_line=11,
            snippet_end_line=13,
        ),
        Hit(
            "memory/a.md",
            5,
            30,
            0.8,
            text,
            "memory",
            "memory/a.md#L5-L30",
            snippet_start_line=11,
            snippet_end_line=13,
        ),
    ]
    pieces = [
        Piece(hits[0], text, "", passage[10:13], passage),
        Piece(hits[1], text, "", passage[10:13], passage[4:]),
    ]
    seen = passage[20]
    out = share(pieces, 1200, ["shelf", "boxes"], seen=lambda line: line == seen)
    shown = [ln for p in out for ln in p.lines]
    assert len(shown) == len(set(shown)) > 6  # more lines than the search's snippets, none twice
    assert seen not in shown  # a line this session was already shown is left out
    assert sum(len(p.text) for p in out) <= 1200


def test_a_snippet_cut_again_from_a_conversation_says_who_said_its_lines() -> None:
    lines = [
        "# Session 2024-05-02 10:00: planning",
        "",
        "## Conversation",
        "",
        "### User (10:00)",
        "",
        "- When does Kestrel ship?",
        "",
        "### Assistant (10:01)",
        "",
        "- Friday 14 June.",
    ]
    hit = Hit(
        "memory/sessions/s.md",
        5,
        11,
        0.9,
        "- Friday 14 June.",
        "memory",
        "memory/sessions/s.md#L5-L11",
        snippet_start_line=7,
        snippet_end_line=11,
    )
    piece = relabel(Piece(hit, hit.snippet, "", (), tuple(lines[4:])), lines)
    assert piece.hit.origin == ("assistant", "user")


def test_a_question_must_share_two_of_its_words_with_a_memory() -> None:
    note = Hit(
        "memory/a.md",
        3,
        3,
        0.9,
        "- Time to review the budget with Dana, every Monday.",
        "memory",
        "memory/a.md#L3",
    )
    for prompt in ("what time is it?", "what's the time complexity of this?"):
        dropped = judge(prompt_signals(prompt), note, 0.5)
        assert dropped is not None and dropped.stage == "overlap", prompt
    assert judge(prompt_signals("when do we review the budget?"), note, 0.5) is None
    assert judge(prompt_signals("what did Dana say?"), note, 0.5) is None  # a name is enough


def test_a_superseded_hit_gives_way_to_the_newer_line_with_a_note(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    write(root, "memory/2024-01-10.md", "# 2024-01-10\n\n- Bookings use MySQL for the database.\n")
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- We moved bookings from MySQL to PostgreSQL last week.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    with Memory.open(root) as mem:
        got = mem.recall("Which database do bookings use?", record=False)
    assert "PostgreSQL" in got.text and "Bookings use MySQL" not in got.text
    assert "an older one said otherwise" in got.text  # the superseded hit's note names the newer line
