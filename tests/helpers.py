"""Small helpers shared by the tests."""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable
from pathlib import Path


def write(root: Path, rel: str, text: str) -> Path:
    """Write a dedented file under ``root`` (creating folders)."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def until(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Poll ``check`` every 50 ms until it holds or ``timeout`` seconds pass; its last answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()
