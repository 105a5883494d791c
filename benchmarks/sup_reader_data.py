"""Rows for the sentence-model reader of supersession pairs (``benchmarks/sup_reader_eval.py``).

A *reader* scores a candidate pair (older line, newer line) from the meaning of the two lines under the
shipped sentence model (all-MiniLM-L6-v2, int8: :class:`mdrecall.embedders.local.LocalEmbedder`), plus a
few signals that read no rule: where and when each line was written, the IDF of the words they share, and
how the pair's cosine ranks among each line's other candidates. It never reads what the rules compute.

Workspaces and groups as ``sup_learn_data.py`` builds them (each corpus world, each tuned set), with the
newer corpora (``sup_train19``, ``sup_train19b``, and ``sup_train20`` once it is in the tree) and the newer
tuned sets (held_out_15 … held_out_18). Candidates:
:func:`mdrecall.knowledge.changes.pair_candidates.candidates` (the rules' pairs among them), optionally
widened (``widen``) where the lines share no word: ``title``, a bounded subject link (an older labelled line
on a page whose title the newer line names: :func:`widened`), or ``nearest``, a measurement only (each line's
nearest older labelled lines by sentence cosine:
:func:`nearest`, quadratic).

Line vectors are cached by text in ``benchmarks/.cache/sup_reader_vectors.npz``.
"""

from __future__ import annotations

import hashlib
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from sup_learn_data import SETS, Workspace, corpus, labelled_set, rules_only  # noqa: E402

from mdrecall.knowledge.changes.change_rules import written_before  # noqa: E402
from mdrecall.knowledge.changes.pair_candidates import candidates  # noqa: E402
from mdrecall.knowledge.changes.pair_model import pair_rows  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import Fact  # noqa: E402

#: The tuned sets (blind ones never listed).
ALL_SETS = (*SETS, "held_out_15", "held_out_16", "held_out_17", "held_out_18")
#: The pair corpora that may be read (blind ones never listed).
ALL_CORPORA = ("sup_train", "sup_blind17", "sup_pairs", "sup_train19", "sup_train19b", "sup_train20")
CACHE = HERE / ".cache" / "sup_reader_vectors.npz"
#: Older labelled lines a newer line may reach by a page title it names (widened candidates).
WIDEN_PER_LINE = 6

Key = tuple[str, int]


def workspaces() -> list[Workspace]:
    """Every readable corpus in the tree and every tuned set."""
    out = [corpus(c) for c in ALL_CORPORA if (HERE / "knowledge" / f"{c}.json").exists()]
    return out + [labelled_set(s) for s in ALL_SETS]


