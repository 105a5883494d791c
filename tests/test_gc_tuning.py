"""The command's process collects its young generation less often (a bulk build spent ~11 % of its CPU in
the collector), and never more often than it was set to."""

from __future__ import annotations

import gc
import subprocess
import sys

from mdrecall.plugins.gc_tuning import YOUNG_THRESHOLD, fewer_collections


def test_the_young_threshold_is_raised_and_the_older_kept() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        fewer_collections()
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
        gc.set_threshold(YOUNG_THRESHOLD * 2, 5, 7)  # a higher threshold set by the host stays
        fewer_collections()
        assert gc.get_threshold() == (YOUNG_THRESHOLD * 2, 5, 7)
        gc.set_threshold(0, 10, 10)  # a collector switched off stays off
        fewer_collections()
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


def test_the_command_raises_it() -> None:
    code = "import gc; from mdrecall.cli import main; main(['status', '--help']); "
    code += "print('T', gc.get_threshold()[0])"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert f"T {YOUNG_THRESHOLD}" in r.stdout, r.stderr
