"""Score the fact pairing on the supersession tuning set (benchmarks/knowledge/sup_pairs.json).

Each case is an older and a newer line, each in its file (``MEMORY.md``, a page under its title, a daily log
``memory/<date>.md``); ``same_fact`` says whether the newer changes the older's fact. The cases of one part
(``tune``, or ``aside``: kept for the end) are written into one workspace, in memory, and paired as the index
pairs them (:func:`mdrecall.knowledge.fact_lines.facts.line_facts`,
:func:`mdrecall.knowledge.changes.fact_pairs.supersessions`). A pair found between a case's lines where
``same_fact`` is true is right; any other pair among the cases' lines (a negative case's, or across cases) is
wrong. Prints precision and recall per part.

    python benchmarks/sup_pairs_eval.py [--part tune|aside|both] [--src SRC] [-v]

``--corpus tune|aside|all`` scores the hand-written corpus ``sup_train.json`` instead (same case format),
its worlds split as round 22 split them (docs/entities.md): :data:`CORPUS_TUNE`'s 5 worlds to tune on,
the other 13 kept aside. ``--file PATH`` scores every case of another corpus in the same format (a corpus
written blind and read only at the end, ``sup_blind17.json``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: The worlds of ``sup_train.json`` that the rules were tuned on in round 22 (the other 13 kept aside).
CORPUS_TUNE = frozenset({"household", "kitchen", "law", "logistics", "oss"})


def _workspace(cases: list[dict[str, Any]]) -> tuple[dict[str, tuple[str | None, list[str]]], dict]:
    """path → (file date, lines), and case id → ((older path, line), (newer path, line))."""
    files: dict[str, tuple[str | None, list[str]]] = {}
    where: dict[str, Any] = {}

    def put(side: dict[str, Any]) -> tuple[str, int]:
        if side["kind"] == "MEMORY.md":
            path, date, head = "MEMORY.md", None, ["# Memory", ""]
        elif side["kind"] == "daily":
            path, date, head = f"memory/{side['date']}.md", side["date"], [f"# {side['date']}", ""]
        else:
            path, date, head = side["path"], None, [f"# {side['title']}", ""]
        lines = files.setdefault(path, (date, list(head)))[1]
        lines.append(f"- {side['text']}")
        return path, len(lines)

    for c in cases:
        where[c["id"]] = (put(c["older"]), put(c["newer"]))
    return files, where


def score(cases: list[dict[str, Any]], verbose: bool = False) -> dict[str, Any]:
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.facts import line_facts

    files, where = _workspace(cases)
    facts = [
        f for path, (date, lines) in sorted(files.items()) for f in line_facts(path, "\n".join(lines), date)
    ]
    pairs = {old: (new.path, new.line) for old, new in supersessions(facts).items()}
    truth = {w[0]: w[1] for c in cases if c["same_fact"] for w in [where[c["id"]]]}
    right = sum(1 for old, new in pairs.items() if truth.get(old) == new)
    if verbose:
        label = {w[0]: c["id"] for c in cases for w in [where[c["id"]]]}
        for c in cases:
            old, new = where[c["id"]]
            got = pairs.get(old)
            ok = (got == new) == c["same_fact"] and (got is None or got == new or not c["same_fact"])
            mark = "ok " if ok else "BAD"
            print(f"  {mark} {c['id']} same={c['same_fact']!s:5} paired={got == new!s:5} {c['note']}")
        for old, new in pairs.items():
            if truth.get(old) != new and pairs.get(old) != where.get(label.get(old, ""), (None, None))[1]:
                print(f"  stray pair {old} -> {new}")
    found = len(pairs)
    return {
        "cases": len(cases),
        "true": len(truth),
        "pairs": found,
        "right": right,
        "precision": right / found if found else 1.0,
        "recall": right / len(truth) if truth else 1.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tune", "aside", "both"), default="tune")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    parser.add_argument("-v", "--verbose", action="store_true", help="each case's result")
    parser.add_argument("--corpus", choices=("tune", "aside", "all"), help="score sup_train.json instead")
    parser.add_argument("--file", type=Path, help="score every case of this corpus (same format) instead")
    args = parser.parse_args()
    sys.path.insert(0, args.src or str(HERE.parent / "src"))
    if args.file:
        res = score(json.loads(args.file.read_text())["cases"], args.verbose)
        print(
            f"{args.file.name}: {res['cases']} cases ({res['true']} true): pairs {res['pairs']}, "
            f"right {res['right']}, precision {res['precision']:.2f}, recall {res['recall']:.2f}"
        )
        return 0
    if args.corpus:
        every = json.loads((HERE / "knowledge" / "sup_train.json").read_text())["cases"]
        chosen = [
            c for c in every if args.corpus == "all" or (c["world"] in CORPUS_TUNE) == (args.corpus == "tune")
        ]
        res = score(chosen, args.verbose)
        print(
            f"corpus {args.corpus}: {res['cases']} cases ({res['true']} true): pairs {res['pairs']}, "
            f"right {res['right']}, precision {res['precision']:.2f}, recall {res['recall']:.2f}"
        )
        return 0
    cases = json.loads((HERE / "knowledge" / "sup_pairs.json").read_text())["cases"]
    parts = ("tune", "aside") if args.part == "both" else (args.part,)
    for part in parts:
        chosen = [c for c in cases if c.get("aside", False) == (part == "aside")]
        res = score(chosen, args.verbose)
        print(
            f"{part}: {res['cases']} cases ({res['true']} true): pairs {res['pairs']}, right {res['right']}, "
            f"precision {res['precision']:.2f}, recall {res['recall']:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
