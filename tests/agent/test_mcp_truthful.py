"""What the memory tools tell an agent is true: MCP tool hints, vector coverage, the fallback note."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.models import VectorLeg
from mdrecall.search.pipeline import PipelineRequest, run_search

FAKE = {"embedding": {"provider": "fake"}}
FAILING = {"embedding": {"provider": "fake", "options": {"fail": True}}}


def test_an_error_suggests_the_mcp_tool_not_the_cli_command(ws: Path) -> None:
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        mem.index()
        out = MemoryTools(mem).memory_entity("Nobody Atall")
    assert "error" in out, out
    text = out["error"] + " " + out["action"]
    assert "mdrecall entities" not in text and "mdrecall entity " not in text
    assert "memory_entities" in text or "memory_entity" in text or "memory_search" in text


def test_vector_coverage_is_reported_even_when_the_query_cannot_be_embedded(ws: Path) -> None:
    with Memory.open(ws, Config().merged(FAKE)) as mem:
        mem.index()
        total = mem.status().chunks
        full = MemoryTools(mem).memory_search("Stripe webhooks")
        assert full["vectors"] == {"indexed": total, "total": total}
    with Memory.open(ws, Config().merged(FAILING)) as mem:  # same identity, but every embed fails
        out = MemoryTools(mem).memory_search("Stripe webhooks")
    assert out["results"] and out["vectors"] == {"indexed": total, "total": total}, out
    assert "embedder failed" in out["fallback"]


def test_no_vector_match_does_not_guess_that_vectors_are_missing(ws: Path) -> None:
    with Memory.open(ws, Config().merged(FAKE)) as mem:
        mem.index()
        req = PipelineRequest("Stripe webhooks", max_results=5, min_score=0.0)
        leg = VectorLeg("fake:another-model:64", np.ones(64, dtype=np.float32) / 8.0, "fake", "another-model")
        result = run_search(mem.store, req, mem.config.search, leg, None, None)
    assert result.hits and result.fallback == "no vector match: keyword results only"
