"""Output details a new user hit: one number format, and file names with a newline in ``--format files``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mdrecall.models import IndexReport

from helpers import write


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def test_the_index_summary_groups_thousands_like_the_progress_bar(tmp_path: Path) -> None:
    assert (
        IndexReport(scanned=1001, added=1001, chunks_written=1234)
        .summary()
        .startswith("1,001 files scanned, 1,001 added, 0 updated, 0 removed, 1,234 chunks written")
    )
    ws = tmp_path / "ws"
    for i in range(1001):
        write(ws, f"memory/notes/n{i:04d}.md", f"# Note {i}\nword{i}\n")
    out = run("index", cwd=ws)
    assert out.returncode == 0 and out.stdout.startswith("1,001 files scanned, 1,001 added"), out.stdout


def test_files_format_keeps_one_path_per_line_and_files0_gives_raw_paths(ws: Path) -> None:
    write(ws, "memory/odd\nname.md", "# Odd\nThe quokka files.\n")
    write(ws, 'memory/"quoted".md', "# Quoted\nThe quokka quotes.\n")
    assert run("index", cwd=ws).returncode == 0
    lines = run("ls", "--format", "files", cwd=ws).stdout.splitlines()
    assert json.dumps("memory/odd\nname.md") in lines and 'memory/"quoted".md' in lines  # as is
    assert "memory/2026-01-26.md" in lines and len(lines) == 6
    raw = run("ls", "--format", "files0", cwd=ws).stdout
    assert raw.endswith("\0") and "memory/odd\nname.md" in raw.split("\0")
    found = run("search", "quokka", "--format", "files0", cwd=ws).stdout.split("\0")
    assert "memory/odd\nname.md" in found
