"""A review-by-attack of the first index written aside (issue 33, sixth round): an index with no files and a
sync of more than 64 files is built into ``index.sqlite.building`` (journal in memory, no syncs, exclusive
lock), then renamed over the index, or copied in with SQLite's backup API when another connection has it
open; a stale ``.building`` is removed at the next open. Every case runs real processes (the CLI, ``mdrecall
mcp`` over stdio, ``mdrecall watch``, a plain SQLite reader) and ends in one verdict (``fault_kit.verdict``):
converged (the index ends whole, integrity-checked, with every note, and nothing outside the workspace is
touched), refused-clearly, unclear (a hang, a traceback, exit 3) or failed. Every process a case starts is
killed by pid. Run: ``python benchmarks/faults.py --only first_build`` (or this file alone, with case-name
filters)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fault_cases import Stdio
from fault_kit import (
    QUIET_ENV,
    ROOT,
    integrity_ok,
    last_line,
    print_round,
    run,
    run_cases,
    tmpfs,
    unclear,
    verdict,
)

BUILDING = ".building"
#: A first build's notes: enough that the build takes a while (the ``.building`` file passes 1 MB).
MANY = 3000
_STARTED: list[subprocess.Popen[bytes]] = []


def _notes(ws: Path, n: int, lines: int = 40, start: int = 0) -> Path:
    """``n`` notes under ``memory/`` (note ``i`` holds the word ``zzn{i}q``) and a MEMORY.md."""
    (ws / "memory" / "2026").mkdir(parents=True, exist_ok=True)
    (ws / "MEMORY.md").write_text("# Long-term memory\n\n- the user likes tea\n")
    for i in range(start, start + n):
        # the first search after a first index of 3,000 such notes builds their views on first use (tens of
        # seconds; 90-100 s under load before undated pages skipped yearless lines): the cases report it
        body = "\n".join(
            f"- Item {i}.{j}: notes on the billing work, part {j} of the week." for j in range(lines)
        )
        (ws / "memory" / "2026" / f"n{i:05}.md").write_text(f"# Note {i}\n\nzzn{i}q\n\n{body}\n")
    return ws


def _index(ws: Path) -> Path:
    return ws / ".mdrecall" / "index.sqlite"


def _files(index: Path) -> int | None:
    """Files the index holds (``None`` when it cannot be read)."""
    try:
        conn = sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=30)
        try:
            return int(conn.execute("SELECT count(*) FROM files").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return None


def _whole(ws: Path, want: int) -> str:
    """ "" when the index is a whole, checked index of ``want`` files with no ``.building`` left, else why."""
    index = _index(ws)
    if not index.exists():
        return "no index"
    if not integrity_ok(index):
        return "integrity check failed"
    got = _files(index)
    if got != want:
        return f"{got} files indexed, {want} expected"
    left = [p.name for p in index.parent.iterdir() if BUILDING in p.name]
    return f"left {left}" if left else ""


def _popen(*args: str, env: dict[str, str] | None = None, stdin: bool = False) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mdrecall", *args],
        env={**os.environ, **QUIET_ENV, **(env or {})},
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _STARTED.append(proc)
    return proc


def _reader(index: Path) -> subprocess.Popen[bytes]:
    """A plain SQLite reader that holds ``index`` open; each line it is sent, it prints the files count."""
    code = (
        "import sqlite3,sys\n"
        f"c=sqlite3.connect({str(index)!r},isolation_level=None,timeout=30)\n"
        "c.execute('PRAGMA journal_mode=WAL'); c.execute('SELECT count(*) FROM files').fetchone()\n"
        "print('ready',flush=True)\n"
        "for _ in sys.stdin: print(c.execute('SELECT count(*) FROM files').fetchone()[0],flush=True)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _STARTED.append(proc)
    assert proc.stdout is not None
    proc.stdout.readline()
    return proc


def _ask(reader: subprocess.Popen[bytes]) -> str:
    assert reader.stdin is not None and reader.stdout is not None
    reader.stdin.write(b"\n")
    reader.stdin.flush()
    return reader.stdout.readline().decode().strip()


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired, ValueError):  # ValueError: its stdin was closed
        proc.communicate(timeout=10)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)


def _wait_building(
    index: Path, proc: subprocess.Popen[bytes], size: int = 1 << 20, limit: float = 90
) -> bool:
    """Until the ``.building`` file holds ``size`` bytes (False when ``proc`` ended first or time ran out)."""
    building = index.with_name(index.name + BUILDING)
    end = time.monotonic() + limit
    while time.monotonic() < end and proc.poll() is None:
        with contextlib.suppress(OSError):
            if building.stat().st_size >= size:
                return True
        time.sleep(0.002)
    return False


def _deleted(pid: int, index: Path) -> list[str]:
    """The files ``pid`` holds open that were the index once and are unlinked now (a stale inode)."""
    out = []
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith(str(index)) and target.endswith("(deleted)"):
                    out.append(target.rsplit("/", 1)[-1])
    return out


def _index_run(ws: Path, timeout: float = 180, **kw: Any) -> Any:
    return run("-w", str(ws), "index", timeout=timeout, **kw)


# ---- concurrency -------------------------------------------------------------------------------------------


def two_index_at_once(tmp: Path) -> dict[str, str]:
    """Two ``mdrecall index`` started at once on a fresh workspace of 2,000 notes."""
    ws = _notes(tmp / "ws", 2000)
    procs = [_popen("-w", str(ws), "index") for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    rcs = [p.returncode for p in procs]
    if any(b"Traceback" in err for _, err in outs):
        return verdict("unclear", "traceback: " + " | ".join(last_line(e) for _, e in outs))
    why = _whole(ws, 2001)
    if rcs != [0, 0] or why:
        return verdict("failed", f"rc {rcs}; {why}; {' | '.join(last_line(e) for _, e in outs)}")
    return verdict("converged", f"both rc 0; {last_line(outs[0][0])[:60]} / {last_line(outs[1][0])[:60]}")


def mcp_opened_before_the_first_index(tmp: Path) -> dict[str, str]:
    """``mdrecall mcp`` opened (its index made, empty) before the notes exist; a first ``index`` of 2,000
    notes runs beside it; then a search over stdio: does the server see the rows, or a stale empty inode?"""
    ws = _notes(tmp / "ws", 0)
    server = Stdio(ws)
    _STARTED.append(server.proc)
    try:
        if not server.alive():
            return verdict("unclear", "the MCP server did not answer before the index")
        _notes(ws, 2000)
        i = _index_run(ws)
        why = unclear(i) or ("" if i.returncode == 0 else f"index rc {i.returncode}: {last_line(i.stderr)}")
        if why:
            return verdict("unclear", why)
        stale = _deleted(server.proc.pid, _index(ws))
        call = {"name": "memory_search", "arguments": {"query": "zzn1999q"}}
        t0 = time.monotonic()
        server.send(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": call}))
        got = server.answer(timeout=120)
        took = time.monotonic() - t0
    finally:
        server.close()
    found = "n01999.md" in json.dumps(got)
    whole = _whole(ws, 2001)
    ok = found and not stale and not whole
    return verdict(
        "converged" if ok else "failed",
        f"server search found the note: {found} in {took:.2f} s; stale inodes held: {stale}; "
        f"{whole or 'whole'}",
    )


def watch_opened_before_the_first_index(tmp: Path) -> dict[str, str]:
    """``mdrecall watch`` running on an empty workspace; 2,000 notes written and a first ``index`` run at
    once (the watcher syncs too); then a one-shot search (answered by the watcher) and the watcher's fds."""
    ws = _notes(tmp / "ws", 0)
    watch = _popen("-w", str(ws), "watch", "--debounce", "0.3")
    try:
        end = time.monotonic() + 30
        while not _index(ws).exists() and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(1.0)
        _notes(ws, 2000)
        i = _index_run(ws)
        why = unclear(i) or ("" if i.returncode == 0 else f"index rc {i.returncode}: {last_line(i.stderr)}")
        if why:
            return verdict("unclear", why)
        time.sleep(4.0)  # the watcher's own sync of the new notes ends
        stale = _deleted(watch.pid, _index(ws))
        s = run("-w", str(ws), "--json", "search", "zzn1999q", timeout=60)
        alive = watch.poll() is None
    finally:
        if watch.poll() is None:
            watch.send_signal(signal.SIGINT)
        _stop(watch)
    if unclear(s):
        return verdict("unclear", "search " + unclear(s))
    found = b"n01999.md" in s.stdout
    whole = _whole(ws, 2001)
    ok = found and not stale and not whole and alive
    return verdict(
        "converged" if ok else "failed",
        f"search found {found}; watcher alive {alive}; stale inodes {stale}; {whole or 'whole'}",
    )


