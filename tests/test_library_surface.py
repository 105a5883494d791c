"""The library refuses what the CLI refuses, and speaks its own language: ``Memory.open`` on a folder
that is not a workspace raises and creates nothing (unless ``create=True``); an error's message names
no CLI command, while the CLI (and the MCP tools) still add the step in their own words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.errors import NotFoundError, WorkspaceError

CFG = Config().merged({"embedding": {"provider": "none"}})


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ},
        timeout=120,
    )


def _tree(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


def test_open_refuses_a_folder_that_is_not_a_workspace_and_creates_nothing(tmp_path: Path) -> None:
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "notes.txt").write_text("not memory\n")
    with pytest.raises(WorkspaceError, match="not an mdrecall workspace") as caught:
        Memory.open(bare, CFG)
    assert _tree(bare) == ["notes.txt"]  # no .mdrecall/index.sqlite
    assert caught.value.next_step == "init" and caught.value.subject == str(bare)
    assert "mdrecall init" not in str(caught.value)
    out = _cli("-w", str(bare), "search", "anything", cwd=tmp_path)  # the CLI says how to make one
    assert out.returncode == 1 and f"Create one with: mdrecall init {bare}" in out.stderr
    assert _tree(bare) == ["notes.txt"]


def test_open_refuses_a_missing_path_and_does_not_make_it(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="does not exist") as caught:
        Memory.open(tmp_path / "nowhere", CFG)
    assert not (tmp_path / "nowhere").exists()
    assert caught.value.next_step == "init" and "mdrecall" not in str(caught.value)


def test_open_with_create_makes_a_workspace_that_opens_again(tmp_path: Path) -> None:
    root = tmp_path / "new" / "agent"
    with Memory.open(root, CFG, create=True) as mem:
        mem.remember("The okapi enclosure opens in May.")
        assert mem.search("okapi enclosure")[0].path.startswith("memory/")
    assert (root / ".mdrecall").is_dir()
    with Memory.open(root, CFG) as mem:  # a workspace now: no create needed
        assert mem.search("okapi enclosure")


def test_open_with_create_still_refuses_a_file(tmp_path: Path) -> None:
    path = tmp_path / "file.md"
    path.write_text("# not a folder\n")
    with pytest.raises(WorkspaceError, match="not a folder"):
        Memory.open(path, CFG, create=True)


def test_library_error_names_no_cli_command_but_the_cli_and_the_tools_add_the_step(ws: Path) -> None:
    with Memory.open(ws, CFG) as mem:
        mem.index()
        with pytest.raises(NotFoundError) as caught:
            mem.entity("Zzyzx Qwerty")
        tool = MemoryTools(mem).memory_entity("Zzyzx Qwerty")
    message = str(caught.value)
    assert message.startswith("no entity named 'Zzyzx Qwerty'") and "mdrecall" not in message
    assert caught.value.next_step == "entities"
    assert "memory_entities tool" in tool["error"] and "mdrecall" not in tool["error"]
    out = _cli("entity", "Zzyzx Qwerty", cwd=ws)
    assert out.returncode == 1
    assert "no entity named 'Zzyzx Qwerty'. List them with: mdrecall entities" in out.stderr
