"""A small fault campaign: damage, full disks, read-only mounts, odd files, broken providers, races.

Every case runs the real CLI (``python -m mdrecall``) or the library on a real workspace and counts
outcomes: converged (the index answers and passes ``integrity_check`` afterwards), lost (a note cut or
a file changed), hung (over the case's time limit), unclear (exit 3 / a traceback). Cases that need
root (tmpfs, bind mounts, device nodes) are skipped otherwise. Usage::

    python benchmarks/faults.py            # about five minutes
    python benchmarks/faults.py --quick    # fewer repetitions
    python benchmarks/faults.py --only issue32 round3   # the trust cases only (a verdict each)
    python benchmarks/faults.py --only round4           # the fourth round (fault_round4.py)
    python benchmarks/faults.py --only round5           # the fifth round (fault_round5.py)
    python benchmarks/faults.py --only round6           # the sixth round (fault_round6.py)
    python benchmarks/faults.py --only round7           # the seventh round (fault_round7.py)
    python benchmarks/faults.py --only round8           # the eighth round (fault_round8.py)
    python benchmarks/faults.py --only round9           # the ninth round (fault_round9.py)
    python benchmarks/faults.py --only round10          # the tenth round (fault_round10.py)
    python benchmarks/faults.py --only round11          # the eleventh round (fault_round11.py)
    python benchmarks/faults.py --only round12          # the twelfth round (fault_round12.py)
    python benchmarks/faults.py --only round13          # the thirteenth round (fault_round13.py)
    python benchmarks/faults.py --only round14          # the fourteenth round (fault_round14.py)
    python benchmarks/faults.py --only round15          # the fifteenth round (fault_round15.py)
    python benchmarks/faults.py --only round16          # the sixteenth round (fault_round16.py)
    python benchmarks/faults.py --only round17          # the seventeenth round (fault_round17.py)
    python benchmarks/faults.py --only round18          # the eighteenth round (fault_round18.py)
    python benchmarks/faults.py --only round19          # the nineteenth round (fault_round19.py)
    python benchmarks/faults.py --only round20          # the twentieth round (fault_round20.py)
    python benchmarks/faults.py --only round21          # the twenty-first round (fault_round21.py)
    python benchmarks/faults.py --only round22          # the twenty-second round (fault_round22.py)
    python benchmarks/faults.py --only first_build      # the first index written aside (fault_first_build.py)

Trust cases (issue 32, the third and fourth rounds) end in one verdict each: converged,
refused-clearly, unclear (hung, exit 3, a traceback, a silent refusal) or failed (a secret stored,
local-only text sent, a forged line taken for the user's, a file changed or lost); the run prints each
and the tally.

Prints a table and writes ``benchmarks/results/faults.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import socketserver
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fault_cases as fc
import fault_first_build as ffb
import fault_round3 as fr
import fault_round4 as fr4
import fault_round5 as fr5
import fault_round6 as fr6
import fault_round7 as fr7
import fault_round8 as fr8
import fault_round9 as fr9
import fault_round10 as fr10
import fault_round11 as fr11
import fault_round12 as fr12
import fault_round13 as fr13
import fault_round14 as fr14
import fault_round15 as fr15
import fault_round16 as fr16
import fault_round17 as fr17
import fault_round18 as fr18
import fault_round19 as fr19
import fault_round20 as fr20
import fault_round21 as fr21
import fault_round22 as fr22
from fault_kit import PAGE, ROOT, cli, fill, integrity_ok, tmpfs, workspace

# ---- cases ------------------------------------------------------------------------------------------


def damage(db: Path, how: str, rng: random.Random) -> None:
    data = bytearray(db.read_bytes())
    pages = len(data) // PAGE
    if how == "zero-page":
        p = rng.randrange(1, pages)
        data[p * PAGE : (p + 1) * PAGE] = bytes(PAGE)
    elif how == "random-bytes":
        for _ in range(64):
            at = rng.randrange(PAGE, len(data) - 16)
            data[at : at + 16] = rng.randbytes(16)
    elif how == "garbage-header":
        data[:100] = rng.randbytes(100)
    elif how == "truncate":
        data = data[: len(data) // 2]
    db.write_bytes(bytes(data))


def case_corruption(tmp: Path, reps: int) -> dict[str, Any]:
    """Damage the index, then run `search` first, then `index`: does it converge, and say so?"""
    kinds = ["zero-page", "random-bytes", "garbage-header", "truncate"]
    out = {"cases": 0, "converged": 0, "announced": 0, "found_by_search": 0, "found_by_index": 0}
    out |= {"unclear": 0, "raw_bytes_printed": 0}
    rng = random.Random(8)
    for n in range(reps):
        how = kinds[n % len(kinds)]
        ws = workspace(tmp / f"corrupt{n}")
        cli("-w", str(ws), "index")
        db = ws / ".mdrecall" / "index.sqlite"
        damage(db, how, rng)
        s = cli("-w", str(ws), "search", "word7x3 kafka")
        moved_by_search = len(list(db.parent.glob("index.sqlite.broken-*")))
        i = cli("-w", str(ws), "index")
        moved_by_index = len(list(db.parent.glob("index.sqlite.broken-*"))) - moved_by_search
        out["cases"] += 1
        out["unclear"] += s.returncode == 3 or i.returncode == 3
        err = s.stderr + i.stderr
        out["raw_bytes_printed"] += any(b > 126 or (b < 32 and b != 10) for b in err)
        out["found_by_search"] += bool(moved_by_search)
        out["found_by_index"] += bool(moved_by_index)
        out["announced"] += (not moved_by_search or b"rebuilt" in s.stderr) and (
            not moved_by_index or b"rebuilt" in i.stderr
        )
        out["converged"] += (
            s.returncode == 0 and b"n7.md" in s.stdout and i.returncode == 0 and integrity_ok(db)
        )
    return out


def case_full_disk_remember(tmp: Path, reps: int) -> dict[str, Any]:
    """A 10 KB note on a full 5 MB tmpfs (4 KB left): exit non-zero and the file unchanged."""
    out = {"cases": 0, "refused": 0, "file_unchanged": 0}
    for n in range(reps):
        with tmpfs() as disk:
            ws = workspace(disk / "ws", files=3)
            cli("-w", str(ws), "index")
            target = ws / "MEMORY.md"
            before = target.read_bytes()
            fill(disk, leave=4096 * (n % 3))
            r = cli("-w", str(ws), "remember", "x" * 10_000, "--long-term")
            out["cases"] += 1
            out["refused"] += r.returncode == 1 and b"nothing was saved" in r.stderr
            out["file_unchanged"] += target.read_bytes() == before
    return out


def case_full_disk_checkpoint(tmp: Path) -> dict[str, Any]:
    """ENOSPC while `index` writes a large file (WAL growth and checkpoint): index kept, search answers."""
    with tmpfs() as disk:
        ws = workspace(disk / "ws", files=20)
        cli("-w", str(ws), "index")
        (ws / "memory" / "big.md").write_text("# big\n\n" + "zookeeper quorum notes\n" * 40_000)
        fill(disk, leave=300 * 1024)
        i = cli("-w", str(ws), "index")
        s = cli("-w", str(ws), "search", "kafka")
        (disk / "filler.bin").unlink()
        again = cli("-w", str(ws), "index")
        db = ws / ".mdrecall" / "index.sqlite"
        return {
            "index_exit": i.returncode,
            "index_says_full": b"full" in i.stderr.lower(),
            "search_exit": s.returncode,
            "search_answered": b"memory/" in s.stdout,
            "moved_aside": bool(list(db.parent.glob("*.broken-*"))),
            "after_freeing_exit": again.returncode,
            "integrity_ok": integrity_ok(db),
        }


def case_read_only_mount(tmp: Path) -> dict[str, Any]:
    """The whole workspace on a read-only bind mount (EROFS)."""
    ws = workspace(tmp / "rofs", files=5)
    cli("-w", str(ws), "index")
    (ws / "memory" / "late.md").write_text("# late\n\nwritten after indexing\n")
    subprocess.run(["mount", "--bind", str(ws), str(ws)], check=True)
    subprocess.run(["mount", "-o", "remount,ro,bind", str(ws)], check=True)
    try:
        s = cli("-w", str(ws), "search", "kafka")
        r = cli("-w", str(ws), "remember", "a note")
        i = cli("-w", str(ws), "index")
    finally:
        subprocess.run(["umount", str(ws)], check=False)
    return {
        "search_exit": s.returncode,
        "search_answered": b"memory/" in s.stdout,
        "remember_exit": r.returncode,
        "remember_says": r.stderr.decode(errors="replace").strip()[:160],
        "index_exit": i.returncode,
        "index_says": i.stderr.decode(errors="replace").strip()[:160],
    }


def case_odd_files(tmp: Path) -> dict[str, Any]:
    """A FIFO, a device node, a symlinked MEMORY.md, a 5 MB single line, a path with NUL."""
    ws = workspace(tmp / "odd", files=3)
    secret = tmp / "secret.md"
    secret.write_text("zzsecretzz\n")
    (ws / "MEMORY.md").unlink()
    os.symlink(secret, ws / "MEMORY.md")
    os.mkfifo(ws / "memory" / "fifo.md")
    if ROOT:
        os.mknod(ws / "memory" / "dev.md", 0o600 | 0o020000, os.makedev(1, 3))  # like /dev/null
    (ws / "memory" / "oneline.md").write_text("word " * 1_000_000)
    t0 = time.perf_counter()
    i = cli("-w", str(ws), "index", timeout=300)
    index_s = time.perf_counter() - t0
    s = cli("-w", str(ws), "search", "zzsecretzz")
    gets = {p: cli("-w", str(ws), "get", p, timeout=30).returncode for p in ("MEMORY.md", "memory/fifo.md")}
    if ROOT:
        gets["memory/dev.md"] = cli("-w", str(ws), "get", "memory/dev.md", timeout=30).returncode
    from mdrecall import MdrecallError, Memory
    from mdrecall.config.settings import Config

    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        try:
            mem.get("memory/a\x00b.md")
            nul = "read"
        except MdrecallError as exc:
            nul = type(exc).__name__
    return {
        "index_exit": i.returncode,
        "index_seconds_with_5MB_line": round(index_s, 2),
        "secret_found_by_search": b"zzsecretzz" in s.stdout,
        "get_exits": gets,
        "nul_path": nul,
    }


def case_symlink_races(tmp: Path, seconds: float) -> dict[str, Any]:
    """Swap a file and a folder for symlinks to outside content while `get` and `index` run."""
    from mdrecall import Memory, NotFoundError, PathError
    from mdrecall.config.settings import Config

    cfg = Config().merged({"embedding": {"provider": "none"}})
    ws = workspace(tmp / "race", files=2)
    outside = tmp / "outside"
    outside.mkdir()
    for i in range(10):
        (outside / f"n{i}.md").write_text("# x\n\nzzsecretzz\n")
    (ws / "memory" / "sub").mkdir()
    for i in range(10):
        (ws / "memory" / "sub" / f"n{i}.md").write_text("# x\n\ninside\n")
    sub, parked = ws / "memory" / "sub", ws / "memory" / ".parked"
    stop = threading.Event()

    def swap() -> None:
        i = 0
        while not stop.is_set():
            if i % 2 == 0:
                os.rename(sub, parked)
                os.symlink(outside, sub)
            else:
                os.unlink(sub)
                os.rename(parked, sub)
            i += 1

    t = threading.Thread(target=swap, daemon=True)
    t.start()
    gets = get_escapes = runs = index_escapes = 0
    with Memory.open(ws, cfg) as mem:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            gets += 1
            with contextlib.suppress(PathError, NotFoundError):
                get_escapes += "zzsecretzz" in mem.get("memory/sub/n1.md").text
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            mem.index(force=True)
            runs += 1
            index_escapes += len(mem.search("zzsecretzz", mode="bm25", sync=False))
    stop.set()
    t.join()
    return {"get_calls": gets, "get_escapes": get_escapes, "index_runs": runs, "index_escapes": index_escapes}


def serve(answer: Callable[[bytes], bytes | None]) -> tuple[str, Callable[[], None], list[int]]:
    """A loopback OpenAI-compatible server: ``answer(body)`` gives the response bytes (None: silence)."""
    count = [0]
    stop = threading.Event()

    class H(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            data = b""
            while b"\r\n\r\n" not in data:
                part = self.request.recv(65536)
                if not part:
                    return
                data += part
            head, _, body = data.partition(b"\r\n\r\n")
            n = next(
                (
                    int(x.split(b":")[1])
                    for x in head.split(b"\r\n")
                    if x.lower().startswith(b"content-length")
                ),
                0,
            )
            while len(body) < n:
                body += self.request.recv(65536)
            count[0] += 1
            out = answer(body)
            if out is None:
                stop.wait(60)
                return
            with contextlib.suppress(OSError):
                self.request.sendall(out)

    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), H)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()

    def close() -> None:
        stop.set()
        srv.shutdown()
        srv.server_close()

    return f"http://127.0.0.1:{srv.server_address[1]}/v1", close, count


def _vectors(body: bytes, vec: Callable[[int], list[Any]]) -> bytes:
    texts = json.loads(body).get("input", ["x"])
    payload = json.dumps({"data": [{"index": i, "embedding": vec(i)} for i in range(len(texts))]}).encode()
    return (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(payload)
        + payload
    )


def case_providers(tmp: Path) -> dict[str, Any]:
    """Silent, NaN, wrong-dimension and all-zero providers: search answers; an outage costs one timeout."""
    out: dict[str, Any] = {}
    behaviours: dict[str, Callable[[bytes], bytes | None]] = {
        "silent": lambda body: None,
        "nan": lambda body: _vectors(body, lambda i: [float("nan")] * 8),
        "wrong_dims": lambda body: _vectors(body, lambda i: [0.1] * (8 + i % 3)),
        "all_zero": lambda body: _vectors(body, lambda i: [0.0] * 8),
    }
    for name, answer in behaviours.items():
        url, close, count = serve(answer)
        ws = workspace(tmp / f"prov-{name}", files=3)
        env = {
            "MDRECALL_EMBEDDING_PROVIDER": "openai",
            "MDRECALL_EMBEDDING_BASE_URL": url,
            "OPENAI_API_KEY": "sk-test-0123456789",
            "MDRECALL_EMBEDDING_MODEL": "test-embed",
            "MDRECALL_EMBEDDING_TIMEOUT_S": "2",
        }
        try:
            t0 = time.perf_counter()
            first = cli("-w", str(ws), "search", "kafka", env=env, timeout=120)
            t1 = time.perf_counter()
            asked = count[0]
            second = cli("-w", str(ws), "search", "kafka", env=env, timeout=120)
            t2 = time.perf_counter()
        finally:
            close()
        out[name] = {
            "first_exit": first.returncode,
            "first_s": round(t1 - t0, 2),
            "first_answered": b"memory/" in first.stdout,
            "second_exit": second.returncode,
            "second_s": round(t2 - t1, 2),
            "requests_first": asked,
            "requests_second": count[0] - asked,
        }
    return out


def case_verify_cost(tmp: Path) -> dict[str, Any]:
    """What the damage check of `mdrecall index` costs on a large index (searches skip it)."""
    from mdrecall.models import Chunk, FileRecord
    from mdrecall.stores.sqlite import SQLiteStore

    rng = random.Random(1)
    words = [f"w{i}" for i in range(20_000)]
    db = tmp / "cost.sqlite"
    store = SQLiteStore(db)
    with store.batch():
        for f in range(4000):
            chunks = [
                Chunk(
                    f"memory/f{f}.md",
                    "memory",
                    j * 10 + 1,
                    j * 10 + 9,
                    " ".join(rng.choices(words, k=300)),
                    f"{f}-{j}",
                )
                for j in range(5)
            ]
            store.replace_file(FileRecord(f"memory/f{f}.md", "memory", f"h{f}", 1, 1, None), chunks)
    timings = {}
    for name, fn in (
        ("open_ms", lambda: None),
        ("quick_check_ms", lambda: store.verify()),
        ("full_check_ms", lambda: store.verify(full=True)),
    ):
        t0 = time.perf_counter()
        fn()
        timings[name] = round((time.perf_counter() - t0) * 1000, 1)
    store.close()
    t0 = time.perf_counter()
    SQLiteStore(db).close()
    timings["open_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    return {"chunks": 20_000, "db_mb": round(db.stat().st_size / 1e6, 1), **timings}


def verdicts(results: dict[str, Any]) -> dict[str, int]:
    """How many trust cases ended in each verdict (converged, refused-clearly, unclear, failed)."""
    tally: dict[str, int] = {}
    for res in results.values():
        if isinstance(res, dict):
            for v in res.values():
                if isinstance(v, dict) and "verdict" in v:
                    tally[v["verdict"]] = tally.get(v["verdict"], 0) + 1
    return tally


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--only", nargs="*", help="run only these cases")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "faults.json"))
    args = ap.parse_args()
    reps = 4 if args.quick else 16
    results: dict[str, Any] = {
        "root": ROOT,
        "python": sys.version.split()[0],
        "sqlite": sqlite3.sqlite_version,
    }
    with tempfile.TemporaryDirectory(prefix="mdrecall-faults-") as d:
        tmp = Path(d)
        steps: list[tuple[str, Callable[[], Any], bool]] = [
            ("corruption", lambda: case_corruption(tmp, reps), False),
            ("full_disk_remember", lambda: case_full_disk_remember(tmp, max(3, reps // 2)), True),
            ("full_disk_during_index", lambda: case_full_disk_checkpoint(tmp), True),
            ("read_only_mount", lambda: case_read_only_mount(tmp), True),
            ("odd_files", lambda: case_odd_files(tmp), False),
            ("symlink_races", lambda: case_symlink_races(tmp, 3.0 if args.quick else 10.0), False),
            ("providers", lambda: case_providers(tmp), False),
            ("verify_cost", lambda: case_verify_cost(tmp), False),
            # added for issue 17: cases that were not in its text
            ("damage_anywhere", lambda: fc.case_damage_anywhere(tmp, max(7, reps * 2)), False),
            ("wal_damage", lambda: fc.case_wal_damage(tmp, max(4, reps // 2)), False),
            ("folder_and_foreign_db", lambda: fc.case_folder_and_foreign(tmp), False),
            ("read_only_index_dir", lambda: fc.case_read_only_index_dir(tmp), False),
            ("full_disk_during_rebuild", lambda: fc.case_full_disk_rebuild(tmp), True),
            ("extreme_values", lambda: fc.case_extreme_values(tmp), False),
            ("dream_apply_efbig", lambda: fc.case_dream_apply(tmp), False),
            (
                "mcp_close_mid_backfill",
                lambda: fc.case_mcp_close_mid_backfill(tmp, 2 if args.quick else 5),
                False,
            ),
            # issue 32 (trust, second round), then a third round of cases in no issue and no test
            ("issue32", lambda: fc.case_issue32(tmp), False),
            ("round3", lambda: fr.case_round3(tmp), False),
            # a fourth round on the surfaces added since (serve, vector file, derived tables, vouch, used log)
            ("round4", lambda: fr4.case_round4(tmp), False),
            # a fifth round on the one-shot commands a running server answers (issue 33)
            ("round5", lambda: fr5.case_round5(tmp), False),
            # a sixth round on the server a one-shot search starts by itself (watch --auto)
            ("round6", lambda: fr6.case_round6(tmp), False),
            # a seventh round on FTS5's check, the snapshot v2, the pending-views table and the line grammars
            ("round7", lambda: fr7.case_round7(tmp), False),
            # an eighth round on undated pages' anchor, the date term, the layout kinds and leave grammar
            ("round8", lambda: fr8.case_round8(tmp), False),
            # a ninth round on related words, amounts, holidays, numeric order, the new name rules, kind guess
            ("round9", lambda: fr9.case_round9(tmp), False),
            # a tenth round on date direction, "St." and "& Co." names, model numbers, quoted nicknames,
            # table columns' kinds, change pairs, the "when is" stage and marked snippets
            ("round10", lambda: fr10.case_round10(tmp), False),
            # an eleventh round on works labels, initials, "A & B", demonyms, the leave grammar's new verbs,
            # "w/c" weeks, weekday habits, weight and "where is" questions, with 1 MB lines of each
            ("round11", lambda: fr11.case_round11(tmp), False),
            # a twelfth round on the context kind model, hostile names on the web page, ents8's name rules,
            # swaps, "takes over", amounts in any currency, moved dates, kind questions, with 1 MB lines
            ("round12", lambda: fr12.case_round12(tmp), False),
            # a thirteenth round on session 20's name rules (opening full names, person and lower nouns,
            # numbered nouns), the slot-news, past-day, kin-word and short-plural stages, root pages
            ("round13", lambda: fr13.case_round13(tmp), False),
            # a fourteenth round on session 21's name rules (initials in slots, owned codes, titled surnames,
            # lower-case labels), the sentence kind model's kept answers, the kinds and names stages, Postgres
            ("round14", lambda: fr14.case_round14(tmp), False),
            # a fifteenth round on trust across every knowledge surface (keys, local-only text, planted
            # instructions, a line forgotten while another process holds the workspace), session 21's
            # grammars on 1 MB notes and 20 KB questions, and the HTTP servers under slow and many clients
            ("round15", lambda: fr15.case_round15(tmp), False),
            # a sixteenth round on session 22's supersession passes of ends told, forms of address, label
            # months, the who stage's cached mentions, the class stage's keyword fetch, and trust through them
            ("round16", lambda: fr16.case_round16(tmp), False),
            # a seventeenth round on session 23's first names written another way (accents, hyphens, short
            # forms, children named bare), the change signal's words of addition, question files, and trust
            ("round17", lambda: fr17.case_round17(tmp), False),
            # an eighteenth round on session 24's pasted chat, day/month dates, family-first names and
            # forms of address: scale, trust (passwords under other languages' labels), and forgetting
            ("round18", lambda: fr18.case_round18(tmp), False),
            # a nineteenth round on session 25's supersession by slot keys, the cross-encoder's cache and
            # budget, current-state ranking and agent-written notes: kills mid-sync, capped files, trust
            ("round19", lambda: fr19.case_round19(tmp), False),
            # a twentieth round on session 26's voices (a coding agent's memory, speech-to-text memos), the
            # supersession probe, dates in file names, shared given names: kills, capped files, keys in code
            ("round20", lambda: fr20.case_round20(tmp), False),
            # a twenty-first round on session 26's uncased names (Unicode casing), dated file names, the label
            # and version probes and PostgreSQL's refusals, and on the guide's trust channels and hangs
            ("round21", lambda: fr21.case_round21(tmp), False),
            ("round22", lambda: fr22.case_round22(tmp), False),
            # an attack on the first index written aside and renamed (or copied) into place
            ("first_build", lambda: ffb.case_first_build(tmp), False),
        ]
        for name, fn, needs_root in steps:
            if args.only and name not in args.only:
                continue
            if needs_root and not ROOT:
                results[name] = "skipped: needs root"
                continue
            t0 = time.perf_counter()
            try:
                results[name] = fn()
            except Exception as exc:  # noqa: BLE001 - a broken case is a result, not the end of the run
                results[name] = f"case failed: {type(exc).__name__}: {exc}"
            took = time.perf_counter() - t0
            if isinstance(results[name], dict) and all(
                isinstance(v, dict) and "verdict" in v for v in results[name].values()
            ):
                print(f"{name:<24} {took:6.1f} s", flush=True)
                for case, v in results[name].items():
                    print(f"  {v['verdict']:<16} {case}: {v['detail']}", flush=True)
                continue
            print(f"{name:<24} {took:6.1f} s  {json.dumps(results[name])}", flush=True)
    tally = verdicts(results)
    if tally:
        results["verdicts"] = tally
        print("verdicts: " + ", ".join(f"{k} {v}" for k, v in tally.items()))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
