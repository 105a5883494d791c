"""An unknown ``--agent`` is a usage error that creates nothing; an agent is created by an explicit act."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agent_helpers import isolated_env

from mdrecall import Config
from mdrecall.services.agents import UnknownAgentError, open_agent, resolve_agent

from helpers import run_cli


def test_search_with_a_misspelled_agent_is_a_usage_error_and_creates_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = isolated_env(home)
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[agents.main]\nworkspace = "{(tmp_path / "main").as_posix()}"\n')
    out = run_cli("search", "x", "--agent", "typo", "--config", str(cfg), "--json", cwd=tmp_path, env=env)
    assert out.returncode == 2, out.stderr
    err = json.loads(out.stderr)["error"]
    assert err["code"] == "usage" and "unknown agent 'typo' (known: main)" in err["message"]
    assert not (home / ".local").exists() and not (tmp_path / "main").exists()
    plain = run_cli("search", "x", "--agent", "typo", cwd=tmp_path, env=env)
    assert plain.returncode == 2 and "unknown agent 'typo' (known: none)" in plain.stderr
    assert not (home / ".local").exists()


def test_an_agent_exists_once_configured_or_initialised(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = isolated_env(home)
    cfg = tmp_path / "config.toml"
    cfg.write_text("[agents.ops]\n")  # an empty table is enough: the default folder is used
    out = run_cli("search", "x", "--agent", "ops", "--config", str(cfg), cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert (home / ".local" / "share" / "mdrecall" / "agents" / "ops").is_dir()
    folder = home / ".local" / "share" / "mdrecall" / "agents" / "newbie"
    assert run_cli("init", str(folder), env=env).returncode == 0
    out = run_cli("search", "tea", "--agent", "newbie", "--json", env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr


def test_the_library_refuses_unknown_agents_before_creating_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    base = Config().merged({"agents": {"alpha": {"workspace": str(tmp_path / "alpha")}}})
    with pytest.raises(UnknownAgentError, match=r"unknown agent 'alhpa' \(known: alpha\)"):
        open_agent("alhpa", base)
    assert not (tmp_path / "data").exists()
    assert resolve_agent(base, "alpha")[0] == tmp_path / "alpha"


def test_hooks_install_for_an_unknown_agent_is_refused(tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    project = tmp_path / "project"
    project.mkdir()
    out = run_cli("hooks", "install", "claude-code", "--dir", str(project), "--agent", "typo", env=env)
    assert out.returncode == 2 and "unknown agent 'typo'" in out.stderr
    assert not (project / ".claude").exists() and not (project / ".mcp.json").exists()
