"""Incremental sync: diff the memory files on disk against the store, re-chunk what changed.

A stat pass (mtime + size) finds candidate files, a SHA-256 of the content confirms the change; only
changed files are read, chunked and written (one transaction each). Files gone from disk leave the
index. Bad files never stop a run: each becomes a warning (or a skip) in the :class:`IndexReport`.
Chunks without a vector for the active embedder are then embedded in batches, reusing the
embedding cache by content hash.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from mdrecall.config.settings import Config
from mdrecall.errors import PathError
from mdrecall.files.workspace import MemoryFile, Workspace, date_from_name
from mdrecall.index import snapshot
from mdrecall.index.conversations import SOURCE as CONVERSATIONS
from mdrecall.index.conversations import expired, source_of
from mdrecall.index.watch_health import watcher_vouches
from mdrecall.knowledge.dates.date_order import stored_setting
from mdrecall.knowledge.refresh import (
    VIEWS_VERSION,
    ViewBatch,
    forget_file,
    has_views,
    mark_pending,
    refresh_file,
    view_batch,
    views_stale,
)
from mdrecall.models import FileRecord, IndexReport, ProgressCallback, clamp_ns
from mdrecall.stores.base import Store, write_batch
from mdrecall.text.chunking import chunk_text

__all__ = ["CHUNKER_VERSION", "chunking_identity", "decode_markdown", "sync_check", "sync_files"]

CHUNKER_VERSION = 1
#: Files written per transaction during a sync (each file is always written whole).
BATCH_FILES = 64
#: A sync reading more files than this leaves their entity and fact views to be built on first use
#: (:func:`mdrecall.knowledge.refresh.build_views`): a first index costs what the keyword index costs.
DEFER_VIEWS_FILES = 64
_BINARY_SAMPLE = 8192


def chunking_identity(config: Config) -> str:
    """Changes whenever chunk boundaries would change: forces a full re-chunk."""
    ident = f"v{CHUNKER_VERSION}:{config.chunking.tokens}:{config.chunking.overlap}"
    return ident + (f":{config.chunking.parent_tokens}" if config.chunking.parent_tokens else "")


def _snapshot_head(workspace: Workspace, config: Config) -> str:
    """What a sync snapshot must have been taken with to vouch for the files (see :mod:`.snapshot`)."""
    roots = "|".join(str(r) for r in (workspace.memory_dir, *workspace.extra_roots))
    keep, limit = config.sessions.retention_days, config.index.max_file_bytes
    views = f"{VIEWS_VERSION}:{config.dates.order}"  # the views read numeric dates in that order
    return f"{chunking_identity(config)}:{views}:{keep}:{limit}:{roots}"


def sync_check(workspace: Workspace, store: Store, config: Config) -> tuple[bool, str]:
    """Which path the next one-shot search's sync takes: ``(True, how)`` when a snapshot proves that
    no memory file changed since the last sync (no walk), else ``(False, why it walks the files)``."""
    if store.get_meta("chunking") != chunking_identity(config) or views_stale(store):
        return False, "full walk: the index was built with other chunking or views"
    vouched = watcher_vouches(store, workspace.root)
    if vouched is not None:
        return True, vouched
    return snapshot.check(workspace, store, _snapshot_head(workspace, config), config.sessions.retention_days)


def decode_markdown(data: bytes, name: str, warnings: list[str]) -> str | None:
    """Bytes → text. Returns ``None`` for binary content; bad UTF-8 becomes U+FFFD with a warning.

    UTF-16 text (Windows editors) is recognised by its byte-order mark and decoded as such.
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") and len(data) % 2 == 0:
        try:
            return data.decode("utf-16").replace("\x00", "")
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: treated as bytes below
    sample = data[:_BINARY_SAMPLE]
    if b"\x00" in sample:
        controls = sum(1 for b in sample if b < 9 or 13 < b < 32)
        if controls > len(sample) * 0.1:
            warnings.append(f"{name}: looks binary (control bytes), skipped")
            return None
    if b"\x00" in data:
        warnings.append(f"{name}: NUL bytes removed")
        data = data.replace(b"\x00", b"")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        warnings.append(f"{name}: invalid UTF-8 at byte {exc.start}, indexed with replacement characters")
        return data.decode("utf-8", errors="replace")


