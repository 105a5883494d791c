"""The team / other-agent merge runs in the one search path: `mdrecall search --with team` (a real
subprocess) and `memory_search` answer the same query alike, and a filter applies to the team's hits
too (it used to drop the team merge altogether)."""

from __future__ import annotations

import json
from pathlib import Path

from agent_helpers import isolated_env

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.services.team import open_team

from helpers import run_cli, write


def _setup(tmp_path: Path) -> tuple[Path, Path, Config]:
    own, team = tmp_path / "ada", tmp_path / "team"
    write(own, "MEMORY.md", "# Memory\n\n- The quokka cache is warmed at dawn.\n")
    write(team, "MEMORY.md", "# Team\n\n- The quokka cache belongs to the payments team.\n")
    write(
        team, "memory/agents/bob/2026-01-07.md", "# 2026-01-07 · bob\n\n## 10:00\n\nquokka cache resized.\n"
    )
    cfg = Config().merged(
        {"embedding": {"provider": "none"}, "team": {"workspace": str(team)}, "agent_id": "ada"}
    )
    return own, team, cfg


def test_cli_with_team_answers_as_memory_search_does(tmp_path: Path) -> None:
    own, team, cfg = _setup(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text(f'agent_id = "ada"\n[team]\nworkspace = "{team}"\n')
    env = {**isolated_env(tmp_path / "home"), "MDRECALL_CONFIG": str(config)}
    out = run_cli(
        "-w", str(own), "search", "quokka cache", "--min-score", "0", "--with", "team", "--json", env=env
    )
    assert out.returncode == 0, out.stderr
    cli = [(h["path"], h["workspace"], h["agent"]) for h in json.loads(out.stdout)["results"]]
    with Memory.open(own, cfg) as mem:
        team_mem = open_team(mem)
        try:
            mcp = MemoryTools(mem, team=team_mem).memory_search("quokka cache", minScore=0)["results"]
        finally:
            team_mem.close()
    assert cli == [(h["path"], h["workspace"], h["agent"]) for h in mcp]
    assert ("memory/agents/bob/2026-01-07.md", "team", "bob") in cli and ("MEMORY.md", "own", "ada") in cli
    alone = run_cli("-w", str(own), "search", "quokka cache", "--min-score", "0", "--json", env=env)
    assert [h["path"] for h in json.loads(alone.stdout)["results"]] == ["MEMORY.md"]  # own only by default
    bad = run_cli("-w", str(own), "search", "quokka", "--with", "nobody", "--json", env=env)
    assert bad.returncode == 1 and "unknown agent 'nobody'" in bad.stderr


def test_a_filter_applies_to_the_team_hits_too(tmp_path: Path) -> None:
    own, _team, cfg = _setup(tmp_path)
    with Memory.open(own, cfg) as mem:
        team_mem = open_team(mem)
        try:
            tools = MemoryTools(mem, team=team_mem)
            out = tools.memory_search("quokka cache", minScore=0, path="memory/agents/*")["results"]
            assert [(h["path"], h["workspace"]) for h in out] == [("memory/agents/bob/2026-01-07.md", "team")]
            only_own = tools.memory_search("quokka cache", minScore=0, agents=[])["results"]
            assert [h["path"] for h in only_own] == ["MEMORY.md"] and "workspace" not in only_own[0]
        finally:
            team_mem.close()
