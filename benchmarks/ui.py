"""Server time of every ``mdrecall ui`` page on a workspace of 10,000 generated notes.

Generates N daily logs (``memory/YYYY-MM-DD.md``, ~300 words each, the last one dated today, shaped like
``benchmarks/speed.py``'s), 30 days of captured conversations, and a recall log from 60 searches (so the
Review page has candidates), indexes them keyword-only (``MDRECALL_EMBEDDING_PROVIDER=none``: the pages'
own cost, not an embedder's), then requests every page in-process through the app (Starlette's
TestClient: the whole ASGI stack and the gate, no socket) and reports per page the first request and the
median and max of the next ones. The target is < 200 ms per page.

The pages bring the index up to date with the files at most every 5 s; that sync (a stat of every file)
is reported on its own line (``sync``) and kept out of the pages' figures. What a page derives from the
index (entities, candidates, per-day counts) is kept until an indexed file changes: the first request of
a page is its cold cost (``first``), the later ones its warm cost.

Usage: ``python benchmarks/ui.py [--files 10000] [--repeat 7] [--out benchmarks/results/ui.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from speed import make_text  # noqa: E402

TARGET_MS = 200.0


def generate(root: Path, n: int) -> None:
    """``MEMORY.md`` and ``n - 1`` daily logs up to today."""
    rng = random.Random(7)
    (root / "memory").mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text("# Long-term memory\n\n- The user prefers concise answers.\n")
    today = date.today()
    for i in range(n - 1):
        day = today - timedelta(days=i)
        (root / "memory" / f"{day.isoformat()}.md").write_text(make_text(rng, day))


def populate(mem: object, rng: random.Random) -> None:
    """30 days of captured turns and a recall log, through the library (as hooks and MCP would)."""
    from mdrecall.agent.tools import MemoryTools

    now = datetime.now().astimezone()
    for d in range(30):
        when = now - timedelta(days=d)
        for t in range(8):
            mem.capture_turn(  # type: ignore[attr-defined]
                user=f"We decided to ship the billing migration on day {d}, turn {t}.",
                assistant="Noted: billing migration scheduled.",
                session=f"s{d}",
                turn_id=f"{d}-{t}",
                now=when,
            )
    tools = MemoryTools(mem)  # type: ignore[arg-type]
    words = "billing migration postgres deploy release budget latency roadmap hiring onboarding".split()
    for _ in range(60):
        tools.memory_search(" ".join(rng.sample(words, 2)), maxResults=3)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--out", default="benchmarks/results/ui.json")
    ap.add_argument("--workspace", help="generate here (kept), or reuse what an earlier run generated here")
    args = ap.parse_args()
    os.environ["MDRECALL_EMBEDDING_PROVIDER"] = "none"
    from starlette.testclient import TestClient

    from mdrecall import Memory
    from mdrecall.ui import app as ui_app
    from mdrecall.ui.app import create_app
    from mdrecall.ui.security import Access

    with tempfile.TemporaryDirectory(prefix="mdrecall-ui-bench-") as tmp:
        ws = Path(args.workspace or Path(tmp) / "agent")
        fresh = not (ws / "MEMORY.md").exists()
        if fresh:
            print(f"generating and indexing {args.files} notes…", file=sys.stderr)
            generate(ws, args.files)
        mem = Memory.open(ws)
        started = time.perf_counter()
        mem.index()
        index_s = time.perf_counter() - started
        if fresh:
            populate(mem, random.Random(3))
            mem.index()
        entity = mem.entities(limit=1)[0].name
        day = (date.today() - timedelta(days=3)).isoformat()
        pages = {
            "overview": "/",
            "search": "/search?q=billing+migration+deadline",
            "search+filters+explain": "/search?q=postgres+latency&since=2020-01-01&path=memory/*&explain=1",
            "browse": "/browse",
            "browse a day": f"/browse?day={day}",
            "file": f"/file/memory/{day}.md",
            "file deep link": f"/file/memory/{day}.md?lines=5-9",
            "entities": "/entities",
            "entity": f"/entity/{entity}",
            "history": "/history?path=MEMORY.md",
            "history as-of": f"/history?path=memory/{day}.md&as_of={day}",
            "review": "/review",
        }
        access = Access("bench", 8765)
        rows = []
        with TestClient(create_app(mem, access), base_url="http://127.0.0.1:8765") as client:
            client.cookies.set(access.cookie, "bench")
            t = time.perf_counter()
            ui_app.warm_up(client.app)  # what `mdrecall ui` does before printing its URL
            startup_ms = (time.perf_counter() - t) * 1000
            ui = client.app.app.state.ui  # type: ignore[attr-defined]
            ui.synced_at = 0.0
            t = time.perf_counter()
            ui.fresh()
            sync_ms = (time.perf_counter() - t) * 1000
            ui_app.SYNC_EVERY_S = 1e9  # the sync (at most every 5 s) is measured on its own, above
            for name, url in pages.items():
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    r = client.get(url)
                    times.append((time.perf_counter() - t) * 1000)
                    assert r.status_code == 200, (url, r.status_code, r.text[:300])
                warm = times[1:]
                rows.append({"page": name, "url": url, "first_ms": round(times[0], 1),
                             "median_ms": round(statistics.median(warm), 1), "max_ms": round(max(warm), 1),
                             "bytes": len(r.content)})  # fmt: skip
        mem.close()
    print(f"{args.files:,} notes, indexed keyword-only in {index_s:.1f} s; start-up (first sync + doctor) "
          f"{startup_ms:.0f} ms; a later sync (at most every 5 s): {sync_ms:.0f} ms")  # fmt: skip
    print(f"{'page':<24} {'first ms':>9} {'median ms':>10} {'max ms':>8} {'KiB':>6}  < {TARGET_MS:.0f} ms")
    for r in rows:
        ok = "yes" if r["max_ms"] < TARGET_MS and r["first_ms"] < TARGET_MS else "NO"
        print(f"{r['page']:<24} {r['first_ms']:>9.1f} {r['median_ms']:>10.1f} {r['max_ms']:>8.1f} "
              f"{r['bytes'] / 1024:>6.1f}  {ok}")  # fmt: skip
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "when": time.strftime("%Y-%m-%d %H:%M"),
            "files": args.files, "index_s": round(index_s, 1), "startup_ms": round(startup_ms, 1),
            "sync_ms": round(sync_ms, 1), "machine": "2 cores shared, loaded"}  # fmt: skip
    out.write_text(json.dumps({"meta": meta, "pages": rows}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
