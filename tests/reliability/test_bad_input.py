"""Items 6 and 8: bad text never crashes (default embedder too), odd inputs are handled honestly."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.embedders._util import to_matrix
from mdrecall.errors import EmbedderError

from .conftest import run_cli
from helpers import write

LOCAL = {"embedding": {"provider": "local"}}


def make_ws(root: Path) -> Path:
    write(root, "MEMORY.md", "# Long-term\n\n- postgres is the main database\n")
    write(root, "memory/2026-01-05.md", "# 2026-01-05\n\n## 10:00\n\nwe tuned postgres vacuum\n")
    return root


@pytest.fixture(scope="module")
def local_ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = make_ws(tmp_path_factory.mktemp("bad") / "agent")
    with Memory.open(ws, Config().merged(LOCAL)) as mem:
        mem.index()
    return ws


def test_lone_surrogates_and_bad_bytes_with_the_default_embedder(local_ws: Path) -> None:
    with Memory.open(local_ws, Config().merged(LOCAL)) as mem:
        for q in ("\ud800", "postgres \udcff", "caf\udce9 postgres", "\udfff\ud800x", "postgres"):
            res = mem.search_result(q)
            assert res.provider == "local", (q, res.fallback)
        assert mem.search("postgres \udcff")[0].path in {"MEMORY.md", "memory/2026-01-05.md"}


def test_fuzzed_queries_never_crash_the_default_search(local_ws: Path) -> None:
    rng = random.Random(8)
    alphabet = [chr(c) for c in (*range(32, 127), 0xE9, 0x4E2D, 0x1F600, 0xFFFD, 0)] + [
        chr(c) for c in (0xD800, 0xDBFF, 0xDC80, 0xDCFF, 0xDFFF)
    ]
    queries = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))) for _ in range(200)]
    queries += ['"', "*", "NEAR(", "a OR", "-", "\\", "postgres\x00vacuum", "\u200b" * 50]
    with Memory.open(local_ws, Config().merged(LOCAL)) as mem:
        for q in queries:
            res = mem.search_result(q, sync=False)
            json.dumps(res.to_dict(), ensure_ascii=False).encode("utf-8")  # always encodable


def test_cli_bad_bytes_in_search_and_remember(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    env = {"MDRECALL_EMBEDDING_PROVIDER": "local"}
    out = run_cli("-w", str(ws), "search", "postgres \udcff", "--json", env=env)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.decode("utf-8"))  # strict: valid UTF-8
    assert doc["provider"] == "local" and doc["results"]
    rem = run_cli("-w", str(ws), "remember", "caf\udce9 au lait", env=env)
    assert rem.returncode == 0, rem.stderr
    daily = (ws / "memory" / f"{date.today().isoformat()}.md").read_bytes()
    assert "caf\ufffd au lait" in daily.decode("utf-8")


def test_json_output_with_an_undecodable_file_name_is_utf8(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    with open(bytes(ws) + b"/memory/bad-\xff-name.md", "w", encoding="utf-8") as f:
        f.write("# odd\n\npostgres replicas in the odd file\n")
    out = run_cli("-w", str(ws), "index", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.decode("utf-8"))  # strict: valid UTF-8
    assert any("not valid UTF-8" in w for w in doc["warnings"])
    found = run_cli("-w", str(ws), "search", "postgres", "--json")
    assert found.returncode == 0 and json.loads(found.stdout.decode("utf-8"))["results"]


def test_all_zero_vectors_are_refused() -> None:
    with pytest.raises(EmbedderError, match="all-zero"):
        to_matrix([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]], 2, 3, "test")
    assert np.allclose(to_matrix([[3.0, 4.0]], 1, 2, "test"), [[0.6, 0.8]])


def test_utf16_markdown_is_indexed(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    for enc, name in (("utf-16-le", "le"), ("utf-16-be", "be")):
        bom = b"\xff\xfe" if enc.endswith("le") else b"\xfe\xff"
        (ws / "memory" / f"wide-{name}.md").write_bytes(
            bom + f"# wide\n\nnotepad wrote {name}zebra\n".encode(enc)
        )
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        report = mem.index()
        assert not report.skipped, report.skipped
        for name in ("le", "be"):
            hits = mem.search(f"{name}zebra", mode="bm25", sync=False)
            assert hits and hits[0].path == f"memory/wide-{name}.md"


_CRASH_AFTER = """
import os, sys
from mdrecall import Memory
from mdrecall.config.settings import Config
cfg = Config().merged({"embedding": {"provider": "none"}})
mem = Memory.open(sys.argv[1], cfg)
def progress(done, total, label):
    if done == int(sys.argv[2]):
        os._exit(9)  # a crash: no cleanup, no commit of the open batch
mem.index(progress=progress)
"""


def test_rerun_after_a_crashed_first_index_reports_no_false_updates(tmp_path: Path) -> None:
    """A first index is built aside and renamed into place (``stores.sqlite_first_build``): a crash leaves
    the index as it was (empty, never half built), and the rerun adds every file, updating none."""
    ws = tmp_path / "agent"
    for i in range(100):
        write(ws, f"memory/n{i:03d}.md", f"# n{i}\n\nnote number {i}\n")
    crashed = subprocess.run([sys.executable, "-c", _CRASH_AFTER, str(ws), "80"], timeout=120)
    assert crashed.returncode == 9
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        report = mem.index()
    assert report.updated == 0
    assert report.unchanged == 0 and report.added == 100


def test_rerun_after_a_crashed_later_index_keeps_its_committed_batches(tmp_path: Path) -> None:
    """A later sync of many new files commits them in batches of 64: after a crash the rerun finds the
    committed batch unchanged, adds the rest, and reports no false updates."""
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# Memory\n\n- already indexed\n")
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        assert mem.index().added == 1
    for i in range(100):
        write(ws, f"memory/n{i:03d}.md", f"# n{i}\n\nnote number {i}\n")
    crashed = subprocess.run([sys.executable, "-c", _CRASH_AFTER, str(ws), "80"], timeout=120)
    assert crashed.returncode == 9
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        report = mem.index()
    assert report.updated == 0
    assert report.unchanged == 1 + 64 and report.added == 36  # the first batch of 64 files was committed
