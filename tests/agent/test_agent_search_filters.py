"""memory_search takes the CLI's filters (path globs, since/until) as plain JSON arguments."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.mcp.server import SCHEMAS

CFG = Config().merged({"embedding": {"provider": "none"}})


def test_path_and_date_filters_reach_the_search(ws: Path) -> None:
    with Memory.open(ws, CFG) as mem:
        tools = MemoryTools(mem)
        wide = tools.memory_search("Alice Bob Kestrel Stripe onboarding", minScore=0.0, maxResults=10)
        assert {r["path"] for r in wide["results"]} >= {"memory/2026-01-26.md", "memory/2026-01-27.md"}
        one_day = tools.memory_search("Alice Bob Kestrel Stripe onboarding", minScore=0.0, since="2026-01-27")
        assert {r["path"] for r in one_day["results"]} == {"memory/2026-01-27.md"}
        globbed = tools.memory_search(
            "Alice Bob Kestrel Stripe onboarding", minScore=0.0, path=["memory/projects/*", "MEMORY.md"]
        )
        assert globbed["results"] and {r["path"] for r in globbed["results"]} <= {
            "memory/projects/kestrel.md",
            "MEMORY.md",
        }
        bad = tools.memory_search("Alice", since="someday")
        assert bad["results"] == [] and "someday" in bad["error"]
        backwards = tools.memory_search("Alice", since="2026-02-01", until="2026-01-01")
        assert backwards["results"] == [] and "after" in backwards["error"]


def test_the_mcp_schema_declares_them() -> None:
    props = SCHEMAS["memory_search"]["properties"]
    assert {"path", "since", "until"} <= set(props)
