"""Does the learned entity filter carry to notes the rules were never tuned on? Replayed from git history.

Leaving a tuned set out (``entity_filter_eval.py``) scores the filter against rules that were tuned on that
very set: what they let through is a hard residue. Four labelled sets were written blind and only then
tuned on; at the commit that added each, the rules had never seen it. For each, this script takes that
commit's ``src`` (``git archive``, read-only), grafts this checkout's :mod:`mdrecall.knowledge.entity_filter`
onto its entity view (shims for the few helpers that came later), trains the filter on the sets tuned by
then (``entity_filter_eval.training``), chooses its threshold leaving one of them out
(``entity_filter_eval.choose``), and scores the new set: precision, recall and kinds of the rules as they
were, and of the rules with the filter at the chosen threshold and at a few fixed ones. Usage::

    python benchmarks/entity_filter_replay.py [--sets held_out_13 held_out_11 ...]

Needs git and this repository's history. Writes ``benchmarks/results/entity_filter_replay.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The tuned sets in the order they were added (named one by one: never a blind set).
ORDER = [
    "dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "held_out_6", "held_out_7",
    "held_out_8", "held_out_9", "held_out_10", "held_out_11",
]  # fmt: skip
#: Each set written blind, the commit that added it, and how many of :data:`ORDER` were tuned by then.
REPLAYS = {
    "held_out_9": ("24a0eec", 9),
    "held_out_10": ("a17b5d5", 10),
    "held_out_11": ("cc0efb8", 11),
    "held_out_13": ("45a5864", 12),
}
FIXED = [0.2, 0.3, 0.4, 0.5]

_HOOK_OLD = (
    "        found = [self._entity(root, parts) for root, parts in groups.items() if root not in shared]\n"
)
_HOOK_NEW = (
    "        accepted = [(r, self._entity(r, p), p) for r, p in groups.items() if r not in shared]\n"
    "        drop = entity_filter.dropped(\n"
    "            self.texts, self.store.entity_stats(), [entity_filter.listed(*a) for a in accepted]\n"
    "        )\n"
    "        found = [e for r, e, _p in accepted if r not in drop]\n"
)
_SHIMS = {  # helpers the filter reads that an older name_lists.py lacks
    "kin_word": (
        "\n\ndef kin_word(word: str) -> bool:\n"
        "    lines = (_DATA / 'kin_words.txt').read_text(encoding='utf-8').splitlines()\n"
        "    kept = [line.split('|')[1] for line in lines if '|' in line and not line.startswith('#')]\n"
        "    return word.casefold() in {w.strip() for words in kept for w in words.split(',')}\n"
    ),
    "demonym": "\n\ndef demonym(word: str) -> bool:\n    return False\n",
}


def graft(commit: str, into: Path) -> Path:
    """``commit``'s src under ``into``, with this checkout's entity filter in its entity view."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    knowledge = into / "src" / "mdrecall" / "knowledge"
    here = ROOT / "src" / "mdrecall" / "knowledge"
    text = (here / "entity_filter.py").read_text(encoding="utf-8")
    # that commit's tree is flat: this checkout's packages of mdrecall.knowledge are its top level
    text = re.sub(
        r"mdrecall\.knowledge\.(?:lexicon|mentions|kinds|aliases|dates|fact_lines|changes)\.",
        "mdrecall.knowledge.",
        text,
    )
    text = text.replace(
        "e.kind_source, e.kind_p,", 'getattr(e, "kind_source", None), getattr(e, "kind_p", None),'
    )
    (knowledge / "entity_filter.py").write_text(text, encoding="utf-8")
    shutil.copy(here / "data" / "entity_filter.npz", knowledge / "data" / "entity_filter.npz")
    index = (knowledge / "index.py").read_text(encoding="utf-8")
    if _HOOK_OLD not in index:
        raise SystemExit(f"{commit}: the entity view's listing line is not where the graft expects it")
    index = index.replace(_HOOK_OLD, _HOOK_NEW).replace(
        "from mdrecall.knowledge.extract import entity_key\n",
        "from mdrecall.knowledge import entity_filter\nfrom mdrecall.knowledge.extract import entity_key\n",
        1,
    )
    (knowledge / "index.py").write_text(index, encoding="utf-8")
    lists = (knowledge / "name_lists.py").read_text(encoding="utf-8")
    lists += "".join(code for name, code in _SHIMS.items() if f"def {name}(" not in lists)
    (knowledge / "name_lists.py").write_text(lists, encoding="utf-8")
    return into / "src"


def replay(unseen: str, tuned: list[str]) -> dict[str, Any]:
    """In this process (run with an old commit's src first on the path): the filter trained on ``tuned``,
    its threshold chosen leaving one of them out, scored on ``unseen``."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import entity_filter_eval as efe

    data = {s: efe.gather(s) for s in [*tuned, unseen]}
    old = {s: data[s] for s in tuned}
    table = efe.loso(old)
    chosen = efe.choose(old, table)
    weights, bias = efe.fit(*efe.training(data, tuned))
    rows, n = data[unseen]["rows"], data[unseen]["n_gold"]
    p = efe.prob(np.asarray([r["x"] for r in rows], dtype=np.float64), weights, bias)
    out: dict[str, Any] = {"chosen": chosen, "rules": efe.score(rows, n, [True] * len(rows)), "at": {}}
    for t in sorted({chosen, *FIXED}):
        cell = efe.score(rows, n, [bool(q >= t) for q in p])
        cell["dropped_false"] = sum(1 for r, q in zip(rows, p, strict=True) if q < t and r["gold"] is None)
        cell["dropped_true"] = sum(1 for r, q in zip(rows, p, strict=True) if q < t and r["gold"] is not None)
        out["at"][str(t)] = cell
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=list(REPLAYS))
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)  # (unseen, tuned): run in a subprocess
    args = parser.parse_args()
    if args.one:
        print(json.dumps(replay(args.one[0], args.one[1].split())))
        return 0
    results: dict[str, Any] = {}
    for unseen in args.sets:
        commit, n = REPLAYS[unseen]
        tuned = " ".join(ORDER[:n])
        with tempfile.TemporaryDirectory() as tmp:
            src = graft(commit, Path(tmp))
            env = {**os.environ, "PYTHONPATH": str(src), "PYTHONDONTWRITEBYTECODE": "1"}
            done = subprocess.run(
                [sys.executable, __file__, "--one", unseen, tuned], env=env, capture_output=True, text=True
            )
            if done.returncode:
                raise SystemExit(done.stderr)
            results[unseen] = json.loads(done.stdout.strip().splitlines()[-1])
        r = results[unseen]
        print(f"{unseen} (rules at {commit}, threshold chosen on the sets tuned then: {r['chosen']})")
        print(f"  rules      precision {r['rules']['precision']:.3f}  recall {r['rules']['recall']:.3f}")
        for t, c in r["at"].items():
            mark = "*" if float(t) == r["chosen"] else " "
            figures = f"precision {c['precision']:.3f}  recall {c['recall']:.3f}  kinds {c['kinds']:.3f}"
            print(f"  {mark}at {t:5} {figures}  dropped {c['dropped_false']} false, {c['dropped_true']} true")
    out = ROOT / "benchmarks" / "results" / "entity_filter_replay.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
