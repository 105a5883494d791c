"""Output details a new user hit: one number format, and file names with a newline in ``--format files``."""

from __future__ import annotations

import json
from pathlib import Path

from mdrecall.models import IndexReport

from helpers import run_cli, write


def test_the_index_summary_groups_thousands_like_the_progress_bar(tmp_path: Path) -> None:
    assert (
        IndexReport(scanned=1001, added=1001, chunks_written=1234)
        .summary()
        .startswith("1,001 files scanned, 1,001 added, 0 updated, 0 removed, 1,234 chunks written")
    )
    ws = tmp_path / "ws"
    for i in range(1001):
        write(ws, f"memory/notes/n{i:04d}.md", f"# Note {i}\nword{i}\n")
    out = run_cli("index", cwd=ws)
    assert out.returncode == 0 and out.stdout.startswith("1,001 files scanned, 1,001 added"), out.stdout


def test_files_format_keeps_one_path_per_line_and_files0_gives_raw_paths(ws: Path) -> None:
    write(ws, "memory/odd\nname.md", "# Odd\nThe quokka files.\n")
    write(ws, 'memory/"quoted".md', "# Quoted\nThe quokka quotes.\n")
    assert run_cli("index", cwd=ws).returncode == 0
    lines = run_cli("ls", "--format", "files", cwd=ws).stdout.splitlines()
    assert json.dumps("memory/odd\nname.md") in lines and 'memory/"quoted".md' in lines  # as is
    assert "memory/2026-01-26.md" in lines and len(lines) == 6
    raw = run_cli("ls", "--format", "files0", cwd=ws).stdout
    assert raw.endswith("\0") and "memory/odd\nname.md" in raw.split("\0")
    found = run_cli("search", "quokka", "--format", "files0", cwd=ws).stdout.split("\0")
    assert "memory/odd\nname.md" in found


def test_terminal_control_in_memory_is_shown_not_acted_on(tmp_path: Path) -> None:
    """Memory is untrusted: a captured page may hold a title-setting OSC sequence, a colour, a C1 CSI
    or a bell. The search's human layout shows each as U+FFFD; JSON keeps the text exact."""
    from mdrecall.cli.output import highlight, shown

    hostile = "The deploy \x1b]0;pwned\x07 went \x1b[31mred\x1b[0m and \x9b2J fine\tok"
    ws = tmp_path / "ws"
    write(ws, "memory/2026-03-02.md", f"# 2026-03-02\n\n{hostile}\n")
    at = ("--workspace", str(ws))
    assert run_cli(*at, "index", cwd=tmp_path).returncode == 0
    out = run_cli(*at, "search", "deploy", cwd=tmp_path)
    assert out.returncode == 0 and "deploy" in out.stdout, out.stderr
    assert not any(ch in out.stdout for ch in "\x1b\x07\x9b"), repr(out.stdout)
    assert "\ufffd]0;pwned\ufffd" in out.stdout and "fine\tok" in out.stdout
    data = json.loads(run_cli(*at, "search", "deploy", "--json", cwd=tmp_path).stdout)
    assert hostile in data["results"][0]["snippet"]
    assert shown("a\nb\tc\x00d\x7fe") == "a\nb\tc\ufffdd\ufffde"
    assert highlight("x\x1by", []) == "x\ufffdy"
