"""Transaction time: past versions of the memory files, and how their lines changed.

Versions come from git when the workspace lies in a repository (one commit per version, dated by the
commit; the working tree's text, when it differs, is the newest version), else from the index's own
append-only record (:class:`~mdrecall.stores.views.ViewStore`, dated by each text's mtime). Every git
command of one request shares one deadline (``history.git_timeout_s``). The diffing is pure.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.files.safe_files import read_fd
from mdrecall.files.workspace import Workspace
from mdrecall.knowledge.dates.time_args import utc_stamp
from mdrecall.knowledge.refresh import has_views
from mdrecall.stores.base import Store
from mdrecall.stores.views import FileVersion

__all__ = [
    "Change",
    "GitRepo",
    "line_changes",
    "superseded_by",
    "text_as_of",
    "versions_as_of",
    "working_text",
]

_MEMORY_DIR = "memory/"


@dataclass(frozen=True)
class Change:
    """One line added or removed by one version of a file."""

    path: str
    kind: str  # "added" | "removed"
    line: int  # 1-based, in the version that has the line
    text: str
    when: float
    rev: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "path": self.path,
            "kind": self.kind,
            "line": self.line,
            "text": self.text,
            "when": utc_stamp(self.when),
            "rev": self.rev,
            "citation": f"{self.path}#L{self.line}",
        }


# ---- pure functions over versions -------------------------------------------------------------------


def line_changes(versions: Sequence[FileVersion], grep: str | None = None) -> list[Change]:
    """Lines each version added or removed relative to the one before, oldest first.

    ``grep`` keeps the changes whose text holds it (case-insensitive). Blank lines are not reported.
    """
    needle = grep.casefold() if grep else None
    out: list[Change] = []
    before: list[str] = []
    for v in versions:
        after = v.text.splitlines() if v.text is not None else []
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            for i in range(i1, i2):
                out.append(Change(v.path, "removed", i + 1, before[i], v.seen_at, v.rev))
            for j in range(j1, j2):
                out.append(Change(v.path, "added", j + 1, after[j], v.seen_at, v.rev))
        before = after
    return [c for c in out if c.text.strip() and (needle is None or needle in c.text.casefold())]


def versions_as_of(versions: Iterable[FileVersion], when: float) -> dict[str, FileVersion]:
    """Per path, the latest version written at or before ``when`` (deleted files left out)."""
    latest: dict[str, FileVersion] = {}
    for v in sorted(versions, key=lambda v: v.seen_at):
        if v.seen_at <= when:
            latest[v.path] = v
    return {p: v for p, v in latest.items() if v.text is not None}


def text_as_of(versions: Sequence[FileVersion], when: float) -> FileVersion | None:
    """The version of one file in force at ``when``, or ``None`` (not yet written, or deleted)."""
    return versions_as_of(versions, when).get(versions[0].path) if versions else None


def superseded_by(lines: Sequence[str], later: Sequence[FileVersion]) -> FileVersion | None:
    """The first of the ``later`` versions that changed or removed any of ``lines`` (blank ones aside)."""
    wanted = {ln.strip() for ln in lines if ln.strip()}
    for v in later:
        present = {ln.strip() for ln in (v.text or "").splitlines()}
        if not wanted <= present:
            return v
    return None


def is_memory_key(key: str) -> bool:
    """True for ``MEMORY.md``/``memory.md`` and Markdown under ``memory/`` (workspace-relative)."""
    return key in ("MEMORY.md", "memory.md") or (key.startswith(_MEMORY_DIR) and key.endswith(".md"))


# ---- where versions come from -----------------------------------------------------------------------


class GitFailed(MdrecallError):
    """A git command failed (or git is missing): the caller may fall back to the index's record."""