def search_during_the_build(tmp: Path) -> dict[str, str]:
    """A one-shot ``search`` run while a first build of 3,000 notes is half written."""
    ws = _notes(tmp / "ws", MANY)
    proc = _popen("-w", str(ws), "index")
    try:
        if not _wait_building(_index(ws), proc):
            return verdict("unclear", "the build ended before the search (or wrote nothing aside)")
        t0 = time.monotonic()
        s = run("-w", str(ws), "--json", "search", f"zzn{MANY - 1}q", timeout=120)
        took = time.monotonic() - t0
        proc.communicate(timeout=300)
    finally:
        _stop(proc)
    if unclear(s):
        return verdict("unclear", "search " + unclear(s))
    found = f"n{MANY - 1:05}.md".encode() in s.stdout
    why = _whole(ws, MANY + 1) or ("" if proc.returncode == 0 else f"index rc {proc.returncode}")
    note = last_line(s.stderr)[:90]
    kind = "converged" if s.returncode in (0, 1) and not why and (found or note) else "failed"
    return verdict(
        kind, f"search rc {s.returncode} in {took:.1f} s, found {found}, said {note!r}; {why or 'whole'}"
    )


def status_and_doctor_during_the_build(tmp: Path) -> dict[str, str]:
    """``status --json`` and ``doctor --no-model`` while a first build is half written."""
    ws = _notes(tmp / "ws", MANY)
    proc = _popen("-w", str(ws), "index")
    try:
        if not _wait_building(_index(ws), proc):
            return verdict("unclear", "the build ended first")
        st = run("-w", str(ws), "--json", "status", timeout=60)
        d = run("-w", str(ws), "doctor", "--no-model", timeout=90)
        proc.communicate(timeout=300)
    finally:
        _stop(proc)
    why = unclear(st) or unclear(d)
    if why:
        return verdict("unclear", why)
    files = json.loads(st.stdout).get("files") if st.returncode == 0 else None
    out = d.stdout.decode(errors="replace")
    damaged = "damaged" in out or "corrupt" in out.lower()
    whole = _whole(ws, MANY + 1)
    kind = "failed" if damaged or whole or st.returncode else "converged"
    return verdict(
        kind,
        f"status rc {st.returncode} files {files}; doctor rc {d.returncode} damaged {damaged}; "
        f"{whole or 'whole'}",
    )


