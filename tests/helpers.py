"""Small helpers shared by the tests."""

from __future__ import annotations

import textwrap
from pathlib import Path


def write(root: Path, rel: str, text: str) -> Path:
    """Write a dedented file under ``root`` (creating folders)."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path
