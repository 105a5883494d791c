"""Does more input for the sentence model raise kinds right left out, where the context models decide?

Reads the rows ``kind_audit.py --rows`` kept (every tunable set, named one by one; never a blind set). The
base is the shipped decision left out (:func:`kind_gates_eval.averaged_decision`: the static model as
shipped, the sentence model trained on every other set with the names no rule types weighed ``--up``
times, averaged at share 0.5, answering at 0.2). Each variant appends a block of features to the sentence
model's input (the static model is left as shipped) and is retrained and scored the same way:

* ``slots``: the grammatical slots around the mentions (:func:`mdrecall.knowledge.lexicon.kind_slots.slots`:
  the word before, what follows, the supersenses of the nouns and verbs around), pooled over all mentions;
* ``shape``: more of the name's own shape (:func:`mdrecall.knowledge.kinds.name_shape.shape_features`).

Prints kinds right per set, the context tier's right / decided, and the names each variant changes.
``--cache`` keeps the feature matrices (the sentence model embeds every row's lines: minutes). Usage::

    python benchmarks/kind_extra_eval.py --rows rows.json --cache feats.npz [--changes]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_context_eval as kce  # noqa: E402
import kind_gates_eval as kge  # noqa: E402
import kind_slots_eval as kse  # noqa: E402

SHARE, GATE = 0.5, 0.2
Row = dict[str, Any]


def blocks(rows: list[Row], cache: Path | None) -> dict[str, np.ndarray]:
    """The static features, the sentence vectors and the extra blocks of every row (kept in ``cache``)."""
    if cache is not None and cache.is_file():
        with np.load(cache) as data:
            got = {k: data[k] for k in data.files}
    else:
        x = kse.matrix(rows, True)
        from mdrecall.knowledge.lexicon.kind_slots import WIDTH

        got = {"x": x[:, :-WIDTH], "slots": x[:, -WIDTH:], "sentence": kse.sentence_matrix(rows)}
        if cache is not None:
            np.savez_compressed(cache, **got)
    got["shape"] = shape_block(rows)
    return got


def shape_block(rows: list[Row]) -> np.ndarray:
    """Each row's :func:`~mdrecall.knowledge.kinds.name_shape.shape_features`."""
    from mdrecall.knowledge.kinds.name_shape import shape_features

    return np.asarray([shape_features(r["name"]) for r in rows], np.float32)


