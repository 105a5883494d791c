"""What mdrecall knows from ordinary notes, against hand labels (``benchmarks/knowledge/``).

Labelled workspaces of ordinary notes (daily logs, MEMORY.md, project, people and personal pages):
``dev`` (for tuning), ``held_out`` (looked at only at the end) and ``held_out_2`` (other worlds, written
blind to the extraction rules; also looked at only at the end), up to ``held_out_7`` (a logistics-app team,
a youth theatre, a family with a newborn and a bookshop in Wrocław, written blind and measured once, at
the end). Their gold labels
(``knowledge/<set>.labels.json``) give, and this script measures:

* **dates**: each date expression (file, line, text, the day(s) it means, role). Role ``event``: the day
  the line is about (its valid time), so :func:`~mdrecall.knowledge.dates.valid_time.line_dates` must give it
  (one of the days, for a span such as "last week"); role ``mention``: another day the line names (a
  retest date beside the day a fix was done), which must be among the days a search by date finds the
  line on (:func:`~mdrecall.knowledge.dates.valid_time.chunk_dates` of the line). *False dates*: lines with no
  label whose day is not the day in force there (the heading's or the file's).
* **entities**: the entity view's names against the gold entities (matched by name or alias);
  precision, recall, kinds right among the matched, and which false finds are labelled not-entities.
* **first names**: a first name alone linked to the one full name it can mean (or to none when shared).
* **supersession**: for each (older line → newer line) pair and its query, the newer line's hit ranks
  above the older one, and the older one is marked superseded (or absent from the top 5); when both lines
  lie in one hit (one chunk: one rank), the hit's superseded mark must cite the newer line.
* **questions**: the answering line lies in one of the top 3 hits (a question's ``also`` lists the other
  lines found to answer it as well, each as good an answer).

Usage::

    python benchmarks/knowledge_eval.py [--held-out | --set NAME] [--src PATH]

``--set`` picks a labelled set by name (``--held-out`` is ``--set held_out``). ``--src`` runs another
checkout's ``src`` (to measure before and after). Prints a table and writes
``benchmarks/results/knowledge.json`` (``knowledge-<set>.json`` for a set other than ``dev``).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "knowledge"
_FILE_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})[^/]*\.md$")
_KINDS = {"organisation": "org", "organization": "org", "tech": "technology", "animal": "pet"}


def _file_date(path: str) -> str | None:
    m = _FILE_DATE.search(path)
    return m.group(1) if m else None


def score_dates(root: Path, labels: dict[str, Any], setting: str = "auto") -> dict[str, Any]:
    """Date expressions read right, per role, and days the code gives lines that name none; numeric
    dates are read in the page's order, else the workspace's (``setting``: the ``dates.order`` key), and
    a holiday whose day a country sets in the country the pages name, as the index reads them."""
    from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates, page_reference
    from mdrecall.text.date_phrases.countries import agreed_country, named_country
    from mdrecall.text.date_phrases.numeric_dates import agreed_order, numeric_order

    gold: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for d in labels["dates"]:
        gold.setdefault((d["file"], d["line"]), []).append(d)
    rows: list[dict[str, Any]] = []
    false_dates: list[dict[str, Any]] = []
    paths = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.md"))
    # what the index reads an undated page from: the newest daily log's date, else the file's mtime
    newest = max((d for d in map(_file_date, paths) if d), default=None)
    texts = {path: (root / path).read_text(encoding="utf-8") for path in paths}
    agreed = agreed_order(numeric_order(t) for t in texts.values())
    workspace = setting if setting in ("dmy", "mdy") else agreed
    country = agreed_country(named_country(t) for t in texts.values())
    for path in paths:
        text = texts[path]
        order = numeric_order(text) or workspace  # what a search reading one chunk of the page knows
        lines = text.splitlines()
        fdate = _file_date(path)
        ref = None if fdate else page_reference([newest], (root / path).stat().st_mtime)
        days = line_dates(text, fdate, ref, workspace, country)
        for i, line in enumerate(lines):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            blanked = lines[:i] + ["-"] + lines[i + 1 :]
            anchor = line_dates("\n".join(blanked), fdate, ref, workspace, country)[i]
            day = days[i]
            # as a search by date reads it (an undated page from the newest log's day, as the index does)
            every = chunk_dates(line, anchor, reference=ref, order=order, country=country)
            every |= {day} if day else set()
            for g in gold.get((path, i + 1), []):
                assert g["text"] in line, (path, i + 1, g["text"])
                want = [date.fromisoformat(x) for x in g["days"]]
                ok = day in want if g["role"] == "event" else set(want) <= every
                rows.append({**g, "got": day.isoformat() if day else None, "right": ok})
            if (path, i + 1) not in gold and day != anchor:
                false_dates.append({"file": path, "line": i + 1, "text": line.strip(), "got": str(day)})
    right = sum(r["right"] for r in rows)
    claimed_wrong = sum(1 for r in rows if not r["right"] and r["got"] is not None)
    out: dict[str, Any] = {
        "gold": len(rows),
        "right": right,
        "recall": right / len(rows) if rows else 0.0,
        "precision": right / (right + claimed_wrong + len(false_dates)) if rows else 0.0,
        "false_dates": false_dates,
        "wrong": [r for r in rows if not r["right"]],
    }
    for role in ("event", "mention"):
        sub = [r for r in rows if r["role"] == role]
        out[role] = sum(r["right"] for r in sub) / len(sub) if sub else 0.0
    return out


def _open(root: Path) -> Any:
    from mdrecall import Config, Memory

    # Every folder and page of the labelled workspace is memory (people/, projects/, a reading list beside
    # MEMORY.md...), not only memory/: its writer wrote them all as the agent's memory.
    extra = sorted(
        p.name
        for p in root.iterdir()
        if (p.is_dir() and p.name not in ("memory", ".mdrecall"))
        or (p.is_file() and p.suffix == ".md" and p.name not in ("MEMORY.md", "memory.md"))
    )
    over = {"history": {"git": False}, "index": {"sync_on_search": False}, "extra_paths": extra}
    cfg = Config().merged(over)
    mem = Memory.open(root, cfg)
    mem.index()
    return mem


def score_entities(mem: Any, labels: dict[str, Any]) -> dict[str, Any]:
    """Entity precision/recall/kinds against the gold list, and first-name linking."""
    from mdrecall.knowledge.index import EntityIndex
    from mdrecall.knowledge.mentions.extract import entity_key

    index = EntityIndex(mem.store, mem.config.entities)
    predicted = index.entities()
    known = index.known()
    by_key: dict[str, dict[str, Any]] = {}
    for g in labels["entities"]:
        for name in [g["name"], *g["aliases"]]:
            by_key.setdefault(entity_key(name), g)
    not_keys = {entity_key(n) for n in labels["not_entities"]}
    matched: dict[str, str] = {}  # gold name → predicted kind
    false_pos: list[str] = []
    label_words: list[str] = []
    for e in predicted:
        # The name first, then the aliases in order: a set's order changes from run to run, and an alias
        # shared by two gold entities ("Mira") would match either.
        keys = list(dict.fromkeys(entity_key(n) for n in (e.name, *sorted(e.aliases))))
        hit = next((by_key[k] for k in keys if k in by_key), None)
        if hit is None:
            false_pos.append(e.name)
            if set(keys) & not_keys:
                label_words.append(e.name)
        elif hit["name"] not in matched:
            matched[hit["name"]] = _KINDS.get(e.kind, e.kind)
    kinds = {g["name"]: _KINDS.get(g["kind"], g["kind"]) for g in labels["entities"]}  # "organization" too
    kinds_right = sum(1 for n, k in matched.items() if kinds[n] == k)
    links = []
    for item in labels["first_names"]:
        root = known.get(entity_key(item["short"]))
        if item["full"]:
            ok = root is not None and root == known.get(entity_key(item["full"]), entity_key(item["full"]))
        else:
            fulls = {known.get(entity_key(g["name"])) for g in labels["entities"]}
            fulls |= {entity_key(g["name"]) for g in labels["entities"]}
            shared = {f for f in fulls if f and " " in f and f.split()[0] == entity_key(item["short"])}
            ok = root not in shared
        links.append({**item, "linked_to": root, "right": ok})
    n_pred = len(predicted)
    return {
        "predicted": n_pred,
        "gold": len(labels["entities"]),
        "precision": (n_pred - len(false_pos)) / n_pred if n_pred else 0.0,
        "recall": len(matched) / len(labels["entities"]),
        "kinds_right": kinds_right / len(matched) if matched else 0.0,
        "false_positives": false_pos,
        "label_words_taken": label_words,
        "missed": sorted(set(kinds) - set(matched)),
        "wrong_kinds": {n: f"{k} (gold {kinds[n]})" for n, k in matched.items() if kinds[n] != k},
        "first_names": sum(x["right"] for x in links) / len(links) if links else 0.0,
        "first_name_rows": links,
    }


def _rank(hits: list[Any], ref: dict[str, Any]) -> int | None:
    for i, h in enumerate(hits):
        if h.path == ref["file"] and h.start_line <= ref["line"] <= h.end_line:
            return i
    return None


def answer_rank(hits: list[Any], question: dict[str, Any]) -> int | None:
    """The rank of the first hit holding the question's answering line or one of its ``also`` lines."""
    ranks = [
        r for ref in (question["answer"], *question.get("also", ())) if (r := _rank(hits, ref)) is not None
    ]
    return min(ranks, default=None)


