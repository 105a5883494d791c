"""Does a change to the kind rules raise kinds right left out? Scored in seconds from kept probabilities.

A rule's change alters a row's evidence (the kinds its mentions were read with), not the words around its
mentions, so the context models' left-out probabilities of the rows gathered before the change still hold
after it. This reads the rows ``kind_audit.py --rows`` kept before and after a change (every tunable set,
named one by one; never a blind set) and the left-out probabilities ``kind_tiers_eval.py --probs`` kept for
the rows before, matches the rows by set and name (the gathering's order may differ), decides each row as
shipped (:func:`kind_gates_eval.averaged_decision`: the static model as shipped, the sentence model
trained on every other set, averaged at share 0.5, answering at 0.2) and prints kinds right per set before
and after, and each name whose kind changes. Usage::

    python benchmarks/kind_audit.py --rows before.json          # on the commit before the change
    python benchmarks/kind_tiers_eval.py --rows before.json --probs probs.json
    python benchmarks/kind_audit.py --rows after.json           # with the change
    python benchmarks/kind_rule_loso.py --before before.json --after after.json --probs probs.json

A row of the changed rows that the rows before lack (a name newly matched) has no kept probabilities: it is
listed and left out of the scores.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_gates_eval as kge  # noqa: E402

SHARE, GATE = 0.5, 0.2
Row = dict[str, Any]


def _key(row: Row) -> tuple[str, str]:
    return row["set"], row["name"]


def decided(rows: list[Row], probs: dict[tuple[str, str], tuple[dict[str, float], dict[str, float]]]) -> dict:
    """Each row's left-out kind as shipped, by (set, name); rows without kept probabilities are skipped."""
    out = {}
    for r in rows:
        if (p := probs.get(_key(r))) is not None:
            out[_key(r)] = kge.averaged_decision(r, p[0], p[1], SHARE, GATE)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="rows kept before the change")
    parser.add_argument("--after", type=Path, required=True, help="rows kept with the change")
    parser.add_argument("--probs", type=Path, required=True, help="kind_tiers_eval.py --probs of --before")
    args = parser.parse_args()
    before: list[Row] = json.loads(args.before.read_text(encoding="utf-8"))
    after: list[Row] = json.loads(args.after.read_text(encoding="utf-8"))
    kept = json.loads(args.probs.read_text(encoding="utf-8"))
    if len(kept["static"]) != len(before):
        raise SystemExit("the probabilities were not kept for these rows (their counts differ)")
    probs = {_key(r): (a, b) for r, a, b in zip(before, kept["static"], kept["sentence"], strict=True)}
    gold = {_key(r): r["gold"] for r in before}
    old, new = decided(before, probs), decided(after, probs)
    for k in sorted({_key(r) for r in after} - set(probs)):
        print(f"  no kept probabilities (not scored): {k[0]} {k[1]}")
    right_old: Counter[str] = Counter(s for (s, n), kind in old.items() if kind == gold[(s, n)])
    right_new: Counter[str] = Counter(s for (s, n), kind in new.items() if kind == gold[(s, n)])
    sets = list(dict.fromkeys(r["set"] for r in before))
    print(f"{'set':12} {'before':>7} {'after':>7}")
    for s in sets:
        mark = "" if right_new[s] == right_old[s] else f"  {right_new[s] - right_old[s]:+d}"
        print(f"{s:12} {right_old[s]:7} {right_new[s]:7}{mark}")
    net = sum(right_new.values()) - sum(right_old.values())
    print(f"left out: {sum(right_old.values())} → {sum(right_new.values())} ({net:+d}) of {len(old)}")
    for k in sorted(set(old) & set(new)):
        if old[k] != new[k]:
            mark = "+" if new[k] == gold[k] else "-" if old[k] == gold[k] else "~"
            print(f"  {mark} {k[0]:12} {k[1]}: {old[k]} → {new[k]}, gold {gold[k]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