class GitRepo:
    """The git repository holding a workspace; every command of one request shares one deadline."""

    def __init__(self, top: Path, prefix: str, timeout_s: float) -> None:
        self.top = top
        self.prefix = prefix  # the workspace folder relative to the repository, "" or "sub/dir/"
        self.timeout_s = timeout_s
        self._deadline = 0.0

    @classmethod
    def find(cls, root: Path, timeout_s: float) -> GitRepo | None:
        """The repository the workspace is in, or ``None`` (not a repository, no git installed, or the
        memory files are not tracked)."""
        if not (root / ".git").exists() and not any((p / ".git").exists() for p in root.parents):
            return None
        repo = cls(root, "", timeout_s)
        repo.start()
        try:
            out = repo._git(["rev-parse", "--show-toplevel", "--show-prefix"], cwd=root).decode()
        except GitFailed:  # not a repository after all, or no git: the index's record answers
            return None
        lines = out.splitlines()
        if not lines:
            return None
        found = cls(Path(lines[0]), lines[1] if len(lines) > 1 else "", timeout_s)
        found.start()
        tracked = found._git(["ls-files", "-z", "--", f"{found.prefix}MEMORY.md", f"{found.prefix}memory"])
        return found if tracked.strip(b"\0") else None  # memory not in git: the index's record answers

    def start(self) -> None:
        """Begin a request: its commands share ``timeout_s`` from now."""
        self._deadline = time.monotonic() + self.timeout_s

    def _git(self, args: list[str], cwd: Path | None = None, stdin: bytes | None = None) -> bytes:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise MdrecallError(f"git history took over history.git_timeout_s ({self.timeout_s:g}s)")
        env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0"}
        try:
            done = subprocess.run(
                ["git", *args],
                cwd=cwd or self.top,
                input=stdin,
                capture_output=True,
                timeout=left,
                env=env,
                check=False,
            )
        except FileNotFoundError:
            raise GitFailed("git is not installed; set history.git = false") from None
        except subprocess.TimeoutExpired:
            raise MdrecallError(
                f"git history took over history.git_timeout_s ({self.timeout_s:g}s); raise it"
            ) from None
        if done.returncode != 0:
            raise GitFailed(f"git {args[0]} failed: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout

    def _blobs(self, specs: Sequence[str]) -> list[str | None]:
        """The texts of ``rev:path`` specs (``None`` where missing), through one ``git cat-file``."""
        if not specs:
            return []
        raw = self._git(["cat-file", "--batch"], stdin="".join(s + "\n" for s in specs).encode())
        out: list[str | None] = []
        pos = 0
        for _ in specs:
            end = raw.index(b"\n", pos)
            header = raw[pos:end].split()
            pos = end + 1
            if len(header) < 3 or header[1] != b"blob":
                out.append(None)
                continue
            size = int(header[2])
            out.append(raw[pos : pos + size].decode("utf-8", errors="replace"))
            pos += size + 1
        return out

    def versions(self, key: str, max_versions: int, current: str | None, mtime: float) -> list[FileVersion]:
        """Committed versions of a workspace file (oldest first), then ``current`` if it differs."""
        self.start()
        path = self.prefix + key
        log = self._git(["log", "--format=%H %ct", f"-n{max_versions}", "--", path]).decode().split("\n")
        commits = [(c, float(t)) for c, t in (ln.split() for ln in log if ln.strip())][::-1]
        texts = self._blobs([f"{c}:{path}" for c, _ in commits])
        out = [
            FileVersion(key, when, c, text, c[:12]) for (c, when), text in zip(commits, texts, strict=True)
        ]
        last = out[-1].text if out else None
        if current is not None and current != last:
            out.append(FileVersion(key, mtime, "", current, "working tree"))
        return out

    def snapshot(self, when: float) -> list[FileVersion]:
        """Every memory file as committed at ``when`` (the last commit at or before it)."""
        self.start()
        try:
            found = self._git(["rev-list", "-1", f"--before={int(when)}", "HEAD"]).decode().strip()
        except GitFailed:  # no commit yet
            return []
        if not found:
            return []
        listing = self._git(["ls-tree", "-r", "-z", "--name-only", found, "--", self.prefix or "."])
        keys = [
            name[len(self.prefix) :]
            for name in listing.decode("utf-8", errors="replace").split("\0")
            if name.startswith(self.prefix) and is_memory_key(name[len(self.prefix) :])
        ]
        stamp = float(self._git(["show", "-s", "--format=%ct", found]).decode().strip() or 0)
        texts = self._blobs([f"{found}:{self.prefix}{k}" for k in keys])
        return [
            FileVersion(k, stamp, found, t, found[:12])
            for k, t in zip(keys, texts, strict=True)
            if t is not None
        ]


def index_versions(store: Store, key: str | None = None) -> list[FileVersion]:
    """The index's own record of versions (``[]`` when the store keeps none)."""
    return store.file_versions(key) if has_views(store) else []  # always written: nothing to build


def working_text(workspace: Workspace, key: str) -> tuple[str | None, float]:
    """The file's text in the working tree (``None`` when gone or refused), read as ``get`` reads it: no
    symlink followed at any step, a FIFO or device refused without waiting on it."""
    try:
        fd = workspace.open_file(workspace.resolve_readable(key))
    except (OSError, MdrecallError):
        return None, 0.0
    try:
        mtime = os.fstat(fd).st_mtime
        return read_fd(fd).decode("utf-8", errors="replace"), mtime
    except OSError:
        return None, 0.0
    finally:
        os.close(fd)


def file_history(
    root: Path,
    store: Store,
    key: str,
    current: str | None,
    mtime: float,
    config: Any,
    grep: str | None = None,
) -> tuple[list[Change], str]:
    """How one file's lines changed (oldest first), and where the versions came from."""
    hist = config.history
    repo = GitRepo.find(root, hist.git_timeout_s) if hist.git else None
    if repo is not None:
        versions = repo.versions(key, hist.max_versions, current, mtime)
        source = "git"
    else:
        if not has_views(store):
            raise MdrecallError(
                f"{store.description}: this store keeps no file history; use the sqlite store"
            )
        versions = index_versions(store, key)[-hist.max_versions :]
        source = "index history"
    if current is None and not versions and not (source == "git" and index_versions(store, key)):
        raise NotFoundError(
            f"{key}: no such memory file (not on disk, in the index or in git); check the path"
        )
    return line_changes(versions, grep), source
