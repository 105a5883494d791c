"""``watch``: Ctrl-C exits 130, and the native watcher re-arms a workspace deleted and recreated."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from agent_helpers import isolated_env

from mdrecall import Config, Memory
from mdrecall.services.watch import Watcher

from helpers import mdrecall_argv, write
from helpers import until as _until

pytestmark = pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")


def test_native_watcher_recovers_after_the_workspace_is_deleted_and_recreated(
    ws: Path, tmp_path: Path
) -> None:
    pytest.importorskip("watchdog")
    cfg = Config().merged(
        {
            "index": {"sync_on_search": False},
            "embedding": {"provider": "none"},
            "store": {"path": str(tmp_path / "index" / "index.sqlite")},  # outlives the folder
        }
    )
    with Memory.open(ws, cfg) as mem:
        w = Watcher(mem, debounce_s=0.1, backend="native", poll_interval_s=0.2).start()
        try:
            assert w.state["state"] == "watching"
            assert _until(lambda: any(h.path == "memory/projects/kestrel.md" for h in mem.search("Kestrel")))
            shutil.rmtree(ws)
            time.sleep(0.5)
            write(ws, "memory/2026-03-01.md", "# 2026-03-01\nThe narwhal launch moved to April.\n")
            assert _until(lambda: any(h.path == "memory/2026-03-01.md" for h in mem.search("narwhal")))
            write(ws, "memory/2026-03-02.md", "# 2026-03-02\nThe axolotl review is on Friday.\n")
            assert _until(lambda: any(h.path == "memory/2026-03-02.md" for h in mem.search("axolotl")))
            assert w.state["backend"] != "polling"
        finally:
            w.stop()


def test_ctrl_c_on_watch_exits_130(ws: Path, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "watch", "--polling", "--json"),
        env=isolated_env(tmp_path / "home"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert json.loads(proc.stdout.readline())["added"] == 4  # type: ignore[union-attr]
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(30)
    finally:
        proc.kill()
    assert rc == 130
    assert "Traceback" not in proc.stderr.read()  # type: ignore[union-attr]
