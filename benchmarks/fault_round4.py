"""The fourth round of the fault campaign: the surfaces added since the third (the hooks' local server, the
memory-mapped vector file, the stored derived tables, the watcher's vouch, the recall signals log), with
cases that are in no issue and no test. Each ends in one verdict (``fault_kit.verdict``): converged,
refused-clearly, unclear or failed. Run: ``python benchmarks/faults.py --only round4``."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path
from typing import Any

from fault_cases import _ws
from fault_cases import transcript as make_transcript
from fault_kit import Recorder, files_holding, last_line, run, unclear, verdict

GH = "ghp_R8sT2uV4wX6yZ8aB0cD2eF4gH6iJ8kL0mN2o"
ENV = {**os.environ, "MDRECALL_EMBEDDING_PROVIDER": "none", "MDRECALL_SERVE_AUTO": "off"}


def _turn_hook(
    ws: Path, event: str, payload: dict[str, Any], timeout: float = 30, env: dict[str, str] | None = None
) -> tuple[Any, float]:
    """The installed per-turn hook (``python -m mdrecall.agent.turn_hook``): (result or None, seconds)."""
    t0 = time.monotonic()
    try:
        r = subprocess.run(
            [sys.executable, "-m", "mdrecall.agent.turn_hook", "-w", str(ws), event],
            input=json.dumps(payload).encode(),
            capture_output=True,
            env={**ENV, **(env or {})},
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - t0
    return r, time.monotonic() - t0


def _sock(ws: Path) -> str:
    from mdrecall.agent.serve_client import socket_path

    return socket_path(str(ws))


def _ask(path: str, data: bytes, timeout: float = 5.0) -> bytes | None:
    """Send raw bytes to the socket, read to the end of the answer line (None: nothing came back)."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        s.connect(path)
        s.sendall(data)
        got = b""
        while not got.endswith(b"\n"):
            block = s.recv(1 << 16)
            if not block:
                break
            got += block
        return got or None
    except OSError:
        return None
    finally:
        s.close()


def _ping(path: str) -> bool:
    got = _ask(path, b'{"op": "ping"}\n', timeout=3)
    return bool(got and b'"ok": true' in got)


class Server:
    """``mdrecall serve -w WS`` in a subprocess, up once it answers a ping."""

    def __init__(self, ws: Path) -> None:
        self.ws = ws
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mdrecall", "serve", "-w", str(ws)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        self.path = _sock(ws)
        end = time.monotonic() + 60
        while time.monotonic() < end and self.proc.poll() is None:
            if os.path.exists(self.path) and _ping(self.path):
                return
            time.sleep(0.1)
        raise RuntimeError(f"server did not come up: {self.stderr()}")

    def alive(self) -> bool:
        return self.proc.poll() is None and _ping(self.path)

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return ""
        return last_line(self.proc.stderr.read() if self.proc.stderr else b"")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _served_ws(root: Path) -> Path:
    ws = _ws(root)
    (ws / "memory" / "2026-01-05.md").write_text(
        "# d\n\n- the kafka cluster moved to the zzkestrel racks in january\n"
    )
    r = run("-w", str(ws), "index")
    assert r is not None and r.returncode == 0, r
    return ws


def _hook_ok(r: Any, took: float, limit: float = 10.0) -> str:
    """ "" when the hook exited 0 in time, else why not."""
    if r is None:
        return "hook hung"
    if r.returncode != 0 or b"Traceback" in r.stderr:
        return f"hook exit {r.returncode}: {last_line(r.stderr)}"
    if took > limit:
        return f"hook took {took:.1f} s"
    return ""


