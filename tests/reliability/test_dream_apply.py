"""Issue 17 item 6: ``dream --apply`` records a promotion in MEMORY.md, DREAMS.md and the recall log
together, or in none of them, and says which.

Before: on a full disk it appended to MEMORY.md, then failed on DREAMS.md and said "nothing was
saved"; the recall log never learnt of the promotion, so the next run promoted the line again.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.dreaming.recall_log import RecallLog

from .conftest import fill
from helpers import mdrecall_argv

QUERIES = [
    "stripe webhooks retry",
    "payment gateway migration",
    "what does Alice want",
    "backoff for webhooks",
]
RECALL = Path("memory/.dreams/short-term-recall.json")


def ready_to_promote(ws: Path) -> Path:
    """Recall one note often enough for the default gates (as an agent's searches would)."""
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        tools = MemoryTools(mem)
        for q in QUERIES:
            assert tools.memory_search(q, maxResults=1)["results"]
    RecallLog(mem.workspace).fold()  # the searches' journal into the JSON these tests grow
    return ws


def snapshot(ws: Path) -> dict[str, bytes | None]:
    files = ("MEMORY.md", "DREAMS.md", str(RECALL))
    return {f: (ws / f).read_bytes() if (ws / f).exists() else None for f in files}


def dream_apply(ws: Path, fsize_limit: int = 0) -> subprocess.CompletedProcess:
    """``mdrecall dream --apply`` in a subprocess, with files limited to ``fsize_limit`` bytes (EFBIG)."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize_limit, fsize_limit))

    return subprocess.run(
        mdrecall_argv("-w", str(ws), "dream", "--apply"),
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit if fsize_limit else None,
    )


def grow(path: Path, size: int) -> None:
    """Pad ``path`` (Markdown or the recall log's JSON) to ``size`` bytes with content that parses."""
    if path.suffix == ".json":
        data = json.loads(path.read_text())
        data["padding"] = ""
        body = json.dumps(data, ensure_ascii=False, indent=1)
        data["padding"] = "x" * (size - len(body.encode()))
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        text = path.read_text() if path.exists() else "# Dreams\n"
        path.write_text(text + "\n<!-- " + "x" * (size - len(text.encode()) - 10) + " -->\n")


@pytest.mark.parametrize("failing", ["DREAMS.md", "MEMORY.md", str(RECALL)])
def test_a_write_that_fails_leaves_all_three_as_they_were(ws: Path, failing: str) -> None:
    """One of the three cannot grow (a file-size limit: EFBIG, as any user); the others stay as they were."""
    ready_to_promote(ws)
    grow(ws / failing, 200_000)  # past the limit below; the other two stay well under it
    before = snapshot(ws)
    out = dream_apply(ws, fsize_limit=100_000)
    assert snapshot(ws) == before
    assert out.returncode == 1, out.stdout + out.stderr
    assert "nothing was recorded" in out.stderr and "as they were" in out.stderr, out.stderr
    again = dream_apply(ws)  # with room again, the same promotion lands, once, in all three
    assert again.returncode == 0, again.stderr
    memory_md = (ws / "MEMORY.md").read_text()
    assert memory_md.count("Stripe webhooks retried with backoff") == 1  # promoted once
    assert (ws / "DREAMS.md").read_text().count("Promoted 1 of") == 1
    assert any(e.get("promotedAt") for e in json.loads((ws / RECALL).read_text())["entries"].values())
    assert "promoted 0 of" in dream_apply(ws).stdout  # not promoted a second time


def test_a_full_disk_promotes_nothing_and_says_so(ws: Path, small_disk: Path) -> None:
    """A real full file system: MEMORY.md still has room in its last block, DREAMS.md has none."""
    root = small_disk / "agent"
    shutil.copytree(ws, root)
    ready_to_promote(root)
    grow(root / "DREAMS.md", 8192)  # exactly two blocks: its next byte needs a new one
    memory_md = root / "MEMORY.md"
    assert memory_md.stat().st_size % 4096 < 3000  # room left in its last block
    fill(small_disk)
    before = snapshot(root)
    out = dream_apply(root)
    assert snapshot(root) == before
    assert out.returncode == 1, out.stdout + out.stderr
    assert "No space left" in out.stderr and "nothing was recorded" in out.stderr, out.stderr
    os.unlink(small_disk / "filler.bin")
    assert dream_apply(root).returncode == 0
    assert (root / "MEMORY.md").read_text().count("Stripe webhooks retried with backoff") == 1
