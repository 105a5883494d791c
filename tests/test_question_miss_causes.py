"""``benchmarks/question_misses.py`` names what kept each missed answer out of the top 3: the deeper
search's pool, a rank behind other hits, the ``min_score`` cut, or no retrieval at all."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import question_misses  # noqa: E402  (benchmarks/question_misses.py)


def test_top_three_of_the_deeper_search_only_is_the_pool() -> None:
    assert question_misses.cause(2, None, 10).startswith("pool")


def test_ranked_behind_others() -> None:
    assert question_misses.cause(5, None, 10) == "ranked 4-10"


def test_found_only_with_the_bar_off_is_the_min_score_cut() -> None:
    assert question_misses.cause(None, 3, 10) == "under min_score (rank 4 with the bar off)"


def test_not_found_at_all() -> None:
    assert question_misses.cause(None, None, 10) == "not retrieved"
