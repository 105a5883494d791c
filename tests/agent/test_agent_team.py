"""Shared team memory: two agents, each in its own process (one behind the MCP server, one on the Python
API), write to and search a team workspace at the same time; nothing is lost and every hit says which
workspace and which agent it comes from."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from agent_helpers import McpClient, isolated_env

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.errors import ConfigError
from mdrecall.services.team import author_of, open_team

from helpers import run_process

N = 20


def _setup(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    team = tmp_path / "team"
    (team / "memory").mkdir(parents=True)
    (team / "MEMORY.md").write_text("# Team\n\n- Convention: every pull request needs two reviews.\n")
    for agent in ("ada", "bob"):
        (tmp_path / agent / "memory").mkdir(parents=True)
    config = tmp_path / "config.toml"
    config.write_text(
        f'[team]\nworkspace = "{team}"\n\n'
        f'[agents.ada]\nworkspace = "{tmp_path / "ada"}"\n\n[agents.bob]\nworkspace = "{tmp_path / "bob"}"\n'
    )
    env = {**isolated_env(tmp_path / "home"), "MDRECALL_CONFIG": str(config)}
    return team, env


BOB = """
import json, sys
from mdrecall.services.agents import open_agent
from mdrecall.services.team import open_team

own = open_agent("bob")
team = open_team(own)
out = {"written": [], "found": []}
for i in range(ROUNDS):
    res = team.remember(f"Bob note {i}: the zebra{i}x gateway belongs to payments.", team=True)
    out["written"].append(res.path)
    team.search(f"zebra{i}x gateway")  # each search syncs the shared team index while Ada writes
for q in sys.argv[1:]:
    out["found"] += [t.to_dict() for t in team.search(q, 3)]