def _key(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def vectors(texts: Sequence[str]) -> dict[str, np.ndarray]:
    """Unit MiniLM vectors of ``texts``, cached by text."""
    cache: dict[str, np.ndarray] = {}
    if CACHE.exists():
        with np.load(CACHE) as d:
            cache = dict(zip((str(k) for k in d["keys"]), d["vecs"], strict=True))
    need = sorted({t for t in texts if _key(t) not in cache})
    if need:
        from mdrecall.embedders.local import LocalEmbedder

        emb = LocalEmbedder(threads=1)
        vecs = emb.embed_documents(need)
        for t, v in zip(need, vecs, strict=True):
            cache[_key(t)] = v / (np.linalg.norm(v) or 1.0)
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        keys = sorted(cache)
        np.savez(CACHE, keys=np.array(keys), vecs=np.array([cache[k] for k in keys], dtype=np.float32))
    return {t: cache[_key(t)] for t in texts}


def widened(
    order: list[Fact], words: list[frozenset[str]], per_line: int = WIDEN_PER_LINE
) -> set[tuple[int, int]]:
    """Pairs (older, newer) by a page subject: the newer line names a stem of the older line's page title
    (``Fact.context``), the older line states a label (an attribute other than a said line). At most
    ``per_line`` per newer line, the nearest in writing order; bounded by postings of title stems."""
    by_title: dict[str, list[int]] = {}
    for i, f in enumerate(order):
        if f.context and f.attrs and f.attrs != ("said",):
            for w in set(f.context.split()):
                by_title.setdefault(w, []).append(i)
    out: set[tuple[int, int]] = set()
    for j, ws in enumerate(words):
        got: list[int] = []
        for w in sorted(ws):
            post = by_title.get(w)
            if not post or len(post) > 200:
                continue
            for i in reversed(post):
                if i < j and written_before(order[i], order[j]) and order[i].path != order[j].path:
                    got.append(i)
                if len(got) >= 4 * per_line:
                    break
        for i in sorted(set(got), reverse=True)[:per_line]:
            out.add((i, j))
    return out


def nearest(order: list[Fact], vec: dict[str, np.ndarray], per_line: int = 3) -> set[tuple[int, int]]:
    """Pairs (older, newer) by meaning alone: each line's ``per_line`` older labelled lines (an attribute
    other than a said line) of the highest sentence cosine. A measurement of what no shared word reaches:
    it embeds every line and is quadratic, so it is never a candidate step of the index."""
    labelled = [i for i, f in enumerate(order) if f.attrs and f.attrs != ("said",)]
    if not labelled:
        return set()
    mat = np.array([vec[order[i].words] for i in labelled])
    out: set[tuple[int, int]] = set()
    for j, f in enumerate(order):
        sims = mat @ vec[f.words]
        ranked = [labelled[k] for k in np.argsort(-sims)]
        got = [i for i in ranked[: 4 * per_line] if i != j and written_before(order[i], f)][:per_line]
        out.update((i, j) for i in got)
    return out


class Rows(NamedTuple):
    """Candidate pairs of every workspace: per row the group, older and newer key, label, whether the rules
    pair them, whether only the widening found it, and the two lines' vectors' indexes into ``vecs``."""

    group: list[str]
    old: list[Key]
    new: list[Key]
    y: np.ndarray
    rule: np.ndarray
    wide: np.ndarray
    ui: np.ndarray
    vi: np.ndarray
    cheap: np.ndarray  # rule-free signals (CHEAP order)
    ruled: np.ndarray  # the rules' signals (pair_features.FEATURES, bias dropped; zeros on widened rows)
    vecs: np.ndarray
    texts: list[str]


CHEAP = (
    "cosine",
    "cos_gap_new",  # cosine − the best cosine among the newer line's candidates
    "cos_gap_old",  # cosine − the best cosine among the older line's candidates
    "cos_rank_new",
    "idf_share_new",
    "idf_share_old",
    "same_page",
    "old_standing",
    "log_days",
    "old_labelled",
    "wide_only",
)


def _days(a: str | None, b: str | None) -> float:
    if not a or not b:
        return 0.0
    from datetime import date

    try:
        return float((date.fromisoformat(b[:10]) - date.fromisoformat(a[:10])).days)
    except ValueError:
        return 0.0


def rows(spaces: Sequence[Workspace], widen: str = "") -> tuple[Rows, dict[str, Any]]:
    """The rows of every candidate pair, and per group its true pairs and the rules' pairs."""
    group: list[str] = []
    olds: list[Key] = []
    news: list[Key] = []
    ys: list[int] = []
    rule: list[bool] = []
    wide: list[bool] = []
    pairs_text: list[tuple[str, str]] = []
    raw: list[list[float]] = []
    ruled: list[list[float]] = []
    per: dict[str, Any] = {}
    for ws in spaces:
        rules = {old: (s.path, s.line) for old, s in rules_only(ws.facts).items()}
        signals = {key: feats[1:] for key, feats, _ in pair_rows(ws.facts, rules)}
        width = len(next(iter(signals.values()))) if signals else 0
        cands = candidates(ws.facts, rules)
        order, words, idf = cands.order, cands.words, cands.idf
        found = {(i, j): s for i, j, s in cands.pairs}
        only: set[tuple[int, int]] = set()
        texts = [f.words for f in order]
        vec = vectors(texts)
        if widen:
            extra = widened(order, words) if widen == "title" else nearest(order, vec)
            for i, j in extra:
                if (i, j) not in found:
                    found[(i, j)] = sum(idf[w] for w in words[i] & words[j])
                    only.add((i, j))
        cos = {(i, j): float(vec[texts[i]] @ vec[texts[j]]) for (i, j) in found}
        best_new: dict[int, list[float]] = {}
        best_old: dict[int, float] = {}
        for (i, j), c in cos.items():
            best_new.setdefault(j, []).append(c)
            best_old[i] = max(best_old.get(i, -1.0), c)
        for j in best_new:
            best_new[j].sort(reverse=True)
        for (i, j), s in sorted(found.items()):
            o, n = order[i], order[j]
            ok, nk = (o.path, o.line), (n.path, n.line)
            c = cos[(i, j)]
            idf_n = sum(idf[w] for w in words[j]) or 1.0
            idf_o = sum(idf[w] for w in words[i]) or 1.0
            raw.append(
                [
                    c,
                    c - best_new[j][0],
                    c - best_old[i],
                    float(best_new[j].index(c)),
                    s / idf_n,
                    s / idf_o,
                    float(o.path == n.path),
                    float(not o.day),
                    math.log1p(max(_days(o.day, n.day), 0.0)),
                    float(bool(o.attrs) and o.attrs != ("said",)),
                    float((i, j) in only),
                ]
            )
            ruled.append(signals.get((ok, nk), [0.0] * width))
            group.append(ws.group_of.get(nk, ws.name))
            olds.append(ok)
            news.append(nk)
            ys.append(int(ws.truth.get(ok) == nk))
            rule.append(rules.get(ok) == nk)
            wide.append((i, j) in only)
            pairs_text.append((texts[i], texts[j]))
        for old, new in ws.truth.items():
            per.setdefault(ws.group_of.get(new, ws.name), {"truth": {}, "rules": {}})["truth"][old] = new
        for old, new in rules.items():
            per.setdefault(ws.group_of.get(new, ws.name), {"truth": {}, "rules": {}})["rules"][old] = new
    all_texts = sorted({t for p in pairs_text for t in p})
    at = {t: k for k, t in enumerate(all_texts)}
    vec = vectors(all_texts)
    vecs = np.array([vec[t] for t in all_texts], dtype=np.float32)
    ui = np.array([at[a] for a, _ in pairs_text], dtype=int)
    vi = np.array([at[b] for _, b in pairs_text], dtype=int)
    return (
        Rows(
            group,
            olds,
            news,
            np.array(ys),
            np.array(rule),
            np.array(wide),
            ui,
            vi,
            np.array(raw),
            np.array(ruled),
            vecs,
            all_texts,
        ),
        per,
    )