# ---- signals -----------------------------------------------------------------------------------------------


def _signal_mid_build(sig: int) -> Callable[[Path], dict[str, str]]:
    def case(tmp: Path) -> dict[str, str]:
        ws = _notes(tmp / "ws", MANY)
        index = _index(ws)
        proc = _popen("-w", str(ws), "index")
        try:
            if not _wait_building(index, proc):
                return verdict("unclear", "the build ended before the signal")
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=120)
        finally:
            _stop(proc)
        if b"Traceback" in err:
            return verdict("unclear", "traceback: " + last_line(err))
        kept = _files(index)
        ok_after = integrity_ok(index)
        left = index.with_name(index.name + BUILDING).exists()
        again = _index_run(ws)
        why = unclear(again) or _whole(ws, MANY + 1)
        kind = "converged" if ok_after and not why else "failed"
        return verdict(
            kind,
            f"rc {proc.returncode} ({last_line(err)[:70]!r}); kept {kept} files, intact {ok_after}, "
            f".building left {left}; next index: {why or 'whole'}",
        )

    return case


def _sweep(tmp: Path, holder: bool) -> dict[str, str]:
    """SIGKILL an ``index`` of 600 notes at 10 moments spread over its run (mid-build, the fsync, the rename
    or the backup copy, the reopen); after each: the index is intact and the next ``index`` makes it whole.
    ``holder``: a plain SQLite reader holds the index open (the backup path) and must see the rows."""
    n = 600
    phases: dict[str, int] = {}
    for k in range(11):
        ws = _notes(tmp / f"ws{k}", n, lines=20)
        run("-w", str(ws), "status", timeout=60)  # the empty index, so that a reader can hold it
        reader = _reader(_index(ws)) if holder else None
        try:
            t0 = time.monotonic()
            proc = _popen("-w", str(ws), "index")
            if k == 0:  # the full run: its length spaces the kills
                proc.communicate(timeout=120)
                full = time.monotonic() - t0
                continue
            time.sleep(full * (0.35 + 0.65 * k / 10))
            proc.kill()
            proc.communicate(timeout=30)
            got = _files(_index(ws))
            phase = "none" if got == 0 else "all" if got == n + 1 else "part"
            phases[phase] = phases.get(phase, 0) + 1
            if not integrity_ok(_index(ws)):
                return verdict("failed", f"kill {k} ({phase}): the index fails its integrity check")
            again = _index_run(ws)
            why = unclear(again) or _whole(ws, n + 1)
            if reader is not None and not why:
                seen = _ask(reader)
                why = "" if seen == str(n + 1) else f"the reader sees {seen} files"
            if why:
                return verdict(
                    "failed", f"kill {k} at {full * (0.35 + 0.65 * k / 10):.2f} s ({phase}): {why}"
                )
        finally:
            if reader is not None:
                _stop(reader)
    return verdict("converged", f"full run {full:.2f} s; index at the kill: {phases}; each rerun whole")


