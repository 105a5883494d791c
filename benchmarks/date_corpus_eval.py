"""How the shipped date reading carries to lines it never saw: ``benchmarks/knowledge/date_corpus.json``.

The corpus (332 lines from 16 worlds, written blind to the rules) labels each line's date phrases with the
days they name and their role (``event``: when the thing the line tells happens; ``mention``: another day),
and substrings that look like dates but are not (``no_dates``). Each line is read as the index reads a
line of a one-line page: a daily log (``memory/YYYY-MM-DD.md``) from its day, an undated page from
``page_day`` (the workspace's newest daily log), numeric dates in the case's workspace order:

* phrases: :func:`~mdrecall.text.date_phrases.note_dates.note_dates` called as
  :class:`~mdrecall.knowledge.dates.valid_time.LineDays` calls it;
* the line's day: :func:`~mdrecall.knowledge.dates.valid_time.line_dates`.

A gold date is **right** when a phrase read names the same days (a span of over 14 days, ``"span": true``:
the same first and last day; ``"vague": true``: any day in common). A phrase read is **right** when it
matches a gold date, **part** when its days lie inside one (one end of an unread range), else a **false
date** (``on no_dates``: it overlaps a labelled not-date). **Line day**: for a line with an event date, the
day :func:`line_dates` gives is one of its days; for a line without, the file's own day (``None`` on an
undated page).

Usage::

    python benchmarks/date_corpus_eval.py [--corpus PATH] [--part tune|aside|all] [--misses] [--src PATH]
        [--json OUT]

``--corpus`` reads another corpus of the same shape (``benchmarks/knowledge/date_corpus2.json``, the second
one, 12 worlds); the default is the first.

The worlds were split into ``tune`` and ``aside`` before any measurement: study only ``tune``'s misses.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "knowledge" / "date_corpus.json"
_FILE_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})\.md$")


def read_case(case: dict[str, Any]) -> tuple[list[tuple[int, int, list[date]]], date | None]:
    """The phrases the shipped reading finds in a case's line (start, end, days) and the line's day."""
    from mdrecall.knowledge.dates.valid_time import LineDays, line_dates
    from mdrecall.text.date_phrases.note_dates import note_dates

    try:
        from mdrecall.text.date_phrases.numeric_dates import numeric_order
    except ImportError:  # a checkout from before text/date_phrases/note_dates.py was split (``--src``)
        from mdrecall.text.date_phrases.note_dates import numeric_order  # type: ignore[attr-defined,no-redef]

    m = _FILE_DATE.search(case["file"])
    fdate = m.group(1) if m else None
    ref = None if fdate else case.get("page_day")
    line = case["text"]
    order = case["order"]
    days = LineDays([line], [], fdate, ref, order)
    days.day(0)
    base = days.written()
    page_order = numeric_order(line) if "/" in line else None
    phrases = note_dates(line, base, fdate is None, page_order, order)
    line_day = line_dates(line, fdate, ref, order)[0]
    return [(p.start, p.end, list(p.days)) for p in phrases], line_day


def _days(gold: dict[str, Any]) -> list[date]:
    return [date.fromisoformat(d) for d in gold["days"]]


def _matches(gold: dict[str, Any], found: list[date]) -> bool:
    want = _days(gold)
    if gold.get("vague"):
        lo, hi = (want[0], want[-1]) if gold.get("span") else (min(want), max(want))
        return any(lo <= d <= hi for d in found)
    if gold.get("span"):
        return bool(found) and min(found) == want[0] and max(found) == want[-1]
    return sorted(set(found)) == sorted(set(want))


def _inside(gold: dict[str, Any], found: list[date]) -> bool:
    want = _days(gold)
    lo, hi = want[0], want[-1]
    return bool(found) and all(lo <= d <= hi for d in found)


def score(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Recall, precision, false dates, per role, and the line day, over ``cases``."""
    tally = {"gold": 0, "right": 0, "found": 0, "found_right": 0, "part": 0, "false": 0, "false_on_no": 0}
    roles: dict[str, list[int]] = {"event": [0, 0], "mention": [0, 0]}
    line_day = [0, 0]
    misses: list[dict[str, Any]] = []
    for case in cases:
        phrases, day = read_case(case)
        fdate = _FILE_DATE.search(case["file"])
        for gold in case["dates"]:
            ok = any(_matches(gold, found) for _, _, found in phrases)
            tally["gold"] += 1
            tally["right"] += ok
            roles[gold["role"]][0] += 1
            roles[gold["role"]][1] += ok
            if not ok:
                misses.append(
                    {
                        "id": case["id"],
                        "what": "missed",
                        "text": case["text"],
                        "gold": gold,
                        "read": [(case["text"][s:e], [d.isoformat() for d in f]) for s, e, f in phrases],
                    }
                )
        for s, e, found in phrases:
            tally["found"] += 1
            if any(_matches(g, found) for g in case["dates"]):
                tally["found_right"] += 1
            elif any(_inside(g, found) for g in case["dates"]):
                tally["part"] += 1
            else:
                tally["false"] += 1
                on_no = any(
                    case["text"].find(n) < e and case["text"].find(n) + len(n) > s
                    for n in case["no_dates"]
                    if n in case["text"]
                )
                tally["false_on_no"] += on_no
                misses.append(
                    {
                        "id": case["id"],
                        "what": "false",
                        "text": case["text"],
                        "read": (case["text"][s:e], [d.isoformat() for d in found]),
                    }
                )
        events = [g for g in case["dates"] if g["role"] == "event"]
        if events:
            ok = day is not None and any(
                (_days(g)[0] <= day <= _days(g)[-1]) if g.get("span") or g.get("vague") else day in _days(g)
                for g in events
            )
        else:
            ok = day == (date.fromisoformat(fdate.group(1)) if fdate else None)
        line_day[0] += 1
        line_day[1] += ok
        if not ok:
            misses.append(
                {
                    "id": case["id"],
                    "what": "line day",
                    "text": case["text"],
                    "read": day.isoformat() if day else None,
                    "gold": [g["days"] for g in events] or case["file"],
                }
            )
    out = {
        "lines": len(cases),
        "dates": tally["gold"],
        "recall": tally["right"] / max(1, tally["gold"]),
        "precision": tally["found_right"] / max(1, tally["found"]),
        "phrases_read": tally["found"],
        "part_of_a_span": tally["part"],
        "false_dates": tally["false"],
        "false_on_no_dates": tally["false_on_no"],
        "event_recall": roles["event"][1] / max(1, roles["event"][0]),
        "mention_recall": roles["mention"][1] / max(1, roles["mention"][0]),
        "line_day": line_day[1] / max(1, line_day[0]),
    }
    return {"score": out, "misses": misses}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=str(CORPUS), help="the corpus file (default: the first)")
    parser.add_argument("--part", choices=("tune", "aside", "all"), default="tune")
    parser.add_argument("--misses", action="store_true", help="print each miss and false date")
    parser.add_argument("--src", help="another checkout's src directory (before/after)")
    parser.add_argument("--json", help="write the scores to this file")
    args = parser.parse_args(argv)
    if args.src:
        sys.path.insert(0, str(Path(args.src).resolve()))
    try:
        corpus = json.loads(Path(args.corpus).read_bytes().decode("utf-8"))
        parts = {name: w["part"] for name, w in corpus["worlds"].items()}
        cases = [c for c in corpus["cases"] if args.part == "all" or parts[c["world"]] == args.part]
    except OSError as exc:
        parser.error(f"cannot read {args.corpus}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        parser.error(f"{args.corpus} is not a JSON corpus: {exc}")
    except (KeyError, TypeError, AttributeError) as exc:
        parser.error(f"{args.corpus} is not shaped as a date corpus (about, worlds, cases): {exc!r}")
    result = score(cases)
    s = result["score"]
    print(f"{Path(args.corpus).name} part {args.part}: {s['lines']} lines, {s['dates']} dates")
    print(
        f"  dates right (recall) {s['recall']:.2f}   precision {s['precision']:.2f}   "
        f"false dates {s['false_dates']} ({s['false_on_no_dates']} on a no_dates string)   "
        f"part of a span {s['part_of_a_span']}"
    )
    print(
        f"  by role: event {s['event_recall']:.2f}  mention {s['mention_recall']:.2f}   "
        f"line day right {s['line_day']:.2f}"
    )
    if args.misses:
        for miss in result["misses"]:
            print(json.dumps(miss, ensure_ascii=False))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
