"""Scope rules and many agents: own workspaces and indexes, overrides, opt-in cross-agent search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mdrecall import Config
from mdrecall.agent.tools import MemoryTools
from mdrecall.capture.scope import check_scope
from mdrecall.config.settings import ScopeConfig
from mdrecall.errors import ConfigError
from mdrecall.services.agents import open_agent, open_search_agents, resolve_agent

from helpers import run_cli, write


def test_scope_rules_allow_direct_chats_by_default_and_say_why() -> None:
    cfg = ScopeConfig()
    assert check_scope(cfg).allowed and check_scope(cfg, "direct").allowed
    d = check_scope(cfg, "group", "agent:main:telegram:group:42")
    assert not d and "chat type 'group' is not in scope.allow_chat_types ['direct']" in d.reason
    rules = ScopeConfig(
        allow_chat_types=("direct", "group"),
        deny_chat_types=("channel",),
        allow_key_prefixes=("agent:main:slack:",),
        deny_key_prefixes=("agent:main:slack:public",),
    )
    assert check_scope(rules, "group").allowed
    assert "deny_chat_types" in check_scope(rules, "channel").reason
    assert check_scope(rules, "channel", "agent:main:slack:team").allowed
    denied = check_scope(rules, "direct", "agent:main:slack:public-x")
    assert not denied and "deny_key_prefixes entry 'agent:main:slack:public'" in denied.reason
    assert check_scope(ScopeConfig(default="allow"), "forum").allowed


def _base(tmp_path: Path, **scope: object) -> Config:
    agents = {
        "alpha": {"workspace": str(tmp_path / "alpha"), "scope": scope},
        "beta": {"workspace": str(tmp_path / "beta"), "search": {"max_results": 2}},
    }
    return Config().merged({"embedding": {"provider": "none"}, "agents": agents})


def test_each_agent_has_its_own_workspace_index_and_overrides(tmp_path: Path) -> None:
    base = _base(tmp_path)
    ws_b, cfg_b = resolve_agent(base, "beta")
    assert ws_b == tmp_path / "beta" and cfg_b.search.max_results == 2 and cfg_b.agent_id == "beta"
    assert resolve_agent(base, "alpha")[1].search.max_results == 6
    with open_agent("alpha", base) as a, open_agent("beta", base) as b:
        a.remember("Alpha's secret: the vault code is walrus")
        b.remember("Beta handles the invoices")
        assert a.search("walrus") and not b.search("walrus")
        assert not a.search("invoices")
        assert a.store.description != b.store.description
        tools = MemoryTools(a)
        assert tools.memory_get("memory/x.md", agent="beta")["error"].startswith("agent 'beta' is not in")
    shared = base.merged({"store": {"path": str(tmp_path / "idx" / "index.sqlite")}})
    assert resolve_agent(shared, "alpha")[1].store.path == str(tmp_path / "idx" / "index-alpha.sqlite")
    with pytest.raises(ConfigError):
        resolve_agent(base, "../evil")


def test_cross_agent_search_only_when_configured(tmp_path: Path) -> None:
    base = _base(tmp_path, search_agents=["beta"])
    with open_agent("beta", base) as b:
        b.remember("Beta knows the quarterly budget is 40k")
    with open_agent("alpha", base) as a:
        others = open_search_agents(a, base)
        assert set(others) == {"beta"}
        out = MemoryTools(a, others=others).memory_search("quarterly budget")
        hit = out["results"][0]
        assert hit["agent"] == "beta" and "40k" in hit["snippet"]
        got = MemoryTools(a, others=others).memory_get(hit["path"], agent="beta")
        assert "40k" in got["text"]
        assert MemoryTools(a).memory_search("quarterly budget")["results"] == []
        for m in others.values():
            m.close()
    with open_agent("beta", base) as b:
        assert open_search_agents(b, base) == {}


def test_agent_flag_through_the_cli(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    write(
        tmp_path,
        "config.toml",
        f'[agents.alpha]\nworkspace = "{tmp_path / "alpha"}"\n'
        f'[agents.beta]\nworkspace = "{tmp_path / "beta"}"\n',
    )
    out = run_cli("--config", str(cfg), "agents", "--json")
    assert out.returncode == 0, out.stderr
    assert [r["agent"] for r in json.loads(out.stdout)["agents"]] == ["alpha", "beta"]
    (tmp_path / "alpha").mkdir()
    write(tmp_path, "alpha/MEMORY.md", "# Memory\n- Alpha prefers green tea.\n")
    ctx = run_cli("--config", str(cfg), "context", "--agent", "alpha")
    assert ctx.returncode == 0 and "green tea" in ctx.stdout
    other = run_cli("--config", str(cfg), "context", "--agent", "beta", "--message", "green tea?", "--json")
    assert other.returncode == 0 and json.loads(other.stdout)["digest"] == ""
    assert (tmp_path / "beta").is_dir()
