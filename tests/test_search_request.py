"""One search request: validated and clamped in one place, the MCP schema generated from it, and the
same request answered alike from Python keywords, a request value and the MCP arguments."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall import Config, MdrecallError, Memory, SearchFilter, SearchRequest
from mdrecall.agent.tools import MemoryTools
from mdrecall.mcp.server import SCHEMAS
from mdrecall.mcp.tools import TOOLS, tool_named
from mdrecall.request import mcp_schema

from helpers import run_cli, write


def test_values_are_validated_and_clamped_when_the_request_is_made() -> None:
    req = SearchRequest("q", max_results=5000, min_score=2.0, agents="team")
    assert (req.max_results, req.min_score, req.agents) == (1000, 1.0, ("team",))
    assert SearchRequest("q", max_results=0).max_results == 1
    assert SearchRequest("q", entity="").entity is None and not SearchRequest("q").scoped
    with pytest.raises(MdrecallError, match="unknown search mode"):
        SearchRequest("q", mode="fuzzy")
    with pytest.raises(MdrecallError, match="unknown source"):
        SearchFilter(sources=("bogus",))
    with pytest.raises(MdrecallError, match="is after"):
        SearchFilter(since="2026-02-01", until="2026-01-01")
    with pytest.raises(MdrecallError, match="query must be a string"):
        SearchRequest(None)  # type: ignore[arg-type]
    assert SearchFilter(sources=("all",)).sources == () and SearchFilter(paths="memory/").paths == (
        "memory/",
    )


def test_keywords_and_mcp_arguments_make_the_same_request() -> None:
    flt = SearchFilter(sources=("memory",), paths=("memory/2026-*",), since=date(2026, 1, 2))
    want = SearchRequest("budget", 3, 0.1, filters=flt, entity="Ada")
    kw = SearchRequest.of(
        "budget", 3, 0.1, sources=["memory"], paths=("memory/2026-*",), since=date(2026, 1, 2), entity="Ada"
    )
    mcp = SearchRequest.from_mcp(
        {
            "query": "budget",
            "maxResults": 3,
            "minScore": 0.1,
            "source": "memory",
            "path": "memory/2026-*",
            "since": "2026-01-02",
            "entity": "Ada",
        }
    )
    assert kw == want == mcp
    assert SearchRequest.from_mcp({"query": "x", "maxResults": 500}).max_results == 50  # the tool's ceiling
    with pytest.raises(MdrecallError, match="unknown argument 'maxResult'"):
        SearchRequest.from_mcp({"query": "x", "maxResult": 5})


def test_the_mcp_schema_is_generated_from_the_request_fields() -> None:
    props = mcp_schema()["properties"]
    assert {
        "query",
        "maxResults",
        "minScore",
        "mode",
        "source",
        "path",
        "since",
        "until",
        "entity",
        "during",
        "asOf",
        "agents",
        "explain",
        "rerank",
        "maxChars",
    } == set(props)
    assert "today" not in props and "sync" not in props  # library-only fields
    assert SCHEMAS["memory_search"] == mcp_schema() and all(p["description"] for p in props.values())


def test_each_tool_is_declared_once_and_an_unknown_name_is_no_tool() -> None:
    names = [t.name for t in TOOLS]
    assert len(names) == len(set(names)) == len(SCHEMAS)
    assert {t.name for t in TOOLS if not t.read_only} == {"memory_write", "memory_capture"}
    assert tool_named("memory_bogus") is None and tool_named("memory_get") is TOOLS[1]


def test_python_request_and_mcp_answer_a_query_alike(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", "# Memory\n\n- The walrus budget is 40k.\n")
    write(tmp_path, "memory/2026-01-05.md", "# 2026-01-05\n\n## 09:00\n\nWalrus budget review with Ada.\n")
    write(tmp_path, "memory/2026-01-09.md", "# 2026-01-09\n\n## 10:00\n\nThe walrus moved to Lisbon.\n")
    cfg = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(tmp_path, cfg) as mem:
        by_keywords = mem.search("walrus budget", 5, 0.0, since="2026-01-01")
        by_request = mem.search(
            SearchRequest("walrus budget", 5, 0.0, filters=SearchFilter(since="2026-01-01"))
        )
        out = MemoryTools(mem).memory_search("walrus budget", maxResults=5, minScore=0.0, since="2026-01-01")
    assert by_keywords == by_request and by_keywords
    assert [h.to_dict() for h in by_keywords] == out["results"]
    assert all(h.path.startswith("memory/2026-") for h in by_keywords)


def test_non_finite_numbers_are_refused_naming_the_option(tmp_path: Path) -> None:
    for bad in ("nan", float("nan"), float("inf"), "many", True):
        with pytest.raises(MdrecallError, match="min_score|max_results"):
            SearchRequest("x", min_score=bad)
        with pytest.raises(MdrecallError, match="max_results"):
            SearchRequest("x", max_results=bad)
    with pytest.raises(MdrecallError, match="max_results"):
        SearchRequest.from_mcp({"query": "x", "maxResults": "nan"})


def test_cli_min_score_nan_is_bad_usage(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\nWe ship on Fridays.\n")
    run = run_cli("-w", str(ws), "search", "ship", "--min-score", "nan", "--mode", "bm25")
    assert run.returncode != 0 and "min" in (run.stderr + run.stdout).lower()
