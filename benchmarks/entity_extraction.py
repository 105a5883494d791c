"""Precision and recall of entity extraction against hand labels (``benchmarks/entity_labels.json``).

The labelled LoCoMo conversations are rendered as in ``benchmarks/quality.py`` and the example workspace
(``examples/timeline``) is copied; each is indexed (keyword only) so that the entity view applies its
rules over the whole workspace (recurrence, aliases). For every labelled line, the predicted mentions
are the accepted entities the index holds on that line. Unit: (line, normalised name). Reported for all
mentions, for mentions other than speaker labels, and per set; kind accuracy is over matched mentions
whose gold kind is person, place or organisation. The ``prose`` set is ordinary notes written for the
purpose (stored in the labels file), with every line labelled, so names found on lines that name nothing
count as false positives. Usage::

    python benchmarks/entity_extraction.py

Prints a table and writes ``benchmarks/results/entity_extraction.json``.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from quality import DATA, ROOT, _turn_line, render_locomo, write_files

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import entity_key

LABELS = ROOT / "entity_labels.json"
EXAMPLE = ROOT.parent / "examples" / "timeline"

Key = tuple[str, str, int]  # (set, path, line)


def _predicted(root: Path, lines: set[tuple[str, int]]) -> dict[tuple[str, int], dict[str, str]]:
    """Accepted entity names (normalised) → kind, per labelled (path, line)."""
    cfg = Config().merged({"embedding": {"provider": "none"}, "history": {"git": False}})
    with Memory.open(root, cfg) as mem:
        mem.index()
        index = EntityIndex(mem.store, cfg.entities)
        known = index.known()
        kinds = {e.name: e.kind for e in index.entities()}
        roots = {entity_key(n): k for n, k in kinds.items()}
        out: dict[tuple[str, int], dict[str, str]] = defaultdict(dict)
        for m in mem.store.mention_rows():  # type: ignore[attr-defined]
            if (m.path, m.line) in lines and m.key in known:
                out[(m.path, m.line)][m.key] = roots.get(known[m.key], "unknown")
    return out


def _gold_locomo(labels: list[dict[str, Any]], workdir: Path) -> dict[Key, list[dict[str, Any]]]:
    convs = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    gold: dict[Key, list[dict[str, Any]]] = defaultdict(list)
    by_conv: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for item in labels:
        by_conv[item["conv"]].append(item)
    for ci, items in by_conv.items():
        files, where, _ = render_locomo(convs[ci])
        root = workdir / f"locomo-{ci}"
        write_files(root, files)
        turns = {
            t["dia_id"]: t
            for k, v in convs[ci]["conversation"].items()
            if k.startswith("session_") and isinstance(v, list)
            for t in v
        }
        for item in items:
            path, line, _ = where[item["dia"]]
            text = _turn_line(turns[item["dia"]])
            name = text[item["start"] : item["end"]]
            gold[(f"locomo-{ci}", path, line)].append({**item, "name": name})
    return gold


def _gold_example(labels: list[dict[str, Any]], workdir: Path) -> dict[Key, list[dict[str, Any]]]:
    root = workdir / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("versions", "*.py", "README.md"))
    gold: dict[Key, list[dict[str, Any]]] = defaultdict(list)
    for item in labels:
        text = (root / item["path"]).read_text(encoding="utf-8").splitlines()[item["line"] - 1]
        name = text[item["start"] : item["end"]]
        gold[("example", item["path"], item["line"])].append({**item, "name": name})
    return gold


def _gold_prose(prose: dict[str, Any], workdir: Path) -> dict[Key, list[dict[str, Any]]]:
    """Ordinary prose notes: every labelled line counts, those naming nothing too (their finds are false
    positives)."""
    root = workdir / "prose"
    write_files(root, prose["files"])
    return {("prose", item["path"], item["line"]): list(item["names"]) for item in prose["labels"]}


def score(gold: dict[Key, list[dict[str, Any]]], workdir: Path) -> dict[str, Any]:
    """Counts of true/false positives and misses, overall, without speaker labels, and per set."""
    rows: list[tuple[str, bool, str, str | None, str]] = []  # (set, speaker, gold kind, predicted kind, name)
    false_pos: list[tuple[str, str]] = []
    sets = sorted({k[0] for k in gold})
    for name in sets:
        lines = {(p, ln) for s, p, ln in gold if s == name}
        pred = _predicted(workdir / name, lines)
        for p, ln in lines:
            want = {entity_key(g["name"]): g for g in gold[(name, p, ln)]}
            got = pred.get((p, ln), {})
            for key, g in want.items():
                rows.append((name, bool(g.get("speaker")), g["kind"], got.get(key), key))
            false_pos += [(name, key) for key in got if key not in want]
    return {"rows": rows, "false_positives": false_pos}


def _prf(rows: list[tuple[str, bool, str, str | None, str]], fps: int) -> dict[str, float]:
    tp = sum(1 for r in rows if r[3] is not None)
    return {
        "gold": len(rows),
        "found": tp,
        "false_positives": fps,
        "precision": tp / (tp + fps) if tp + fps else 0.0,
        "recall": tp / len(rows) if rows else 0.0,
    }


def main() -> int:
    labels = json.loads(LABELS.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        gold = {**_gold_locomo(labels["locomo"], workdir), **_gold_example(labels["example"], workdir)}
        gold.update(_gold_prose(labels["prose"], workdir))
        res = score(gold, workdir)
    rows, fps = res["rows"], res["false_positives"]
    table = {
        "all": _prf(rows, len(fps)),
        "not speaker labels": _prf([r for r in rows if not r[1]], len(fps)),
        "locomo": _prf(
            [r for r in rows if r[0].startswith("locomo")], sum(1 for f in fps if f[0].startswith("locomo"))
        ),
        "example": _prf([r for r in rows if r[0] == "example"], sum(1 for f in fps if f[0] == "example")),
        "prose": _prf([r for r in rows if r[0] == "prose"], sum(1 for f in fps if f[0] == "prose")),
    }
    typed = [r for r in rows if r[3] is not None and r[2] in ("person", "place", "organisation")]
    kind_acc = sum(1 for r in typed if r[3] == r[2]) / len(typed) if typed else 0.0
    typed_prose = [r for r in typed if r[0] == "prose"]
    kind_prose = sum(1 for r in typed_prose if r[3] == r[2]) / len(typed_prose) if typed_prose else 0.0
    print(f"{'subset':<20} {'gold':>5} {'found':>6} {'false+':>7} {'precision':>10} {'recall':>7}")
    for name, m in table.items():
        print(
            f"{name:<20} {m['gold']:>5} {m['found']:>6} {m['false_positives']:>7}"
            f" {m['precision']:>10.3f} {m['recall']:>7.3f}"
        )
    print(f"kind accuracy (person/place/organisation, {len(typed)} matched): {kind_acc:.3f}")
    print(f"  on prose ({len(typed_prose)} matched): {kind_prose:.3f}")
    missed = sorted({r[4] for r in rows if r[3] is None})
    print("missed:", ", ".join(missed) or "-")
    print("false positives:", ", ".join(sorted({f[1] for f in fps})) or "-")
    out = ROOT / "results" / "entity_extraction.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "subsets": table,
        "kind_accuracy": kind_acc,
        "kind_accuracy_prose": kind_prose,
        "missed": missed,
        "false_positives": fps,
    }
    out.write_text(json.dumps(payload, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
