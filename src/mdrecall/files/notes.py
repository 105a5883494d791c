"""What ``get`` and ``remember`` do on disk: read a window of a memory file's lines, append a note.

Both go through :class:`~mdrecall.files.workspace.Workspace` (allow-listed paths, no symlink followed,
checked appends); this module holds the windowing and the Markdown shape of a note, shared by
:class:`~mdrecall.Memory` and the team workspace (:mod:`mdrecall.services.team`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime

from mdrecall.config.settings import ReadConfig
from mdrecall.errors import MdrecallError, NotFoundError, PathError
from mdrecall.files.safe_files import read_fd
from mdrecall.files.workspace import Workspace
from mdrecall.models import GetResult, RememberResult
from mdrecall.text.provenance import escape_structure
from mdrecall.text.redact import redact_kinds
from mdrecall.text.textclean import clean_text

__all__ = ["append_note", "read_lines"]

Compose = Callable[[str | None, bool], tuple[str, str]]


def read_lines(
    workspace: Workspace, path: str, from_line: int, lines: int | None, limit: ReadConfig
) -> GetResult:
    """Lines ``from_line``… of a memory file, at most ``lines`` (default ``limit.max_lines``) and
    ``limit.max_chars`` characters; ``next_from`` says where to continue. A first line longer than
    ``limit.max_chars`` is cut there, and ``truncated`` says so."""
    target = workspace.resolve_readable(path)
    count = limit.max_lines if lines is None else max(1, min(int(lines), 10_000))
    start = max(1, int(from_line))
    try:  # opened without following a symlink at any step: a swap after the check is refused
        fd = workspace.open_file(target)
        try:
            raw = read_fd(fd)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise NotFoundError(f"{path}: no such memory file") from None
    except OSError as exc:
        raise PathError(f"{path}: cannot read ({exc.strerror or exc})") from None
    all_lines = raw.decode("utf-8", errors="replace").replace("\x00", "").splitlines()
    total = len(all_lines)
    chosen: list[str] = []
    size = 0
    end = start - 1
    cut = False
    for i in range(start - 1, min(total, start - 1 + count)):
        line = all_lines[i]
        if chosen and size + len(line) + 1 > limit.max_chars:
            break
        if not chosen and len(line) > limit.max_chars:
            line, cut = line[: limit.max_chars], True
        chosen.append(line)
        size += len(line) + 1
        end = i + 1
    next_from = end + 1 if end < total else None
    return GetResult(workspace.key_for(target), "\n".join(chosen), start, end, total, next_from, cut)


def append_note(
    workspace: Workspace,
    text: str,
    when: datetime,
    *,
    long_term: bool = False,
    title: str = "",
    folder: str | None = None,
    redact: bool = True,
) -> RememberResult:
    """Append ``text`` to the daily log of ``when`` (``# DAY`` + ``title`` heads a new file; ``folder``
    replaces the workspace's own log path) or, with ``long_term``, under ``## Remembered`` in
    ``MEMORY.md``. Never rewrites a line. Secrets are replaced with ``[REDACTED]`` unless ``redact=False``
    (the result names their kinds). The note cannot open a heading of the file (a ``## Noted`` line in
    it is written ``\\## Noted``) nor leave a fence open (:func:`~mdrecall.text.provenance.escape_structure`).
    """
    body = clean_text(text or "").strip()
    kinds: list[str] = []
    if redact:  # the one redaction of a note: the result says what it replaced
        body, kinds = redact_kinds(body)
    body = escape_structure(body).strip()
    if not body:
        raise MdrecallError("nothing to remember: the text is empty")
    day = when.date().isoformat()
    compose: Compose
    if long_term:
        target = workspace.root / "MEMORY.md"
        section = "## Remembered"
        entry = "- " + body.replace("\n", "\n  ") + f" _({day})_\n"

        def compose(heading: str | None, is_new: bool) -> tuple[str, str]:
            head = "# Long-term memory\n" if is_new else ""
            return head + ("" if heading == section else f"\n{section}\n\n"), entry

    else:
        target = workspace.root / folder / f"{day}.md" if folder else workspace.daily_path(when.date())

        def compose(_heading: str | None, is_new: bool) -> tuple[str, str]:
            head = f"# {day}{title}\n" if is_new else ""
            return head, f"\n## {when.strftime('%H:%M')}\n\n{body}\n"

    line = workspace.append(target, compose)
    return RememberResult(workspace.key_for(target), line, tuple(sorted(set(kinds))))