def _cites(citation: str | None, ref: dict[str, Any]) -> bool:
    """Whether a superseded mark (``path#L7`` or ``path#L7-L9``, then the day) names the line ``ref``."""
    if not citation or "#L" not in citation:
        return False
    path, _, span = citation.split(" ", 1)[0].partition("#L")  # "path#L7 (2026-11-20)": the day after
    first, _, last = span.partition("-L")
    try:
        lo, hi = int(first), int(last or first)
    except ValueError:
        return False
    return path == ref["file"] and lo <= ref["line"] <= hi


def score_search(mem: Any, labels: dict[str, Any]) -> dict[str, Any]:
    """Supersession pairs and questions answered in the top 3."""
    today = date.fromisoformat(labels["today"])
    olders = {(s["older"]["file"], s["older"]["line"]) for s in labels["supersession"]}
    pairs, stray_marks = [], []
    for s in labels["supersession"]:
        hits = mem.search(s["query"], max_results=5, min_score=0.0, today=today)
        new, old = _rank(hits, s["newer"]), _rank(hits, s["older"])
        marked = old is not None and hits[old].superseded is not None
        same = new is not None and new == old and _cites(hits[new].superseded, s["newer"])
        ok = new is not None and (old is None or (new < old and marked) or same)
        pairs.append(
            {"query": s["query"], "newer_rank": new, "older_rank": old, "marked": marked, "right": ok}
        )
    questions = []
    for q in labels["questions"]:
        hits = mem.search(q["q"], max_results=3, today=today)
        rank = answer_rank(hits, q)
        questions.append({"q": q["q"], "kind": q["kind"], "rank": rank, "right": rank is not None})
        for h in hits:
            if h.superseded and not any(h.path == f and h.start_line <= ln <= h.end_line for f, ln in olders):
                stray_marks.append(f"{q['q']}: {h.citation}")
    by_kind: dict[str, list[bool]] = {}
    for q in questions:
        by_kind.setdefault(q["kind"], []).append(q["right"])
    return {
        "supersession": sum(p["right"] for p in pairs) / len(pairs) if pairs else 0.0,
        "supersession_rows": pairs,
        "questions_top3": sum(q["right"] for q in questions) / len(questions) if questions else 0.0,
        "questions_by_kind": {k: sum(v) / len(v) for k, v in sorted(by_kind.items())},
        "question_rows": questions,
        "stray_superseded_marks": stray_marks,
    }


