"""Items 5 and 7: no symlink race reads outside the workspace; odd paths give clear errors, not crashes."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mdrecall import Memory, NotFoundError, PathError, WriteError
from mdrecall.config.settings import Config

from .conftest import run_cli
from helpers import write

SECRET = "zzsecretzz outside the workspace"
RACE_SECONDS = 2.0
KEYWORD = Config().merged({"embedding": {"provider": "none"}})


def swapping(swap: Callable[[int], None]) -> tuple[threading.Event, threading.Thread]:
    stop = threading.Event()

    def loop() -> None:
        i = 0
        while not stop.is_set():
            swap(i)
            i += 1

    t = threading.Thread(target=loop, daemon=True)
    t.start()
    return stop, t


def test_get_never_reads_through_a_file_swapped_for_a_symlink(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# m\n")
    outside = write(tmp_path, "secret.md", SECRET + "\n")
    race = ws / "memory" / "race.md"
    write(ws, "memory/race.md", "inside text\n")

    def swap(i: int) -> None:
        tmp = ws / "memory" / f".swap{i % 2}"
        if i % 2:
            tmp.write_text("inside text\n")
        else:
            os.symlink(outside, tmp)
        os.replace(tmp, race)

    escapes = reads = refused = 0
    with Memory.open(ws, KEYWORD) as mem:
        stop, t = swapping(swap)
        end = time.monotonic() + RACE_SECONDS
        try:
            while time.monotonic() < end:
                try:
                    text = mem.get("memory/race.md").text
                except (PathError, NotFoundError):
                    refused += 1
                    continue
                reads += 1
                escapes += "zzsecretzz" in text
        finally:
            stop.set()
            t.join()
    assert escapes == 0
    assert reads > 0 and refused > 0  # the race really ran both ways


def test_get_never_reads_through_a_folder_swapped_for_a_symlink(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# m\n")
    write(tmp_path, "outside/race.md", SECRET + "\n")
    write(ws, "memory/sub/race.md", "inside text\n")
    sub, parked = ws / "memory" / "sub", ws / "memory" / ".parked"

    def swap(i: int) -> None:
        if i % 2 == 0:
            os.rename(sub, parked)
            os.symlink(tmp_path / "outside", sub)
        else:
            os.unlink(sub)
            os.rename(parked, sub)

    escapes = reads = 0
    with Memory.open(ws, KEYWORD) as mem:
        stop, t = swapping(swap)
        end = time.monotonic() + RACE_SECONDS
        try:
            while time.monotonic() < end:
                try:
                    text = mem.get("memory/sub/race.md").text
                except (PathError, NotFoundError):
                    continue
                reads += 1
                escapes += "zzsecretzz" in text
        finally:
            stop.set()
            t.join()
    assert escapes == 0 and reads > 0


def test_the_indexer_never_indexes_through_a_swapped_folder(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# m\n")
    for i in range(20):
        write(tmp_path, f"outside/n{i}.md", f"# n{i}\n\n{SECRET}\n")
        write(ws, f"memory/sub/n{i}.md", f"# n{i}\n\ninside text {i}\n")
    sub, parked = ws / "memory" / "sub", ws / "memory" / ".parked"

    def swap(i: int) -> None:
        if i % 2 == 0:
            os.rename(sub, parked)
            os.symlink(tmp_path / "outside", sub)
        else:
            os.unlink(sub)
            os.rename(parked, sub)
        time.sleep(0.0005)

    escapes = runs = 0
    with Memory.open(ws, KEYWORD) as mem:
        stop, t = swapping(swap)
        end = time.monotonic() + RACE_SECONDS
        try:
            while time.monotonic() < end:
                mem.index(force=runs % 2 == 0)
                runs += 1
                escapes += len(mem.search("zzsecretzz", mode="bm25", sync=False))
        finally:
            stop.set()
            t.join()
    assert escapes == 0 and runs > 3


def test_symlinked_memory_md_and_fifo_and_device_are_refused(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    write(ws, "memory/2026-01-01.md", "# day\n\nplain note\n")
    outside = write(tmp_path, "secret.md", SECRET + "\n")
    os.symlink(outside, ws / "MEMORY.md")
    os.mkfifo(ws / "memory" / "pipe.md")
    with Memory.open(ws, KEYWORD) as mem:
        report = mem.index()  # must not block on the FIFO
        assert not mem.search("zzsecretzz", mode="bm25", sync=False)
        for path in ("MEMORY.md", "memory/pipe.md"):
            with pytest.raises(PathError):
                mem.get(path)
        with pytest.raises(PathError):
            mem.remember("into the link", long_term=True)
    assert report.added == 1
    assert outside.read_text() == SECRET + "\n"


def test_odd_paths_are_clear_errors(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# m\n")
    for path in ("~nosuchuser/x.md", "memory/" + "a" * 300 + ".md", "memory/a\x00b.md"):
        out = run_cli("-w", str(ws), "get", path.replace("\x00", "%00") if "\x00" in path else path)
        assert out.returncode in (1, 2), (path, out.stderr)
        assert b"internal error" not in out.stderr
        with Memory.open(ws, KEYWORD) as mem, pytest.raises((PathError, NotFoundError)):
            mem.get(path)


_AS_NOBODY = """
import json, sys
from mdrecall import Memory
from mdrecall.config.settings import Config
cfg = Config().merged({"embedding": {"provider": "none"}, "store": {"path": sys.argv[2]}})
with Memory.open(sys.argv[1], cfg) as mem:
    rep = mem.index()
    try:
        mem.get("memory/locked/a.md")
        got = "read"
    except Exception as exc:
        got = type(exc).__name__
    print(json.dumps({"removed": rep.removed, "warnings": rep.warnings, "get": got,
                      "files": mem.store.counts()["files"]}))