def read_file(
    f: MemoryFile,
    workspace: Workspace,
    max_bytes: int,
    report: IndexReport,
    opener: Callable[[str], int] | None = None,
) -> tuple[bytes, os.stat_result] | None:
    """Read a file once, with the stat of the open descriptor; ``None`` means skip (with a reason).

    The file is opened without following a symlink at any step (a folder swapped for a link to
    outside content after the scan is refused, not read); ``opener``: the workspace's
    :meth:`~mdrecall.files.workspace.Workspace.file_opener`, for many files in a row.
    """
    fd = opener(f.abs_path) if opener is not None else workspace.open_file(Path(f.abs_path))
    try:
        st = os.fstat(fd)
        if st.st_size > max_bytes:
            report.skipped.append(
                f"{f.key}: {st.st_size:,} bytes is over index.max_file_bytes ({max_bytes:,}); skipped"
            )
            return None
        chunks = []
        while True:
            block = os.read(fd, 1 << 20)
            if not block:
                break
            chunks.append(block)
            if sum(len(c) for c in chunks) > max_bytes:
                report.skipped.append(f"{f.key}: grew past index.max_file_bytes while reading; skipped")
                return None
        return b"".join(chunks), st
    finally:
        os.close(fd)


def sync_files(
    workspace: Workspace,
    store: Store,
    config: Config,
    *,
    force: bool = False,
    progress: ProgressCallback | None = None,
    report: IndexReport | None = None,
    quick: bool = False,
) -> IndexReport:
    """Bring the store in line with the memory files on disk; returns what was done.

    ``quick`` (a search's sync) first asks the last sync's snapshot (:func:`sync_check`): when it proves
    that nothing changed, the files are not walked (``report.scanned`` stays 0).
    """
    t0 = time.perf_counter()
    report = report or IndexReport()
    if quick and not force and sync_check(workspace, store, config)[0]:
        report.seconds = time.perf_counter() - t0
        return report
    started_ns = time.time_ns()
    keep = config.sessions.retention_days
    on_disk = {f.key: f for f in workspace.discover(report.warnings) if not expired(f.key, keep)}
    indexed = {**store.file_records(source="memory"), **store.file_records(source=CONVERSATIONS)}
    ident = chunking_identity(config)
    if not indexed and store.get_meta("chunking") != ident:
        store.set_meta("chunking", ident)  # an empty index: a crash midway must not force a re-chunk
    rechunk_all = force or store.get_meta("chunking") != ident
    # entity views built by another version, or with numeric dates read in another order: re-extract
    reordered = bool(indexed) and has_views(store) and stored_setting(store) != config.dates.order
    reread_all = rechunk_all or views_stale(store) or reordered
    report.scanned = len(on_disk)
    todo: list[MemoryFile] = []
    for key, f in on_disk.items():
        rec = indexed.get(key)
        if reread_all or rec is None or rec.mtime_ns != f.mtime_ns or rec.size != f.size:
            todo.append(f)
        else:
            report.unchanged += 1
    failed_dirs = [
        w[len("cannot list ") :].rsplit(": ", 1)[0] for w in report.warnings if w.startswith("cannot list ")
    ]
    for key in indexed.keys() - on_disk.keys():
        if _under_unlisted(workspace, key, failed_dirs):
            report.unchanged += 1
            continue
        store.remove_file(key)
        forget_file(store, key)
        report.removed += 1
    first = getattr(store, "first_build", None) if not indexed and len(todo) > DEFER_VIEWS_FILES else None
    with first() if first is not None else contextlib.nullcontext():  # a first index: written aside
        _write(workspace, store, config, todo, indexed, report, rechunk_all, reread_all, progress)
        _finish(workspace, store, config, on_disk, report, rechunk_all, reread_all, started_ns)
    report.seconds = time.perf_counter() - t0
    return report


