"""Agent transcripts (JSONL) as source ``sessions``: discover, sync by delta, report, read back.

Parsing, redaction and chunking are in :mod:`mdrecall.index.transcripts`. A transcript is keyed like a memory
file (workspace-relative inside the workspace, else absolute) and re-indexed once it grew by
``sessions.delta_bytes`` or ``sessions.delta_messages``; transcripts older than
``sessions.retention_days`` leave the index. Only indexed transcripts can be read back.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.errors import NotFoundError, PathError
from mdrecall.files.workspace import Workspace
from mdrecall.index.transcripts import (
    SOURCE,
    Message,
    chunk_transcript,
    message_date,
    parse_message,
    read_messages,
    render_lines,
)
from mdrecall.models import FileRecord, GetResult, IndexReport, clamp_ns
from mdrecall.stores.base import Store

__all__ = [
    "SOURCE",
    "Message",
    "chunk_transcript",
    "discover_transcripts",
    "index_transcript",
    "read_messages",
    "read_session",
    "sessions_status",
    "sync_sessions",
    "transcript_roots",
]


# ---- discovery and sync -------------------------------------------------------------------------------


def transcript_roots(workspace: Workspace, config: Config) -> list[Path]:
    """The configured ``sessions.paths``, absolute."""
    roots = []
    for raw in config.sessions.paths:
        p = Path(raw).expanduser()
        roots.append(p if p.is_absolute() else workspace.root / p)
    return roots


def discover_transcripts(workspace: Workspace, config: Config) -> dict[str, Path]:
    """``*.jsonl`` files under ``sessions.paths`` (no symlinks, hidden folders below a root skipped)."""
    found: dict[str, Path] = {}
    for root in transcript_roots(workspace, config):
        if root.is_symlink():
            continue
        if root.is_file() and root.suffix == ".jsonl":
            found.setdefault(workspace.key_for(Path(os.path.abspath(root))), root)
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = [
                d for d in dirs if not d.startswith(".") and not os.path.islink(os.path.join(folder, d))
            ]
            for name in files:
                p = Path(folder, name)
                if name.endswith(".jsonl") and not p.is_symlink():
                    found.setdefault(workspace.key_for(Path(os.path.abspath(p))), p)
    return found


def _abs(workspace: Workspace, key: str) -> Path:
    return Path(key) if Path(key).is_absolute() else workspace.root / key


def _expired(mtime_ns: int, config: Config) -> bool:
    days = config.sessions.retention_days
    return days > 0 and time.time() - mtime_ns / 1e9 > days * 86400


def _new_messages(path: Path, start: int) -> int:
    """Messages in the bytes appended after offset ``start``."""
    count = 0
    with path.open("rb") as fh:
        fh.seek(start)
        for raw in fh:
            try:
                if parse_message(json.loads(raw), 0) is not None:
                    count += 1
            except ValueError:
                continue
    return count


def _due(path: Path, st: os.stat_result, rec: FileRecord | None, config: Config) -> bool:
    if rec is None or st.st_size < rec.size:
        return True
    if st.st_size == rec.size:
        return False
    grown = st.st_size - rec.size
    return (
        grown >= config.sessions.delta_bytes
        or _new_messages(path, rec.size) >= config.sessions.delta_messages
    )


def index_transcript(key: str, path: Path, store: Store, config: Config) -> int:
    """(Re-)index one transcript now; returns the number of new chunks."""
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    st = path.stat()
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    messages, _ = read_messages(path)
    file_date = datetime.fromtimestamp(st.st_mtime).date().isoformat()
    date = next((message_date(m.timestamp) for m in messages if message_date(m.timestamp)), file_date)
    chunks = chunk_transcript(messages, path=key, tokens=config.chunking.tokens, file_date=date)
    record = FileRecord(key, SOURCE, digest.hexdigest(), clamp_ns(st.st_mtime_ns), st.st_size, date)
    new = store.replace_file(record, chunks)
    return len(new)


def sync_sessions(
    workspace: Workspace,
    store: Store,
    config: Config,
    report: IndexReport,
    *,
    force: bool = False,
    only: Sequence[str | os.PathLike[str]] = (),
) -> IndexReport:
    """Index new transcripts and those grown past the delta; drop deleted and expired ones.

    ``only`` indexes exactly these transcript files now (whatever their delta), e.g. from a hook.
    With ``sessions.enabled`` off, session chunks left from before are removed.
    """
    indexed = store.file_records(source=SOURCE)
    if not config.sessions.enabled:
        for key in indexed:
            store.remove_file(key)
            report.removed += 1
        return report
    if only:
        todo = {workspace.key_for(Path(os.path.abspath(p))): Path(p) for p in only}
    else:
        todo = discover_transcripts(workspace, config)
        todo.update({k: _abs(workspace, k) for k in indexed if k not in todo})
    for key, path in todo.items():
        rec = indexed.get(key)
        try:
            st = path.stat()
        except FileNotFoundError:
            if rec is not None:
                store.remove_file(key)
                report.removed += 1
            continue
        except OSError as exc:
            report.warnings.append(f"{key}: cannot read transcript ({exc.strerror or exc})")
            continue
        report.scanned += 1
        if _expired(st.st_mtime_ns, config):
            if rec is not None:
                store.remove_file(key)
                report.removed += 1
            continue
        try:
            if not (force or only) and not _due(path, st, rec, config):
                report.unchanged += 1
                continue
            report.chunks_written += index_transcript(key, path, store, config)
        except OSError as exc:
            report.warnings.append(
                f"{key}: cannot read transcript ({exc.strerror or exc}); kept the old index"
            )
            continue
        if rec is None:
            report.added += 1
        else:
            report.updated += 1
    return report


def sessions_status(workspace: Workspace, store: Store, config: Config) -> dict[str, Any]:
    """Indexed transcripts and those with changes below the re-index delta (``pending``)."""
    if not config.sessions.enabled:
        return {"sessions": {"enabled": False}}
    indexed = store.file_records(source=SOURCE)
    pending = 0
    for key, path in discover_transcripts(workspace, config).items():
        rec = indexed.get(key)
        try:
            st = path.stat()
        except OSError:
            continue
        if not _expired(st.st_mtime_ns, config) and (rec is None or rec.size != st.st_size):
            pending += 1
    return {"sessions": {"enabled": True, "transcripts": len(indexed), "pending": pending}}


def read_session(
    workspace: Workspace,
    store: Store,
    config: Config,
    path: str,
    from_line: int = 1,
    lines: int | None = None,
) -> GetResult:
    """Read an indexed transcript as rendered lines (redacted); only indexed transcripts can be read."""
    key = path if path in store.file_records(source=SOURCE) else None
    if key is None:
        key = workspace.key_for(Path(os.path.abspath(Path(path).expanduser())))
        if key not in store.file_records(source=SOURCE):
            raise PathError(f"{path}: not an indexed session transcript (enable sessions and index first)")
    try:
        rendered = render_lines(_abs(workspace, key))
    except FileNotFoundError:
        raise NotFoundError(f"{path}: the transcript no longer exists") from None
    limit = config.read
    start = max(1, int(from_line))
    count = limit.max_lines if lines is None else max(1, min(int(lines), 10_000))
    chosen: list[str] = []
    size = 0
    end = start - 1
    for i in range(start - 1, min(len(rendered), start - 1 + count)):
        line = rendered[i][: limit.max_chars]
        if chosen and size + len(line) + 1 > limit.max_chars:
            break
        chosen.append(line)
        size += len(line) + 1
        end = i + 1
    next_from = end + 1 if end < len(rendered) else None
    cut = bool(chosen) and len(rendered[start - 1]) > limit.max_chars  # only a first line can be cut
    return GetResult(key, "\n".join(chosen), start, end, len(rendered), next_from, cut)
