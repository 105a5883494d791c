"""Packaging: the repository and the wheel carry the Apache-2.0 licence text that pyproject declares."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_file_is_in_the_repository_and_declared() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text and "APPENDIX" in text  # the whole text, not a stub
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "Apache-2.0" and "LICENSE" in project["license-files"]


def test_the_wheel_includes_the_licence(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if out.returncode != 0:
        pytest.skip(f"cannot build a wheel here (no build backend reachable?): {out.stderr.strip()[-300:]}")
    wheel = next(tmp_path.glob("mdrecall-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        licence = next(n for n in names if n.endswith(".dist-info/licenses/LICENSE"))
        assert z.read(licence) == (ROOT / "LICENSE").read_bytes()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: Apache-2.0" in meta and "License-File: LICENSE" in meta
