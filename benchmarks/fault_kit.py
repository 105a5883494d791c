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
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "run_cases",
    "PAGE",
    "ROOT",
    "VERDICTS",
    "Recorder",
    "cli",
    "files_holding",
    "fill",
    "integrity_ok",
    "last_line",
    "run",
    "tmpfs",
    "unclear",
    "verdict",
    "workspace",
]

PAGE = 4096
#: The environment every command runs in: no embedder, and no server started behind a case (a case that
#: wants one turns ``MDRECALL_SERVE_AUTO`` on).
QUIET_ENV = {"MDRECALL_EMBEDDING_PROVIDER": "none", "MDRECALL_SERVE_AUTO": "off"}
ROOT = os.geteuid() == 0


def cli(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real CLI in a subprocess (bytes out)."""
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        env={**os.environ, **QUIET_ENV, **(env or {})},
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


# ---- verdicts (issue 32 and the third round) ---------------------------------------------------------
# Each trust case ends in one verdict: "converged" (the safe end state: nothing leaked, nothing forged, the
# command answered), "refused-clearly" (it refused with a message that says what and why, nothing changed),
# "unclear" (a hang, an exit 3, a traceback, or a refusal that says nothing) or "failed" (a wrong end state:
# a secret stored, local-only text sent, a forged line taken for the user's, a file changed or lost).

VERDICTS = ("converged", "refused-clearly", "unclear", "failed")


def verdict(kind: str, detail: str = "") -> dict[str, str]:
    assert kind in VERDICTS, kind
    return {"verdict": kind, "detail": detail[:300]}


def run(
    *args: str,
    stdin: bytes | str = b"",
    env: dict[str, str] | None = None,
    timeout: float = 60,
    unprivileged: bool = False,
) -> subprocess.CompletedProcess | None:
    """The real CLI in a subprocess with ``stdin``; ``None`` when it ran past ``timeout`` (hung)."""
    cmd = [sys.executable, "-m", "mdrecall", *args]
    setpriv = shutil.which("setpriv")
    if unprivileged and ROOT and setpriv:  # root ignores file modes: drop that power for the child
        cmd = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *cmd]
    data = stdin.encode() if isinstance(stdin, str) else stdin
    try:
        return subprocess.run(
            cmd,
            input=data,
            capture_output=True,
            env={**os.environ, **QUIET_ENV, **(env or {})},
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None


def unclear(r: subprocess.CompletedProcess | None) -> str:
    """Why ``r`` is unclear ("" when it is not): hung, exit 3, a traceback."""
    if r is None:
        return "hung"
    if r.returncode == 3:
        return "exit 3: " + last_line(r.stderr)
    if b"Traceback" in r.stderr:
        return "traceback: " + last_line(r.stderr)
    return ""


def last_line(data: bytes) -> str:
    lines = data.decode(errors="replace").strip().splitlines()
    return lines[-1][:200] if lines else ""


def files_holding(root: Path, needle: str | bytes, *, strip: str = "") -> list[str]:
    """The files under ``root`` whose bytes hold ``needle`` (after deleting the characters of ``strip``)."""
    want = needle.encode() if isinstance(needle, str) else needle
    out = []
    for path in sorted(root.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        for ch in strip:
            data = data.replace(ch.encode(), b"")
        if want in data:
            out.append(str(path.relative_to(root)))
    return out


def json_server(reply: Callable[[dict[str, Any]], Any]) -> Any:
    """A loopback HTTP server on a free port, serving forever on a daemon thread: each POST's JSON body goes
    to ``reply``, whose result is sent back as JSON (close it with ``shutdown`` and ``server_close``)."""
    import http.server
    import json
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            payload = json.dumps(reply(body)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Recorder:
    """A loopback OpenAI-compatible embeddings server that keeps every text it is sent (a remote
    embedder for the local-only cases: ``config`` is the workspace's .mdrecall.toml for it)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.server = json_server(self._embed)
        port = self.server.server_address[1]
        self.config = (
            f'[embedding]\nprovider = "openai"\nbase_url = "http://127.0.0.1:{port}/v1"\n'
            'api_key = "sk-test-0123456789abcdef"\nmodel = "m"\ndims = 8\n'
            '[embedding.options]\nis_remote = true\n[rerank]\nprovider = "none"\n'
        )
        self.env = {"MDRECALL_EMBEDDING_PROVIDER": "openai"}

    def _embed(self, body: dict[str, Any]) -> dict[str, Any]:
        got = body.get("input", [])
        self.texts.extend([got] if isinstance(got, str) else got)
        n = 1 if isinstance(got, str) else len(got)
        return {"data": [{"index": i, "embedding": [0.1 * (i % 7 + 1)] * 8} for i in range(n)]}

    def received(self) -> str:
        return "\n".join(self.texts)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def run_cases(
    base: Path,
    cases: Mapping[str, Callable[[Path], dict[str, Any]]],
    only: list[str] | None,
    cleanup: Callable[[Path], None],
    label: str = "",
) -> dict[str, Any]:
    """Run each case (those whose name holds a word of ``only``, if given) in a folder of its own under
    ``base``, then ``cleanup`` that folder (kill what it started); one verdict per case, named ``label`` +
    its name, with its time. A case that breaks is an ``unclear`` verdict, not the end of the run."""
    base.mkdir(exist_ok=True)
    out: dict[str, Any] = {}
    for i, (name, fn) in enumerate(cases.items()):
        if only and not any(o in name for o in only):
            continue
        root = base / f"c{i}"
        root.mkdir()
        key = f"{label}{name}"
        t0 = time.monotonic()
        try:
            out[key] = fn(root)
        except Exception as exc:  # noqa: BLE001 - a broken case is a result, not the end of the run
            out[key] = verdict("unclear", f"(the case itself) {type(exc).__name__}: {exc}")
        finally:
            cleanup(root)
        out[key]["detail"] += f" [{time.monotonic() - t0:.0f} s]"
    return out


def print_round(prefix: str, round_of: Callable[[Path, list[str] | None], dict[str, Any]]) -> None:
    """Run one round from the command line (the case names in ``sys.argv`` only, if any) in a temporary
    folder named ``prefix``…, quietly, and print one verdict a line."""
    os.environ.update(QUIET_ENV)
    with tempfile.TemporaryDirectory(prefix=prefix) as d:
        for k, v in round_of(Path(d), sys.argv[1:]).items():
            print(f"  {v['verdict']:<16} {k}: {v['detail']}", flush=True)
