"""``mdrecall init``: lay out a new workspace without ever overwriting a file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from importlib import resources
from pathlib import Path

__all__ = ["DERIVED_PATHS", "InitAction", "init_workspace", "missing_ignores"]

#: What mdrecall derives from the Markdown and keeps out of git: the index (with every forgotten string it
#: held until ``mdrecall forget`` cleaned it) and the recall log.
DERIVED_PATHS = (".mdrecall/", "memory/.dreams/")


@dataclass(frozen=True)
class InitAction:
    """One file ``init`` creates, or keeps because it exists."""

    path: Path
    action: str  # "create" | "exists" | "append" (.gitignore: the missing lines added)


def _template(name: str) -> str:
    return (resources.files("mdrecall") / "templates" / name).read_text(encoding="utf-8")


def init_workspace(root: str | os.PathLike[str], *, today: date, dry_run: bool = False) -> list[InitAction]:
    """Create ``MEMORY.md``, today's log, ``templates/`` and ``AGENTS.md`` where missing, and a ``.gitignore``
    keeping :data:`DERIVED_PATHS` out of git (an existing one gets only its missing lines appended)."""
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
    actions.append(_gitignore(base, dry_run))
    return actions


def missing_ignores(text: str) -> list[str]:
    """The :data:`DERIVED_PATHS` a ``.gitignore``'s text does not name (with or without slashes)."""
    have = {line.strip().strip("/") for line in text.splitlines()}
    return [p for p in DERIVED_PATHS if p.strip("/") not in have]


def _gitignore(base: Path, dry_run: bool) -> InitAction:
    path = base / ".gitignore"
    if path.is_symlink():
        return InitAction(path, "exists")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = None
    except (OSError, UnicodeDecodeError):
        return InitAction(path, "exists")
    missing = missing_ignores(text or "")
    if not missing:
        return InitAction(path, "exists")
    if not dry_run:
        lead = "" if not text or text.endswith("\n") else "\n"
        header = "# mdrecall: derived from the Markdown (the index, the recall log)\n"
        with path.open("a", encoding="utf-8") as fh:
            fh.write(lead + header + "".join(f"{p}\n" for p in missing))
    return InitAction(path, "create" if text is None else "append")
