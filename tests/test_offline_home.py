"""An embedding with the local model writes nothing to HOME (no onnxruntime device id or telemetry)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from helpers import mdrecall_argv, write


def test_home_stays_clean_after_a_local_embedding(tmp_path: Path) -> None:
    pytest.importorskip("onnxruntime")
    home = tmp_path / "home"
    home.mkdir()
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- The lease is in Oslo.\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MDRECALL_", "ORT_", "XDG_"))}
    env.update(HOME=str(home), MDRECALL_EMBEDDING_PROVIDER="local")
    out = subprocess.run(
        mdrecall_argv("-w", str(ws), "index", "--json"),  # a new process: onnxruntime's import writes
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["embedded"] == 1  # the model ran
    written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
    assert not any("Microsoft" in p or "deviceid" in p or "onnxruntime" in p for p in written), written
