"""A lock another process never lets go of: writers give up with a refusal that says so (fault round 22)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mdrecall.errors import WriteError
from mdrecall.files import file_lock
from mdrecall.files.file_lock import LockBusyError, lock_fd, unlock_fd
from mdrecall.files.workspace import Workspace

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")

_HOLD = (
    "import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDWR)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
    "print('held', flush=True)\ntime.sleep(60)\n"
)


def _holder(path: Path) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", _HOLD, str(path)], stdout=subprocess.PIPE)
    assert p.stdout is not None and p.stdout.readline().strip() == b"held"
    return p


def test_lock_fd_gives_up_after_its_wait(tmp_path: Path) -> None:
    f = tmp_path / "note.md"
    f.write_text("x\n")
    holder = _holder(f)
    fd = os.open(f, os.O_RDWR)
    try:
        t0 = time.monotonic()
        with pytest.raises(LockBusyError, match="held the file's lock"):
            lock_fd(fd, wait_s=0.3)
        assert 0.25 < time.monotonic() - t0 < 10
    finally:
        holder.kill()
        holder.wait()
    lock_fd(fd, wait_s=5)  # free again: taken at once
    unlock_fd(fd)
    os.close(fd)


def test_append_refuses_when_another_process_holds_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(file_lock, "LOCK_WAIT_S", 0.3)
    ws = Workspace(tmp_path)
    note = tmp_path / "memory" / "2026-05-01.md"
    note.parent.mkdir(parents=True)
    note.write_text("# 2026-05-01\n\n- tea\n")
    holder = _holder(note)
    try:
        with pytest.raises(WriteError, match="lock.*nothing was saved"):
            ws.append(note, lambda heading, new: ("", "- a new line\n"))
    finally:
        holder.kill()
        holder.wait()
    assert note.read_text() == "# 2026-05-01\n\n- tea\n"
    ws.append(note, lambda heading, new: ("", "- a new line\n"))
    assert note.read_text().endswith("- a new line\n")


def test_lock_fd_waits_for_a_short_hold(tmp_path: Path) -> None:
    f = tmp_path / "n"
    f.write_text("")
    other = os.open(f, os.O_RDWR)
    fcntl.flock(other, fcntl.LOCK_EX)
    import threading

    threading.Timer(0.2, lambda: fcntl.flock(other, fcntl.LOCK_UN)).start()
    fd = os.open(f, os.O_RDWR)
    lock_fd(fd, wait_s=10)
    unlock_fd(fd)
    os.close(fd)
    os.close(other)
