from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from mdrecall.errors import PathError, WorkspaceError
from mdrecall.files.workspace import Workspace, date_from_name

from helpers import write


def keys(ws: Workspace) -> set[str]:
    return {f.key for f in ws.discover()}


def test_discovers_memory_files_only(ws: Path) -> None:
    write(ws, "notes.md", "# not memory")
    write(ws, "memory/readme.txt", "not markdown")
    write(ws, "memory/.dreams/x.md", "# hidden")
    assert keys(Workspace(ws)) == {
        "MEMORY.md",
        "memory/2026-01-26.md",
        "memory/2026-01-27.md",
        "memory/projects/kestrel.md",
    }


def test_extra_paths_relative_absolute_and_tilde(
    ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(ws, "docs/guide.md", "# Guide")
    outside = tmp_path / "shared-notes"
    write(outside, "team.md", "# Team")
    write(outside, "deep/nested/more.md", "# More")
    write(outside, "image.png", "binary")
    home = tmp_path / "home"
    write(home, "notes/todo.md", "# Todo")
    monkeypatch.setenv("HOME", str(home))
    found = keys(Workspace(ws, ["docs", str(outside), "~/notes"]))
    assert "docs/guide.md" in found
    assert (outside / "team.md").as_posix() in found
    assert (outside / "deep/nested/more.md").as_posix() in found
    assert (home / "notes/todo.md").as_posix() in found
    assert not any(k.endswith(".png") for k in found)


def test_symlinks_are_ignored_and_loops_terminate(ws: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("# secret")
    os.symlink(secret, ws / "memory" / "link.md")
    os.symlink(ws / "memory", ws / "memory" / "loop")  # a symlink loop
    found = keys(Workspace(ws))
    assert "memory/link.md" not in found
    assert not any("loop" in k for k in found)


def test_resolve_readable_allows_memory_files(ws: Path) -> None:
    w = Workspace(ws)
    assert w.resolve_readable("MEMORY.md") == ws.resolve() / "MEMORY.md"
    assert w.resolve_readable("memory/projects/kestrel.md").name == "kestrel.md"
    assert w.resolve_readable("memory/../memory/2026-01-26.md").name == "2026-01-26.md"


@pytest.mark.parametrize(
    "bad",
    [
        "../outside.md",
        "/etc/passwd",
        "memory/../../x.md",
        "notes.md",
        "memory/a.txt",
        "",
        "memory/\x00.md",
        "AGENTS.md",
    ],
)
def test_resolve_readable_refuses_everything_else(ws: Path, bad: str) -> None:
    with pytest.raises(PathError):
        Workspace(ws).resolve_readable(bad)


def test_resolve_readable_refuses_symlinks(ws: Path, tmp_path: Path) -> None:
    target = tmp_path / "t.md"
    target.write_text("x")
    os.symlink(target, ws / "memory" / "link.md")
    os.symlink(tmp_path, ws / "memory" / "dirlink")
    with pytest.raises(PathError, match="symlink"):
        Workspace(ws).resolve_readable("memory/link.md")
    with pytest.raises(PathError, match="symlink"):
        Workspace(ws).resolve_readable("memory/dirlink/t.md")


def test_missing_workspace_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="does not exist") as caught:
        Workspace(tmp_path / "nope")
    assert caught.value.next_step == "init" and "mdrecall" not in str(caught.value)  # the CLI adds its hint


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("2026-01-26.md", "2026-01-26"),
        ("2026-01-26-standup.md", "2026-01-26"),
        ("92025-06-15.md", None),
        ("2026-02-30.md", None),
        ("2026-13-01.md", None),
        ("notes.md", None),
        ("2026-01-2.md", None),
    ],
)
def test_date_from_name(name: str, expected: str | None) -> None:
    assert date_from_name(name) == expected


def test_concurrent_appends_never_lose_text(tmp_path: Path) -> None:
    w = Workspace(tmp_path)
    target = tmp_path / "memory" / "log.md"

    def writer(n: int) -> None:
        for i in range(50):
            w.append(target, lambda heading, new, n=n, i=i: ("", f"entry {n}-{i}\n"))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = target.read_text().splitlines()
    assert sorted(lines) == sorted(f"entry {n}-{i}" for n in range(4) for i in range(50))


def test_append_keeps_existing_text_and_reports_line(tmp_path: Path) -> None:
    w = Workspace(tmp_path)
    target = tmp_path / "memory" / "a.md"
    target.parent.mkdir()
    target.write_text("line one\nline two")  # no final newline
    line = w.append(target, lambda h, new: ("", "\n## New\nbody\n"))
    assert target.read_text() == "line one\nline two\n\n## New\nbody\n"
    assert target.read_text().splitlines()[line - 1] == "## New"