def sentence_probs(rows: list[Row], x: np.ndarray, weight: np.ndarray, l2: float) -> list[dict[str, float]]:
    """Each row's sentence-model probabilities, trained on every other set with ``weight``."""
    y = np.array([kse.KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    out: list[dict[str, float]] = [{} for _ in rows]
    for s in dict.fromkeys(sets):
        train = sets != s
        w, b = kce.fit(x[train], y[train], len(kse.KINDS), l2=l2, sample_weight=weight[train])
        for i, q in zip(np.flatnonzero(sets == s), kce.softmax(x[sets == s] @ w + b), strict=True):
            out[i] = {k: float(v) for k, v in zip(kse.KINDS, q, strict=True)}
    return out


def score(
    rows: list[Row], static: list[dict[str, float]], sentence: list[dict[str, float]], tier: list[bool]
) -> tuple[Counter[str], list[int], list[str]]:
    """Kinds right per set, the context tier's [right, decided], and each row's kind."""
    right: Counter[str] = Counter({r["set"]: 0 for r in rows})
    ctx = [0, 0]
    kinds = []
    for r, a, b, asked in zip(rows, static, sentence, tier, strict=True):
        kind = kge.averaged_decision(r, a, b, SHARE, GATE)
        kinds.append(kind)
        right[r["set"]] += kind == r["gold"]
        if asked:
            ctx[0] += kind == r["gold"]
            ctx[1] += 1
    return right, ctx, kinds


def prior_decision(
    row: Row,
    static: dict[str, float],
    sentence: dict[str, float],
    prior: dict[str, float],
    power: float,
    below: float,
) -> str:
    """The shipped decision, the averaged probabilities × the workspace's prior ** ``power`` where their
    top is below ``below``."""
    kind, tier = kge.decide(row, static, kge.SHIPPED)
    if tier not in ("context model", "none"):
        return kind
    mixed = {k: (1 - SHARE) * static[k] + SHARE * sentence[k] for k in static}
    if max(mixed.values()) < below:
        mixed = {k: v * prior.get(k, 1e-3) ** power for k, v in mixed.items()}
        total = sum(mixed.values()) or 1.0
        mixed = {k: v / total for k, v in mixed.items()}
    return kge.decide(row, mixed, dict(kge.SHIPPED, ctx=GATE, over=1.01))[0]


def priors(rows: list[Row], tier: list[bool]) -> dict[str, dict[str, float]]:
    """Per set (one workspace), the share of each kind among the names the rules type."""
    counts: dict[str, Counter[str]] = {}
    for r, asked in zip(rows, tier, strict=True):
        if not asked:
            counts.setdefault(r["set"], Counter())[r["kind"]] += 1
    return {
        s: {k: (c[k] + 1) / (sum(c.values()) + len(kse.KINDS)) for k in kse.KINDS} for s, c in counts.items()
    }


def prior_table(
    rows: list[Row],
    static: list[dict[str, float]],
    sent: list[dict[str, float]],
    tier: list[bool],
    base: Counter[str],
) -> None:
    """Prints kinds right against ``base``, the workspace's prior weighed in where the models are unsure."""
    pri = priors(rows, tier)
    for power in (0.5, 1.0):
        for below in (0.4, 0.6, 1.01):
            right: Counter[str] = Counter({r["set"]: 0 for r in rows})
            for r, a, b in zip(rows, static, sent, strict=True):
                right[r["set"]] += prior_decision(r, a, b, pri.get(r["set"], {}), power, below) == r["gold"]
            diff = {s: right[s] - base[s] for s in base}
            lower = [f"{s} {d:+d}" for s, d in diff.items() if d < 0]
            print(
                f"  prior ** {power} below {below}: {sum(diff.values()):+d}; "
                f"lower: {', '.join(lower) or 'none'}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--up", type=float, default=2.0)
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("--variants", nargs="*", default=["slots", "shape", "slots+shape"])
    parser.add_argument("--changes", action="store_true")
    parser.add_argument("--prior", action="store_true", help="weigh the workspace's prior in where unsure")
    args = parser.parse_args()
    rows: list[Row] = json.loads(args.rows.read_text(encoding="utf-8"))
    got = blocks(rows, args.cache)
    static = kge.shipped_static_probs(rows, got["x"])
    tier = [
        kge.decide(r, a, kge.SHIPPED)[1] in ("context model", "none")
        for r, a in zip(rows, static, strict=True)
    ]
    weight = np.array([args.up if kse.asked(r) else 1.0 for r in rows], np.float32)
    base_x = np.concatenate([got["x"], got["sentence"]], 1)
    sent = sentence_probs(rows, base_x, weight, args.l2)
    base, base_ctx, base_kinds = score(rows, static, sent, tier)
    if args.prior:
        prior_table(rows, static, sent, tier, base)
    print(f"base (up {args.up}, l2 {args.l2}): {sum(base.values())} of {len(rows)}; context tier {base_ctx}")
    for variant in args.variants:
        extra = [got[part] for part in variant.split("+")]
        x = np.concatenate([base_x, *extra], 1)
        right, ctx, kinds = score(rows, static, sentence_probs(rows, x, weight, args.l2), tier)
        diff = {s: right[s] - base[s] for s in base}
        lower = [f"{s} {d:+d}" for s, d in diff.items() if d < 0]
        higher = [f"{s} {d:+d}" for s, d in diff.items() if d > 0]
        print(
            f"  {variant}: {sum(right.values())} ({sum(diff.values()):+d}); context tier {ctx}; "
            f"lower: {', '.join(lower) or 'none'}; higher: {', '.join(higher) or 'none'}"
        )
        if args.changes:
            for r, k0, k1 in zip(rows, base_kinds, kinds, strict=True):
                if k0 != k1:
                    mark = "+" if k1 == r["gold"] else "-" if k0 == r["gold"] else "~"
                    print(f"      {mark} {r['set']} {r['name']}: {k0} → {k1}, gold {r['gold']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
