"""The third round of the fault campaign: cases that are in no issue and no test (written after issue 32
was closed), through the real entry points. Each ends in one verdict (see ``fault_kit.verdict``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def case_round3(tmp: Path) -> dict[str, Any]:
    return {}
