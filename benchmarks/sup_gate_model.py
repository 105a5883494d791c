"""A calibrated second look at the change pass's refusals: the candidate pairs the lookup finds and a test of
:func:`~mdrecall.knowledge.changes.change_candidate.candidate` (or the cosine floor) refuses, scored by a
small logistic model and judged leaving one set out.

Rows: for each tuned labelled set (read as :mod:`sup_learn_data` reads it) the pairing is run as it is, with
the change pass's :func:`candidate` wrapped: every (older, newer) pair the lookup hands it is a row, with the
test that refuses it (:func:`~mdrecall.knowledge.changes.change_gates._candidate_gate`'s name, or
``cosine``) and the numbers the tests read (cosine, weighted cosine, the change kind, values differing, the
shared words' count and rarity, days between, same page). True: the set's labelled pair; false: every other
candidate. Only refused rows are scored (the model may only let a pair through, never stop one).

Left out: for each set, fitted on the other sets' refused rows, the threshold chosen on the training sets
(the lowest p at which the rows let through on them are all true), then the rows of the left-out set at or
above it counted right / wrong. The aside sets (held_out_31, _33, _34, _36) are never read here.

    python benchmarks/sup_gate_model.py [--src SRC] [--dump rows.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent

#: The tuned sets read (never a blind set, nor the four kept aside by h-sup42).
SETS = (
    "dev",
    "held_out",
    "held_out_2",
    "held_out_3",
    "held_out_4",
    "held_out_5",
    "held_out_6",
    "held_out_7",
    "held_out_8",
    "held_out_9",
    "held_out_10",
    "held_out_11",
    "held_out_13",
    "held_out_15",
    "held_out_16",
    "held_out_17",
    "held_out_18",
    "held_out_21",
    "held_out_22",
    "held_out_28",
    "held_out_29",
)
KINDS = ("strong", "weak", "plan", "pair", "typed")


def _rows(name: str) -> list[dict[str, Any]]:
    """Every candidate the change pass's lookup hands its tests on one set, with its outcome."""
    from sup_learn_data import labelled_set

    import mdrecall.knowledge.changes.change_pairs as cp
    from mdrecall.knowledge.changes.change_candidate import floor_waived
    from mdrecall.knowledge.changes.change_gates import _candidate_gate
    from mdrecall.knowledge.changes.change_rules import MIN_COSINE, TYPED_COSINE
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.value_kinds import value_slots, values_differ

    ws = labelled_set(name)
    seen: dict[tuple[Any, Any], dict[str, Any]] = {}
    real = cp.candidate

    def wrapped(state: Any, i: int, j: int, new_slots: set[str]) -> bool | None:
        paired = state.paired[i]
        got = real(state, i, j, new_slots)
        old, new = state.fact(i), state.fact(j)
        key = (state.key(i), state.key(j))
        if paired or key in seen:
            return got
        if got is None:
            gate = _candidate_gate(state, i, j, new_slots) or "candidate: other"
        else:
            floor = MIN_COSINE if state.kind[j] == "strong" else TYPED_COSINE
            low = state.similarity(i, j) < floor and not floor_waived(old, new)
            gate = "cosine" if low else ""
        shared = set(state.every[i]).intersection(state.every[j])
        own = shared.intersection(state.own[i], state.own[j])
        a, b = value_slots(old), value_slots(new)
        seen[key] = {
            "set": name,
            "old": list(key[0]),
            "new": list(key[1]),
            "y": int(ws.truth.get(key[0]) == key[1]),
            "gate": gate,
            "kind": state.kind[j],
            "cos": state.similarity(i, j),
            "wcos": state.weighted(i, j),
            "differs": int(values_differ(a, b)),
            "shared": len(shared),
            "own": len(own),
            "rare": min((state.df.get(w, 0) for w in shared), default=0) / max(state.cap, 1),
            "page": int(old.path == new.path),
            "old_day": int(bool(old.day)),
            "len_old": len(old.words.split()),
            "len_new": len(new.words.split()),
            "old_words": old.words[:100],
            "new_words": new.words[:100],
        }
        return got

    cp.candidate = wrapped
    try:
        supersessions(ws.facts)
    finally:
        cp.candidate = real
    return list(seen.values())


def features(rows: list[dict[str, Any]], gates: list[str]) -> np.ndarray:
    """The model's columns: a bias, the refusing test one-hot, the change kind one-hot, the numbers."""
    out = []
    for r in rows:
        x = [1.0]
        x += [float(r["gate"] == g) for g in gates]
        x += [float(r["kind"] == k) for k in KINDS]
        x += [r["cos"], r["wcos"], r["differs"], min(r["shared"], 8), min(r["own"], 6), r["rare"], r["page"]]
        x += [r["old_day"], np.log1p(r["len_old"]), np.log1p(r["len_new"])]
        out.append(x)
    return np.array(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=str(HERE.parent / "src"))
    ap.add_argument("--dump", default="")
    ap.add_argument("--load", default="")
    args = ap.parse_args()
    sys.path.insert(0, args.src)
    sys.path.insert(0, str(HERE))
    from sup_learn_data import fit, predict

    rows = json.loads(Path(args.load).read_text()) if args.load else [r for s in SETS for r in _rows(s)]
    if args.dump:
        Path(args.dump).write_text(json.dumps(rows))
    refused = [r for r in rows if r["gate"]]
    print(
        f"{len(rows)} candidate rows, {sum(r['y'] for r in rows)} true; refused {len(refused)}, "
        f"{sum(r['y'] for r in refused)} true"
    )
    by_gate = Counter((r["gate"], r["y"]) for r in refused)
    gates = sorted({r["gate"] for r in refused})
    for g in sorted(gates, key=lambda g: -by_gate[(g, 1)]):
        print(f"  {g:55s} true {by_gate[(g, 1)]:4d}  false {by_gate[(g, 0)]:5d}")
    x = features(refused, gates)
    y = np.array([r["y"] for r in refused])
    sets = np.array([r["set"] for r in refused])
    right = wrong = 0
    for s in SETS:
        train, test = sets != s, sets == s
        if not test.any():
            continue
        model = fit(x[train], y[train], l2=3.0)
        p_train = predict(model, x[train])
        # the lowest threshold at which every training row let through is true (at least one let through)
        order = np.argsort(-p_train)
        thr = 1.01
        for k in order:
            if y[train][k] == 0:
                break
            thr = p_train[k]
        p = predict(model, x[test])
        got = p >= thr
        r_, w_ = int((got & (y[test] == 1)).sum()), int((got & (y[test] == 0)).sum())
        right += r_
        wrong += w_
        print(
            f"{s:12s} thr {thr:.3f}  true refused {int(y[test].sum()):3d}  let through {r_} right, {w_} wrong"
        )
        for k in np.flatnonzero(got):
            row = [r for r, t in zip(refused, test, strict=True) if t][k]
            print(
                f"    {'+' if row['y'] else '-'} p {p[k]:.2f} {row['gate']}: {row['old_words'][:60]!r} → "
                f"{row['new_words'][:60]!r}"
            )
    print(f"left out: right {right}, wrong {wrong}")


if __name__ == "__main__":
    main()
