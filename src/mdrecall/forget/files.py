"""The files a forget rewrites, and the rewriting: every other byte of a file stays as it was.

mdrecall's own files are rewritten: the memory files (``MEMORY.md``, ``memory/**.md`` with the conversation
records and session-end captures, the extra paths), ``DREAMS.md``, everything in ``memory/.dreams/`` (the
recall log and its journal, the rejections) and mdrecall's state files in ``.mdrecall/`` (not the index, which
the store cleans, nor the forget journal). A Markdown or text file has the text (or the whole cited line, past
its list marker) replaced by the marker; a JSON file has it replaced in every string. Each file is replaced
atomically (a new file, synced, renamed over the old), so a crash leaves the old or the new file, never half.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mdrecall.files.safe_files import write_all
from mdrecall.files.workspace import Workspace
from mdrecall.text.needle import Needle

__all__ = [
    "FileChange",
    "JOURNAL_DIR",
    "LIST_PREFIX",
    "LineChange",
    "change_file",
    "is_index_file",
    "owned_files",
    "rename_new",
    "renamed",
    "write_atomic",
]

#: Where pending forgets are recorded (never rewritten, never scanned as a copy to remove).
JOURNAL_DIR = ".mdrecall/forget"
#: A heading's, list item's or quote's leading marker, kept when a whole line is forgotten.
LIST_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)?")
_SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class LineChange:
    """One line of a file before and after (``line`` 1-based; 0 for a JSON value)."""

    line: int
    before: str
    after: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"line": self.line, "before": self.before, "after": self.after}


@dataclass
class FileChange:
    """What a forget changes in one file (``kind``: markdown, text or json)."""

    path: str
    kind: str
    lines: list[LineChange] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # cited lines that changed since the plan

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"path": self.path, "kind": self.kind, "lines": [c.to_dict() for c in self.lines]}


def is_index_file(path: Path) -> bool:
    """An SQLite database (the index, its side index, a damaged copy) or its WAL/shared-memory/journal."""
    if path.name.endswith(("-wal", "-shm", "-journal")):
        return True
    try:
        with path.open("rb") as fh:
            return fh.read(16) == _SQLITE_MAGIC
    except OSError:
        return False


def owned_files(workspace: Workspace) -> dict[str, tuple[Path, str]]:
    """mdrecall's own files a forget may rewrite: key → (absolute path, kind)."""
    out: dict[str, tuple[Path, str]] = {}
    for f in workspace.discover():
        out[f.key] = (Path(f.abs_path), "markdown")
    dreams = workspace.root / "DREAMS.md"
    if dreams.is_file() and not dreams.is_symlink():
        out["DREAMS.md"] = (dreams, "markdown")
    for folder in (workspace.memory_dir / ".dreams", workspace.root / ".mdrecall"):
        for path in _walk(folder):
            key = workspace.key_for(path)
            if key.startswith(JOURNAL_DIR + "/") or key.startswith(".mdrecall/qmd/") or is_index_file(path):
                continue
            out.setdefault(key, (path, "json" if path.suffix == ".json" else "text"))
    return out


def _walk(folder: Path) -> Iterator[Path]:
    if not folder.is_dir() or folder.is_symlink():
        return
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(base, d))]
        for name in sorted(files):
            path = Path(base) / name
            if path.is_file() and not path.is_symlink() and ".forget-tmp" not in name:
                yield path


def change_file(
    key: str, path: Path, kind: str, needle: Needle, marker: str, lines: Mapping[int, str] | None = None
) -> tuple[FileChange, bytes | None]:
    """What forgetting does to one file: its change and its new bytes (``None``: nothing to change).

    ``lines`` (cited lines and their text at plan time) are replaced whole, past a list marker; otherwise
    every occurrence of ``needle`` is replaced. A file that is not UTF-8 is left alone (the proof reports it).
    """
    change = FileChange(key, kind)
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return change, None
    if kind == "json" and not lines:
        new = _change_json(text, needle, marker, change)
    else:
        new = _change_lines(text, needle, marker, change, lines)
    if new is None or new == text:
        return change, None
    return change, new.encode("utf-8")


