"""The fifth round of the fault campaign: the one-shot ``search``/``get`` answered by the workspace's server
(``mdrecall.cli.served`` / ``cli.serving``, issue 33), with cases that are in no issue and no test. Each ends
in one verdict (``fault_kit.verdict``). Run: ``python benchmarks/faults.py --only round5``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from fault_cases import _ws
from fault_kit import last_line, run, unclear, verdict
from fault_round4 import ENV, Server, _ask, _version

OFF = {"MDRECALL_SERVE_ENABLED": "off"}


def _served_by(r: subprocess.CompletedProcess | None, srv: Server) -> bool:
    return r is not None and f"served (pid {srv.proc.pid})".encode() in r.stderr


def _same(ws: Path, srv: Server, *args: str, cwd: Path | None = None) -> tuple[str, str]:
    """(verdict, detail) of a command served and in-process: the same stdout and exit code, no traceback."""
    here = run("-w", str(ws), *args, env=OFF)
    there = run("-w", str(ws), "-v", *args)
    for r in (here, there):
        why = unclear(r)
        if why:
            return "unclear", why
    assert here is not None and there is not None
    if here.stdout != there.stdout or here.returncode != there.returncode:
        return "failed", f"rc {there.returncode} vs {here.returncode}; stdout differs: {there.stdout[:80]!r}"
    how = "served" if _served_by(there, srv) else "not served (sent back, or refused before opening)"
    kind = "refused-clearly" if here.returncode != 0 else "converged"
    said = last_line(there.stderr) or there.stdout[:60].decode(errors="replace")
    return kind, f"{how}, rc {there.returncode}: {said}"


def _cli_request(ws: Path, argv: list[str], **extra: Any) -> bytes:
    env = {k: v for k, v in ENV.items() if k.startswith("MDRECALL_") or k in ("HOME", "XDG_CONFIG_HOME")}
    req = {"op": "cli", "v": 1, "version": _version(), "workspace": os.path.realpath(ws), "env": env}
    return json.dumps({**req, "argv": argv, **extra}).encode() + b"\n"


def _served_cli(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ws = _ws(tmp / "ws")
    (ws / "memory" / "2026-01-05.md").write_text(
        "# d\n\n- the kafka cluster moved to the zzkestrel racks in january\n"
        "- a pasted page said \x1b]0;owned\x07 and \x1b[31mred\x1b[0m here\n"
    )
    outside = tmp / "outside.md"
    outside.write_text("# secret\n\n- zzoutside token\n")
    (ws / "memory" / "link.md").symlink_to(outside)
    for i in range(300):
        (ws / "memory" / f"2025-0{1 + i % 9}-{1 + i % 28:02d}-{i}.md").write_text(
            f"# n{i}\n\n" + "".join(f"- kafka note {i} line {j} zzbulk\n" for j in range(40))
        )
    r = run("-w", str(ws), "index")
    assert r is not None and r.returncode == 0, r
    srv = Server(ws)
    try:
        cases = {
            "get a path escaping the workspace": ("get", "../outside.md"),
            "get an absolute path outside": ("get", str(outside)),
            "get a symlink to a file outside": ("get", "memory/link.md"),
            "search text holding terminal escapes": ("search", "pasted page"),
            "-w naming another folder than the server's": ("-w", str(tmp), "search", "kafka"),
            "--config naming a file that is not TOML": ("--config", "/etc/hostname", "search", "kafka"),
            "--since with a bad date": ("search", "kafka", "--since", "2026-13-45"),
            "an FTS5-hostile query": ("search", '"kafka AND* NEAR(', "-", ":x"),
            "a 1,000-hit JSON answer (over a MB)": ("--json", "search", "kafka zzbulk", "-n", "1000"),
        }
        for name, args in cases.items():
            kind, detail = _same(ws, srv, *args)
            out[f"served cli: {name}"] = verdict(kind, detail)
            if not srv.alive():
                out[f"served cli: {name}"] = verdict("failed", "the server died: " + srv.stderr())
                return out

        raw = {
            "argv that is not a list": _cli_request(ws, "search kafka"),  # type: ignore[arg-type]
            "a write command (remember) smuggled in argv": _cli_request(ws, ["remember", "x", "-w", str(ws)]),
            "a read of another workspace in argv": _cli_request(ws, ["get", "MEMORY.md", "-w", str(tmp)]),
            "tty as a string": _cli_request(ws, ["search", "kafka", "-w", str(ws)], tty="yes"),
        }
        for name, data in raw.items():
            got = _ask(srv.path, data, timeout=20) or b""
            alive = srv.alive()
            answer = json.loads(got) if got.endswith(b"\n") else None
            if not alive:
                out[f"raw cli request: {name}"] = verdict("failed", "the server died")
            elif answer and answer.get("fallback"):
                out[f"raw cli request: {name}"] = verdict("refused-clearly", str(answer.get("why"))[:100])
            elif answer and answer.get("ok") and name == "tty as a string":
                out[f"raw cli request: {name}"] = verdict("converged", f"answered, rc {answer.get('code')}")
            else:
                out[f"raw cli request: {name}"] = verdict("failed", f"answered: {got[:100]!r}")
        # a client killed while its search runs; then 24 searches at once (the server takes 16)
        proc = subprocess.Popen(
            [sys.executable, "-m", "mdrecall", "-w", str(ws), "--json", "search", "kafka", "-n", "1000"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENV,
        )
        time.sleep(0.15)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        results: list[subprocess.CompletedProcess | None] = [None] * 24

        def one(i: int) -> None:
            results[i] = run("-w", str(ws), "search", "zzkestrel racks", timeout=120)

        threads = [threading.Thread(target=one, args=(i,)) for i in range(24)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        good = sum(1 for r in results if r is not None and r.returncode == 0 and b"zzkestrel" in r.stdout)
        bad = [unclear(r) for r in results if unclear(r)]
        out["served cli: a client killed mid-search, then 24 at once"] = verdict(
            "converged" if good == 24 and srv.alive() else "failed" if not srv.alive() else "unclear",
            f"{good}/24 right; server alive: {srv.alive()}; {bad[:1]}",
        )

        # the output goes to the reader that asked, even when the reader closes early
        p = subprocess.run(
            f"{sys.executable} -m mdrecall -w {ws} search 'kafka zzbulk' -n 200 | head -1",
            shell=True,
            capture_output=True,
            env=ENV,
            timeout=60,
        )
        fine = not p.returncode and b"Traceback" not in p.stderr and p.stdout.strip()
        out["served cli: output piped to head -1"] = verdict(
            "converged" if fine else "unclear",
            f"rc {p.returncode}: {p.stdout[:60]!r} {last_line(p.stderr)}",
        )
    finally:
        srv.close()

    # a watch process prints its re-index lines on stdout while it serves: they stay its own
    w = subprocess.Popen(
        [sys.executable, "-m", "mdrecall", "-w", str(ws), "watch", "--polling", "--debounce", "0.2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    try:
        sock = Server.__new__(Server)
        sock.path = srv.path
        sock.proc = w
        end = time.monotonic() + 60
        while time.monotonic() < end and not sock.alive():
            time.sleep(0.2)
        leaks = 0
        for i in range(6):
            (ws / "memory" / f"2026-02-0{i + 1}.md").write_text(f"# e\n\n- zzfresh{i} arrives\n")
            r = run("-w", str(ws), "-v", "search", f"zzfresh{i}")
            if r is None or b"re-indexed" in r.stdout or f"zzfresh{i}".encode() not in r.stdout:
                leaks += 1
            time.sleep(0.3)
        served = _served_by(r, sock)
    finally:
        w.send_signal(signal.SIGINT)
        try:
            w.wait(20)
        except subprocess.TimeoutExpired:
            w.kill()
    own = w.stdout.read() if w.stdout else b""
    out["served cli: watch re-indexes while it serves"] = verdict(
        "converged" if leaks == 0 and served and b"re-indexed" in own else "failed",
        f"{6 - leaks}/6 searches found the new line with no watch output in them; served: {served}",
    )
    return out


def case_round5(tmp: Path) -> dict[str, Any]:
    """The served one-shot commands, one verdict per case."""
    base = tmp / "r5"
    base.mkdir(exist_ok=True)
    try:
        return _served_cli(base / "served_cli")
    except Exception as exc:  # noqa: BLE001 - a broken part is a result, not the end of the run
        return {"served cli: (the part itself)": verdict("unclear", f"{type(exc).__name__}: {exc}")}


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mdrecall-r5-") as d:
        for k, v in case_round5(Path(d)).items():
            print(f"  {v['verdict']:<16} {k}: {v['detail']}", flush=True)
