"""Claude Code hooks: install/uninstall merge without clobbering, --dry-run, and the installed commands
run for real with Claude Code's hook JSON on stdin."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from agent_helpers import claude_code_transcript, isolated_env, write_jsonl

from helpers import run_cli

THEIRS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(ls:*)"]},
    "hooks": {
        "PreCompact": [
            {"matcher": "auto", "hooks": [{"type": "command", "command": "backup-transcript.sh"}]}
        ],
        "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "ruff format"}]}],
    },
}
THEIR_MCP = {"mcpServers": {"github": {"command": "gh-mcp", "args": []}}}


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text(json.dumps(THEIRS))
    (project / ".mcp.json").write_text(json.dumps(THEIR_MCP))
    return project


def _hook_commands(settings: dict) -> dict[str, str]:
    out = {}
    for event, groups in settings["hooks"].items():
        for g in groups:
            for h in g["hooks"]:
                if "mdrecall" in h["command"]:
                    out[event] = h["command"]
    return out


def test_install_merges_dry_run_writes_nothing_uninstall_restores(ws: Path, tmp_path: Path) -> None:
    project = _project(tmp_path)
    dry = run_cli("-w", str(ws), "hooks", "install", "claude-code", "--dir", str(project), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "would: " in dry.stdout and "hooks.SessionStart" in dry.stdout
    assert json.loads((project / ".claude" / "settings.json").read_text()) == THEIRS

    for _ in range(2):  # a re-install replaces its own entries, never duplicates them
        out = run_cli("-w", str(ws), "hooks", "install", "claude-code", "--project", "--dir", str(project))
        assert out.returncode == 0, out.stderr
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    assert settings["model"] == "opus" and settings["permissions"] == THEIRS["permissions"]
    assert settings["hooks"]["PostToolUse"] == THEIRS["hooks"]["PostToolUse"]
    assert settings["hooks"]["PreCompact"][0] == THEIRS["hooks"]["PreCompact"][0]
    ours = _hook_commands(settings)
    assert set(ours) == {"SessionStart", "UserPromptSubmit", "Stop", "PreCompact", "SessionEnd"}
    assert sum("mdrecall" in json.dumps(g) for g in settings["hooks"]["PreCompact"]) == 1
    assert ours["SessionStart"].endswith(f"-w {ws} hook session-start")
    mcp = json.loads((project / ".mcp.json").read_text())
    assert mcp["mcpServers"]["github"] == THEIR_MCP["mcpServers"]["github"]
    assert mcp["mcpServers"]["mdrecall"]["args"][-3:] == ["-w", str(ws), "mcp"]

    out = run_cli("hooks", "uninstall", "claude-code", "--dir", str(project))
    assert out.returncode == 0 and "removed 5 mdrecall hook(s)" in out.stdout
    assert json.loads((project / ".claude" / "settings.json").read_text()) == THEIRS
    assert json.loads((project / ".mcp.json").read_text()) == THEIR_MCP


def test_user_scope_and_a_foreign_mdrecall_entry_is_left_alone(ws: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    foreign = {
        "mcpServers": {"mdrecall": {"command": "docker", "args": ["run", "someone/else"]}},
        "numStartups": 7,
    }
    (home / ".claude.json").write_text(json.dumps(foreign))
    env = {"HOME": str(home)}
    out = run_cli("-w", str(ws), "hooks", "install", "claude-code", "--user", env=env)
    assert out.returncode == 0, out.stderr
    assert "not mdrecall's; left as it is" in out.stdout
    assert json.loads((home / ".claude.json").read_text()) == foreign
    assert set(_hook_commands(json.loads((home / ".claude" / "settings.json").read_text()))) == {
        "SessionStart", "UserPromptSubmit", "Stop", "PreCompact", "SessionEnd"
    }  # fmt: skip
    run_cli("hooks", "uninstall", "claude-code", "--user", env=env)
    assert "hooks" not in json.loads((home / ".claude" / "settings.json").read_text())
    assert json.loads((home / ".claude.json").read_text()) == foreign


def test_broken_settings_are_never_overwritten(ws: Path, tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text("{ not json")
    out = run_cli("-w", str(ws), "hooks", "install", "claude-code", "--dir", str(project))
    assert out.returncode == 1 and "will not overwrite" in out.stderr
    assert (project / ".claude" / "settings.json").read_text() == "{ not json"


def test_installed_hooks_run_with_claude_codes_hook_input(ws: Path, tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert run_cli("-w", str(ws), "hooks", "install", "claude-code", "--dir", str(project)).returncode == 0
    cmds = _hook_commands(json.loads((project / ".claude" / "settings.json").read_text()))
    env = isolated_env(tmp_path / "home")
    (ws / ".mdrecall.toml").write_text("[sessions]\nenabled = true\n")  # no paths: only what hooks index
    transcript = write_jsonl(tmp_path / ".claude" / "projects" / "p" / "5f1c.jsonl", claude_code_transcript())

    def fire(event: str, payload: dict) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            cmds[event],
            shell=True,
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    base = {"session_id": "5f1c", "transcript_path": str(transcript), "cwd": str(project)}
    start = fire("SessionStart", {**base, "hook_event_name": "SessionStart", "source": "startup"})
    assert start.returncode == 0, start.stderr
    out = json.loads(start.stdout)["hookSpecificOutput"]
    assert out["hookEventName"] == "SessionStart" and "TypeScript" in out["additionalContext"]

    pre = fire(
        "PreCompact", {**base, "hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": ""}
    )
    assert pre.returncode == 0, pre.stderr
    assert pre.stdout == "" and "captured" in pre.stderr
    # The turns are recorded once, in memory/conversations/; the session-end file does not repeat them.
    assert "already recorded" in pre.stderr and not sorted((ws / "memory").glob("20*-*-*-*.md"))
    captured = sorted((ws / "memory" / "conversations").glob("20*.md"))
    assert len(captured) == 1 and "Kestrel" in captured[0].read_text()
    session = run_cli("-w", str(ws), "search", "Kestrel rollout", "--source", "sessions", "--json", env=env)
    assert json.loads(session.stdout)["results"][0]["path"] == str(transcript)  # the transcript itself

    end = fire("SessionEnd", {**base, "hook_event_name": "SessionEnd", "reason": "exit"})
    assert end.returncode == 0 and "already recorded" in end.stderr
    assert not sorted((ws / "memory").glob("20*-*-*-*.md"))

    bad = fire("PreCompact", {"hook_event_name": "PreCompact"})
    assert bad.returncode == 1 and "transcript_path" in bad.stderr