def _change_lines(
    text: str, needle: Needle, marker: str, change: FileChange, lines: Mapping[int, str] | None
) -> str:
    old = text.split("\n")
    if lines:
        new = list(old)
        for n, expected in sorted(lines.items()):
            if n < 1 or n > len(old):
                change.skipped.append(f"line {n} is past the end of the file")
                continue
            body, cr = (old[n - 1][:-1], "\r") if old[n - 1].endswith("\r") else (old[n - 1], "")
            if body != expected and expected:
                if marker not in body:
                    change.skipped.append(f"line {n} changed since the plan")
                continue
            if not body.strip() or body.strip() == marker:
                continue
            prefix = LIST_PREFIX.match(body)
            new[n - 1] = (prefix.group(0) if prefix else "") + marker + cr
            change.lines.append(LineChange(n, body, new[n - 1].rstrip("\r")))
        return "\n".join(new)
    result = needle.sub(text, marker)
    if result != text:
        after = result.split("\n")
        if len(after) == len(old):
            change.lines = [
                LineChange(i + 1, a, b) for i, (a, b) in enumerate(zip(old, after, strict=True)) if a != b
            ]
        else:  # a text over several lines: show where each occurrence starts
            starts = {text.count("\n", 0, m.start()) + 1 for m in needle.pattern.finditer(text)}
            change.lines = [LineChange(n, old[n - 1], "…" + marker + "…") for n in sorted(starts)]
    return result


def _change_json(text: str, needle: Needle, marker: str, change: FileChange) -> str | None:
    try:
        data = json.loads(text)
    except ValueError:
        return _change_lines(text, needle, marker, change, None)
    count = [0]

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            if needle.search(v):
                count[0] += 1
                change.lines.append(LineChange(0, v[:200], needle.sub(v, marker)[:200]))
                return needle.sub(v, marker)
            return v
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        return v

    new = walk(data)
    if not count[0]:
        return None
    indent = 2 if "\n" in text.strip() else None
    return json.dumps(new, ensure_ascii=False, indent=indent) + ("\n" if text.endswith("\n") else "")


def renamed(path: Path, needle: Needle, marker: str) -> Path | None:
    """The name a memory file takes when its own name holds the forgotten text (a capture named after the
    conversation's words: ``2026-11-20-okafor-loan.md``), the text replaced by the marker's words
    (``2026-11-20-forgotten-2026-11-29-loan.md``), its suffix kept and no other file's name taken; ``None``
    when the name does not hold it. Every index row keys its file by name, so the text would stay."""
    stem = path.name[: -len(path.suffix)] if path.suffix else path.name
    if not needle.search(stem):
        return None
    word = re.sub(r"[^\w-]+", "-", marker).strip("-") or "forgotten"
    new = needle.sub(stem, word)
    out, n = path.with_name(new + path.suffix), 2
    while out.exists() or out.is_symlink():
        out, n = path.with_name(f"{new}-{n}{path.suffix}"), n + 1
    return out


def rename_new(path: Path, new: Path) -> None:
    """Rename ``path`` to ``new``, never over a file: a hard link made (refused where ``new`` exists, even one
    created since it was chosen), then the old name removed. Where the file system has no hard links, a plain
    rename after a last check. Raises :class:`FileExistsError` when ``new`` is taken."""
    try:
        os.link(path, new, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:
        if new.exists() or new.is_symlink():
            raise FileExistsError(f"{new} exists") from None
        os.rename(path, new)
        return
    os.unlink(path)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: a new file beside it, synced, then renamed over it (mode kept)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.forget-tmp")
    mode = path.stat().st_mode & 0o7777
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), mode)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):  # the rename itself survives a power cut
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
