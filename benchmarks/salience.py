"""Precision and recall of the salience rules (``mdrecall.text.salience``) on LoCoMo dev turns.

Two references, both turn-level (a turn counts as noted when the rules note any sentence of it):

* **hand labels** (``benchmarks/salience_labels.json``): turns of the LoCoMo dev conversations labelled
  by hand, 1 = worth keeping (a decision, preference, plan, or a fact about a person/project/event),
  0 = greetings, questions, reactions, encouragement. Only ids and labels are stored, never the text.
  ``tuning`` (143 turns) was used to adjust the rules; ``heldout`` (57 turns, labelled before any
  adjustment) and ``heldout_later`` (57 more, labelled after it) never were, so theirs are the honest
  figures;
* **LoCoMo's observations**: every turn the dataset's own per-session observations cite as evidence
  (a machine-made list of facts), over all turns of the five conversations. A looser reference: it
  cites most turns that mention anything about a speaker.

Usage::

    python benchmarks/salience.py            # both references
    python benchmarks/salience.py --show     # also list the hand-labelled misses and false alarms

Prints a table and writes ``benchmarks/results/salience.json``. The dataset is CC BY-NC: it is read
from shared/, never copied.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from mdrecall.text.salience import compile_rules, find_notes

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "datasets" / "locomo-dev" / "locomo-dev.json"
LABELS = ROOT / "salience_labels.json"
RESULTS = ROOT / "results"


def _turns(data: list[dict[str, Any]]) -> dict[str, str]:
    """``conv-id/D<s>:<n>`` → text, for every turn of every session."""
    out = {}
    for conv in data:
        c = conv["conversation"]
        for key, turns in c.items():
            if key.startswith("session_") and isinstance(turns, list):
                for t in turns:
                    out[f"{conv['sample_id']}/{t['dia_id']}"] = t.get("text", "")
    return out


def _observed(data: list[dict[str, Any]]) -> set[str]:
    """Turn ids cited as evidence by LoCoMo's per-session observations."""
    cited = set()
    for conv in data:
        for facts in conv.get("observation", {}).values():
            for items in facts.values():
                for item in items:
                    evidence = item[1] if len(item) > 1 else []
                    for dia in [evidence] if isinstance(evidence, str) else evidence:
                        for one in str(dia).replace(",", ";").split(";"):
                            if one.strip():
                                cited.add(f"{conv['sample_id']}/{one.strip()}")
    return cited


def _score(gold: dict[str, int], predicted: dict[str, bool]) -> dict[str, Any]:
    tp = sum(1 for k, g in gold.items() if g and predicted[k])
    fp = sum(1 for k, g in gold.items() if not g and predicted[k])
    fn = sum(1 for k, g in gold.items() if g and not predicted[k])
    tn = len(gold) - tp - fp - fn
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return {
        "turns": len(gold),
        "positives": tp + fn,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "precision": round(p, 3),
        "recall": round(r, 3),
        "f1": round(f1, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show", action="store_true", help="list the hand-labelled misses and false alarms")
    args = ap.parse_args()
    data = json.loads(DATA.read_text(encoding="utf-8"))
    turns = _turns(data)
    labels = json.loads(LABELS.read_text(encoding="utf-8"))
    hand: dict[str, int] = labels["tuning"]
    rules = compile_rules()
    notes = {k: find_notes(t, rules) for k, t in turns.items()}
    predicted = {k: bool(n) for k, n in notes.items()}
    observed = _observed(data)
    result = {
        "hand_labels": _score(hand, predicted),
        "hand_heldout": _score(labels["heldout"], predicted),
        "hand_heldout_later": _score(labels["heldout_later"], predicted),
        "hand_heldout_all": _score({**labels["heldout"], **labels["heldout_later"]}, predicted),
        "locomo_observations": _score({k: int(k in observed) for k in turns}, predicted),
        "kinds_on_hand_true_positives": Counter(
            n[0].kind for k, n in notes.items() if k in hand and hand[k] and n
        ).most_common(),
        "kinds_on_hand_false_positives": Counter(
            n[0].kind for k, n in notes.items() if k in hand and not hand[k] and n
        ).most_common(),
        "notes_per_noted_turn": round(
            sum(len(n) for n in notes.values()) / max(1, sum(predicted.values())), 2
        ),
    }
    print(
        f"{'reference':<22} {'turns':>6} {'pos':>5} {'TP':>4} {'FP':>4} {'FN':>4} {'P':>6} {'R':>6} {'F1':>6}"
    )
    for name in (
        "hand_labels",
        "hand_heldout",
        "hand_heldout_later",
        "hand_heldout_all",
        "locomo_observations",
    ):
        s = result[name]
        print(
            f"{name:<22} {s['turns']:>6} {s['positives']:>5} {s['tp']:>4} {s['fp']:>4} {s['fn']:>4} "
            f"{s['precision']:>6} {s['recall']:>6} {s['f1']:>6}"
        )
    print(f"kinds (hand TP): {result['kinds_on_hand_true_positives']}")
    print(f"kinds (hand FP): {result['kinds_on_hand_false_positives']}")
    if args.show:
        for k, g in hand.items():
            if bool(g) != predicted[k]:
                what = "MISS" if g else "FALSE"
                why = f" [{notes[k][0].kind}: {notes[k][0].text[:80]}]" if notes[k] else ""
                print(f"{what:<5} {k}: {turns[k][:150]}{why}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "salience.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
