"""Retrieval quality floors on real data, so a ranking regression fails the build.

A fast subset of ``benchmarks/quality.py`` (the full benchmark stays a script):

* LoCoMo conversation 1 (81 questions of categories 1–4, 19 sessions as daily logs): snippet and line
  recall@5 of the evidence turns, keyword-only and hybrid (the real local model).
* SciFact: the first 100 test queries over a reduced corpus (their relevant abstracts plus a fixed
  sample of 250 others, chosen by a seeded generator), nDCG@10, keyword-only and hybrid. A smaller
  corpus makes every query easier than on all 5,183 abstracts, so these figures are higher than the
  benchmark's; the floors guard against regressions, they are not the published figures.

Each test indexes from scratch in a temporary folder (nothing is cached between runs). The datasets are
read from ``../shared/datasets`` next to the repository (or ``$MDRECALL_TEST_DATASETS``); without them
the tests are skipped and say why. Floors sit about 0.03 under the figures measured when they were set.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
from pathlib import Path

import pytest

from mdrecall import Config, Memory

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MDRECALL_TEST_DATASETS") or ROOT.parent / "shared" / "datasets")
sys.path.insert(0, str(ROOT / "benchmarks"))

import quality  # noqa: E402  (benchmarks/quality.py: rendering and scoring helpers)

pytestmark = pytest.mark.skipif(
    not (DATA / "locomo-dev").is_dir() or not (DATA / "scifact").is_dir(),
    reason=f"quality datasets not found at {DATA} (set MDRECALL_TEST_DATASETS)",
)

LOCOMO_CONVERSATION = 1

#: (keyword-only, hybrid with the local MiniLM, static default) floors; measured in session 16:
#: LoCoMo snippet 0.853, 0.862, 0.859 (session 9: 0.834, 0.850, 0.847), line 0.892, 0.904, 0.911 (session 9:
#: 0.874, 0.892, 0.898); SciFact 0.882, 0.908, 0.892 (session 6: 0.867, 0.891, 0.872).
LOCOMO_SNIPPET_FLOOR = (0.82, 0.835, 0.83)
LOCOMO_LINE_FLOOR = (0.86, 0.875, 0.88)
SCIFACT_NDCG_FLOOR = (0.85, 0.875, 0.86)


def _config(mode: str, provider: str = "local") -> Config:
    return Config().merged(
        {
            "embedding": {"provider": provider},
            "index": {"sync_on_search": False},
            "search": {"mode": mode, "candidate_cap": 200},
        }
    )


def _open(root: Path) -> list[Memory]:
    """Keyword-only and hybrid with the real local model over ``root``, and hybrid with the static
    default over a copy of it (an index keeps one embedder's vectors)."""
    copy = root.with_name(root.name + "-static")
    shutil.copytree(root, copy)
    mem = Memory.open(root, _config("hybrid"))
    report = mem.index()
    assert report.embedded == mem.store.counts()["chunks"] > 0
    static = Memory.open(copy, _config("hybrid", "static"))
    assert static.index().embedded == static.store.counts()["chunks"] > 0
    return [Memory(mem.workspace, _config("bm25"), mem.store), mem, static]


def test_locomo_recall_stays_above_its_floor(tmp_path: Path) -> None:
    conv = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))[
        LOCOMO_CONVERSATION
    ]
    files, where, today = quality.render_locomo(conv)
    quality.write_files(tmp_path, files)
    memories = _open(tmp_path)
    questions = [
        (str(qa["question"]), [where[e] for e in quality._evidence(qa) if e in where])
        for qa in conv["qa"]
        if qa.get("category") in (1, 2, 3, 4)
    ]
    questions = [(q, ev) for q, ev in questions if ev]
    assert len(questions) > 70
    figures = []
    for mem in memories:
        rows = [quality.locomo_scores(mem.search(q, max_results=5, today=today), ev) for q, ev in questions]
        figures.append((statistics.fmean(r[0] for r in rows), statistics.fmean(r[1] for r in rows)))
    memories[1].close()
    memories[2].close()
    print(f"LoCoMo conversation {LOCOMO_CONVERSATION}: recall@5 keyword/MiniLM/static {figures}")
    for (snippet, line), snippet_floor, line_floor in zip(
        figures, LOCOMO_SNIPPET_FLOOR, LOCOMO_LINE_FLOOR, strict=True
    ):
        assert snippet >= snippet_floor, figures
        assert line >= line_floor, figures


def _scifact_subset(root: Path) -> tuple[dict[str, str], dict[str, set[str]]]:
    """The first test queries, and a corpus of their relevant abstracts plus seeded distractors."""
    queries, qrels = quality.scifact_queries(quality.SUBSET_QUERIES, DATA / "scifact")
    quality.build_scifact_subset(root, set().union(*qrels.values()), data=DATA / "scifact")
    return queries, qrels


def test_scifact_ndcg_stays_above_its_floor(tmp_path: Path) -> None:
    queries, qrels = _scifact_subset(tmp_path)
    memories = _open(tmp_path)
    figures = [quality.scifact_ndcg(mem, queries, qrels)[0] for mem in memories]
    memories[1].close()
    memories[2].close()
    print(f"SciFact subset: nDCG@10 keyword/MiniLM/static {figures}")
    for ndcg, floor in zip(figures, SCIFACT_NDCG_FLOOR, strict=True):
        assert ndcg >= floor, figures
