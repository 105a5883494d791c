"""A search for a few hits weighs at least MIN_POOL candidates: a search for 2 ranks as one for 5 does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Config, Memory
from mdrecall.search.pipeline import MIN_POOL

from helpers import write

LOCAL = {"embedding": {"provider": "local"}}


def _garden_club(root: Path) -> None:
    """Thirty days of an allotment society's log, the plot rents told on a few of them."""
    crops = ["leeks", "broad beans", "rhubarb", "onions", "chard", "kale"]
    for day in range(1, 31):
        crop = crops[day % len(crops)]
        text = f"# 2026-04-{day:02d}\n\n- watered the {crop} on plot {day}, mulched the path\n"
        if day % 7 == 0:
            text += f"- plot rent for the season: £{40 + day} paid to the society treasurer\n"
        write(root, f"memory/2026-04-{day:02d}.md", text)
    write(root, "MEMORY.md", "# Memory\n\n- Treasurer of the allotment society is Colm Reddy.\n")


def test_a_short_search_reads_the_least_pool(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    _garden_club(tmp_path)
    mem = open_memory(tmp_path)
    mem.index()
    limits: list[int] = []
    search_text = mem.store.search_text

    def spy(kq: Any, limit: int, *args: Any, **kwargs: Any) -> Any:
        limits.append(limit)
        return search_text(kq, limit, *args, **kwargs)

    mem.store.search_text = spy  # type: ignore[method-assign]
    mem.search("how much is the plot rent", max_results=2)
    assert max(limits) >= MIN_POOL  # the keyword leg's pool


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_top_hits_are_the_head_of_a_five_hit_search(
    tmp_path: Path, open_memory: Callable[..., Memory], k: int
) -> None:
    _garden_club(tmp_path)
    mem = open_memory(tmp_path, Config().merged(LOCAL))
    mem.index()
    for q in ("how much is the plot rent", "who is the treasurer", "when were the leeks watered"):
        short = [(h.path, h.start_line) for h in mem.search(q, max_results=k, min_score=0)]
        full = [(h.path, h.start_line) for h in mem.search(q, max_results=5, min_score=0)]
        assert short == full[:k], q
