"""A window of local-only chunks does not stop the embedding run: the chunks a remote embedder may not see
are read again by the next window's query (they still lack a vector) and skipped, and the public chunks
after them are embedded. Guards the window's read size (issue 33: it grew with every chunk embedded so
far, 10,000 notes read ~700,000 rows; now only the chunks still without a vector are added)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mdrecall import Config, Memory
from mdrecall.index.vectorize import WINDOW_CHUNKS

PRIVATE = WINDOW_CHUNKS + 20  # more than one window, first in the chunk order


def test_public_chunks_after_a_window_of_local_only_ones_are_embedded(
    tmp_path: Path, serve: Any, api: Any, open_memory: Callable[..., Memory]
) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("---\nlocal_only: true\n---\n# Memory\n\nsecret zero.\n")
    for i in range(1, PRIVATE):
        (root / "memory" / f"a{i:04}.md").write_text(f"---\nlocal_only: true\n---\n# A\n\nsecret{i} words.\n")
    for i in range(30):
        (root / "memory" / f"z{i:04}.md").write_text(f"# Z\n\npublic{i} words.\n")
    server = serve(api.openai(dims=8))
    emb = {
        "provider": "openai",
        "base_url": server.url + "/v1",
        "api_key": api.KEY,
        "model": "m",
        "dims": 8,
        "batch_size": 16,
        "options": {"is_remote": True},
    }
    mem = open_memory(root, Config().merged({"embedding": emb, "rerank": {"provider": "none"}}))
    mem.index()
    received = {t for r in server.requests for t in r.json()["input"]}
    assert all(any(f"public{i} " in t for t in received) for i in range(30))
    assert not any("secret" in t for t in received)
    assert mem.status().vectors_pending == PRIVATE