def run(which: str) -> dict[str, Any]:
    """Every measure on one labelled set (``dev``, ``held_out``, ``held_out_2`` .. ``held_out_7``)."""
    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        result: dict[str, Any] = {"set": which, "dates": score_dates(root, labels)}
        mem = _open(root)
        try:
            result["entities"] = score_entities(mem, labels)
            result.update(score_search(mem, labels))
        finally:
            mem.close()
    return result


def report(res: dict[str, Any], misses: bool = False) -> None:
    """The table of figures; with ``misses``, every entity, kind and first-name miss too."""
    d, e = res["dates"], res["entities"]
    print(f"knowledge eval on {res['set']}")
    print(
        f"  dates right        {d['recall']:.2f}  ({d['right']}/{d['gold']}; event {d['event']:.2f},"
        f" mention {d['mention']:.2f}); precision {d['precision']:.2f}, false dates {len(d['false_dates'])}"
    )
    print(
        f"  entities           precision {e['precision']:.2f}  recall {e['recall']:.2f}"
        f"  kinds right {e['kinds_right']:.2f}  ({e['predicted']} found, {e['gold']} gold,"
        f" {len(e['label_words_taken'])} label words taken)"
    )
    print(f"  first names linked {e['first_names']:.2f}")
    print(
        f"  supersession right {res['supersession']:.2f}  (stray marks {len(res['stray_superseded_marks'])})"
    )
    kinds = ", ".join(f"{k} {v:.2f}" for k, v in res["questions_by_kind"].items())
    print(f"  questions in top 3 {res['questions_top3']:.2f}  ({kinds})")
    for w in d["wrong"]:
        print(
            f"    date wrong: {w['file']}:{w['line']} {w['text']!r} → {w['got']} (gold {w['days'][0]}"
            f"{'…' + w['days'][-1] if len(w['days']) > 1 else ''}, {w['role']})"
        )
    for f in d["false_dates"]:
        print(f"    false date: {f['file']}:{f['line']} {f['text'][:60]!r} → {f['got']}")
    if misses:
        report_entity_misses(e)


def report_entity_misses(e: dict[str, Any]) -> None:
    """Entities found but not gold, gold not found, wrong kinds and first names linked wrong."""
    for name in e["false_positives"]:
        print(f"    entity not gold: {name}")
    for name in e["missed"]:
        print(f"    entity missed: {name}")
    for name, why in e["wrong_kinds"].items():
        print(f"    kind wrong: {name}: {why}")
    for row in e["first_name_rows"]:
        if not row["right"]:
            print(f"    first name: {row['short']} → {row['linked_to']} (gold {row['full']})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sets = sorted(p.name.removesuffix(".labels.json") for p in DATA.glob("*.labels.json"))
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--held-out", action="store_true", help="the set kept aside (run once, at the end)")
    which.add_argument("--set", choices=sets, help="the labelled set to measure (default: dev)")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    parser.add_argument("--misses", action="store_true", help="print entity, kind and first-name misses")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(Path(args.src).resolve()))
    which = "held_out" if args.held_out else args.set or "dev"
    res = run(which)
    report(res, args.misses)
    out = ROOT / "results" / ("knowledge.json" if which == "dev" else f"knowledge-{which}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2, default=str) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