# ---- a stale or planted .building -------------------------------------------------------------------------


def _planted(plant: Callable[[Path, Path], None], small: int = 100) -> Callable[[Path], dict[str, str]]:
    """A ``.building`` in a state left by a dead process (or planted); then a first ``index``."""

    def case(tmp: Path) -> dict[str, str]:
        ws = _notes(tmp / "ws", small, lines=4)
        outside = tmp / "outside"
        outside.mkdir()
        (outside / "keep.txt").write_text("outside text\n")
        index = _index(ws)
        index.parent.mkdir(parents=True)
        plant(index.with_name(index.name + BUILDING), outside)
        before = {p.name: p.read_bytes() for p in outside.iterdir() if p.is_file()}
        i = _index_run(ws)
        why = unclear(i)
        if why:
            return verdict("unclear", why)
        after = {p.name: p.read_bytes() for p in outside.iterdir() if p.is_file()}
        if before != after or index.is_symlink():
            return verdict(
                "failed",
                f"rc {i.returncode}; outside changed: {sorted(set(after) ^ set(before)) or 'content'}; "
                f"index a link: {index.is_symlink()} -> {os.readlink(index) if index.is_symlink() else ''}",
            )
        whole = _whole(ws, small + 1)
        kept = index.with_name(index.name + BUILDING).is_dir()  # a folder is not ours to remove
        if kept and whole == f"left {[index.name + BUILDING]}":
            whole = ""
        if i.returncode or whole:
            return verdict("failed", f"rc {i.returncode} {last_line(i.stderr)!r}; {whole}")
        said = "the folder left, the index built in place" if kept else "the planted .building gone"
        return verdict("converged", f"index whole; {said}; outside untouched")

    return case


def _garbage(p: Path, _: Path) -> None:
    p.write_bytes(os.urandom(300_000))


def _dangling(p: Path, outside: Path) -> None:
    p.symlink_to(outside / "stolen.sqlite")


def _to_file(p: Path, outside: Path) -> None:
    p.symlink_to(outside / "keep.txt")


def _folder(p: Path, _: Path) -> None:
    (p / "sub").mkdir(parents=True)
    (p / "sub" / "x").write_text("x")


def _fifo(p: Path, _: Path) -> None:
    os.mkfifo(p)


def _held(p: Path, _: Path) -> None:
    """A half build left by a process killed mid-write (the index beside it is empty)."""
    p.write_bytes(b"SQLite format 3\0" + os.urandom(8000))
    (p.parent / (p.name + "-journal")).write_bytes(b"junk")


# ---- paths and permissions --------------------------------------------------------------------------------


