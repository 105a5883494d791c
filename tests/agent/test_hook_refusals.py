"""Hooks in a folder that is not a workspace: nothing written, the reason on stderr, exit 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agent_helpers import claude_code_transcript, isolated_env, write_jsonl

from helpers import run_cli, run_process


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


EVENTS = ["user-prompt-submit", "stop", "session-end", "session-start", "pre-compact"]


@pytest.mark.parametrize("event", EVENTS)
def test_cli_hook_refuses_a_folder_that_is_not_a_workspace(tmp_path: Path, event: str) -> None:
    folder = tmp_path / "not-a-workspace"
    folder.mkdir()
    transcript = write_jsonl(tmp_path / "t.jsonl", claude_code_transcript())
    payload = {"prompt": "hi we decided to ship Kestrel on Friday", "session_id": "s1"}
    payload["transcript_path"] = str(transcript)
    env = isolated_env(tmp_path / "home")
    out = run_cli("hook", event, stdin=json.dumps(payload), cwd=folder, env=env)
    assert out.returncode == 0, out.stderr
    assert "not an mdrecall workspace" in out.stderr and "nothing" in out.stderr
    assert _files(folder) == []
    assert not (tmp_path / "home" / ".local").exists()


def test_turn_hook_module_refuses_a_folder_that_is_not_a_workspace(tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    out = run_process(
        "user-prompt-submit",
        module="mdrecall.agent.turn_hook",
        stdin=json.dumps({"prompt": "hi we decided X", "session_id": "s1"}),
        cwd=folder,
        env=isolated_env(tmp_path / "home"),
    )
    assert out.returncode == 0
    assert "not an mdrecall workspace" in out.stderr
    assert _files(folder) == []


def test_turn_hook_still_captures_in_a_workspace(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    out = run_cli(
        "hook",
        "user-prompt-submit",
        stdin=json.dumps({"prompt": "we decided to ship Kestrel on Friday", "session_id": "s1"}),
        cwd=ws,
        env=isolated_env(tmp_path / "home"),
    )
    assert out.returncode == 0 and "captured 1 message" in out.stderr, out.stderr
    assert list((ws / "memory" / "conversations").glob("*.md"))


@pytest.mark.parametrize("event", ["user-prompt-submit", "session-start"])
def test_a_hook_with_a_missing_config_file_never_blocks_the_agent(tmp_path: Path, event: str) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    out = run_cli(
        "hook",
        event,
        "--config",
        str(tmp_path / "missing.toml"),
        stdin=json.dumps({"prompt": "we decided to ship Kestrel on Friday", "session_id": "s1"}),
        cwd=ws,
        env=isolated_env(tmp_path / "home"),
    )
    assert out.returncode == 0 and "missing.toml does not exist" in out.stderr  # exit 2 would block it
    assert not (ws / "memory" / "conversations").exists()
