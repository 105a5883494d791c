"""Per-prompt recall through the real ``UserPromptSubmit`` hook: Claude Code's hook JSON on stdin, the
memories the prompt needs as ``additionalContext`` on stdout, and nothing when it needs none."""

from __future__ import annotations

import json
import subprocess
from datetime import date
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.search.recall_gate import WITHHELD

from helpers import run_cli, run_process, write


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Long-term memory\n\n- The user prefers short answers.\n")
    write(
        root,
        "memory/2024-01-10.md",
        "# 2024-01-10\n\n- Bookings use MySQL for the database.\n"
        "- The ring buffer in the audio driver holds 4096 samples.\n"
        "- Run the tests with tox before each release.\n",
    )
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- Kestrel ships on Friday 14 March, after the security review.\n"
        "- We moved bookings from MySQL to PostgreSQL last week.\n",
    )
    write(
        root,
        "memory/health.md",
        "# Notes\n\n## Health <!-- local-only -->\n\n- Dr. Okafor prescribed atenolol for blood pressure.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    return root


def _prompt(ws: Path, prompt: str, session: str = "s1") -> subprocess.CompletedProcess[str]:
    payload = {"session_id": session, "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    out = run_cli("-w", str(ws), "hook", "user-prompt-submit", stdin=json.dumps(payload))
    assert out.returncode == 0, out.stderr
    return out


def _context(out: subprocess.CompletedProcess[str]) -> str:
    if not out.stdout.strip():
        return ""
    data = json.loads(out.stdout)["hookSpecificOutput"]
    assert data["hookEventName"] == "UserPromptSubmit"
    return str(data["additionalContext"])


def test_a_question_gets_the_citation_that_answers_it_and_chores_get_nothing(ws: Path) -> None:
    context = _context(_prompt(ws, "When does Kestrel ship?"))
    assert "[memory/2024-03-01.md#L" in context and "Friday 14 March" in context
    assert "2024-03-01 · user" in context  # its date and who said it
    for chore in ("thanks", "run the tests again", "rename tmp to buffer", "ok, go on"):
        assert _context(_prompt(ws, chore, session=f"chore-{chore}")) == "", chore


def test_a_repeated_question_in_one_session_gets_nothing_new(ws: Path) -> None:
    assert "Kestrel" in _context(_prompt(ws, "When does Kestrel ship?"))
    assert _context(_prompt(ws, "When does Kestrel ship?")) == ""
    assert _context(_prompt(ws, "When does Kestrel ship exactly?")) == ""
    assert "Kestrel" in _context(_prompt(ws, "When does Kestrel ship?", session="another"))
    assert (ws / ".mdrecall" / "recall" / "s1.json").is_file()


def test_a_superseded_fact_is_never_injected_the_newer_one_is(ws: Path) -> None:
    context = _context(_prompt(ws, "Which database do bookings use?"))
    assert "PostgreSQL" in context
    assert "Bookings use MySQL for the database" not in context


def test_local_only_text_is_never_injected_unless_the_model_is_local(ws: Path) -> None:
    assert _context(_prompt(ws, "What did Dr. Okafor prescribe?")) == ""
    (ws / ".mdrecall.toml").write_text("[recall]\nlocal_model = true\n")
    assert "atenolol" in _context(_prompt(ws, "What did Dr. Okafor prescribe?", session="local"))


def test_session_start_leaves_local_only_lines_out_and_recall_does_not_repeat_it(ws: Path) -> None:
    today = date.today().isoformat()
    write(
        ws,
        f"memory/{today}.md",
        f"# {today}\n\n- Standup moved to 9:30 for the Kestrel team.\n\n"
        "## Private <!-- local-only -->\n\n- My salary review is on Tuesday.\n",
    )
    assert run_cli("-w", str(ws), "index").returncode == 0
    start = run_cli("-w", str(ws), "hook", "session-start", stdin=json.dumps({"session_id": "s9"}))
    text = json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Standup moved to 9:30" in text and "salary" not in text
    assert "Standup" not in _context(_prompt(ws, "When is the Kestrel standup?", session="s9"))
    assert "Standup" in _context(_prompt(ws, "When is the Kestrel standup?", session="fresh"))


def test_a_damaged_index_makes_the_hook_inject_nothing_and_exit_0(ws: Path) -> None:
    (ws / ".mdrecall" / "index.sqlite").write_bytes(b"this is not a database" * 100)
    out = _prompt(ws, "When does Kestrel ship?")
    assert out.stdout == ""


def test_a_cold_hook_process_injects_and_recall_is_a_library_call_and_a_tool(ws: Path) -> None:
    payload = {"session_id": "cold", "prompt": "When does Kestrel ship?"}
    # The deadline is not what this test is about: a loaded machine (CI, two cores) may take longer.
    (ws / ".mdrecall.toml").write_text("[recall]\ndeadline_ms = 30000\n")
    out = run_process(
        "-w", str(ws), "user-prompt-submit", module="mdrecall.agent.turn_hook", stdin=json.dumps(payload)
    )
    assert out.returncode == 0, out.stderr
    assert "[memory/2024-03-01.md#L" in json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    with Memory.open(ws) as mem:
        result = mem.recall("When does Kestrel ship?", session="py", record=False)
        assert result.stage == "injected" and result.hits[0].path == "memory/2024-03-01.md"
        assert mem.recall("thanks!", session="py").stage == "empty"
        tool = MemoryTools(mem).memory_recall("When does Kestrel ship?", session="mcp-1")
        assert tool["citations"][0].startswith("memory/2024-03-01.md#L") and "Friday" in tool["context"]


def test_past_its_deadline_the_hook_injects_nothing_and_says_so_in_the_log(ws: Path) -> None:
    (ws / ".mdrecall.toml").write_text("[recall]\ndeadline_ms = 1\n")  # a new process: past 1 ms at once
    payload = json.dumps({"session_id": "late", "prompt": "When does Kestrel ship?"})
    out = run_process("-w", str(ws), "user-prompt-submit", module="mdrecall.agent.turn_hook", stdin=payload)
    assert out.returncode == 0 and out.stdout == "", out.stderr
    assert "recall injected nothing" in (ws / ".mdrecall" / "hooks.log").read_text()


def test_a_search_that_hangs_does_not_hold_the_prompt_past_the_deadline(ws: Path) -> None:
    import sqlite3
    import time

    holder = sqlite3.connect(ws / ".mdrecall" / "index.sqlite", isolation_level=None)
    try:  # another process holds the index: a search waits for it (up to the busy timeout, 30 s)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("CREATE TABLE IF NOT EXISTS held (x)")
        payload = json.dumps({"session_id": "held", "prompt": "When does Kestrel ship?"})
        t = time.monotonic()
        out = run_process(
            "-w", str(ws), "user-prompt-submit", module="mdrecall.agent.turn_hook", stdin=payload
        )
        took = time.monotonic() - t
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert out.returncode == 0 and out.stdout == "", out.stderr
    assert took < 5, f"the hook held the prompt {took:.1f} s"  # its deadline is 0.3 s; process start aside
    assert "still searching" in (ws / ".mdrecall" / "hooks.log").read_text()


def test_a_hit_dropped_as_local_only_is_not_cited_in_the_tools_decisions(tmp_path: Path) -> None:
    # fault round 21: a file marked local as a whole was named in memory_recall's decisions (its path and
    # its day), though none of its text was injected
    root = tmp_path / "agent"
    write(root, "memory/notes/garden.md", "# Garden\n\n- Tobiah Lennart waters the greenhouse\n")
    write(
        root,
        "memory/2025-06-02.md",
        "---\nprivacy: local\n---\n# 2025-06-02\n\n- Tobiah Lennart asked about the greenhouse lease\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    with Memory.open(root) as mem:
        tool = MemoryTools(mem).memory_recall(
            "what did Tobiah Lennart ask about the greenhouse?", session="m"
        )
    decisions = tool["decisions"]
    assert any(d["stage"] == "local" for d in decisions), decisions  # the local file was a candidate
    assert "2025-06-02" not in json.dumps(tool), tool
    assert all(d["citation"] == WITHHELD for d in decisions if d["stage"] == "local")