def folder_not_writable(tmp: Path) -> dict[str, str]:
    """The empty index exists but its folder cannot be written (no ``.building``, no -wal): a first
    ``index`` of 100 notes by a user without root's powers."""
    if not ROOT:
        return verdict("unclear", "needs root (to drop its powers with setpriv)")
    ws = _notes(tmp / "ws", 100, lines=4)
    run("-w", str(ws), "status", timeout=60)
    folder = _index(ws).parent
    for extra in folder.iterdir():
        if extra.name != "index.sqlite":
            extra.unlink()
    folder.chmod(0o555)
    try:
        i = _index_run(ws, unprivileged=True)
        s = run("-w", str(ws), "search", "zzn5q", timeout=60, unprivileged=True)
    finally:
        folder.chmod(0o755)
    why = unclear(i) or unclear(s)
    if why:
        return verdict("unclear", why)
    said = last_line(i.stderr)
    claims = b"added" in i.stdout and i.returncode == 0
    if claims and _files(_index(ws)) != 101:
        return verdict(
            "failed", f"index said {last_line(i.stdout)!r} but the index holds {_files(_index(ws))}"
        )
    if i.returncode and said:
        return verdict("refused-clearly", f"index rc {i.returncode}: {said[:120]}; search rc {s.returncode}")
    return verdict("converged", f"index rc {i.returncode}; holds {_files(_index(ws))} files")


def workspace_read_only(tmp: Path) -> dict[str, str]:
    """A workspace folder that cannot be written (no ``.mdrecall`` yet), 100 notes, a user without root's
    powers: a first ``index``."""
    if not ROOT:
        return verdict("unclear", "needs root (to drop its powers with setpriv)")
    ws = _notes(tmp / "ws", 100, lines=4)
    ws.chmod(0o555)
    try:
        i = _index_run(ws, unprivileged=True)
    finally:
        ws.chmod(0o755)
    why = unclear(i)
    if why:
        return verdict("unclear", why)
    if i.returncode == 0:
        return verdict("converged" if not _whole(ws, 101) else "failed", last_line(i.stderr + i.stdout))
    return verdict(
        "refused-clearly" if i.stderr.strip() else "unclear", f"rc {i.returncode}: {last_line(i.stderr)}"
    )


def index_path_a_symlink(tmp: Path) -> dict[str, str]:
    """``index.sqlite`` a symlink to a file beside it: the build must not replace the link with a file."""
    ws = _notes(tmp / "ws", 200, lines=4)
    folder = _index(ws).parent
    folder.mkdir(parents=True)
    _index(ws).symlink_to("real.sqlite")
    i = _index_run(ws)
    why = unclear(i)
    if why:
        return verdict("unclear", why)
    link = _index(ws).is_symlink()
    whole = _whole(ws, 201)
    kind = "converged" if link and not whole and i.returncode == 0 else "failed"
    return verdict(kind, f"rc {i.returncode}; still a link {link}; {whole or 'whole'}")


def dot_mdrecall_a_symlink(tmp: Path) -> dict[str, str]:
    """``.mdrecall`` a symlink to a folder elsewhere (the user's choice): built and renamed there."""
    ws = _notes(tmp / "ws", 200, lines=4)
    there = tmp / "elsewhere"
    there.mkdir()
    (ws / ".mdrecall").symlink_to(there)
    i = _index_run(ws)
    why = unclear(i)
    if why:
        return verdict("unclear", why)
    whole = _whole(ws, 201)
    kind = "converged" if not whole and i.returncode == 0 and (there / "index.sqlite").is_file() else "failed"
    return verdict(
        kind,
        f"rc {i.returncode}; {whole or 'whole'}; in the linked folder {(there / 'index.sqlite').is_file()}",
    )


