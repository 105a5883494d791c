"""Shared parts of the fault campaign (``benchmarks/faults.py``, ``benchmarks/fault_cases.py``): the real
CLI in a subprocess, a generated workspace, SQLite's own checks, a size-limited tmpfs and a full disk."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["PAGE", "ROOT", "cli", "fill", "integrity_ok", "tmpfs", "workspace"]

PAGE = 4096
ROOT = os.geteuid() == 0


def cli(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real CLI in a subprocess (bytes out)."""
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        env={**os.environ, "MDRECALL_EMBEDDING_PROVIDER": "none", **(env or {})},
        timeout=timeout,
    )


def workspace(root: Path, files: int = 30) -> Path:
    (root / "memory").mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text("# Long-term\n\n- the user prefers tea\n")
    for i in range(files):
        body = "\n\n".join(f"## part {j}\n\nnote {i}.{j} on the kafka move, word{i}x{j}" for j in range(8))
        (root / "memory" / f"2026-01-{i % 28 + 1:02d}-n{i}.md").write_text(f"# day {i}\n\n{body}\n")
    return root


def integrity_ok(db: Path) -> bool:
    try:
        with sqlite3.connect(db) as conn:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
            return ok
    except sqlite3.Error:
        return False


@contextlib.contextmanager
def tmpfs(size: str = "5m") -> Iterator[Path]:
    mnt = Path(tempfile.mkdtemp(prefix="mdrecall-fault-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mnt)], check=True)
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)
        shutil.rmtree(mnt, ignore_errors=True)


def fill(disk: Path, leave: int = 0) -> Path:
    filler = disk / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        for block in (b"\0" * (1 << 16), b"\0" * 4096, b"\0"):
            with contextlib.suppress(OSError):
                while os.write(fd, block) > 0:
                    pass
        if leave:
            os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
    finally:
        os.close(fd)
    return filler