"""


def test_an_unlistable_folder_keeps_its_files(tmp_path: Path) -> None:
    """EACCES on a folder is not 'gone': its files stay indexed and `get` says why it failed."""
    base = Path(tempfile.mkdtemp(prefix="mdrecall-eacces-"))
    try:
        os.chmod(base, 0o777)
        ws = base / "agent"
        write(ws, "MEMORY.md", "# m\n")
        write(ws, "memory/locked/a.md", "# a\n\nlocked away\n")
        write(ws, "memory/open.md", "# o\n\nopen note\n")
        db = base / "index.sqlite"
        cmd = [sys.executable, "-c", _AS_NOBODY, str(ws), str(db)]
        if os.geteuid() == 0:  # root reads every folder whatever its mode: drop that power
            setpriv = shutil.which("setpriv")
            if not setpriv:
                pytest.skip("running as root without setpriv: cannot make a folder unreadable")
            cmd = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *cmd]
        env = {**os.environ, "HOME": str(base)}
        first = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
        assert first.returncode == 0, first.stderr
        os.chmod(ws / "memory" / "locked", 0)
        second = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
        assert second.returncode == 0, second.stderr
        import json

        rep = json.loads(second.stdout)
        assert rep["removed"] == 0 and rep["files"] == 3
        assert any("cannot list" in w for w in rep["warnings"])
        assert rep["get"] == "PathError"
    finally:
        os.chmod(base / "agent" / "memory" / "locked", 0o755)
        shutil.rmtree(base, ignore_errors=True)


def test_remember_never_writes_through_a_swapped_memory_folder(tmp_path: Path) -> None:
    """`memory/` swapped for a symlink to an outside folder while notes are saved: outside untouched."""
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# m\n")
    (ws / "memory").mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    mem_dir, parked = ws / "memory", ws / ".parked"

    def swap(i: int) -> None:
        with contextlib.suppress(OSError):
            if i % 2 == 0:
                if parked.exists() and mem_dir.is_dir() and not mem_dir.is_symlink():
                    shutil.rmtree(mem_dir)  # remember made a new memory/ meanwhile: drop it
                elif not parked.exists():
                    os.rename(mem_dir, parked)
                os.symlink(outside, mem_dir)
            else:
                if mem_dir.is_symlink():
                    os.unlink(mem_dir)
                os.rename(parked, mem_dir)
        time.sleep(0.0002)

    saved = refused = 0
    with Memory.open(ws, KEYWORD) as mem:
        stop, t = swapping(swap)
        end = time.monotonic() + RACE_SECONDS
        try:
            while time.monotonic() < end:
                try:
                    mem.remember(f"note {saved}")
                    saved += 1
                except (PathError, WriteError):
                    refused += 1
        finally:
            stop.set()
            t.join()
    assert list(outside.iterdir()) == []  # nothing ever written outside the workspace
    assert saved > 0 and refused > 0
