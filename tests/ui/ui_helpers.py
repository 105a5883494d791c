"""Helpers for the UI tests: a workspace with something to show, and the real server in a subprocess."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools

from helpers import write

CFG = Config().merged({"embedding": {"provider": "none"}})
EVIL = "memory/notes/evil.md"
RECALLS = {
    # recalled four times by distinct queries: the candidate a test approves
    "memory/2026-01-26.md": [
        "stripe webhooks retry",
        "payment gateway migration",
        "what does Alice want",
        "backoff for webhooks",
    ],  # fmt: skip
    # recalled twice: the candidate a test rejects
    "memory/projects/kestrel.md": ["kestrel rust search service", "codename kestrel"],
}


def make_workspace(root: Path) -> Path:
    """MEMORY.md, daily logs, a project note, a hostile note, a captured conversation, recalled notes."""
    write(root, "MEMORY.md", """
        # Long-term memory

        ## Preferences
        - The user prefers TypeScript over JavaScript for new services.

        ## Decisions
        - 2026-01-10: we chose PostgreSQL for the billing service because of row-level locking.
        """)  # fmt: skip
    write(root, "memory/2026-01-26.md", """
        # 2026-01-26

        ## 09:30
        Met [[Alice]] about the payment gateway migration. She wants Stripe webhooks retried with backoff.

        ## 14:00
        Debugged the flaky CI job: the cache key ignored the lockfile. Fixed by hashing poetry.lock.
        """)  # fmt: skip
    write(root, "memory/2026-01-27.md", """
        # 2026-01-27

        ## 10:00
        Quarterly planning. @Bob owns the onboarding funnel; deadline is March 3rd. [[Alice]] reviews it.
        Alice works at Acme since January.
        """)  # fmt: skip
    write(root, "memory/projects/kestrel.md", """
        # Project Kestrel

        Kestrel is the internal codename for the new search service written in Rust.

        ## Status
        - Tantivy index prototype done; latency 4 ms p50.
        """)  # fmt: skip
    write(root, EVIL, """
        # A note from a web page

        <script>document.title = "pwned"; window.pwned = 1;</script>

        <img src="x" onerror="document.title = 'pwned'; window.pwned = 2">

        [innocent link](javascript:window.pwned=3) and <iframe src="https://example.com"></iframe>
        """)  # fmt: skip
    with Memory.open(root, CFG) as mem:
        mem.index()
        mem.capture_turn(
            user="We decided to use Postgres for the team store. <script>window.pwned=4</script>",
            assistant="Understood.",
            session="s1",
            turn_id="t1",
        )
        mem.index()
        tools = MemoryTools(mem)
        for path, queries in RECALLS.items():
            for q in queries:
                hits = tools.memory_search(q, maxResults=1)["results"]
                assert hits and hits[0]["path"] == path, (q, hits)
    return root


def env_for(home: Path) -> dict[str, str]:
    """The server's environment: no developer config, keyword search only."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("MDRECALL_") and not k.endswith("_API_KEY")
    }
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), MDRECALL_EMBEDDING_PROVIDER="none")
    return env


def start_server(
    ws: Path, home: Path, *args: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``mdrecall ui --no-open --port 0`` as a user would type it; returns it and the URL it printed.

    ``args`` replace ``--no-open`` when given.
    """
    proc = subprocess.Popen(
        [sys.executable, "-m", "mdrecall", "ui", "-w", str(ws), "--port", "0", *(args or ("--no-open",))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**env_for(home), **(env or {})},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"http://\S+\?token=\S+", line)
    if not m:
        proc.kill()
        raise AssertionError(f"no URL printed: {line!r} {proc.stderr.read() if proc.stderr else ''}")
    return proc, m.group(0)


def stop_server(proc: subprocess.Popen[str], timeout: float = 15) -> int:
    """Ctrl-C (SIGINT), as a person stops it; returns the exit status."""
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
