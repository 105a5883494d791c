"""What a one-shot keyword search loads: nothing it does not use (each module costs start-up time)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from mdrecall import Config, Memory

from helpers import write

#: Modules a ``search --mode bm25`` has no use for (their features load them when asked).
UNUSED = (
    r"mdrecall\.knowledge\.(extract|index|history|names)",
    r"mdrecall\.files\.(notes|scaffold|all_or_none)",
    r"mdrecall\.index\.(backfill|transcripts_write)",
    r"mdrecall\.(mcp|services|agent|ui|embedders|capture|backends\.qmd)(\..*)?",
    r"mdrecall\.stores\.(postgres|in_memory).*",
    r"(logging|tomllib|difflib|numpy|onnxruntime|psycopg|http\.client|ssl|asyncio)",
)


def test_a_keyword_search_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana Okafor moved the deploy to Friday.\n")
    write(root, "MEMORY.md", "# Memory\n\n- The user prefers concise answers.\n")
    with Memory.open(root, Config().merged({"embedding": {"provider": "none"}})) as mem:
        mem.index()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDRECALL")}
    env["HOME"] = str(tmp_path / "home")  # no user config file
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mdrecall", "--workspace", str(root)]
        + ["search", "deploy", "--mode", "bm25"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "2026-03-02.md" in out.stdout
    loaded = {
        line.rsplit("|", 1)[1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")
    }
    unused = re.compile("|".join(f"(?:{p})" for p in UNUSED))
    assert not sorted(m for m in loaded if unused.fullmatch(m))