def _served(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ws = _served_ws(tmp / "srv")
    srv = Server(ws)
    try:
        path = srv.path
        raw: dict[str, bytes] = {
            "binary garbage": bytes(range(256)) * 4 + b"\n",
            "a JSON array": b"[1, 2, 3]\n",
            "a turn with payload as a string": json.dumps(
                {"op": "turn", "v": 1, "event": "stop", "payload": "x"}
            ).encode()
            + b"\n",
            "a turn with elapsed_ms NaN and wait_ms huge": json.dumps(
                {
                    "op": "turn",
                    "v": 1,
                    "version": _version(),
                    "workspace": os.path.realpath(ws),
                    "event": "user-prompt-submit",
                    "payload": {"prompt": "kafka?"},
                    "elapsed_ms": "NaN",
                    "wait_ms": 10**30,
                    "env": {},
                }
            ).encode()
            + b"\n",
        }
        for name, data in raw.items():
            got = _ask(path, data)
            alive = srv.alive()
            ok = got is not None and b"fallback" in got
            out[f"serve: {name}"] = (
                verdict("refused-clearly", got.decode(errors="replace").strip()[:120])
                if ok and alive
                else verdict("unclear", f"answer {got!r:.80}; still serving: {alive}")
            )

        t0 = time.monotonic()
        got = _ask(path, b"x" * (6 << 20), timeout=20)  # no newline, past MAX_LINE
        took = time.monotonic() - t0
        alive = srv.alive()
        out["serve: a 6 MB request with no newline"] = verdict(
            "refused-clearly" if alive and took < 10 else "unclear",
            f"answer {got!r:.60} after {took:.1f} s; still serving: {alive}",
        )

        # slowloris: more clients than the server handles at once, each sending a byte a second
        slow = []
        for _ in range(40):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            with contextlib.suppress(OSError):
                s.connect(path)
                s.send(b"{")
            slow.append(s)
        r, took = _turn_hook(ws, "user-prompt-submit", {"session_id": "sl", "prompt": "zzslowloris kafka?"})
        for s in slow:
            s.close()
        why = _hook_ok(r, took, 5.0)
        time.sleep(2.5)
        alive = srv.alive()
        captured = len(files_holding(ws / "memory", "zzslowloris"))
        out["serve: 40 slowloris clients, then a hook"] = (
            verdict("unclear", why)
            if why
            else verdict(
                "converged" if alive and captured == 1 else "failed" if captured != 1 else "unclear",
                f"hook {took:.2f} s; captured in {captured} file(s); still serving: {alive}",
            )
        )

        # many concurrent hooks
        results: list[tuple[Any, float]] = []

        def one(i: int) -> None:
            results.append(
                _turn_hook(ws, "user-prompt-submit", {"session_id": f"c{i}", "prompt": f"zzc{i} x"})
            )

        threads = [threading.Thread(target=one, args=(i,)) for i in range(24)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(2)
        bad = [_hook_ok(r, took, 30.0) for r, took in results if _hook_ok(r, took, 30.0)]
        lost = [i for i in range(24) if not files_holding(ws / "memory", f"zzc{i} x")]
        out["serve: 24 hooks at once"] = (
            verdict("unclear", f"{len(bad)} bad: {bad[0]}")
            if bad
            else verdict(
                "converged" if not lost and srv.alive() else "failed",
                f"all exit 0; turns not captured: {lost}; slowest {max(t for _, t in results):.1f} s",
            )
        )

        other = _served_ws(tmp / "other")
        for name, workspace in {
            "a request naming another workspace": str(os.path.realpath(other)),
            "a request naming a path outside (/etc)": "/etc",
            "a request naming the workspace through ..": str(ws) + "/memory/..",
        }.items():
            req = {
                "op": "turn",
                "v": 1,
                "version": _version(),
                "workspace": workspace,
                "event": "stop",
                "payload": {"session_id": "o", "transcript_path": "/etc/passwd"},
                "elapsed_ms": 0,
                "wait_ms": 300,
                "env": {},
            }
            got = _ask(path, json.dumps(req).encode() + b"\n")
            changed = files_holding(other, "root:") + files_holding(ws, "root:x:0")
            out[f"serve: {name}"] = (
                verdict("failed", f"wrote {changed}")
                if changed
                else verdict("refused-clearly", (got or b"").decode(errors="replace").strip()[:100])
                if got and b"fallback" in got
                else verdict("unclear", f"answer {got!r:.100}")
            )

        # a secret and a local-only section through the served hook
        (ws / "memory" / "2026-01-06.md").write_text(
            "# d\n\n## Health <!-- local-only -->\n\n- zzprivpass the kafka badge code is 5521\n"
        )
        run("-w", str(ws), "index")
        srv_answer = _ask(
            path,
            json.dumps(
                {
                    "op": "turn",
                    "v": 1,
                    "version": _version(),
                    "workspace": os.path.realpath(ws),
                    "event": "user-prompt-submit",
                    "payload": {"session_id": "sec", "prompt": f"what is the kafka badge code? token {GH}"},
                    "elapsed_ms": 0,
                    "wait_ms": 300,
                    "env": {k: v for k, v in ENV.items() if k.startswith("MDRECALL_") or k == "HOME"},
                }
            ).encode()
            + b"\n",
        )
        r, took = _turn_hook(
            ws, "user-prompt-submit", {"session_id": "sec2", "prompt": f"kafka badge code? token {GH}"}
        )
        time.sleep(1)
        served = b'"ok": true' in (srv_answer or b"")
        leaked = [f for f in files_holding(ws, GH) if not f.startswith(".mdrecall/serve")]
        injected = b"zzprivpass" in (srv_answer or b"") or (r is not None and b"zzprivpass" in r.stdout)
        why = _hook_ok(r, took)
        out["serve: a secret and a local-only section (prompt, recall)"] = (
            verdict("unclear", why)
            if why
            else verdict("failed", f"stored {leaked}; local-only injected: {injected}")
            if leaked or injected
            else verdict("converged" if served else "unclear", f"served: {served}; nothing leaked")
        )
    finally:
        srv.close()
    out |= _socket_paths(tmp)
    out |= _killed(tmp)
    out |= _recreated(tmp)
    return out


def _version() -> str:
    from mdrecall import __version__

    return __version__


def _socket_paths(tmp: Path) -> dict[str, Any]:
    """Something other than a live socket at the socket's path: the hook and then ``mdrecall serve``."""
    out: dict[str, Any] = {}
    other = _served_ws(tmp / "sp-other")
    other_srv = Server(other)
    try:
        for kind in ("a regular file", "a directory", "a symlink to another workspace's socket"):
            ws = _served_ws(tmp / f"sp-{kind.split()[1]}")
            path = Path(_sock(ws))
            if kind == "a regular file":
                path.write_text("zzkeepme\n")
            elif kind == "a directory":
                path.mkdir()
                (path / "keep.txt").write_text("zzkeepme\n")
            else:
                path.symlink_to(other_srv.path)
            r, took = _turn_hook(
                ws, "user-prompt-submit", {"session_id": "p", "prompt": f"zzsp{kind[2:5]} x"}
            )
            why = _hook_ok(r, took)
            captured = len(files_holding(ws / "memory", f"zzsp{kind[2:5]}"))
            in_other = len(files_holding(other / "memory", f"zzsp{kind[2:5]}"))
            try:
                srv = subprocess.run(
                    [sys.executable, "-m", "mdrecall", "serve", "-w", str(ws)],
                    capture_output=True,
                    env=ENV,
                    timeout=8,
                )
                said = srv.stderr + (b"\nexit 3" if srv.returncode == 3 else b"")
                served = False
            except subprocess.TimeoutExpired as exc:  # it served (until the timeout)
                said = exc.stderr or b""
                served = True
            kept = (
                path.is_file() and path.read_text() == "zzkeepme\n"
                if kind == "a regular file"
                else (path / "keep.txt").exists()
                if kind == "a directory"
                else True
            )
            other_ok = other_srv.alive()
            name = f"serve: {kind} at the socket path (hook, then serve)"
            if why or unclear_bytes(said):
                out[name] = verdict("unclear", why or unclear_bytes(said))
            elif captured != 1 or in_other or not kept or not other_ok:
                out[name] = verdict(
                    "failed",
                    f"captured {captured}, in the other workspace {in_other}, kept: {kept}, "
                    f"other server alive: {other_ok}; serve said {last_line(said)}",
                )
            else:
                out[name] = verdict(
                    "converged" if served else "refused-clearly",
                    f"hook in-process; serve {'served' if served else 'refused'}: {last_line(said)}",
                )
    finally:
        other_srv.close()
    return out


def unclear_bytes(err: bytes) -> str:
    if b"Traceback" in err or b"internal error" in err or err.endswith(b"exit 3"):
        return "traceback or internal error: " + last_line(err)
    return ""


def _killed(tmp: Path) -> dict[str, Any]:
    """The server stopped (SIGSTOP) when the hook's request arrives, then killed -9 mid-request."""
    ws = _served_ws(tmp / "kill")
    srv = Server(ws)
    prompt = "zzkilled what racks host kafka?"
    try:
        os.kill(srv.proc.pid, signal.SIGSTOP)
        box: list[tuple[Any, float]] = []
        t = threading.Thread(
            target=lambda: box.append(
                _turn_hook(ws, "user-prompt-submit", {"session_id": "k", "prompt": prompt})
            )
        )
        t.start()
        time.sleep(0.15)
        os.kill(srv.proc.pid, signal.SIGKILL)
        t.join()
    finally:
        srv.proc.wait()
    r, took = box[0]
    why = _hook_ok(r, took, 3.0)
    after_hook = len(files_holding(ws / "memory", "zzkilled"))
    # the transcript's next Stop catches up the turn (as the doc says a crashed server's turn is)
    tr = make_transcript(tmp / "kill.jsonl", [("user", prompt), ("assistant", "the zzkestrel racks")])
    r2, _ = _turn_hook(ws, "stop", {"session_id": "k", "transcript_path": str(tr)})
    text = "".join(p.read_text() for p in (ws / "memory").rglob("*.md"))
    count = text.count("zzkilled")
    name = "serve: killed -9 while a hook waits for it"
    if why or _hook_ok(r2, 0):
        return {name: verdict("unclear", why or _hook_ok(r2, 0))}
    return {
        name: verdict(
            "converged" if count == 1 else "failed",
            f"hook exit 0 in {took:.2f} s; captured by the hook: {after_hook}; after the next Stop: {count}",
        )
    }


def _recreated(tmp: Path) -> dict[str, Any]:
    """The workspace deleted and made again while its server runs (a path long enough that the socket
    lives in the runtime folder, where it outlives the workspace)."""
    import shutil

    out: dict[str, Any] = {}
    for long in (False, True):
        root = tmp / ("rec" + ("-" + "x" * 90 if long else ""))
        ws = _served_ws(root)
        (ws / "memory" / "2026-01-07.md").write_text("# d\n\n- zzoldnote the kafka brokers use zookeeper\n")
        run("-w", str(ws), "index")
        srv = Server(ws)
        try:
            shutil.rmtree(ws)
            _ws(ws)
            (ws / "memory" / "2026-01-08.md").write_text("# d\n\n- zznewnote the kafka brokers use kraft\n")
            run("-w", str(ws), "index")
            r, took = _turn_hook(
                ws, "user-prompt-submit", {"session_id": "r", "prompt": "what do the kafka brokers use?"}
            )
            alive = srv.proc.poll() is None
        finally:
            srv.close()
        why = _hook_ok(r, took)
        where = "socket in the runtime folder" if long else "socket in the workspace"
        name = f"serve: the workspace deleted and recreated ({where})"
        if why:
            out[name] = verdict("unclear", why)
            continue
        old = b"zzoldnote" in r.stdout
        out[name] = verdict(
            "failed" if old else "converged",
            f"deleted note injected: {old}; new: {b'zznewnote' in r.stdout}; server alive: {alive}",
        )
    return out


# ---- the vector file ---------------------------------------------------------------------------------


def _vec_ws(root: Path, rec: Recorder) -> Path:
    ws = _ws(root)
    (ws / ".mdrecall.toml").write_text(rec.config)
    for i in range(30):
        (ws / "memory" / f"2026-01-{i % 28 + 1:02d}-v{i}.md").write_text(
            f"# v{i}\n\n- zzvec{i} kafka note {i}\n"
        )
    r = run("-w", str(ws), "index", env=rec.env)
    assert r is not None and r.returncode == 0, r
    run("-w", str(ws), "search", "kafka", env=rec.env)  # writes the vector file
    return ws


_HOLDER = r"""
import sys, time
from mdrecall import Memory
mem = Memory.open(sys.argv[1])
hits = mem.search("kafka note", mode="vector", sync=False)
print("loaded from", mem.store.vectors.last_load, len(hits), "hits", flush=True)
sys.stdin.readline()
hits = mem.search("kafka note 3", mode="vector", sync=False)
print("again", len(hits), flush=True)
"""


def _vector_file(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    rec = Recorder()
    try:
        other = _vec_ws(tmp / "v-other", rec)
        for kind in (
            "a symlink to another index's file",
            "a FIFO",
            "a 64 GiB sparse file",
            "another index's file",
        ):
            ws = _vec_ws(tmp / f"v-{kind.split()[1]}", rec)
            vf = ws / ".mdrecall" / "index.vectors"
            good = run("-w", str(ws), "search", "kafka note 7", "--json", env=rec.env)
            vf.unlink()
            if kind.startswith("a symlink"):
                vf.symlink_to(other / ".mdrecall" / "index.vectors")
            elif kind == "a FIFO":
                os.mkfifo(vf)
            elif kind.startswith("a 64"):
                with open(vf, "wb") as fh:
                    fh.truncate(64 << 30)
            else:
                vf.write_bytes((other / ".mdrecall" / "index.vectors").read_bytes())
            r = run("-w", str(ws), "search", "kafka note 7", "--json", env=rec.env, timeout=60)
            name = f"vector file: {kind} in its place between two searches"
            if unclear(r):
                out[name] = verdict("unclear", unclear(r))
                continue
            same = good is not None and _paths(r.stdout) == _paths(good.stdout)
            other_intact = (other / ".mdrecall" / "index.vectors").is_file()
            out[name] = verdict(
                "converged" if same and other_intact else "failed",
                f"same hits as before: {same}; the other index's file intact: {other_intact}",
            )

        # truncated in place while another process has it mapped
        ws = _vec_ws(tmp / "v-trunc", rec)
        env = {**ENV, **rec.env, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
        holder = subprocess.Popen(
            [sys.executable, "-c", _HOLDER, str(ws)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert holder.stdout is not None and holder.stdin is not None
        first = holder.stdout.readline().decode()
        os.truncate(ws / ".mdrecall" / "index.vectors", 0)
        holder.stdin.write(b"\n")
        holder.stdin.flush()
        try:
            rest, err = holder.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            holder.kill()
            rest, err = holder.communicate()
        name = "vector file: truncated in place while another process has it mapped"
        if holder.returncode == -signal.SIGBUS:
            out[name] = verdict("failed", f"the process died of SIGBUS ({first.strip()})")
        elif holder.returncode != 0:
            out[name] = verdict("unclear", f"exit {holder.returncode}: {last_line(err)}")
        else:
            out[name] = verdict("converged", f"{first.strip()}; then {rest.decode().strip()}")

        ws = _vec_ws(tmp / "v-ro", rec)
        (ws / ".mdrecall" / "index.vectors").unlink()
        (ws / "memory" / "2026-02-01-late.md").write_text("# late\n\n- zzlate kafka note\n")
        os.chmod(ws / ".mdrecall", 0o555)
        try:
            r = run("-w", str(ws), "search", "zzlate kafka", env=rec.env, unprivileged=True)
        finally:
            os.chmod(ws / ".mdrecall", 0o755)
        name = "vector file: a read-only index folder"
        out[name] = (
            verdict("unclear", unclear(r))
            if unclear(r)
            else verdict("converged", f"exit {r.returncode}; {last_line(r.stderr)}")
            if r.returncode == 0 and b"zzlate" in r.stdout
            else verdict("refused-clearly", last_line(r.stderr))
            if b"not updated" in r.stderr or r.returncode != 0 and r.stderr.strip()
            else verdict("unclear", f"exit {r.returncode}, said nothing")
        )
    finally:
        rec.close()
    return out


def _paths(stdout: bytes) -> list[str]:
    try:
        data = json.loads(stdout)
    except ValueError:
        return ["<not JSON>"]
    hits = data.get("results", data) if isinstance(data, dict) else data
    return [f"{h.get('path')}#{h.get('start_line')}" for h in hits if isinstance(h, dict)]


# ---- the stored derived tables -----------------------------------------------------------------------

_FACTS = {
    "MEMORY.md": "# Long-term\n\n- production deploys are on Tuesday and Thursday\n- the database is mysql\n",
    "memory/2026-02-10.md": "# 2026-02-10\n\n- production deploys are now on Friday only\n",
    "memory/2026-02-11.md": "# 2026-02-11\n\n- Kestrel is the billing service; Kestrel runs on kafka\n",
}


def _fact_ws(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for rel, text in _FACTS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    r = run("-w", str(root), "index")
    assert r is not None and r.returncode == 0, r
    return root


def _answers(ws: Path) -> tuple[str, str]:
    """What the two probe searches answer (hits and their superseded marks), comparable."""
    out = []
    for q in ("production deploy days", "kestrel billing"):
        r = run("-w", str(ws), "search", q, "--json")
        if r is None or r.returncode != 0:
            out.append(f"<exit {r and r.returncode}>")
            continue
        data = json.loads(r.stdout)
        hits = data.get("results", data) if isinstance(data, dict) else data
        out.append(json.dumps([(h.get("path"), h.get("start_line"), h.get("superseded")) for h in hits]))
    return out[0], out[1]


def _derived(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ref = _answers(_fact_ws(tmp / "d-ref"))
    edits = {
        "every superseded row deleted": ["DELETE FROM superseded"],
        "a superseded row pointing at a line that does not exist": [
            "UPDATE superseded SET new_line = 999, new_path = 'memory/gone.md'"
        ],
        "the current line marked superseded by hand": [
            "INSERT OR REPLACE INTO superseded"
            " VALUES ('memory/2026-02-10.md', 3, 'MEMORY.md', 3, '2026-03-01')"
        ],
        "facts_dirty filled with a file that does not exist": [
            "INSERT INTO facts_dirty VALUES ('memory/nope.md')"
        ],
        "meta facts_gen and superseded_gen reset to 0": [
            "UPDATE meta SET value = '0' WHERE key IN ('facts_gen', 'superseded_gen')"
        ],
        "meta facts_gen deleted": ["DELETE FROM meta WHERE key = 'facts_gen'"],
        "entity_known emptied": ["DELETE FROM entity_known"],
        "entity_known edited: kestrel is mysql": ["UPDATE entity_known SET root = 'mysql'"],
        "meta mentions_gen, known_gen, known_sig deleted": [
            "DELETE FROM meta WHERE key IN ('mentions_gen', 'known_gen', 'known_sig')"
        ],
    }
    for i, (name, sqls) in enumerate(edits.items()):
        ws = _fact_ws(tmp / f"d{i}")
        before = _answers(ws)
        with contextlib.closing(sqlite3.connect(ws / ".mdrecall" / "index.sqlite")) as conn:
            for sql in sqls:
                conn.execute(sql)
            conn.commit()
        now = _answers(ws)
        run("-w", str(ws), "index", "--force")
        forced = _answers(ws)
        key = f"derived tables: {name}"
        if before != ref:
            out[key] = verdict("unclear", "the fresh index differs from the reference: case saw nothing")
        elif now == ref:
            out[key] = verdict("converged", "the next search answered as before")
        elif forced == ref:  # as a hand-edited chunk would: the index is trusted until rebuilt
            out[key] = verdict(
                "converged", f"answered from the edited table until index --force: {now[0][:100]}"
            )
        else:
            out[key] = verdict("failed", f"even index --force did not repair: {forced[0][:120]}")
    # an index copied from another workspace (same file names, other facts)
    a, b = _fact_ws(tmp / "d-copy-a"), tmp / "d-copy-b"
    b.mkdir()
    for rel, text in _FACTS.items():
        (b / rel).parent.mkdir(parents=True, exist_ok=True)
        (b / rel).write_text(text.replace("now on Friday only", "handled by the release train"))
    (b / ".mdrecall").mkdir()
    (b / ".mdrecall" / "index.sqlite").write_bytes((a / ".mdrecall" / "index.sqlite").read_bytes())
    got = _answers(b)
    fresh = _fact_ws(tmp / "d-copy-ref")
    for rel, text in _FACTS.items():
        (fresh / rel).write_text(text.replace("now on Friday only", "handled by the release train"))
    run("-w", str(fresh), "index")
    want = _answers(fresh)
    out["derived tables: an index copied from another workspace"] = verdict(
        "converged" if got == want else "failed", f"same as a fresh index: {got == want}: {got[0][:100]}"
    )
    return out


# ---- the watcher's vouch -----------------------------------------------------------------------------


def _watch_ws(root: Path, extra: Path | None = None) -> Path:
    ws = _ws(root)
    for i in range(20):
        (ws / "memory" / f"2026-01-{i + 1:02d}.md").write_text(f"# d\n\n- watched note {i}\n")
    if extra is not None:
        extra.mkdir(parents=True, exist_ok=True)
        (extra / "x.md").write_text("# x\n\n- extra note\n")
        (ws / ".mdrecall.toml").write_text(f'extra_paths = ["{extra}"]\n')
    run("-w", str(ws), "index")
    return ws


def _watcher(ws: Path) -> subprocess.Popen:
    p = subprocess.Popen(
        [sys.executable, "-m", "mdrecall", "watch", "-w", str(ws), "--debounce", "0.2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    end = time.monotonic() + 30
    while time.monotonic() < end and _record(ws).get("state") != "watching":
        time.sleep(0.1)
    time.sleep(0.5)
    (ws / "memory" / "trigger.md").write_text("# t\n\n- a change: the watcher syncs, then vouches\n")
    while time.monotonic() < end and _record(ws).get("clean") is not True:
        time.sleep(0.1)
    return p


def _record(ws: Path) -> dict[str, Any]:
    try:
        with contextlib.closing(sqlite3.connect(ws / ".mdrecall" / "index.sqlite", timeout=5)) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'watcher'").fetchone()
        return json.loads(row[0]) if row else {}
    except (sqlite3.Error, ValueError):
        return {}


def _stop(p: subprocess.Popen) -> None:
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def _finds(ws: Path, word: str) -> tuple[bool, str]:
    r = run("-w", str(ws), "search", word)
    if unclear(r):
        return False, unclear(r)
    return word.encode() in r.stdout, ""


def _vouch(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}

    ws = _watch_ws(tmp / "w-kill")
    p = _watcher(ws)
    clean = _record(ws).get("clean")
    p.kill()
    p.wait()
    (ws / "memory" / "2026-01-03.md").write_text("# d\n\n- zzafterkill note\n")
    found, why = _finds(ws, "zzafterkill")
    out["watch: killed -9, then an edit, then a one-shot search"] = (
        verdict("unclear", why or "the watcher never vouched: the case saw nothing")
        if why or not clean
        else verdict("converged" if found else "failed", f"found the edit: {found}")
    )

    ws = _watch_ws(tmp / "w-forged")
    rec = {
        "state": "watching",
        "clean": True,
        "heartbeat": time.time() + 3600,
        "host": os.uname().nodename,
        "pid": os.getpid(),
        "synced_day": date.today().isoformat(),
    }
    with contextlib.closing(sqlite3.connect(ws / ".mdrecall" / "index.sqlite")) as conn:
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('watcher', ?)", (json.dumps(rec),))
        conn.commit()
    (ws / "memory" / "2026-01-04.md").write_text("# d\n\n- zzforged note\n")
    found, why = _finds(ws, "zzforged")
    out["watch: a record forged clean with a live pid (no watcher), then an edit"] = (
        verdict("unclear", why)
        if why
        else verdict("converged" if found else "failed", f"found the edit: {found}")
    )

    # the workspace copied (cp -r) while its watcher runs: the copy's index holds the original's record
    import shutil

    ws = _watch_ws(tmp / "w-orig")
    p = _watcher(ws)
    clean = _record(ws).get("clean")
    try:
        copy = tmp / "w-copy"
        shutil.copytree(ws, copy, ignore=shutil.ignore_patterns("serve.sock*"))
        (copy / "memory" / "2026-01-05.md").write_text("# d\n\n- zzincopy note\n")
        found, why = _finds(copy, "zzincopy")
    finally:
        _stop(p)
    out["watch: the workspace copied while its watcher runs, then an edit in the copy"] = (
        verdict("unclear", why or "the watcher never vouched: the case saw nothing")
        if why or not clean
        else verdict("converged" if found else "failed", f"found the edit: {found}")
    )

    ws = _watch_ws(tmp / "w-mid")
    for i in range(400):
        (ws / "memory" / f"bulk-{i}.md").write_text("# b\n\n" + f"- bulk line {i} word{i}\n" * 200)
    p = _watcher(ws)
    try:
        (ws / "memory" / "bulk-0.md").write_text("# b\n\n- trigger\n")  # starts a sync
        time.sleep(0.35)
        (ws / "memory" / "2026-01-06.md").write_text("# d\n\n- zzmidsync note\n")  # while it runs
        end = time.monotonic() + 20
        while time.monotonic() < end and _record(ws).get("clean") is not True:
            time.sleep(0.1)
        found, why = _finds(ws, "zzmidsync")
    finally:
        _stop(p)
    out["watch: an edit made while its sync runs"] = (
        verdict("unclear", why)
        if why
        else verdict("converged" if found else "failed", f"found the edit: {found}")
    )

    extra = tmp / "w-extra-files"
    ws = _watch_ws(tmp / "w-extra", extra)
    p = _watcher(ws)
    try:
        clean = _record(ws).get("clean")
        (extra / "x.md").write_text("# x\n\n- zzextraedit note\n")
        time.sleep(1.0)
        found, why = _finds(ws, "zzextraedit")
    finally:
        _stop(p)
    out["watch: an edit to a file in an extra path"] = (
        verdict("unclear", why or "the watcher never vouched: the case saw nothing")
        if why or not clean
        else verdict("converged" if found else "failed", f"found the edit: {found} (watcher clean: {clean})")
    )
    return out


# ---- the recall signals log --------------------------------------------------------------------------


def _used(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    opened: list[str] = []
    kinds = (
        "corrupt bytes",
        "a 300 MB log",
        "a symlink to a file outside",
        "a symlink to a FIFO",
        "a symlink to /dev/zero",
    )
    for i, kind in enumerate(kinds):
        ws = _served_ws(tmp / f"u{i}")
        log = ws / ".mdrecall" / "recall" / "used.jsonl"
        log.parent.mkdir(parents=True, exist_ok=True)
        if kind == "corrupt bytes":
            log.write_bytes(os.urandom(50_000) + b'\n{"c": 5}\n\xff\xfe{"t":"x"}')
        elif kind.startswith("a 300"):
            line = b'{"t":1.0,"c":"memory/2026-01-05.md#L3","k":"get","s":"s"}\n'
            with open(log, "wb") as fh:
                fh.write(line * (300_000_000 // len(line)))
        elif kind.endswith("outside"):
            fifo = tmp / f"u{i}-outside.fifo"  # a reader that opens it is seen by the writer
            os.mkfifo(fifo)
            threading.Thread(target=_feed, args=(fifo, opened), daemon=True).start()
            log.symlink_to(fifo)
        elif kind.endswith("FIFO"):
            fifo = tmp / f"u{i}.fifo"
            os.mkfifo(fifo)
            log.symlink_to(fifo)
        else:
            log.symlink_to("/dev/zero")
        t0 = time.monotonic()
        r = run("-w", str(ws), "search", "kafka racks", timeout=30)
        took = time.monotonic() - t0
        name = f"used log: {kind}"
        if kind.endswith("outside") and not opened:  # let the writer go
            with contextlib.suppress(OSError):
                os.close(os.open(tmp / f"u{i}-outside.fifo", os.O_RDONLY | os.O_NONBLOCK))
        if unclear(r):
            out[name] = verdict("unclear", unclear(r))
        elif r.returncode != 0 or b"2026-01-05" not in r.stdout:
            out[name] = verdict("unclear", f"exit {r.returncode}: {last_line(r.stderr)}")
        elif kind.endswith("outside") and opened:
            out[name] = verdict("failed", "the search read the file outside the workspace")
        else:
            out[name] = verdict("converged", f"answered in {took:.1f} s")

    # a secret in a citation: a file whose name holds a token, injected, read, then cited in the reply
    ws = _served_ws(tmp / "u-secret")
    (ws / "memory" / f"deploy-{GH}.md").write_text("# deploy\n\n- the zzbluegreen deploy uses kafka racks\n")
    run("-w", str(ws), "index")
    slow = {"MDRECALL_RECALL_DEADLINE_MS": "5000"}  # a loaded machine: recall must not run out of time
    ask = {"session_id": "us", "prompt": "how does the zzbluegreen deploy work?"}
    r1, _ = _turn_hook(ws, "user-prompt-submit", ask, env=slow)
    run("-w", str(ws), "get", f"memory/deploy-{GH}.md")
    tr = make_transcript(
        tmp / "u-secret.jsonl",
        [("user", "how does the zzbluegreen deploy work?"), ("assistant", f"see memory/deploy-{GH}.md#L3")],
    )
    r2, _ = _turn_hook(ws, "stop", {"session_id": "us", "transcript_path": str(tr)})
    injected = r1 is not None and b"zzbluegreen" in r1.stdout
    # the file's name is the user's: the index and the per-session seen record hold it as its path; the
    # signals log and the hook log must not
    held = [f for f in files_holding(ws / ".mdrecall", GH) if f in ("recall/used.jsonl", "hooks.log")]
    used = (ws / ".mdrecall" / "recall" / "used.jsonl").exists()
    out["used log: a secret in a citation (a file name holding a token)"] = (
        verdict("unclear", _hook_ok(r1, 0) or _hook_ok(r2, 0))
        if _hook_ok(r1, 0) or _hook_ok(r2, 0)
        else verdict("failed", f"stored in {held}")
        if held
        else verdict(
            "converged" if injected and used else "unclear", f"injected: {injected}; signals logged: {used}"
        )
    )
    return out


def _feed(fifo: Path, opened: list[str]) -> None:
    """Write a signal line into ``fifo`` once a reader opens it, and note that one did."""
    with contextlib.suppress(OSError), open(fifo, "wb") as fh:
        opened.append("opened")
        fh.write(b'{"t":1,"c":"memory/zzoutside.md#L1","k":"get","s":"x"}\n')


def case_round4(tmp: Path) -> dict[str, Any]:
    """The new surfaces, one verdict per case."""
    base = tmp / "r4"
    base.mkdir(exist_ok=True)
    out: dict[str, Any] = {}
    for part in (_served, _vector_file, _derived, _vouch, _used):
        t0 = time.monotonic()
        try:
            out |= part(base / part.__name__.strip("_"))
        except Exception as exc:  # noqa: BLE001 - a broken part is a result, not the end of the run
            out[f"{part.__name__.strip('_')}: (the part itself)"] = verdict(
                "unclear", f"{type(exc).__name__}: {exc}"
            )
        print(f"  ({part.__name__.strip('_')}: {time.monotonic() - t0:.0f} s)", file=sys.stderr, flush=True)
    return out


if __name__ == "__main__":  # run one part: python benchmarks/fault_round4.py _vouch
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mdrecall-r4-") as d:
        parts = sys.argv[1:] or ["_served", "_vector_file", "_derived", "_vouch", "_used"]
        for p in parts:
            for k, v in globals()[p](Path(d) / p).items():
                print(f"  {v['verdict']:<16} {k}: {v['detail']}", flush=True)
