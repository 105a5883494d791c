"""Carrying out a forget, recorded first so that a crash at any point is finished by the next run.

Order: the journal (``.mdrecall/forget/<id>.json``, synced) → the index rows holding the text (deleted, their
files' records dropped so the next sync re-reads them) → each file, replaced atomically → the index brought up
to date with the files and embedded → the store's leftovers scrubbed (SQLite: keyword segments merged, VACUUM,
WAL truncated) → the journal removed → the proof scan. Every step can be run again: a resumed forget plans
anew from the journal and does what is left.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.errors import MdrecallError
from mdrecall.files.file_lock import held_lock_of_current
from mdrecall.files.safe_files import write_all
from mdrecall.files.workspace import Workspace
from mdrecall.forget.files import (
    JOURNAL_DIR,
    FileChange,
    LineChange,
    owned_files,
    rename_new,
    renamed,
    write_atomic,
)
from mdrecall.forget.plan import ForgetPlan, Target, file_edit
from mdrecall.forget.scan import Copy, GitNote, git_note, scan_bytes
from mdrecall.index.sessions import discover_transcripts
from mdrecall.stores.base import Store, SupportsForget

__all__ = ["ForgetResult", "apply_plan", "pending_forgets", "prove", "resume_forgets"]


@dataclass
class ForgetResult:
    """What a forget did, and the proof: the copies a scan of every byte still found (none, ideally)."""

    target: Target
    files: list[FileChange] = field(default_factory=list)
    index_rows: int = 0
    remaining: list[Copy] = field(default_factory=list)
    git: GitNote | None = None
    notes: list[str] = field(default_factory=list)
    resumed: bool = False

    @property
    def proven(self) -> bool:
        """No copy remains under the workspace (the index included) and the index holds no row of it."""
        return not self.remaining

    def summary(self) -> str:
        """``0 copies remain`` or how many remain."""
        n = sum(c.count for c in self.remaining)
        return "0 copies remain" if not n else f"{n} {'copy remains' if n == 1 else 'copies remain'}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "form": self.target.form,
            "what": self.target.label,
            "files": [f.to_dict() for f in self.files if f.lines],
            "indexRows": self.index_rows,
            "remaining": [c.to_dict() for c in self.remaining],
            "proof": self.summary(),
            "git": self.git.to_dict() if self.git else None,
            "notes": self.notes,
            "resumed": self.resumed,
        }


#: The suffix of a journal being written (renamed to ``*.json`` once whole).
_JOURNAL_TMP = ".json-tmp"


def _journal_dir(workspace: Workspace) -> Path:
    return workspace.root / JOURNAL_DIR


def pending_forgets(workspace: Workspace) -> list[Path]:
    """Journals of forgets that did not finish, oldest first."""
    folder = _journal_dir(workspace)
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)


def _write_journal(workspace: Workspace, target: Target) -> Path:
    """Record the forget before it starts: written whole under a hidden name, synced, then renamed, so a
    crash leaves no journal or a whole one (never an empty one that the next run could not read)."""
    folder = _journal_dir(workspace)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}.json"
    tmp = folder / f".{path.name}{_JOURNAL_TMP}"
    data = json.dumps({"started": time.time(), "target": target.to_dict()}, ensure_ascii=False).encode(
        "utf-8"
    )
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    with contextlib.suppress(OSError):  # the rename itself survives a power cut
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    return path


def _drop_unstarted(workspace: Workspace) -> None:
    """Remove the journals a crash left half-written (their forget had not started: nothing to finish),
    and the folder when nothing is pending."""
    folder = _journal_dir(workspace)
    if not folder.is_dir():
        return
    for tmp in folder.glob(f".*{_JOURNAL_TMP}"):
        with contextlib.suppress(OSError):
            tmp.unlink()
    with contextlib.suppress(OSError):
        folder.rmdir()


def apply_plan(
    workspace: Workspace,
    store: Store,
    config: Config,
    plan: ForgetPlan | Target,
    *,
    sync: Callable[[], object],
    embed: Callable[[], object] | None = None,
    journal: Path | None = None,
) -> ForgetResult:
    """Forget ``plan``'s target everywhere, then prove it (``sync`` brings the index up to date with the
    files; ``embed`` embeds what it re-added). ``journal``: resume the forget it records."""
    target = plan.target if isinstance(plan, ForgetPlan) else plan
    result = ForgetResult(target, resumed=journal is not None)
    journal = journal or _write_journal(workspace, target)
    result.files += _rename_files(workspace, target, result.notes)
    if isinstance(store, SupportsForget):
        result.index_rows = store.purge_text(target.needle, target.marker)
    else:
        result.notes.append(f"the {store.description} store cannot forget: its rows are left as they are")
    for key, (path, kind) in sorted(owned_files(workspace).items()):
        try:
            with _locked(
                path
            ):  # as Workspace.append locks it: an append waiting on it then takes the new file
                edit = file_edit(target, key, path, kind)
                if edit is None:
                    continue
                change, data = edit
                if data is not None:
                    write_atomic(path, data)
        except OSError as exc:
            result.notes.append(f"{key}: cannot rewrite it ({exc.strerror or exc})")
            continue
        if change.lines or change.skipped:
            result.files.append(change)
            result.notes += [f"{key}: {s}" for s in change.skipped]
    sync()
    if embed is not None:
        try:
            embed()
        except MdrecallError as exc:
            result.notes.append(f"the rewritten notes are not embedded yet ({exc}); `mdrecall index` does it")
    if isinstance(store, SupportsForget):
        result.notes += store.scrub()
    with contextlib.suppress(FileNotFoundError):
        journal.unlink()
    with contextlib.suppress(OSError):  # empty now: the next index has nothing to look for
        journal.parent.rmdir()
    result.remaining = prove(workspace, store, config, target)
    result.git = git_note(workspace, target.needle, target.marker)
    return result


def _rename_files(workspace: Workspace, target: Target, notes: list[str]) -> list[FileChange]:
    """Rename the memory files whose own name holds the text (:func:`~mdrecall.forget.files.renamed`):
    before the index's rows are purged, so that the sync after drops every row of the old name (mentions,
    fact lines) as a file gone."""
    out = []
    for key, (path, kind) in sorted(owned_files(workspace).items()):
        new = renamed(path, target.needle, target.marker) if kind == "markdown" else None
        if new is None:
            continue
        try:
            with _locked(path):
                rename_new(path, new)
        except OSError as exc:
            notes.append(f"{key}: cannot rename it ({exc.strerror or exc})")
            continue
        out.append(FileChange(key, kind, [LineChange(0, f"(file name) {key}", f"(file name) {new.name}")]))
    return out


def prove(workspace: Workspace, store: Store, config: Config, target: Target) -> list[Copy]:
    """The copies of ``target`` that remain: in the bytes of every file under the workspace (and of the
    transcripts and the index), and in the index's rows (compressed history, a server's tables)."""
    transcripts = discover_transcripts(workspace, config)
    index_path = getattr(store, "path", None)
    found = scan_bytes(
        workspace,
        target.needle,
        owned=owned_files(workspace),
        transcripts=transcripts.values(),
        index_paths=[index_path] if index_path is not None else [],
    )
    if target.form == "citations":
        for c in found:
            if c.path not in target.lines and c.why.startswith("a memory file"):
                c.why = "another note holds the same text (a citation forget changes only the cited lines)"
    if isinstance(store, SupportsForget):
        for row in store.find_text(target.needle):
            from_transcript = any(f" {key}#" in f" {row.split(' ', 1)[-1]}" for key in transcripts)
            why = (
                "indexed from a session transcript that still holds it"
                if from_transcript
                else "the index holds it"
            )
            found.append(Copy(row, ["index row"], 1, why))
    return found


def resume_forgets(
    workspace: Workspace,
    store: Store,
    config: Config,
    *,
    sync: Callable[[], object],
    embed: Callable[[], object] | None = None,
) -> list[ForgetResult]:
    """Finish every forget a crash interrupted (from their journals), oldest first."""
    _drop_unstarted(workspace)
    results = []
    for journal in pending_forgets(workspace):
        try:
            target = Target.from_dict(json.loads(journal.read_text(encoding="utf-8"))["target"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise MdrecallError(
                f"cannot read the forget journal {journal} ({exc}); delete it to go on"
            ) from None
        results.append(apply_plan(workspace, store, config, target, sync=sync, embed=embed, journal=journal))
    return results


def _locked(path: Path) -> contextlib.AbstractContextManager[None]:
    """Hold the lock every append to ``path`` takes, for a read, rewrite and rename of it: on the file at
    ``path`` once held (an append that renamed a copy over it meanwhile held the old file's lock only;
    rewriting under that one lost the next append made in place)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    return held_lock_of_current(path, flags)