team.close()
own.close()
print(json.dumps(out))
"""


def _bob(env: dict[str, str], *queries: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", BOB.replace("ROUNDS", str(0 if queries else N)), *queries],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_two_agents_share_a_team_workspace_concurrently(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from mcp import StdioServerParameters, stdio_client

    team, env = _setup(tmp_path)
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mdrecall", "mcp", "--agent", "ada", "--no-watch"], env=env
    )
    with McpClient(stdio_client(params)) as ada:
        bob = _bob(env)  # Bob writes and searches through the Python API, in his own process, meanwhile
        for i in range(N):
            err, out = ada.call(
                "memory_write", {"text": f"Ada note {i}: the yak{i}q service moves to Lisbon.", "team": True}
            )
            assert not err and out["workspace"] == "team", out
            err, found = ada.call("memory_search", {"query": f"yak{i}q service"})
            assert not err, found
        err, private = ada.call(
            "memory_write", {"text": "Ada's private hunch: the quokka cache is too small."}
        )
        assert not err and private["workspace"] == "own" and private["path"].startswith("memory/2")
        stdout, stderr = bob.communicate(timeout=300)
        assert bob.returncode == 0, stderr
        written = json.loads(stdout)["written"]

        # Nothing lost: each agent's notes are all in its own file of the team workspace, none interleaved.
        for agent in ("ada", "bob"):
            files = list((team / "memory" / "agents" / agent).glob("*.md"))
            text = "".join(f.read_text() for f in files)
            assert text.count(f"{agent.capitalize()} note ") == N
            assert all(text.count(f"{agent.capitalize()} note {i}:") == 1 for i in range(N))
        assert set(written) == {
            f"memory/agents/bob/{p.name}" for p in (team / "memory/agents/bob").glob("*.md")
        }

        # Ada (MCP) finds Bob's note, labelled as the team's and Bob's; her own note as her own.
        err, res = ada.call("memory_search", {"query": "zebra7x gateway payments"})
        top = res["results"][0]
        assert "Bob note 7" in top["snippet"] and top["workspace"] == "team" and top["agent"] == "bob"
        err, res = ada.call("memory_search", {"query": "quokka cache"})
        assert res["results"][0]["workspace"] == "own" and res["results"][0]["agent"] == "ada"
        err, conv = ada.call("memory_search", {"query": "pull request reviews convention"})
        assert conv["results"][0]["workspace"] == "team" and conv["results"][0]["agent"] is None
        err, got = ada.call("memory_get", {"path": top["path"], "workspace": "team"})
        assert not err and "Bob note 7" in got["text"]

    # Bob (Python API, a new process) finds Ada's shared note, but never her private one.
    bob = _bob(env, "yak11q service Lisbon", "quokka cache")
    stdout, stderr = bob.communicate(timeout=300)
    assert bob.returncode == 0, stderr
    found = json.loads(stdout)["found"]
    ada_hit = next(h for h in found if "Ada note 11" in h["snippet"])
    assert ada_hit["workspace"] == "team" and ada_hit["agent"] == "ada"
    assert not any("quokka" in h["snippet"] for h in found)


def test_private_by_default_and_clear_errors(ws: Path, tmp_path: Path) -> None:
    team_root = tmp_path / "shared"
    (team_root / "memory").mkdir(parents=True)
    with Memory.open(ws, Config().merged({"team": {"workspace": str(team_root)}, "agent_id": "cy"})) as own:
        team = open_team(own)
        try:
            assert team.remember("A private note about the walrus.").path.startswith("memory/2")
            shared = team.remember("A shared note about the walrus.", team=True)
            assert shared.path.startswith("memory/agents/cy/") and author_of(shared.path) == "cy"
            hits = team.search("walrus note")
            assert {(t.workspace, t.agent) for t in hits} == {("own", "cy"), ("team", "cy")}
            tools = MemoryTools(own, team=team)
            assert tools.memory_write("Team-wide: walrus day is Friday.", team=True)["workspace"] == "team"
            assert "error" in tools.memory_get("MEMORY.md", workspace="team")  # no such team file
        finally:
            team.close()
    with Memory.open(ws) as alone:
        lonely = open_team(alone)
        assert lonely.team is None and lonely.search("walrus")  # own hits only
        with pytest.raises(ConfigError, match="team.workspace"):
            lonely.remember("x", team=True)
        assert "team.workspace" in MemoryTools(alone, team=lonely).memory_write("x", team=True)["error"]
    same = Memory.open(ws, Config().merged({"team": {"workspace": str(ws)}}))
    with same, pytest.raises(ConfigError, match="own workspace"):
        open_team(same)
    assert author_of("memory/agents/ada/2026-01-01.md") == "ada" and author_of("MEMORY.md") is None


def test_a_second_agent_finds_a_fact_the_first_noted_in_a_claude_code_session(tmp_path: Path) -> None:
    team, env = _setup(tmp_path)
    config = Path(env["MDRECALL_CONFIG"])
    config.write_text(config.read_text() + "\n[capture]\nshare_notes = true\n")
    transcript = tmp_path / "ada-session.jsonl"
    transcript.write_text("")
    payload = {"session_id": "ada-1", "transcript_path": str(transcript)}
    prompt = "We decided the staging database moves to Frankfurt next week. How do I start?"
    for event, extra in (("user-prompt-submit", {"prompt": prompt}), ("stop", {})):
        if event == "stop":
            answer = {"role": "assistant", "content": [{"type": "text", "text": "Start with the replica."}]}
            transcript.write_text(json.dumps({"type": "assistant", "uuid": "a1", "message": answer}) + "\n")
        stdin = json.dumps({**payload, **extra})
        out = run_process("--agent", "ada", event, module="mdrecall.agent.turn_hook", stdin=stdin, env=env)
        assert out.returncode == 0 and "capture failed" not in out.stderr, out.stderr
    own_log = next((tmp_path / "ada" / "memory").glob("20*.md")).read_text()
    assert "- decision: We decided the staging database moves to Frankfurt next week." in own_log
    bob = _bob(env, "staging database Frankfurt")
    stdout, stderr = bob.communicate(timeout=300)
    assert bob.returncode == 0, stderr
    hit = json.loads(stdout)["found"][0]
    assert "Frankfurt" in hit["snippet"] and hit["workspace"] == "team" and hit["agent"] == "ada"
    assert hit["path"].startswith("memory/agents/ada/")
    assert "How do I start" not in (team / hit["path"]).read_text()  # only what was noted is shared


def test_on_postgresql_the_team_is_one_namespace_for_every_agent(tmp_path: Path) -> None:
    from mdrecall.stores.postgres_sql import namespace_for

    from pgserver import backend_config, unique_agent

    team_root = tmp_path / "team"
    (team_root / "memory").mkdir(parents=True)
    name = unique_agent("team")
    mems = {}
    try:
        for agent in ("ada", "bob"):
            (tmp_path / agent).mkdir()
            cfg = backend_config("postgres", f"{name}-{agent}").merged(
                {"team": {"workspace": str(team_root), "name": name}}
            )
            mems[agent] = open_team(Memory.open(tmp_path / agent, cfg, create=True))
        assert mems["ada"].team.store.namespace == mems["bob"].team.store.namespace  # type: ignore[union-attr]
        assert mems["ada"].own.store.namespace != mems["bob"].own.store.namespace  # type: ignore[attr-defined]
        mems["ada"].remember("The okapi cluster is retired on June 30th.", team=True)
        mems["ada"].remember("Ada's own okapi scratch note.")
        found = mems["bob"].search("okapi cluster retired")
        assert [(t.workspace, t.agent) for t in found] == [("team", f"{name}-ada")]
    finally:
        import psycopg

        from pgserver import pg_dsn

        for t in mems.values():
            t.close()
            t.own.close()
        with psycopg.connect(pg_dsn(), autocommit=True) as conn:
            for ident in (f"team.{name}", f"{name}-ada", f"{name}-bob"):
                conn.execute(f'DROP SCHEMA IF EXISTS "{namespace_for(ident, "")}" CASCADE')
