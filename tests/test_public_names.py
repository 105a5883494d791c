"""What the docs tell a user to import exists: every ``mdrecall.x.y`` and ``from mdrecall.x import y`` in
README.md and docs/, and every public name of the package (imported on first use)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mdrecall

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: Dotted names in the docs that are not Python: logger names.
NOT_PYTHON = {"mdrecall.qmd"}

_DOTTED = re.compile(r"(?<![\w./~-])mdrecall(?:\.[A-Za-z_]\w*)+")
_FROM = re.compile(r"^from (mdrecall[\w.]*) import ([\w, ]+)$", re.M)


def documented_names() -> dict[str, str]:
    """Each dotted Python name the pages mention, with the first page that does."""
    found: dict[str, str] = {}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        names = [m.group(0) for m in _DOTTED.finditer(text)]
        names += [f"{m.group(1)}.{n.strip()}" for m in _FROM.finditer(text) for n in m.group(2).split(",")]
        for name in names:
            found.setdefault(name.rstrip("."), page.name)
    return {n: p for n, p in found.items() if n not in NOT_PYTHON}


def resolves(name: str) -> bool:
    """Whether ``name`` is a module, or an attribute path under the longest module prefix of it."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for part in parts[cut:]:
            if not hasattr(obj, part):
                return False
            obj = getattr(obj, part)
        return True
    return False


def test_every_documented_name_imports() -> None:
    names = documented_names()
    assert "mdrecall.Watcher" in names and "mdrecall.services.team" in names  # the scan finds them
    missing = sorted(f"{page}: {name}" for name, page in names.items() if not resolves(name))
    assert not missing, f"documented names that do not import: {missing}"


@pytest.mark.parametrize("name", mdrecall.__all__)
def test_every_public_name_imports(name: str) -> None:
    assert getattr(mdrecall, name) is not None


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("Watcher", "mdrecall.services.watch"),
        ("open_team", "mdrecall.services.team"),
        ("open_companions", "mdrecall.services.team"),
        ("estimate_index", "mdrecall.services.estimate"),
        ("MemoryTools", "mdrecall.agent.tools"),
    ],
)
def test_moved_names_are_public_on_the_package(name: str, home: str) -> None:
    assert name in mdrecall.__all__
    assert getattr(mdrecall, name) is getattr(importlib.import_module(home), name)


def test_the_public_names_stay_lazy() -> None:
    """``import mdrecall`` imports none of them (``mdrecall --version`` and hooks start fast)."""
    code = "import sys, mdrecall; print(sorted(m for m in sys.modules if m.startswith('mdrecall.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
