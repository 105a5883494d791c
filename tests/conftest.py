"""Shared fixtures: an isolated HOME/environment, and real Markdown workspaces on disk."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mdrecall import Config, Memory

from helpers import write


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test sees the developer's HOME, config files or MDRECALL_* / provider variables."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)  # the auto-started servers' registry: in HOME
    for key in list(os.environ):
        if key.startswith("MDRECALL_") or key.endswith("_API_KEY"):
            monkeypatch.delenv(key, raising=False)
    # Keyword-only unless a test asks for embeddings (tests/test_hybrid*.py use the real local model).
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "none")
    # No search starts a server of its own (tests/test_serve_auto.py turns it on where it is the subject).
    monkeypatch.setenv("MDRECALL_SERVE_AUTO", "off")
    yield


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A small realistic workspace: MEMORY.md, two daily logs and a project note."""
    root = tmp_path / "agent"
    write(
        root,
        "MEMORY.md",
        """
        # Long-term memory

        ## Preferences
        - The user prefers TypeScript over JavaScript for new services.
        - Coffee, never tea, in the morning stand-up.

        ## Decisions
        - 2026-01-10: we chose PostgreSQL for the billing service because of row-level locking.
        """,
    )
    write(
        root,
        "memory/2026-01-26.md",
        """
        # 2026-01-26

        ## 09:30
        Met Alice about the payment gateway migration. She wants Stripe webhooks retried with backoff.

        ## 14:00
        Debugged the flaky CI job: the cache key ignored the lockfile. Fixed by hashing poetry.lock.
        """,
    )
    write(
        root,
        "memory/2026-01-27.md",
        """
        # 2026-01-27

        ## 10:00
        Quarterly planning. Bob owns the onboarding funnel; deadline is March 3rd.
        """,
    )
    write(
        root,
        "memory/projects/kestrel.md",
        """
        # Project Kestrel

        Kestrel is the internal codename for the new search service written in Rust.

        ## Status
        - Tantivy index prototype done; latency 4 ms p50.
        """,
    )
    return root


@pytest.fixture
def open_memory() -> Iterator[Callable[..., Memory]]:
    """Open Memory objects that are closed after the test."""
    opened: list[Memory] = []

    def _open(
        root: Path, config: Config | None = None, *, create: bool = False, **overrides: object
    ) -> Memory:
        cfg = config or Config().merged({"embedding": {"provider": "none"}})
        if overrides:
            cfg = cfg.merged(overrides)
        mem = Memory.open(root, cfg, create=create)
        opened.append(mem)
        return mem

    yield _open
    for mem in opened:
        mem.close()
