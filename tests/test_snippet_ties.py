"""A search gives the same snippet in every process: lines that tie are not ordered by how a set of strings
happens to iterate (which changes with PYTHONHASHSEED)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers import write

SEARCH = """
import json, sys
from mdrecall import Config, Memory
with Memory.open(sys.argv[1], Config().merged({"embedding": {"provider": "none"}})) as mem:
    hit = mem.search("alpha bravo charlie delta", max_results=1)[0]
    print(json.dumps([hit.snippet_start_line, hit.snippet_end_line, hit.snippet]))
"""


def test_two_lines_that_tie_give_the_same_snippet_whatever_the_hash_seed(tmp_path: Path) -> None:
    # two long lines, each holding two common query terms and one rare one (equal weights): only one fits
    # the snippet; their scores are equal sums of the same weights, added in set order
    walk = " and the weather was fine that day with a long walk by the river" * 7
    lines = [f"Filler note {i}." for i in range(13)]
    lines[3], lines[8] = "alpha bravo charlie" + walk, "alpha bravo delta" + walk
    write(tmp_path, "memory/notes.md", "\n".join(lines) + "\n")
    got = set()
    for seed in ("0", "1", "2", "6"):  # 2 and 6 chose the later line before, 0 and 1 the earlier
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", SEARCH, str(tmp_path)], capture_output=True, text=True, env=env
        )
        assert out.returncode == 0, out.stderr
        got.add(out.stdout)
    assert len(got) == 1, got
    start, end, snippet = json.loads(got.pop())
    assert (
        "alpha bravo charlie" in snippet and "alpha bravo delta" not in snippet
    )  # the tie: the earlier line
    assert start <= 4 <= end
