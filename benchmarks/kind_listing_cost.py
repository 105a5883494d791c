"""What the first entity listing of a process costs where the context kind models are asked.

The context model (:mod:`mdrecall.knowledge.kinds.kind_context`) and the sentence model beside it
(:mod:`mdrecall.knowledge.kinds.kind_sentence`) are asked only when entities are listed, for the names no rule
types; the sentence model embeds their mention lines. This script indexes the workspaces once, then lists
their entities in a fresh process and reports the CPU seconds of the listing alone, with every entity's
kind, source and probability written out so that two checkouts' listings can be compared.

Workspaces: ``--sets`` (labelled sets of ``benchmarks/knowledge/``, named explicitly; default the seven
newest tuned ones) and ``--names N`` (a page of N invented names no rule types, each named once in each of
two daily logs). Usage::

    python benchmarks/kind_listing_cost.py [--sets held_out_13,...] [--names 2000] [--src DIR] [--out FILE]

``--src`` runs another checkout's ``src`` (e.g. from ``git archive``) in the child processes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "knowledge"
SETS = "held_out_13,held_out_15,held_out_16,held_out_17,held_out_18,held_out_21,held_out_22"
_ONSETS = "b d f g k l m n p r s t v z br dr gr kr pl st tr vr".split()
_VOWELS = "a e i o u ai ea ou".split()
_CODAS = ["", "", "n", "r", "l", "s", "th", "x", "nd", "rk"]


def invented(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct invented words of two or three syllables, capitalised."""
    out: set[str] = set()
    while len(out) < n:
        word = "".join(
            rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) for _ in range(rng.choice((2, 3)))
        )
        out.add(word.capitalize())
    return sorted(out)


def names_page(root: Path, n: int) -> None:
    """Two daily logs naming ``n`` invented names once each, in lines no rule reads a kind from."""
    rng = random.Random(24)
    words = invented(rng, n)
    memory = root / "memory"
    memory.mkdir(parents=True)
    for day, line in (
        ("2027-03-01", "- Thought about {} again."),
        ("2027-03-02", "- Some talk of {} today."),
    ):
        lines = [line.format(w) for w in words]
        (memory / f"{day}.md").write_text("# Notes\n\n" + "\n".join(lines) + "\n", encoding="utf-8")


def _open(root: Path) -> Any:
    from mdrecall import Config, Memory

    extra = sorted(
        p.name
        for p in root.iterdir()
        if (p.is_dir() and p.name not in ("memory", ".mdrecall"))
        or (p.is_file() and p.suffix == ".md" and p.name not in ("MEMORY.md", "memory.md"))
    )
    over = {"history": {"git": False}, "index": {"sync_on_search": False}, "extra_paths": extra}
    return Memory.open(root, Config().merged(over))


def child(mode: str, roots: list[str]) -> None:
    """``index``: index each workspace; ``list``: list each one's entities, timed, and print JSON."""
    import time

    mems = [_open(Path(r)) for r in roots]
    try:
        if mode == "index":
            for mem in mems:
                mem.index()
            return
        start = time.process_time()
        listed = [mem.entities() for mem in mems]
        cpu = time.process_time() - start
        out = {
            "cpu_s": cpu,
            "entities": {
                Path(r).name: [[e.name, e.kind, e.kind_source, e.kind_p] for e in found]
                for r, found in zip(roots, listed, strict=True)
            },
        }
        print(json.dumps(out))
    finally:
        for mem in mems:
            mem.close()


def _run(src: Path, mode: str, roots: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", mode, *roots]
    return subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default=SETS, help="labelled sets, comma-separated ('' for none)")
    ap.add_argument("--names", type=int, default=0, help="also a page of N invented untyped names")
    ap.add_argument("--src", type=Path, default=ROOT.parent / "src")
    ap.add_argument("--rounds", type=int, default=1, help="listings, each in a fresh process")
    ap.add_argument("--out", type=Path, help="write the listings and times here (JSON)")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1:])
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        roots = []
        for name in filter(None, args.sets.split(",")):
            shutil.copytree(DATA / name, Path(tmp) / name)
            roots.append(str(Path(tmp) / name))
        if args.names:
            page = Path(tmp) / f"names_{args.names}"
            names_page(page, args.names)
            roots.append(str(page))
        _run(args.src, "index", roots)
        runs = [json.loads(_run(args.src, "list", roots)) for _ in range(args.rounds)]
    times = sorted(r["cpu_s"] for r in runs)
    asked = sum(
        e[2] == "context model" or e[1] == "unknown" for found in runs[0]["entities"].values() for e in found
    )
    print(
        f"listing CPU-s (fresh process, {args.rounds} rounds): min {times[0]:.2f} median "
        f"{times[len(times) // 2]:.2f}; entities {sum(map(len, runs[0]['entities'].values()))}, "
        f"typed by the context model or unknown {asked}"
    )
    if args.out:
        args.out.write_text(json.dumps({"cpu_s": times, "entities": runs[0]["entities"]}, indent=0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
