"""A forget's plan: what it looks for, and every file line, index row and other copy it would touch.

Three forms: ``text`` (every occurrence of a string), ``citations`` (the cited lines, replaced whole) and
``entity`` (every line that names a person or thing, its aliases included); and ``redact``, every secret the
current redaction rules find in what is stored (:mod:`mdrecall.forget.rescan`), replaced like a text.
A plan changes nothing; :func:`mdrecall.forget.run.apply_plan` carries it out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.files.workspace import Workspace
from mdrecall.forget.files import LIST_PREFIX, FileChange, change_file, owned_files
from mdrecall.forget.scan import Copy, GitNote, git_note, scan_bytes
from mdrecall.index.sessions import discover_transcripts
from mdrecall.stores.base import Store, SupportsForget
from mdrecall.text.needle import Needle
from mdrecall.text.textclean import is_utf8

__all__ = ["ForgetPlan", "Target", "file_edit", "marker_for", "parse_citation", "plan_forget", "target_for"]

_CITATION = re.compile(r"^(?P<path>.+?)(?:#L|:)(?P<start>\d+)(?:-L?(?P<end>\d+))?$")
#: A cited line shorter than this is not looked for elsewhere (``- ok`` would match everything).
_MIN_LINE_NEEDLE = 6
#: A cited heading is replaced but not looked for elsewhere (``# 2026-01-26`` names a day, not a fact).
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")


def marker_for(day: date) -> str:
    """``[forgotten YYYY-MM-DD]``: what takes the removed text's place."""
    return f"[forgotten {day.isoformat()}]"


def parse_citation(citation: str) -> tuple[str, int, int]:
    """``memory/2026-11-20.md#L5-L7`` (or ``#L5``, ``:5-7``) → ``(path, 5, 7)``."""
    m = _CITATION.match(citation.strip())
    if not m:
        raise MdrecallError(f"not a citation: {citation!r} (expected PATH#L5 or PATH#L5-L7)")
    start = int(m.group("start"))
    end = int(m.group("end") or start)
    if start < 1 or end < start:
        raise MdrecallError(f"not a line range: {citation!r}")
    return m.group("path"), start, end


@dataclass
class Target:
    """What a forget looks for: the needle, and (citations, entity) the lines replaced whole."""

    form: str  # "text" | "citations" | "entity" | "redact"
    needle: Needle
    marker: str
    lines: dict[str, dict[int, str]] = field(default_factory=dict)  # path → line → its text at plan time
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the journal keeps it)."""
        return {
            "form": self.form,
            "needle": self.needle.to_dict(),
            "marker": self.marker,
            "lines": {p: {str(n): t for n, t in ls.items()} for p, ls in self.lines.items()},
            "label": self.label,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Target:
        """The inverse of :meth:`to_dict`."""
        lines = {
            p: {int(n): str(t) for n, t in ls.items()} for p, ls in dict(data.get("lines") or {}).items()
        }
        return cls(
            str(data["form"]),
            Needle.from_dict(dict(data["needle"])),
            str(data["marker"]),
            lines,
            str(data.get("label", "")),
        )


@dataclass
class ForgetPlan:
    """Every file line, index row and other copy a forget would touch (nothing is changed by planning)."""

    target: Target
    files: list[FileChange] = field(default_factory=list)
    index_rows: list[str] = field(default_factory=list)
    elsewhere: list[Copy] = field(default_factory=list)  # copies it will not remove, and why
    git: GitNote | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing to change in the files or the index."""
        return not any(f.lines for f in self.files) and not self.index_rows

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "form": self.target.form,
            "what": self.target.label,
            "ignoreCase": self.target.needle.ignore_case,
            "marker": self.target.marker,
            "files": [f.to_dict() for f in self.files if f.lines],
            "skipped": [f"{f.path}: {s}" for f in self.files for s in f.skipped],
            "indexRows": self.index_rows,
            "elsewhere": [c.to_dict() for c in self.elsewhere],
            "git": self.git.to_dict() if self.git else None,
            "notes": self.notes,
        }


