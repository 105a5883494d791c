"""Fixtures for the fault tests: a small real file system (tmpfs) and the CLI in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def run_cli(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess:
    """``python -m mdrecall ARGS`` in a subprocess; stdout/stderr as bytes (to check their encoding)."""
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 5 MB tmpfs mounted for the test (root only): a disk that really fills up."""
    if os.geteuid() != 0:
        pytest.skip("mounting a size-limited tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=5m", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def fill(disk: Path, leave: int = 0) -> Path:
    """Fill ``disk`` until it is full, then free ``leave`` bytes; returns the filler file."""
    filler = disk / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        for block in (b"\0" * (1 << 16), b"\0" * 4096, b"\0"):
            try:
                while os.write(fd, block) > 0:
                    pass
            except OSError:
                pass
        if leave:
            os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
    finally:
        os.close(fd)
    return filler
