"""Issue 17 item 6: values at the edges of their types (file times, dates) are handled, never exit 3."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.agent.tools import MemoryTools

from .conftest import run_cli
from helpers import write


def make_ws(root: Path) -> Path:
    write(root, "MEMORY.md", "# Long-term\n\n- the user prefers tea over coffee\n")
    write(root, "memory/2026-01-05.md", "# 2026-01-05\n\n## 10:00\n\nwe tuned postgres vacuum\n")
    write(root, "memory/notes.md", "# notes\n\nthe kafka migration is planned for spring\n")
    return root


@pytest.mark.parametrize("seconds", [1e10, 2**62 / 1e9 * 4, -1e10], ids=["2286", "far-future", "1653"])
def test_a_file_time_past_64_bit_nanoseconds_does_not_break_index_or_search(
    tmp_path: Path, seconds: float
) -> None:
    """An mtime after 2262-04-11 (or before 1677) is past int64 nanoseconds: clamped, not exit 3."""
    ws = make_ws(tmp_path / "agent")
    note = ws / "memory" / "notes.md"
    try:
        os.utime(note, (seconds, seconds))
    except (OSError, OverflowError, ValueError):
        pytest.skip(f"this file system cannot hold the time {seconds}")
    out = run_cli("-w", str(ws), "index")
    assert out.returncode == 0, out.stderr
    out = run_cli("-w", str(ws), "search", "kafka migration")
    assert out.returncode == 0, out.stderr
    assert b"memory/notes.md" in out.stdout
    again = run_cli("-w", str(ws), "index")  # the clamped time is stable: nothing re-indexed
    assert again.returncode == 0 and b"0 updated" in again.stdout, again.stdout + again.stderr
    listing = run_cli("-w", str(ws), "--format", "json", "status")
    assert listing.returncode == 0, listing.stderr


AS_OF_EDGES = ["0001-01-01", "9999-12-31", "0001-01-01T00:00:00", "9999-12-31T23:59:59-12:00"]


@pytest.mark.parametrize("tz", ["UTC", "Asia/Tokyo", "America/Los_Angeles"])
def test_as_of_at_the_ends_of_the_calendar_answers_from_the_cli(tmp_path: Path, tz: str) -> None:
    """``--as-of 0001-01-01`` was ``ValueError: year 0 is out of range`` (exit 3): now an answer."""
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    for when in AS_OF_EDGES:
        out = run_cli("-w", str(ws), "--format", "json", "search", "kafka", "--as-of", when, env={"TZ": tz})
        assert out.returncode == 0, (when, out.stderr)
        paths = [h["path"] for h in json.loads(out.stdout)["results"]]
        # before any file existed: nothing; at the end of time: the files as they are now
        assert paths == ([] if when.startswith("0001") else ["memory/notes.md"]), (when, paths)


def test_as_of_at_the_ends_of_the_calendar_answers_over_the_mcp_tool(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    with Memory.open(ws) as mem:
        mem.index()
        tools = MemoryTools(mem)
        for when in AS_OF_EDGES:
            out = tools.memory_search("kafka", asOf=when)
            assert "error" not in out, (when, out)
            found = [r["path"] for r in out["results"]]
            assert found == ([] if when.startswith("0001") else ["memory/notes.md"]), (when, found)
