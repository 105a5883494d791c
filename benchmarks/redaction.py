"""Redaction speed on adversarial text: the size-vs-time curve of ``mdrecall.text.redact.redact``.

Each shape is repeated to 1 KB, 10 KB, 100 KB and 1 MB and redacted; the table gives the best of
``--runs`` timings per size and the ratio to the 100 KB time (linear: about 10× per step). The shapes are
the ones that made the old patterns backtrack (hyphen-joined words, long runs of name characters,
``=`` runs, base64 blobs, many ``key=`` pairs) and the keyword prefilter's worst cases (every keyword
present, dense keywords followed by no value).

With ``--baseline-src DIR`` (another checkout's ``src``), the same cases run with that code in a
subprocess, side by side, capped at ``--baseline-cap`` characters (the old code took minutes on 40 KB).

Usage: ``python benchmarks/redaction.py [--runs 3] [--baseline-src DIR]
[--out benchmarks/results/redaction.json]``.
Prints a table and writes JSON. Figures depend on the machine and its load: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

SIZES = (1_000, 10_000, 100_000, 1_000_000)
SHAPES = {
    "hyphen-words": "a-",
    "name-run": "abc_DEF-123",
    "equals": "=",
    "base64": "QUJDRA+/",
    "key-pairs": "key=",
    "env-names": "DB_PASS_",
    "password-is": "password is ",
    "every-keyword": "token: x api_key=y sk-a hf_ AKIA eyJ a://b: Bearer machine -p mysql ",
    "jwt-heads": "eyJ",
    "url-colons": "a://b:",
    "prose": "We decided to ship on Friday; the password is in the vault. ",
    # the anchors of the rules added for issue 32
    "url-at-slash": "a://b:c/d@",
    "key-end-lines": "-----END RSA PRIVATE KEY----- ",
    "card-digits": "4111 ",
    "pgpass-lines": "a:1:b:c:d\n",
    "secret-words": "token key secret ",
    "random-after-key": "key Xk29dLq8vN3mPz7R ",
    "possessive": "password's ",
    "passphrase-is": "the passphrase is a ",
}

_ONE = """
import sys, time
from mdrecall.text.redact import redact
text = sys.stdin.read()
t0 = time.perf_counter(); redact(text); print(time.perf_counter() - t0)
"""


def _text(shape: str, size: int) -> str:
    unit = SHAPES[shape]
    return (unit * (size // len(unit) + 1))[:size]


def _time(text: str, runs: int) -> float:
    from mdrecall.text.redact import redact

    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        redact(text)
        best = min(best, time.perf_counter() - t0)
    return best


def _baseline(src: str, text: str, timeout: float) -> float | None:
    try:
        out = subprocess.run(
            [sys.executable, "-c", _ONE],
            input=text,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": src},
            timeout=timeout,
        )
        return float(out.stdout.strip())
    except (subprocess.TimeoutExpired, ValueError):
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline-src")
    ap.add_argument("--baseline-cap", type=int, default=10_000)
    ap.add_argument("--out", default="benchmarks/results/redaction.json")
    args = ap.parse_args()
    rows = []
    head = f"{'shape':<15}" + "".join(f"{s:>11,}" for s in SIZES) + f"{'1MB/100KB':>11}"
    if args.baseline_src:
        head += f"{'base@cap':>11}"
    print(head)
    for shape in SHAPES:
        times = [_time(_text(shape, n), args.runs) for n in SIZES]
        row = {"shape": shape, "seconds": dict(zip(map(str, SIZES), times, strict=True))}
        line = f"{shape:<15}" + "".join(f"{t:>11.4f}" for t in times) + f"{times[-1] / times[-2]:>11.1f}"
        if args.baseline_src:
            base = _baseline(args.baseline_src, _text(shape, args.baseline_cap), 60)
            row["baseline"] = {"chars": args.baseline_cap, "seconds": base}
            line += f"{base:>11.3f}" if base is not None else f"{'>60s':>11}"
        rows.append(row)
        print(line)
    worst = max(r["seconds"][str(SIZES[-1])] for r in rows)
    print(f"worst 1 MB: {worst:.3f} s")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"sizes": SIZES, "rows": rows, "worst_1mb_s": worst}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
