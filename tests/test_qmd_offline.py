"""The QMD tests skip, with the reason, when the npm registry cannot be reached (they do not fail)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _closed_port() -> int:
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_qmd_tests_skip_when_the_npm_registry_is_unreachable(tmp_path: Path) -> None:
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed: nothing to check")
    env = {
        **os.environ,
        "QMD_TEST_NPM_DIR": str(tmp_path / "npm"),  # a fresh folder: nothing installed yet
        "npm_config_registry": f"http://127.0.0.1:{_closed_port()}/",
        "npm_config_cache": str(tmp_path / "npm-cache"),
        "npm_config_fetch_retries": "0",
        "npm_config_offline": "false",
    }
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            str(TESTS / "test_qmd_backend.py"),
        ],
        capture_output=True,
        text=True,
        cwd=TESTS.parent,
        env=env,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-3000:]
    assert "failed" not in out.stdout and " skipped" in out.stdout
    assert "the npm registry cannot be reached (ECONNREFUSED)" in out.stdout, out.stdout[-3000:]
