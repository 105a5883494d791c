"""Would a line's meaning find the older line of a change? Each labelled older line's rank by meaning.

The rank is among the lines written before its newer line, by the cosine of the two lines' vectors, their
values masked.

Reads the pairs ``sup_funnel.py`` last wrote (``benchmarks/results/sup_funnel.json``: run it first on the sets
you tune on) and splits them: those the rules pair (``paired``…) and those lost at the lookup, the cosine
floor or a test of the shared words (``probe: …``, ``cosine``, ``candidate: no shared word``, ``… rare
word``, ``… newer's subject``). Each set is indexed as ``knowledge_eval.py`` indexes it; its fact lines are
read as the change pass reads them (:func:`~mdrecall.knowledge.changes.change_pairs.change_pass`). Prints, per
group, how often the true older line is the nearest, among the 3 and the 10 nearest earlier lines, and the
median cosine. ``--model static`` (default): the shipped static tier; ``local``: the MiniLM model (slow).

    python benchmarks/sup_meaning_rank.py [--model static|local] [--src SRC]

Session 28 (h-sup47), 21 tuned sets: the static tier puts the true older line first for 50% of the 302 pairs
made and 18% of the 125 lost (among 3: 77% / 42%); MiniLM about the same (18% / 47% of the lost): a meaning
lookup of a few lines finds under half of the lost older lines, and the gates after it still refuse most.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "knowledge"
FUNNEL = HERE / "results" / "sup_funnel.json"
#: The gates of the pairs counted as lost to words (the lookup, the cosine floor, the shared-word tests).
LOST = ("probe", "cosine", "candidate: no shared", "candidate: rare", "candidate: newer's")
#: A value masked before a line is embedded: a number with its unit or a price.
_VALUE = re.compile(r"\d[\d.,:/kK%-]*\w*|[€$£₹]\S*")


def _facts(which: str) -> tuple[list[Any], Any]:
    sys.path.insert(0, str(HERE))
    import knowledge_eval

    from mdrecall.knowledge.changes.superseded import line_names

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = knowledge_eval._open(root)
        try:
            return list(mem.store.fact_rows()), line_names(mem.store, mem.config.entities)
        finally:
            mem.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=("static", "local"), default="static")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.src).resolve()) if args.src else str(HERE.parent / "src"))
    from mdrecall.knowledge.changes.change_pairs import change_pass
    from mdrecall.knowledge.changes.change_rules import written_before

    if args.model == "static":
        from mdrecall.embedders.static import StaticEmbedder as Embedder
    else:
        from mdrecall.embedders.local import LocalEmbedder as Embedder  # type: ignore[assignment]
    embedder = Embedder()
    embedder.load()
    rows = json.loads(FUNNEL.read_text(encoding="utf-8"))["pairs"]
    by_set: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for p in rows:
        group = "made" if p["gate"].startswith("paired") and "different" not in p["gate"] else ""
        group = group or ("lost" if p["gate"].startswith(LOST) else "")
        if group:
            by_set.setdefault(p["set"], []).append((p, group))
    ranks: dict[str, list[tuple[int, float]]] = {"made": [], "lost": []}
    for which, pairs in by_set.items():
        facts, names = _facts(which)
        state = change_pass(facts, {}, names)
        lines = [n for n, f in enumerate(state.facts) if f is not None]
        at = {n: k for k, n in enumerate(lines)}
        vectors = embedder.embed_documents([_VALUE.sub("#", state.fact(n).words) for n in lines])
        for p, group in pairs:
            i = state.where.get((p["older"]["file"], p["older"]["line"]))
            j = state.where.get((p["newer"]["file"], p["newer"]["line"]))
            if i is None or j is None:
                continue
            before = [n for n in lines if n != j and written_before(state.fact(n), state.fact(j))]
            if i not in before:
                continue
            cos = {n: float(vectors[at[n]] @ vectors[at[j]]) for n in before}
            ranks[group].append((sorted(before, key=lambda n: -cos[n]).index(i), cos[i]))
    for group, got in ranks.items():
        if not got:
            continue
        share = {k: sum(r < k for r, _ in got) / len(got) for k in (1, 3, 10)}
        print(
            f"{group}: {len(got)} pairs; nearest {share[1]:.2f}, among 3 {share[3]:.2f}, among 10 "
            f"{share[10]:.2f}; median cosine {statistics.median(c for _, c in got):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
