"""Defects the fault campaign's twentieth round found (benchmarks/fault_round20.py), each on a real
workspace with a real index."""

from __future__ import annotations

import json
from pathlib import Path

from mdrecall.cli.core import parse_ref

from helpers import run_cli, write


def test_a_citation_of_a_file_named_with_hash_l_is_read_from_its_end() -> None:
    assert parse_ref("memory/2026-07-01#L3.md#L9", 1, None) == ("memory/2026-07-01#L3.md", 9, 1)
    assert parse_ref("notes/x#L2-L4.md#L5-L6", 1, None) == ("notes/x#L2-L4.md", 5, 2)
    assert parse_ref("notes/x#L2.md", 1, None) == ("notes/x#L2.md", 1, None)


def test_get_reads_the_line_search_cites_in_a_file_named_with_hash_l(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- plain\n")
    write(ws, "memory/standup#L12 2026-07-01.md", "# standup\n\n- Odalys fixed the sump pump quokkaline\n")
    assert run_cli("-w", str(ws), "index").returncode == 0
    hits = json.loads(run_cli("-w", str(ws), "--json", "search", "quokkaline").stdout)["results"]
    assert hits and "#L12 " in hits[0]["citation"]
    got = run_cli("-w", str(ws), "get", f"{hits[0]['path']}#L3")
    assert got.returncode == 0, got.stderr
    assert "quokkaline" in got.stdout