def target_for(
    workspace: Workspace,
    store: Store,
    *,
    text: str | None = None,
    citations: Sequence[str] = (),
    entity: str | None = None,
    case_sensitive: bool = True,
    entity_config: Any = None,
    today: date,
) -> Target:
    """The target of one of the three forms (exactly one of ``text``, ``citations``, ``entity``)."""
    given = [x for x in (text, list(citations) or None, entity) if x]
    if len(given) != 1:
        raise MdrecallError("forget what? give exactly one of a text, citations or an entity")
    marker = marker_for(today)
    if text is not None:
        if not text.strip():
            raise MdrecallError("nothing to forget: the text is empty")
        if not text.isascii() and not is_utf8(text):
            raise MdrecallError(
                f"cannot forget {text.encode('utf-8', 'backslashreplace').decode()!r}: it holds bytes that "
                "are not UTF-8 (a terminal passes them through as they are); nothing was changed"
            )
        return Target("text", Needle((text,), ignore_case=not case_sensitive), marker, label=text)
    if entity:
        return _entity_target(workspace, store, entity, marker, entity_config)
    lines: dict[str, dict[int, str]] = {}
    for citation in citations:
        raw, start, end = parse_citation(citation)
        path = workspace.resolve_readable(raw)
        key = workspace.key_for(path)
        body = path.read_text(encoding="utf-8").split("\n")
        if start > len(body):
            raise MdrecallError(f"{citation}: {key} has only {len(body)} lines")
        for n in range(start, min(end, len(body)) + 1):
            lines.setdefault(key, {})[n] = body[n - 1].rstrip("\r")
    contents = [
        (t, bool(_HEADING.match(line)))
        for ls in lines.values()
        for line in ls.values()
        if len(t := _line_content(line)) >= _MIN_LINE_NEEDLE and marker not in t
    ]
    texts = tuple(dict.fromkeys(t for t, heading in contents if not heading)) or tuple(
        dict.fromkeys(t for t, _ in contents)  # only headings cited: look for them
    )
    if not texts:
        raise MdrecallError("the cited lines are empty or already forgotten")
    return Target("citations", Needle(texts), marker, lines, label=", ".join(citations))


def _line_content(line: str) -> str:
    m = LIST_PREFIX.match(line)
    return line[m.end() if m else 0 :].strip()


def _entity_target(workspace: Workspace, store: Store, name: str, marker: str, config: Any) -> Target:
    from mdrecall.knowledge.index import EntityIndex
    from mdrecall.knowledge.refresh import keeps_views

    if not keeps_views(store):
        raise MdrecallError(f"the {store.description.split(':')[0]} store keeps no entity views; use --text")
    entities = EntityIndex(store, config)
    keys = entities.group(entities.resolve(name))
    rows = store.mention_rows(keys)
    if not rows:
        raise NotFoundError(f"no mentions of {name!r} in the index", next_step="index")
    names = tuple(sorted({r.name for r in rows if len(r.name.strip()) >= 2} | {name}))
    lines: dict[str, dict[int, str]] = {}
    for r in rows:
        lines.setdefault(r.path, {})[r.line] = ""
    return Target("entity", Needle(names, ignore_case=True, whole_words=True), marker, lines, label=name)


def plan_forget(workspace: Workspace, store: Store, config: Config, target: Target) -> ForgetPlan:
    """Every file line, index row and other copy that forgetting ``target`` would touch."""
    plan = ForgetPlan(target)
    owned = owned_files(workspace)
    for key, (path, kind) in sorted(owned.items()):
        try:
            edit = file_edit(target, key, path, kind)
        except OSError as exc:
            plan.notes.append(f"{key}: cannot read it ({exc.strerror or exc})")
            continue
        if edit is not None and (edit[0].lines or edit[0].skipped):
            plan.files.append(edit[0])
    if isinstance(store, SupportsForget):
        plan.index_rows = store.find_text(target.needle)
    else:
        plan.notes.append(f"the {store.description} store cannot forget: its rows are left as they are")
    transcripts = list(discover_transcripts(workspace, config).values())
    changing = {f.path for f in plan.files if f.lines}
    plan.elsewhere = [
        c
        for c in scan_bytes(
            workspace, target.needle, owned=owned, transcripts=transcripts, index_paths=_index_paths(store)
        )
        if c.path not in changing and not c.why.startswith("an index file")
    ]
    plan.git = git_note(workspace, target.needle, target.marker)
    return plan


def file_edit(target: Target, key: str, path: Path, kind: str) -> tuple[FileChange, bytes | None] | None:
    """What forgetting ``target`` does to one file (``None``: the form leaves it alone).

    A text's occurrences are replaced everywhere. Cited lines are replaced whole, and only they in Markdown
    (the state files have their text replaced). An entity's lines, its mentions and every line naming it,
    are replaced whole.
    """
    if target.form in ("text", "redact") or kind == "json":
        return change_file(key, path, kind, target.needle, target.marker, None)
    lines = dict(target.lines.get(key, {}))
    if target.form == "entity" and kind == "markdown":
        body = path.read_bytes().decode("utf-8", "replace").split("\n")
        for n, line in enumerate(body, 1):
            if target.needle.search(line):
                lines.setdefault(n, "")
    if kind == "markdown" and not lines:
        return None
    return change_file(key, path, kind, target.needle, target.marker, lines or None)


def _index_paths(store: Store) -> list[Any]:
    path = getattr(store, "path", None)
    return [path] if path is not None else []
