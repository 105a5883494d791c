"""Could the averaged context models decide more of the kind decision? Measured leaving one set out.

Reads the rows ``kind_audit.py --rows`` kept (every tunable set, named one by one; never a blind set). The
shipped decision (:func:`kind_gates_eval.averaged_decision`: the static model as shipped, the sentence model
trained on every other set, averaged at share 0.5 and answering at 0.2) is the base; each variant changes
one tier and is scored against it per set:

* ``calibrate``: one kind's averaged probability scaled by a factor before the average answers, for the
  names nothing else types (is a kind, "organisation" say, under-predicted by the models?);
* ``shape``: the average replaces the shape's default ("NatureScot": a product by its humps) at a gate;
* ``name``: the average replaces the name-only model's kind at a gate.

It also prints the confusion table (gold kind × shipped kind) of the rows. Usage::

    python benchmarks/kind_tiers_eval.py --rows A.json [--probs CACHE.json] [--changes]

``--probs`` keeps the left-out probabilities (the sentence model embeds every row's lines: minutes).
Writes ``benchmarks/results/kind_tiers.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_gates_eval as kge  # noqa: E402
import kind_slots_eval as kse  # noqa: E402
import knowledge_eval as ke  # noqa: E402

Probs = dict[str, float]
#: A variant: (row, static probabilities, sentence probabilities, the shipped kind) → its kind.
Variant = Callable[[dict[str, Any], Probs, Probs, str], str]
SHARE, GATE = 0.5, 0.2


def confusion(rows: list[dict[str, Any]]) -> str:
    """The gold kind × shipped kind table (Markdown), right on the diagonal."""
    pairs = Counter((r["gold"], r["kind"]) for r in rows)
    kinds = sorted({k for p in pairs for k in p})
    lines = ["| gold \\ found | " + " | ".join(kinds) + " | right / gold |", "|---" * (len(kinds) + 2) + "|"]
    for g in kinds:
        total = sum(v for (a, _b), v in pairs.items() if a == g)
        if total:
            cells = [str(pairs.get((g, k), "")) for k in kinds]
            lines.append(f"| {g} | " + " | ".join(cells) + f" | {pairs.get((g, g), 0)} / {total} |")
    right = sum(v for (a, b), v in pairs.items() if a == b)
    return "\n".join(lines + [f"right {right} of {len(rows)}"])


def left_out(rows: list[dict[str, Any]], cache: Path | None) -> tuple[list[Probs], list[Probs]]:
    """Each row's static (as shipped) and sentence (trained on the other sets) probabilities, left out."""
    if cache is not None and cache.is_file():
        got = json.loads(cache.read_text(encoding="utf-8"))
        return got["static"], got["sentence"]
    x = kse.matrix(rows, False)
    static = kge.shipped_static_probs(rows, x)
    sentence = kge.loso_probs(rows, np.concatenate([x, kse.sentence_matrix(rows)], 1))
    if cache is not None:
        cache.write_text(json.dumps({"static": static, "sentence": sentence}), encoding="utf-8")
    return static, sentence


def _mix(a: Probs, b: Probs) -> Probs:
    return {k: (1 - SHARE) * a[k] + SHARE * b[k] for k in a}


def _shape_tier(row: dict[str, Any]) -> bool:
    from mdrecall.knowledge.kinds.kind_vote import vote

    ev = kse.evidence(row)
    kind, cued = vote(ev.forms)
    return not cued and ev.head is None and kind is not None


def calibrate(kind: str, factor: float) -> Variant:
    """``kind``'s averaged probability × ``factor`` (renormalised) where the average decides."""

    def run(row: dict[str, Any], a: Probs, b: Probs, shipped: str) -> str:
        if kge.decide(row, a, kge.SHIPPED)[1] not in ("context model", "none"):
            return shipped
        m = _mix(a, b)
        m[kind] *= factor
        total = sum(m.values())
        return kge.decide(row, {k: v / total for k, v in m.items()}, dict(kge.SHIPPED, ctx=GATE, over=1.01))[
            0
        ]

    return run


def overrule(tier: str, gate: float) -> Variant:
    """The average's kind in place of ``tier``'s (``shape`` or ``name``) where it reaches ``gate``."""

    def run(row: dict[str, Any], a: Probs, b: Probs, shipped: str) -> str:
        hit = _shape_tier(row) if tier == "shape" else kge.decide(row, a, kge.SHIPPED)[1] == "name model"
        if not hit:
            return shipped
        m = _mix(a, b)
        best = max(m, key=lambda k: m[k])
        return best if m[best] >= gate else shipped

    return run


def measure(
    rows: list[dict[str, Any]], static: list[Probs], sentence: list[Probs], variant: Variant
) -> tuple[dict[str, int], list[str]]:
    """Per set, the variant's kinds right minus the shipped decision's; and each name it changes."""
    diff: Counter[str] = Counter({r["set"]: 0 for r in rows})
    changes = []
    for r, a, b in zip(rows, static, sentence, strict=True):
        base = kge.averaged_decision(r, a, b, SHARE, GATE)
        got = variant(r, a, b, base)
        diff[r["set"]] += int(got == r["gold"]) - int(base == r["gold"])
        if got != base:
            mark = "+" if got == r["gold"] else "-" if base == r["gold"] else "~"
            changes.append(f"{mark} {r['set']} {r['name']}: {base} → {got}, gold {r['gold']}")
    return dict(diff), changes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, nargs="+", required=True)
    parser.add_argument("--probs", type=Path, help="read/write the left-out probabilities here (JSON)")
    parser.add_argument("--changes", action="store_true", help="list each name a variant changes")
    args = parser.parse_args()
    rows = [r for f in args.rows for r in json.loads(f.read_text(encoding="utf-8"))]
    print(confusion(rows))
    static, sentence = left_out(rows, args.probs)
    base = sum(
        kge.averaged_decision(r, a, b, SHARE, GATE) == r["gold"]
        for r, a, b in zip(rows, static, sentence, strict=True)
    )
    print(f"\nleft out, the shipped decision: {base} of {len(rows)}")
    variants: dict[str, Variant] = {}
    for kind in kse.KINDS:
        for f in (0.6, 0.8, 1.25, 1.5, 2.0):
            variants[f"calibrate {kind} ×{f}"] = calibrate(kind, f)
    for tier in ("shape", "name"):
        for g in (0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
            variants[f"{tier} ← average at {g}"] = overrule(tier, g)
    table = []
    for label, variant in variants.items():
        diff, changes = measure(rows, static, sentence, variant)
        net, worst = sum(diff.values()), min(diff.values())
        lower = [s for s, d in diff.items() if d < 0]
        print(f"  {label}: net {net:+d}, worst set {worst:+d}" + (f" ({', '.join(lower)})" if lower else ""))
        if args.changes:
            print("\n".join(f"      {c}" for c in changes))
        table.append({"variant": label, "diff": diff, "net": net, "worst": worst})
    out = ke.ROOT / "results" / "kind_tiers.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"base": base, "variants": table}, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
