"""Would another candidate source reach the supersession pairs the change pass's probe misses?

For every labelled pair that :mod:`sup_funnel` stops at a ``probe: …`` gate (the newer line's looked-up
rare words never find the older line), this measures two other ways of finding the older line, neither
of which the rules use:

* **vectors**: the older line's rank among the newer line's nearest lines by the static tier's vectors
  (:mod:`mdrecall.embedders.static`), of the lines written on an earlier day (or undated), as the
  cross-encoder's candidates find them (:func:`~mdrecall.knowledge.changes.cross_candidates.nearest_earlier`),
  and the two lines' cosine;
* **related words**: whether a WordNet synonym of one of the newer line's words
  (:func:`~mdrecall.text.synonyms.related_words`, the shipped lexicon) is a word of the older line;

and, beside each, the gates the pair still fails past the probe (:mod:`sup_funnel`'s ``gates``): a
candidate reached is paired only if it passes those too.

    python benchmarks/sup_probe_reach.py [--sets dev,held_out,...] [--near 10] [-v]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sup_funnel  # noqa: E402

_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]+")


def vector_ranks(facts: list[Any], pairs: list[tuple[Any, Any]], k: int) -> list[tuple[int | None, float]]:
    """For each ``(older key, newer key)`` of ``pairs``: the older line's rank (0 first) among the newer
    line's ``k`` nearest earlier lines by the static vectors (``None``: not among them), and the lines'
    cosine (0.0 where a line is not a fact line)."""
    from mdrecall.embedders.static import StaticEmbedder
    from mdrecall.knowledge.changes.cross_candidates import nearest_earlier
    from mdrecall.knowledge.changes.pair_candidates import written

    order = sorted(facts, key=written)  # undated first, then by day, page and line
    at = {(f.path, f.line): r for r, f in enumerate(order)}
    vec = np.asarray(StaticEmbedder().embed_documents([f.words for f in order]), dtype=np.float32)
    ends: list[int] = []
    first: dict[str, int] = {}
    for r, f in enumerate(order):
        ends.append(first.setdefault(f.day[:10] if f.day else "", r))
    queries = sorted({at[n] for _, n in pairs if n in at})
    near = nearest_earlier(vec, ends, queries, k)
    out: list[tuple[int | None, float]] = []
    for o, n in pairs:
        if o not in at or n not in at:
            out.append((None, 0.0))
            continue
        rows = near.get(at[n], [])
        rank = rows.index(at[o]) if at[o] in rows else None
        out.append((rank, float(vec[at[o]] @ vec[at[n]])))
    return out


def _key(ref: dict[str, Any]) -> tuple[str, int]:
    return (ref["file"], ref["line"])


def related_link(older: str, newer: str) -> list[str]:
    """The WordNet synonyms of the newer line's words that the older line writes (as stems)."""
    from mdrecall.knowledge.fact_lines.fact_values import stem
    from mdrecall.text.synonyms import related_words

    old = {stem(w.lower()) for w in _TOKEN.findall(older)}
    return sorted({r for r in related_words([w.lower() for w in _TOKEN.findall(newer)]) if stem(r) in old})


def reach(sets: list[str], k: int) -> list[dict[str, Any]]:
    """Every probe-stopped labelled pair of ``sets`` with its vector rank, cosine and related words."""
    got: list[tuple[list[Any], list[dict[str, Any]]]] = []
    classify = sup_funnel._classify

    def keep(*args: Any, **kw: Any) -> list[dict[str, Any]]:
        rows = classify(*args, **kw)
        got.append((args[2], rows))  # (the set's fact lines, its classified pairs)
        return rows

    sup_funnel._classify = keep  # type: ignore[assignment]
    try:
        for s in sets:
            sup_funnel.labelled_set(s, search=False)
    finally:
        sup_funnel._classify = classify  # type: ignore[assignment]
    out: list[dict[str, Any]] = []
    for facts, rows in got:
        probed = [r for r in rows if r["gates"][0].startswith("probe")]
        keys = [(_key(r["older"]), _key(r["newer"])) for r in probed]
        for r, (rank, cos) in zip(probed, vector_ranks(facts, keys, k), strict=True):
            out.append(
                {
                    **r,
                    "rank": rank,
                    "cosine": cos,
                    "related": related_link(r["older"]["text"], r["newer"]["text"]),
                }
            )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default=",".join(sup_funnel.LABELLED))
    ap.add_argument("--near", type=int, default=10, help="nearest earlier lines per newer line")
    ap.add_argument("-v", "--verbose", action="store_true", help="each pair")
    args = ap.parse_args()
    rows = reach(args.sets.split(","), args.near)
    by_gate: dict[str, Counter[str]] = {}
    for r in rows:
        c = by_gate.setdefault(r["gates"][0], Counter())
        c["pairs"] += 1
        for top in (3, 5, args.near):
            c[f"top {top}"] += r["rank"] is not None and r["rank"] < top
        c["related"] += bool(r["related"])
        # reached by the vectors and stopped by no later gate (cosine excepted: the vectors' own floor)
        later = [g for g in r["gates"][1:] if g != "cosine"]
        c["reached, no gate but cosine"] += r["rank"] is not None and not later
        c["reached, cosine only"] += r["rank"] is not None and r["gates"][1:] == ["cosine"]
        if args.verbose:
            print(
                f"{r['set']:11s} rank={r['rank']} cos={r['cosine']:.2f} related={r['related']} "
                f"then={r['gates'][1:]}\n    {r['older']['text'][:100]}\n  → {r['newer']['text'][:100]}"
            )
    cols = ["pairs", "top 3", "top 5", f"top {args.near}", "related"]
    cols += ["reached, no gate but cosine", "reached, cosine only"]
    print(f"{'gate':58s}" + "".join(f"{c:>22s}" for c in cols))
    total: Counter[str] = Counter()
    for gate, c in sorted(by_gate.items(), key=lambda t: -t[1]["pairs"]):
        total.update(c)
        print(f"{gate:58s}" + "".join(f"{c[x]:>22d}" for x in cols))
    print(f"{'all':58s}" + "".join(f"{total[x]:>22d}" for x in cols))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
