"""Indexing through the public API on real workspaces: incremental sync and bad input."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mdrecall import Memory

from helpers import write


def bump(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def test_full_then_incremental_index(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    r1 = mem.index()
    assert (r1.scanned, r1.added, r1.updated, r1.removed) == (4, 4, 0, 0)
    assert r1.chunks_written >= 4
    r2 = mem.index()
    assert (r2.added, r2.updated, r2.removed, r2.chunks_written, r2.unchanged) == (0, 0, 0, 0, 4)
    bump(ws / "memory/2026-01-27.md", "# 2026-01-27\n\nPlanning moved to April. Carol joins.\n")
    (ws / "memory/projects/kestrel.md").unlink()
    write(ws, "memory/2026-01-28.md", "# 2026-01-28\nShipped v2.\n")
    r3 = mem.index()
    assert (r3.added, r3.updated, r3.removed) == (1, 1, 1)
    assert mem.search("Carol")[0].path == "memory/2026-01-27.md"
    assert mem.search("Kestrel Tantivy") == []


def test_touch_without_change_rewrites_nothing(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    p = ws / "MEMORY.md"
    st = p.stat()
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    r = mem.index()
    assert (r.updated, r.chunks_written) == (0, 0)
    assert mem.index().unchanged == 4  # mtime recorded: no second hash check


def test_force_and_chunking_change_rechunk_everything(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    assert mem.index(force=True).chunks_written == 0  # same chunks: ids unchanged
    mem.close()
    small = open_memory(ws, chunking={"tokens": 20, "overlap": 5})
    r = small.index()
    assert r.chunks_written > 4
    assert small.store.get_meta("chunking") == "v1:20:5:500"


def test_search_syncs_lazily(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    write(ws, "memory/2026-02-01.md", "# 2026-02-01\nThe zeppelin budget was approved.\n")
    hits = mem.search("zeppelin budget")
    assert hits and hits[0].path == "memory/2026-02-01.md"
    (ws / "memory/2026-02-01.md").unlink()
    assert mem.search("zeppelin budget") == []


def test_deleted_index_is_rebuilt_from_markdown(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    mem.close()
    shutil.rmtree(ws / ".mdrecall")
    mem2 = open_memory(ws)
    assert mem2.search("Stripe webhooks")[0].path == "memory/2026-01-26.md"


def test_corrupt_index_is_rebuilt_with_a_warning(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    mem.close()
    idx = ws / ".mdrecall" / "index.sqlite"
    for extra in ("-wal", "-shm"):
        Path(str(idx) + extra).unlink(missing_ok=True)
    idx.write_bytes(b"\x00garbage" * 1000)
    mem2 = open_memory(ws)
    report = mem2.index()
    assert report.added == 4
    assert any("rebuilt" in w for w in report.warnings)


def test_empty_nul_and_bad_utf8_files(ws: Path, open_memory: Callable[..., Memory]) -> None:
    (ws / "memory/empty.md").write_bytes(b"")
    (ws / "memory/nul.md").write_bytes(b"# Notes\nthe walrus\x00 protocol\n")
    (ws / "memory/binary.md").write_bytes(bytes(range(256)) * 40)
    (ws / "memory/latin1.md").write_bytes("# Café\nréunion à Genève\n".encode("latin-1"))
    mem = open_memory(ws)
    r = mem.index()
    assert r.added == 8
    assert any("binary.md" in s for s in r.skipped)
    assert any("latin1.md" in w and "UTF-8" in w for w in r.warnings)
    assert any("nul.md" in w and "NUL" in w for w in r.warnings)
    assert mem.search("walrus protocol")[0].path == "memory/nul.md"
    assert mem.search("Genève") != [] or mem.search("union")  # replacement chars, still indexed
    assert mem.search("Stripe")[0].path == "memory/2026-01-26.md"  # the rest is intact


def test_huge_file_is_skipped_with_warning(ws: Path, open_memory: Callable[..., Memory]) -> None:
    big = ws / "memory" / "huge.md"
    line = ("lorem ipsum dolor sit amet " * 4).strip() + "\n"
    with big.open("w") as fh:
        for _ in range(50_000_000 // len(line) + 1):
            fh.write(line)
    assert big.stat().st_size >= 50_000_000
    mem = open_memory(ws)
    r = mem.index()
    assert any("huge.md" in s and "max_file_bytes" in s for s in r.skipped)
    assert r.added == 4
    assert mem.search("Stripe")


def test_file_deleted_or_changed_while_indexing(ws: Path, open_memory: Callable[..., Memory]) -> None:
    for i in range(6):
        write(ws, f"memory/n{i}.md", f"# n{i}\nnote number {i} about otters\n")
    mem = open_memory(ws)
    seen: list[str] = []

    def progress(done: int, total: int, key: str) -> None:
        seen.append(key)
        if done == 1:
            for i in range(6):
                p = ws / f"memory/n{i}.md"
                if f"memory/n{i}.md" not in seen:
                    p.unlink()  # delete one that is still to come
                    break
            bump(ws / seen[0], "# changed\nthe platypus arrived\n")  # change one already indexed

    r = mem.index(progress=progress)
    assert r.added == 9
    assert mem.search("platypus")  # the change is picked up by the next sync
    assert seen[0] == "MEMORY.md"  # discovered first, so it was the file changed mid-run
    assert len(mem.search("otters", max_results=20, min_score=0)) == 5  # 6 notes, one deleted mid-run


def test_nothing_indexed_is_lost_on_a_later_bad_run(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    (ws / "memory/bad.md").write_bytes(b"\xff\xfe\x00\x00" * 5000)
    mem.index()
    assert mem.search("Stripe webhooks")[0].path == "memory/2026-01-26.md"
    assert mem.store.counts()["files"] == 5


def _unprivileged_prefix() -> list[str]:
    """As root, drop the capabilities that bypass file permissions (root reads anything otherwise)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if not setpriv:
        pytest.skip("running as root without util-linux setpriv: cannot make a file unreadable")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_file_warns_and_keeps_the_rest(ws: Path) -> None:
    """Runs the real CLI; the permission-denied file is reported and the rest indexed."""
    secret = write(ws, "memory/secret.md", "# S\nhidden otter\n")
    os.chmod(secret, 0o000)
    try:
        cmd = [*_unprivileged_prefix(), sys.executable, "-m", "mdrecall", "-w", str(ws), "index"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert "secret.md: cannot read" in out.stderr
        assert "4 added" in out.stdout
        search = [*cmd[:-1], "search", "Stripe webhooks", "--json"]
        found = subprocess.run(search, capture_output=True, text=True, timeout=60)
        assert '"memory/2026-01-26.md"' in found.stdout
    finally:
        os.chmod(secret, 0o644)


def test_index_progress_is_reported(ws: Path, open_memory: Callable[..., Memory]) -> None:
    calls: list[tuple[int, int, str]] = []
    open_memory(ws).index(progress=lambda d, t, k: calls.append((d, t, k)))
    assert [c[0] for c in calls] == [1, 2, 3, 4]
    assert all(c[1] == 4 for c in calls)


def test_mtime_only_stat_pass_is_used(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    mem.index()
    t = time.perf_counter()
    r = mem.index()
    assert r.unchanged == 4 and r.seconds <= time.perf_counter() - t + 1e-3


def test_a_sync_opens_each_folder_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The files of a folder are read through one descriptor of that folder (opened without following a
    symlink), not each by a walk from the workspace root (an open per folder on the way, per file)."""
    from mdrecall import Config

    ws = tmp_path / "agent"
    for i in range(40):
        write(ws, f"memory/2026/04/n{i}.md", f"# n{i}\n\nnote {i}\n")
    opened: list[object] = []
    real_open = os.open

    def counting_open(path: object, *args: object, **kwargs: object) -> int:
        opened.append(path)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        monkeypatch.setattr(os, "open", counting_open)
        monkeypatch.setattr(os, "supports_dir_fd", os.supports_dir_fd | {counting_open})
        report = mem.index()
        monkeypatch.undo()
        assert report.added == 40 and len(mem.search("note", mode="bm25", sync=False)) > 0
    files = [p for p in opened if isinstance(p, str) and p.endswith(".md")]
    assert len(files) == 40 and len(opened) < 2 * 40, opened  # was 5 per file: root, memory, 2026, 04, file
