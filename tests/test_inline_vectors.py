"""The README's flow (init, remember, search) has every vector from the first search; estimates know a rate.

A search embeds a handful of chunks that have no vector yet (:func:`mdrecall.index.backfill.embed_inline`);
a real backlog stays for ``mdrecall index`` and the background worker.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.index.backfill import INLINE_MAX_CHUNKS

from helpers import run_cli, write


@pytest.mark.parametrize("provider", ["static", "local"])
def test_init_remember_search_has_every_vector(
    tmp_path: Path, provider: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", provider)
    ws = tmp_path / "agent"
    assert run_cli("init", str(ws), cwd=tmp_path).returncode == 0
    out = run_cli("remember", "We ship the Kestrel release on Friday", cwd=ws)
    assert out.returncode == 0, out.stderr
    out = run_cli("remember", "--long-term", "We chose PostgreSQL for the store", cwd=ws)
    assert out.returncode == 0, out.stderr
    out = run_cli("search", "when does Kestrel ship?", "--json", cwd=ws)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["vectors"]["total"] >= 2
    assert result["vectors"]["indexed"] == result["vectors"]["total"], result
    assert "vectors behind" not in (result.get("fallback") or "")
    assert any("Kestrel" in hit["snippet"] for hit in result["results"])


def test_estimate_on_a_new_workspace_gives_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "static")
    ws = tmp_path / "agent"
    assert run_cli("init", str(ws), cwd=tmp_path).returncode == 0
    run_cli("remember", "The Oslo lease was signed", cwd=ws)
    out = run_cli("index", "--estimate", cwd=ws)
    assert out.returncode == 0, out.stderr
    assert "time: unknown" not in out.stdout and "typical" in out.stdout, out.stdout
    assert run_cli("index", cwd=ws).returncode == 0
    write(ws, "memory/notes.md", "# Notes\n\nA new note about the Lisbon office.\n")
    out = run_cli("index", "--estimate", cwd=ws)
    assert "time: ~" in out.stdout and "at the measured" in out.stdout, out.stdout


def test_a_real_backlog_is_left_to_index(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    for i in range(INLINE_MAX_CHUNKS + 6):
        write(ws, f"memory/n{i:03d}.md", f"# Note {i}\n\nThe kestrel count on day {i} was {i * 3}.\n")
    cfg = Config().merged({"embedding": {"provider": "static"}})
    with Memory.open(ws, cfg) as mem:
        result = mem.search_result("kestrel count")
        assert result.vectors is None or result.vectors["indexed"] == 0
        mem.index()
        write(ws, "memory/extra.md", "# Extra\n\nOne more kestrel note.\n")
        result = mem.search_result("kestrel note")
        assert result.vectors["indexed"] == result.vectors["total"] == INLINE_MAX_CHUNKS + 7


def test_a_changed_model_is_named_when_its_vectors_are_behind(tmp_path: Path) -> None:
    """An index complete for one model, searched with another (an upgrade that changes the default
    table, or a config change): every vector is missing, and the note says why."""
    ws = tmp_path / "agent"
    for i in range(INLINE_MAX_CHUNKS + 6):
        write(ws, f"memory/n{i:03d}.md", f"# Note {i}\n\nThe kestrel count on day {i} was {i * 3}.\n")
    old = Config().merged({"embedding": {"provider": "static", "options": {"max_tokens": 64}}})
    with Memory.open(ws, old) as mem:
        assert mem.index().embedded == INLINE_MAX_CHUNKS + 6
        assert "changed" not in (mem.search_result("kestrel count").fallback or "")
    with Memory.open(ws, Config().merged({"embedding": {"provider": "static"}})) as mem:
        result = mem.search_result("kestrel count")
        assert result.vectors == {"indexed": 0, "total": INLINE_MAX_CHUNKS + 6}
        assert "vectors behind: 0 of" in (result.fallback or "")
        assert (
            "model changed from static:static-minilm-256-v2@64 to static:static-minilm-256-v2"
            in result.fallback
        )