def disk_fills_during_the_build(tmp: Path) -> dict[str, str]:
    """The workspace on a 12 MB tmpfs: 3,000 notes (~7 MB) leave too little room for the empty index, its
    ``.building`` copy and the index; then room is made (remount) and ``index`` runs again."""
    if not ROOT:
        return verdict("unclear", "needs root (tmpfs)")
    with tmpfs("12m") as mnt:
        ws = _notes(mnt / "ws", MANY)
        run("-w", str(ws), "status", timeout=60)
        i = _index_run(ws)
        why = unclear(i)
        if why:
            return verdict("unclear", "full disk: " + why)
        left = [p.name for p in _index(ws).parent.iterdir() if BUILDING in p.name]
        intact = integrity_ok(_index(ws))
        kept = _files(_index(ws))
        said = last_line(i.stderr)
        subprocess.run(["mount", "-o", "remount,size=200m", str(mnt)], check=True)
        again = _index_run(ws)
        whole = unclear(again) or _whole(ws, MANY + 1)
    if i.returncode == 0:
        return verdict("unclear", f"the disk did not fill (rc 0, {kept} files)")
    kind = "refused-clearly" if said and intact and not left and not whole else "failed"
    return verdict(
        kind,
        f"rc {i.returncode} {said[:100]!r}; intact {intact}, kept {kept}, left {left}; "
        f"after room: {whole or 'whole'}",
    )


def index_removed_during_the_build(tmp: Path) -> dict[str, str]:
    """The index (and its -wal, -shm) deleted while a first build is half written."""
    ws = _notes(tmp / "ws", MANY)
    index = _index(ws)
    proc = _popen("-w", str(ws), "index")
    try:
        if not _wait_building(index, proc):
            return verdict("unclear", "the build ended first")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(str(index) + suffix)
        _, err = proc.communicate(timeout=300)
    finally:
        _stop(proc)
    if b"Traceback" in err or proc.returncode == 3:
        again = _index_run(ws)
        why = unclear(again) or _whole(ws, MANY + 1)
        return verdict("unclear", f"rc {proc.returncode} {last_line(err)!r}; next index: {why or 'whole'}")
    whole = _whole(ws, MANY + 1)
    if proc.returncode == 0 and whole:
        return verdict("failed", f"index said it was done; {whole}")
    if whole:
        again = _index_run(ws)
        why = unclear(again) or _whole(ws, MANY + 1)
        kind = "refused-clearly" if not why else "failed"
        return verdict(kind, f"rc {proc.returncode} {last_line(err)!r}; next index: {why or 'whole'}")
    return verdict("converged", f"rc {proc.returncode}; the built index took the path again; whole")


def second_build_after_a_kill(tmp: Path) -> dict[str, str]:
    """A first build killed with SIGKILL, then a reader opens the (empty) index, then a second first build:
    the stale ``.building`` goes, the pages are copied in under the reader, the reader sees them."""
    ws = _notes(tmp / "ws", MANY)
    index = _index(ws)
    proc = _popen("-w", str(ws), "index")
    try:
        if not _wait_building(index, proc):
            return verdict("unclear", "the first build ended before the kill")
        proc.kill()
        proc.communicate(timeout=30)
    finally:
        _stop(proc)
    reader = _reader(index)
    try:
        inode = index.stat().st_ino
        again = _index_run(ws)
        seen = _ask(reader)
    finally:
        _stop(reader)
    why = unclear(again) or _whole(ws, MANY + 1)
    copied = index.stat().st_ino == inode
    ok = not why and seen == str(MANY + 1)
    return verdict(
        "converged" if ok else "failed", f"reader sees {seen}; copied in place {copied}; {why or 'whole'}"
    )


def _edge(n: int) -> Callable[[Path], dict[str, str]]:
    """Exactly ``n`` Markdown files (MEMORY.md included): above 64 written aside, at 64 in place."""

    def case(tmp: Path) -> dict[str, str]:
        ws = _notes(tmp / "ws", n - 1, lines=4)
        run("-w", str(ws), "status", timeout=60)
        inode = _index(ws).stat().st_ino
        i = _index_run(ws)
        why = unclear(i) or _whole(ws, n)
        aside = _index(ws).stat().st_ino != inode
        if why or i.returncode or aside != (n > 64):
            return verdict("failed", f"rc {i.returncode}; written aside {aside}; {why or 'whole'}")
        return verdict("converged", f"{n} files: written aside {aside}; whole")

    return case


