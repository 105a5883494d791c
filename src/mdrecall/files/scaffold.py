"""``mdrecall init``: lay out a new workspace without ever overwriting a file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from importlib import resources
from pathlib import Path

__all__ = ["InitAction", "init_workspace"]


@dataclass(frozen=True)
class InitAction:
    """One file ``init`` creates, or keeps because it exists."""

    path: Path
    action: str  # "create" | "exists"


def _template(name: str) -> str:
    return (resources.files("mdrecall") / "templates" / name).read_text(encoding="utf-8")


def init_workspace(root: str | os.PathLike[str], *, today: date, dry_run: bool = False) -> list[InitAction]:
    """Create ``MEMORY.md``, today's log, ``templates/`` and ``AGENTS.md`` where missing."""
    base = Path(root).expanduser()
    plan: list[tuple[Path, str]] = [
        (base / "MEMORY.md", _template("MEMORY.md")),
        (
            base / "memory" / f"{today.isoformat()}.md",
            _template("daily.md").replace("{date}", today.isoformat()),
        ),
        (base / "templates" / "daily.md", _template("daily.md")),
        (base / "templates" / "research.md", _template("research.md")),
        (base / "templates" / "project.md", _template("project.md")),
        (base / "AGENTS.md", _template("AGENTS.md")),
    ]
    actions: list[InitAction] = []
    for path, text in plan:
        if path.exists() or path.is_symlink():
            actions.append(InitAction(path, "exists"))
            continue
        actions.append(InitAction(path, "create"))
        if not dry_run:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                with path.open("x", encoding="utf-8") as fh:  # "x": never overwrite, even in a race
                    fh.write(text)
            except FileExistsError:
                actions[-1] = InitAction(path, "exists")
    return actions