def _write(
    workspace: Workspace,
    store: Store,
    config: Config,
    todo: list[MemoryFile],
    indexed: dict[str, FileRecord],
    report: IndexReport,
    rechunk_all: bool,
    reread_all: bool,
    progress: ProgressCallback | None,
) -> None:
    """Read, chunk and write the files of ``todo``, a batch of whole files per transaction."""
    defer = len(todo) > DEFER_VIEWS_FILES
    if defer:
        mark_pending(store, [f.key for f in todo])
    with workspace.file_opener() as opener:
        for start in range(0, len(todo), BATCH_FILES):
            # whole files only: a crash never leaves a half-indexed file; the views are written per batch
            with write_batch(store), view_batch(store, defer, config.dates.order) as views:
                for done, f in enumerate(todo[start : start + BATCH_FILES], start + 1):
                    args = (indexed.get(f.key), store, config, rechunk_all, report, reread_all, views, opener)
                    _index_one(f, workspace, *args)
                    if progress:
                        progress(done, len(todo), f.key)


def _finish(
    workspace: Workspace,
    store: Store,
    config: Config,
    on_disk: dict[str, MemoryFile],
    report: IndexReport,
    rechunk_all: bool,
    reread_all: bool,
    started_ns: int,
) -> None:
    """Record what the sync leaves behind: chunking and views versions, the snapshot, the check time."""
    keep = config.sessions.retention_days
    if rechunk_all:
        store.set_meta("chunking", chunking_identity(config))
    if reread_all and views_stale(store):
        store.set_meta("views", VIEWS_VERSION)
    if report.warnings or report.skipped:  # the walk must say these again: no snapshot
        if store.get_meta(snapshot.META_KEY):
            store.set_meta(snapshot.META_KEY, "")
    else:  # the next search need not walk (nor write) while nothing changes
        snapshot.record(workspace, store, _snapshot_head(workspace, config), on_disk, started_ns, keep)
    # A no-op sync writes nothing (searches stay readers); the check time is refreshed once a minute.
    last = store.get_meta("last_sync")
    if report.changed or report.chunks_written or not last or time.time() - float(last) > 60:
        store.set_meta("last_sync", f"{time.time():.3f}")


def _under_unlisted(workspace: Workspace, key: str, failed: Iterable[str]) -> bool:
    """Keep an indexed file under a folder that could not be listed this time (absence unknown)."""
    p = str(Path(key) if Path(key).is_absolute() else workspace.root / key)
    return any(p.startswith(folder.rstrip(os.sep) + os.sep) for folder in failed)


def _index_one(
    f: MemoryFile,
    workspace: Workspace,
    old: FileRecord | None,
    store: Store,
    config: Config,
    rechunk_all: bool,
    report: IndexReport,
    reread_views: bool = False,
    views: ViewBatch | None = None,
    opener: Callable[[str], int] | None = None,
) -> None:
    try:
        read = read_file(f, workspace, config.index.max_file_bytes, report, opener)
    except PathError as exc:
        report.skipped.append(f"{f.key}: {exc}; not indexed")
        return
    except FileNotFoundError:
        if old is not None:  # deleted while we were indexing
            store.remove_file(f.key)
            forget_file(store, f.key)
            report.removed += 1
        return
    except OSError as exc:
        report.warnings.append(f"{f.key}: cannot read ({exc.strerror or exc}); kept the previous index")
        return
    if read is None:
        return
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    data, st = read
    digest = hashlib.sha256(data).hexdigest()
    date = date_from_name(os.path.basename(f.abs_path))
    record = FileRecord(f.key, source_of(f.key, f.source), digest, clamp_ns(st.st_mtime_ns), st.st_size, date)
    unchanged = old is not None and old.hash == digest and not rechunk_all
    warnings: list[str] = []
    text = decode_markdown(data, f.key, warnings)  # once per file: the chunks and the views read it
    if not unchanged:
        report.warnings.extend(warnings)
        if text is None:
            report.skipped.append(f"{f.key}: binary content")
    chunks = chunk_text(text, record.path, record.source, record.date, config) if text is not None else []
    if unchanged:
        store.replace_file(record, chunks)
        if reread_views:
            refresh_file(views or store, record, text, st.st_mtime)
        report.unchanged += 1
        return
    new_ids = store.replace_file(record, chunks)
    refresh_file(views or store, record, text, st.st_mtime)
    report.chunks_written += len(new_ids)
    if old is None:
        report.added += 1
    else:
        report.updated += 1