def openers_racing_the_swap(tmp: Path) -> dict[str, str]:
    """Three processes open the index (the real store, then a read) in a loop while first builds of 800
    notes end, 6 times: none may end on a stale (unlinked) index file, nor see a damaged one."""
    code = (
        "import os,sys,time\n"
        "from pathlib import Path\n"
        "from mdrecall.stores.sqlite import SQLiteStore\n"
        "p=Path(sys.argv[1]); bad=0; n=0; end=time.monotonic()+float(sys.argv[2])\n"
        "while time.monotonic()<end:\n"
        "    s=SQLiteStore(p); recs=len(s.file_records()); n+=1\n"
        "    for fd in os.listdir('/proc/self/fd'):\n"
        "        try: t=os.readlink('/proc/self/fd/'+fd)\n"
        "        except OSError: continue\n"
        "        if t.startswith(str(p)) and t.endswith('(deleted)'): bad+=1\n"
        "    s.close()\n"
        "print(n,bad)\n"
    )
    stale = opens = 0
    for k in range(6):
        ws = _notes(tmp / f"ws{k}", 800, lines=10)
        run("-w", str(ws), "status", timeout=60)
        proc = _popen("-w", str(ws), "index")
        openers = [
            subprocess.Popen(
                [sys.executable, "-c", code, str(_index(ws)), "6"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for _ in range(3)
        ]
        _STARTED.extend(openers)
        proc.communicate(timeout=300)
        for o in openers:
            out, err = o.communicate(timeout=60)
            if o.returncode:
                return verdict("failed", f"an opener failed: {last_line(err)}")
            a, b = out.split()
            opens, stale = opens + int(a), stale + int(b)
        why = _whole(ws, 801)
        if why:
            return verdict("failed", f"build {k}: {why}")
    kind = "failed" if stale else "converged"
    return verdict(kind, f"{opens} opens during 6 builds; {stale} ended on an unlinked index file")


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    "two `index` at once, 2,000 notes": two_index_at_once,
    "MCP server opened before the first index, searched after it": mcp_opened_before_the_first_index,
    "watch opened before the first index, searched after it": watch_opened_before_the_first_index,
    "a one-shot search during the build": search_during_the_build,
    "status and doctor during the build": status_and_doctor_during_the_build,
    "SIGKILL mid-build, then index again": _signal_mid_build(signal.SIGKILL),
    "SIGINT mid-build, then index again": _signal_mid_build(signal.SIGINT),
    "SIGTERM mid-build, then index again": _signal_mid_build(signal.SIGTERM),
    "SIGKILL swept over the run (rename path)": lambda tmp: _sweep(tmp, holder=False),
    "SIGKILL swept over the run, a reader holding the index (backup path)": lambda tmp: _sweep(
        tmp, holder=True
    ),
    "stale .building: 300 KB of garbage": _planted(_garbage),
    "stale .building: zero bytes": _planted(lambda p, _: p.write_bytes(b"")),
    "stale .building: a half build and its -journal": _planted(_held),
    "stale .building: a symlink to a missing file outside": _planted(_dangling),
    "stale .building: a symlink to a file outside": _planted(_to_file),
    "stale .building: a folder": _planted(_folder),
    "stale .building: a FIFO": _planted(_fifo),
    "index folder not writable (unprivileged)": folder_not_writable,
    "workspace folder read-only, no index yet (unprivileged)": workspace_read_only,
    "index.sqlite a symlink": index_path_a_symlink,
    ".mdrecall a symlink to a folder elsewhere": dot_mdrecall_a_symlink,
    "disk fills during the build (tmpfs)": disk_fills_during_the_build,
    "index removed during the build": index_removed_during_the_build,
    "second first build after a kill, a reader holding the index": second_build_after_a_kill,
    "exactly 64 files": _edge(64),
    "exactly 65 files": _edge(65),
    "openers racing the swap": openers_racing_the_swap,
}


def _cleanup(root: Path) -> None:
    """Kill every process a case started (by pid) and give back its folder."""
    while _STARTED:
        _stop(_STARTED.pop())
    shutil.rmtree(root, ignore_errors=True)


def case_first_build(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The first index written aside, one verdict per case."""
    return run_cases(tmp / "fb", CASES, only, _cleanup)


if __name__ == "__main__":
    print_round("mdrecall-fb-", case_first_build)
