"""Entity precision on notes nobody tuned the entity rules on: the supersession pair corpora's lines.

The cases of ``sup_train.json``, ``sup_pairs.json``, ``sup_blind17.json``, ``sup_train19.json`` and
``sup_train19b.json`` (agent memory: labels, logs, chat quotes; never the blind ``sup_blind18/19``) are
laid out one world to a workspace, as ``sup_pairs_eval`` lays them out, and indexed as ``knowledge_eval``
indexes a labelled set. Every entity found is listed with its kind and up to three lines it came from.

The worlds are split in two halves by alternation (sorted by corpus and world): ``tune`` (read its false
names and fix their causes) and ``aside`` (marked as well, its misses read only at the end). The hand marks
live in ``knowledge/audit_names.json`` (world, name, line, is_entity, why); the script prints, per half,
the precision on the audited names (found names marked entities / found names marked either way), how many
found names are not marked yet, and how many names marked entities are no longer found (a recall check).

Usage::

    python benchmarks/entity_audit.py [--part tune|aside|all] [--src PATH] [--out FILE] [--false]

``--false`` prints the found names marked not-entities (use it on ``tune``); ``--new`` the unmarked ones.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "knowledge"
#: The corpora read (never the blind ``sup_blind18.json`` / ``sup_blind19.json``).
CORPORA = ("sup_train.json", "sup_pairs.json", "sup_blind17.json", "sup_train19.json", "sup_train19b.json")
MARKS = DATA / "audit_names.json"


def worlds() -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(world id, half, cases) for every world of the corpora, halves alternating in sorted order."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for name in CORPORA:
        for case in json.loads((DATA / name).read_text(encoding="utf-8"))["cases"]:
            wid = f"{Path(name).stem}:{case.get('world', 'pairs')}"
            grouped.setdefault(wid, []).append(case)
    ordered = sorted(grouped)
    return [(w, "tune" if i % 2 == 0 else "aside", grouped[w]) for i, w in enumerate(ordered)]


def found_names(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every entity the index finds in one world's workspace: name, kind, aliases and up to 3 lines."""
    from knowledge_eval import _open
    from sup_pairs_eval import _workspace

    from mdrecall.knowledge.index import EntityIndex

    files, _ = _workspace(cases)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        for rel, (_date, lines) in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        (root / "memory").mkdir(exist_ok=True)
        mem = _open(root)
        try:
            index = EntityIndex(mem.store, mem.config.entities)
            rows = []
            for e in index.entities():
                lines = [t["text"] for t in index.detail(e.name, limit=3).timeline]
                hows = sorted({m.how for m in mem.store.mention_rows(index.group(index.resolve(e.name)))})
                rows.append(
                    {
                        "name": e.name,
                        "kind": e.kind,
                        "aliases": sorted(e.aliases),
                        "how": hows,
                        "lines": lines,
                    }
                )
            return rows
        finally:
            mem.close()


def load_marks() -> dict[tuple[str, str], dict[str, Any]]:
    """(world, name) → the hand mark."""
    if not MARKS.exists():
        return {}
    marks = json.loads(MARKS.read_text(encoding="utf-8"))["names"]
    return {(m["world"], m["name"]): m for m in marks}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tune", "aside", "all"), default="tune")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "entity-audit.json")
    parser.add_argument("--false", action="store_true", help="print found names marked not-entities")
    parser.add_argument("--new", action="store_true", help="print found names not marked yet")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.src).resolve()) if args.src else str(ROOT.parent / "src"))
    sys.path.insert(0, str(ROOT))
    marks = load_marks()
    parts = ("tune", "aside") if args.part == "all" else (args.part,)
    listing: list[dict[str, Any]] = []
    for part in parts:
        found = right = wrong = unmarked = 0
        seen: set[tuple[str, str]] = set()
        for wid, half, cases in worlds():
            if half != part:
                continue
            for row in found_names(cases):
                listing.append({"world": wid, "half": half, **row})
                mark = marks.get((wid, row["name"]))
                seen.add((wid, row["name"]))
                found += 1
                if mark is None:
                    unmarked += 1
                    if args.new:
                        print(f"  NEW [{wid}] {row['name']} ({row['kind']}): {row['lines'][0][:110]}")
                elif mark["is_entity"]:
                    right += 1
                else:
                    wrong += 1
                    if args.false:
                        why, line = mark["why"], row["lines"][0][:90]
                        print(f"  FALSE [{wid}] {row['name']} {row['how']} ({why}): {line}")
        lost = [k for k, m in marks.items() if m["is_entity"] and k not in seen and _half(k[0]) == part]
        marked = right + wrong
        print(
            f"{part:5}  precision {right / marked if marked else 0.0:.3f} on {marked} audited names "
            f"({wrong} not entities), {unmarked} unmarked, {found} found; audited entities lost {len(lost)}"
        )
        for k in lost:
            print(f"    lost [{k[0]}] {k[1]}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(listing, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


_HALVES: dict[str, str] = {}


def _half(wid: str) -> str:
    if not _HALVES:
        _HALVES.update({w: h for w, h, _ in worlds()})
    return _HALVES.get(wid, "")


if __name__ == "__main__":
    raise SystemExit(main())
