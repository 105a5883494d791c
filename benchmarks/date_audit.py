"""Audit the day reading on unlabelled text: the supersession pair corpora laid out as workspaces.

Each case's older and newer lines are written into files as ``sup_pairs_eval.py`` lays them out
(``MEMORY.md``, a page under its title, a daily log ``memory/<date>.md``), one workspace per corpus and
world (an undated page is read from the world's newest daily log, as the index reads it from the
workspace's). Every line is read as the index reads it
(:class:`~mdrecall.knowledge.dates.valid_time.LineDays`): the phrases
:func:`~mdrecall.text.date_phrases.note_dates.note_dates` finds, with their days, and the line's day.

* ``--dump OUT``: every line that names a day (one JSON object a line).
* ``--sample N --seed S --marks FILE``: draw N of those lines (at random, by seed) into ``FILE`` to be marked
  by hand (``"verdict": "ok"`` or ``"wrong"``, with ``"want"``: the phrases' days and the line's day as they
  should read, ``"*"`` for the phrases or the day where any is right, and ``"why"``); an existing ``FILE``
  keeps its lines and marks. A line whose reading may be right either way lists the other in ``"also"``.
* ``--marks FILE`` alone: score the marked lines against the reading now. A line marked ``ok`` is right
  while its reading is unchanged; one marked ``wrong`` is right once its reading equals ``want``; any other
  change is listed to be marked again.

The corpora read: ``sup_train.json``, ``sup_train19.json``, ``sup_train19b.json`` (never the blind ones).
The marked samples (docs/entities.md, round 18): ``date_audit_marks.json`` (200 lines, seed 19),
``date_audit_marks2.json`` (100, seed 20) and ``date_audit_marks3.json`` (the other 84, seed 21).

    python benchmarks/date_audit.py --marks benchmarks/date_audit_marks.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CORPORA = ("sup_train", "sup_train19", "sup_train19b")


def _worlds(cases: list[dict[str, Any]]) -> dict[str, dict[str, tuple[str | None, list[str]]]]:
    """world → path → (file date, lines), each case's two lines put as ``sup_pairs_eval`` puts them."""
    out: dict[str, dict[str, tuple[str | None, list[str]]]] = {}
    for c in cases:
        files = out.setdefault(c.get("world", "-"), {})
        for side in (c["older"], c["newer"]):
            if side["kind"] == "MEMORY.md":
                path, day, head = "MEMORY.md", None, ["# Memory", ""]
            elif side["kind"] == "daily":
                path, day, head = f"memory/{side['date']}.md", side["date"], [f"# {side['date']}", ""]
            else:
                path, day, head = side["path"], None, [f"# {side['title']}", ""]
            files.setdefault(path, (day, list(head)))[1].append(f"- {side['text']}")
    return out


def read_lines() -> list[dict[str, Any]]:
    """Every line of every corpus's workspaces that names a day, as the index reads it."""
    from mdrecall.knowledge.dates.date_hints import may_name_date
    from mdrecall.knowledge.dates.valid_time import LineDays, page_reference
    from mdrecall.text.chunking import heading_paths
    from mdrecall.text.date_phrases.note_dates import note_dates
    from mdrecall.text.date_phrases.numeric_dates import agreed_order, numeric_order

    rows: list[dict[str, Any]] = []
    for corpus in CORPORA:
        cases = json.loads((HERE / "knowledge" / f"{corpus}.json").read_text())["cases"]
        for world, files in sorted(_worlds(cases).items()):
            ref = page_reference([d for d, _ in files.values()])
            order = agreed_order(numeric_order("\n".join(lines)) for _, lines in files.values())
            for path, (fdate, lines) in sorted(files.items()):
                _, is_heading = heading_paths(lines)
                days = LineDays(lines, [i for i, h in enumerate(is_heading) if h], fdate, ref, order)
                for i, line in enumerate(lines):
                    day = days.day(i)
                    if is_heading[i] or not line.strip() or not may_name_date(line):
                        continue
                    base = days._in_force or days.anchor or days._above  # as LineDays.named reads
                    found = note_dates(
                        line,
                        base or days._undated_base(),
                        base is None,
                        days._order_for(line),
                        order,
                        None if days._in_force or days.anchor else base,
                        days._dotted_for(line),
                    )
                    if not found:
                        continue
                    phrases = [[line[n.start : n.end], _span(n.days)] for n in found]
                    rows.append(
                        {
                            "key": f"{corpus}|{world}|{path}|{line}",
                            "file_day": fdate or (f"ref {ref}" if ref else None),
                            "line": line,
                            "phrases": phrases,
                            "day": day.isoformat() if day else None,
                        }
                    )
    return rows


def _span(days: Any) -> list[str]:
    """A phrase's days as text: one day, or the first and last of a span."""
    ds = sorted(days)
    return [ds[0].isoformat()] if len(ds) == 1 else [ds[0].isoformat(), ds[-1].isoformat()]


def _reading(row: dict[str, Any]) -> dict[str, Any]:
    return {"phrases": row["phrases"], "day": row["day"]}


def score(marks: list[dict[str, Any]], now: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The marked lines right and wrong under the reading ``now`` (key → row), and those to mark again."""
    right, wrong, again = 0, [], []
    for m in marks:
        row = now.get(m["key"])
        reading = _reading(row) if row else {"phrases": [], "day": None}
        if m.get("verdict") == "ok":
            if reading == m["read"] or reading in m.get("also", []):
                right += 1
            else:
                again.append({"key": m["key"], "was": m["read"], "now": reading})
        elif m.get("verdict") == "wrong":
            want = m["want"]
            if want["phrases"] in ("*", reading["phrases"]) and want["day"] in ("*", reading["day"]):
                right += 1
            elif reading == m["read"]:
                wrong.append({"key": m["key"], "why": m.get("why", ""), "now": reading})
            else:
                again.append({"key": m["key"], "want": m["want"], "now": reading})
    return {"marked": len(marks), "right": right, "wrong": wrong, "again": again}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="write every line that names a day here (JSON lines)")
    parser.add_argument("--sample", type=int, help="draw this many dated lines into --marks to be marked")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--marks", type=Path, help="the marked sample (JSON)")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    args = parser.parse_args()
    sys.path.insert(0, args.src or str(HERE.parent / "src"))
    rows = read_lines()
    if args.dump:
        args.dump.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        print(f"{len(rows)} dated lines → {args.dump}")
    if not args.marks:
        return 0
    now = {r["key"]: r for r in rows}
    marks: list[dict[str, Any]] = json.loads(args.marks.read_text()) if args.marks.exists() else []
    if args.sample:
        have = {m["key"] for m in marks}
        pool = sorted(k for k in now if k not in have)
        for key in random.Random(args.seed).sample(pool, max(0, min(len(pool), args.sample - len(marks)))):
            marks.append({"key": key, "file_day": now[key]["file_day"], "read": _reading(now[key])})
        args.marks.write_text(json.dumps(marks, indent=1, ensure_ascii=False) + "\n")
        print(f"{len(marks)} lines in {args.marks}")
        return 0
    res = score(marks, now)
    n_wrong = res["marked"] - res["right"] - len(res["again"])
    print(
        f"marked {res['marked']}: right {res['right']}, wrong {n_wrong} "
        f"({n_wrong / max(1, res['marked']):.3f}), to mark again {len(res['again'])}"
    )
    for w in res["wrong"]:
        print(f"  wrong: {w['key'].split('|', 2)[2]}  — {w['why']}")
    for a in res["again"]:
        print(f"  changed: {a['key'].split('|', 2)[2]}  now {a['now']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
