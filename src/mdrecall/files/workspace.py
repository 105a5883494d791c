"""The memory files of a workspace: discovery, allow-listed reads, and safe appends.

Memory files are ``MEMORY.md`` (or ``memory.md``) at the workspace root, every ``*.md`` under
``memory/`` (subfolders too, hidden folders excluded), and every ``*.md`` under the configured extra
paths. Symlinks are never followed, so a symlink loop or a link pointing outside cannot be walked.
Paths are keyed workspace-relative (POSIX) when inside the workspace, absolute otherwise.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import NamedTuple

from mdrecall.errors import PathError, WorkspaceError, WriteError
from mdrecall.files.file_lock import LOCK_FLAGS, LockBusyError, held_lock, is_at, lock_fd, unlock_fd
from mdrecall.files.name_dates import date_in_name
from mdrecall.files.safe_files import (
    FilesBeneath,
    append_all,
    copy_name,
    open_beneath,
    open_folder_beneath,
    read_beneath,
    replace_whole,
)
from mdrecall.models import clamp_ns
from mdrecall.text.textclean import clean_text, is_utf8

__all__ = [
    "LOCK_FLAGS",
    "MemoryFile",
    "Workspace",
    "WORKSPACE_MARKERS",
    "date_from_name",
    "held_lock",
    "lock_fd",
    "require_workspace",
    "unlock_fd",
]

MEMORY_FILE_NAMES = ("MEMORY.md", "memory.md")
MEMORY_DIR = "memory"


def date_from_name(name: str) -> str | None:
    """``YYYY-MM-DD`` of the day a file's name gives (:func:`~mdrecall.files.name_dates.date_in_name`): a
    leading date, else one anywhere in the name ("standup-2026-03-04.md"), a week's Monday ("2026-W14.md"),
    or a short date its numbers read one way only; not ``2026-02-30.md`` nor ``92025-...``."""
    day = date_in_name(name)
    return day.isoformat() if day is not None else None


class MemoryFile(NamedTuple):
    """A Markdown file found on disk (a tuple: every sync builds one per file)."""

    key: str
    abs_path: str
    mtime_ns: int
    size: int
    source: str = "memory"

    @property
    def date(self) -> str | None:
        """The day the file's name gives (:func:`date_from_name`)."""
        return date_from_name(os.path.basename(self.abs_path))


class Workspace:
    """A folder an agent owns: ``MEMORY.md``, ``memory/`` and extra Markdown roots."""

    def __init__(self, root: str | os.PathLike[str], extra_paths: Sequence[str] = ()) -> None:
        path = Path(root).expanduser()
        if not path.exists():
            raise WorkspaceError(f"workspace {path} does not exist", next_step="init", subject=str(path))
        if not path.is_dir():
            raise WorkspaceError(f"workspace {path} is not a folder")
        self.root = path.resolve()
        self.extra_roots = tuple(self._resolve_extra(p) for p in extra_paths)

    def _resolve_extra(self, raw: str) -> Path:
        p = Path(raw).expanduser()
        if not p.is_absolute():
            p = self.root / p
        return Path(os.path.abspath(p))

    # ---- keys -------------------------------------------------------------------------------------

    def key_for(self, abs_path: Path) -> str:
        """The stable key of a file: workspace-relative POSIX path, or the absolute path if outside."""
        try:
            return abs_path.relative_to(self.root).as_posix()
        except ValueError:
            return abs_path.as_posix()

    @property
    def memory_dir(self) -> Path:
        """``<workspace>/memory``."""
        return self.root / MEMORY_DIR

    # ---- discovery --------------------------------------------------------------------------------

    def discover(self, warnings: list[str] | None = None) -> Iterator[MemoryFile]:
        """Yield every memory file (no symlinks, ``.md`` only, each path once).

        A top-level memory file or folder that is a symlink is skipped with a warning
        (:meth:`skipped_links`), so a memory that is all one link is never silently empty.
        """
        if warnings is not None:
            warnings.extend(self.skipped_links())
        seen: set[str] = set()
        for name in MEMORY_FILE_NAMES:
            f = self._file(self.root / name)
            if f and f.key not in seen:
                seen.add(f.key)
                yield f
        roots = [self.memory_dir, *self.extra_roots]
        for root in roots:
            if root.is_symlink():
                continue
            if root.is_file():
                f = self._file(root)
                if f and f.key not in seen:
                    seen.add(f.key)
                    yield f
                continue
            for f in self._walk(root, warnings):
                if f.key not in seen:
                    seen.add(f.key)
                    yield f

    def skipped_links(self) -> list[str]:
        """A warning for each top-level memory file or folder that is skipped.

        A symlink (never followed), or a ``memory/`` or extra path that is neither a folder nor a
        Markdown file (a plain file in the folder's place), so a memory that is skipped whole is
        never silently empty.
        """
        tops = [self.root / name for name in MEMORY_FILE_NAMES] + [self.memory_dir, *self.extra_roots]
        out: list[str] = []
        for p in dict.fromkeys(tops):
            if p.is_symlink():
                out.append(
                    f"{self.key_for(p)}: a symlink, skipped (symlinks are never "
                    "followed, for safety); replace it with the file or folder itself"
                )
            elif (
                p in (self.memory_dir, *self.extra_roots)
                and p.exists()
                and not p.is_dir()
                and not (p.is_file() and p.suffix.lower() == ".md")
            ):
                out.append(f"{self.key_for(p)}: not a folder (nor a .md file), skipped; make it a folder")
        return out

    def _file(self, path: Path) -> MemoryFile | None:
        try:
            st = path.lstat()
        except OSError:
            return None
        if path.is_symlink() or not path.is_file() or path.suffix.lower() != ".md":
            return None
        return MemoryFile(self.key_for(path), str(path), clamp_ns(st.st_mtime_ns), st.st_size)

    def _walk(self, root: Path, warnings: list[str] | None) -> Iterator[MemoryFile]:
        """Recursive walk on plain strings (no pathlib per entry: this is the hot path of every sync)."""
        root_s = str(self.root) + os.sep
        stack = [str(root)]
        while stack:
            folder = stack.pop()
            try:
                with os.scandir(folder) as it:
                    entries = list(it)
            except FileNotFoundError:
                continue
            except OSError as exc:
                if warnings is not None:
                    warnings.append(f"cannot list {folder}: {exc.strerror or exc}")
                continue
            for entry in entries:
                name = entry.name
                if name.startswith("."):
                    continue
                try:  # with follow_symlinks=False a symlink is neither a file nor a folder: skipped
                    if name[-3:].lower() != ".md" or not entry.is_file(follow_symlinks=False):
                        if entry.is_dir(follow_symlinks=False):
                            stack.append(entry.path)
                    else:
                        st = entry.stat(follow_symlinks=False)
                        p = entry.path
                        if p.startswith(root_s):
                            key = p[len(root_s) :]
                            if os.sep != "/":
                                key = key.replace(os.sep, "/")
                        else:
                            key = Path(p).as_posix()
                        if not key.isascii() and not is_utf8(key):
                            if warnings is not None:
                                warnings.append(f"{clean_text(key)}: file name is not valid UTF-8; rename it")
                            continue
                        yield MemoryFile(key, p, clamp_ns(st.st_mtime_ns), st.st_size)
                except OSError as exc:
                    if warnings is not None:
                        warnings.append(f"cannot stat {entry.path}: {exc.strerror or exc}")

    # ---- allow-listed reads -------------------------------------------------------------------------

    def resolve_readable(self, raw: str) -> Path:
        """Resolve a user- or agent-given path to a memory file, refusing anything else.

        Allowed: ``MEMORY.md``, files under ``memory/`` and under the extra paths; ``.md`` only;
        no symlinks anywhere on the way; ``..`` or absolute paths that leave those roots are refused.
        """
        if not raw or "\x00" in raw:
            raise PathError("empty or invalid path. Give a path like memory/2026-01-26.md")
        try:
            given = Path(raw).expanduser()
        except RuntimeError:  # ~nosuchuser
            raise PathError(f"{raw}: unknown user in '~'. Give a path like memory/2026-01-26.md") from None
        candidate = given if given.is_absolute() else self.root / given
        normal = Path(os.path.normpath(candidate))
        if normal.suffix.lower() != ".md":
            raise PathError(f"{raw}: only Markdown (.md) memory files can be read")
        allowed = self._allowed_root(normal)
        if allowed is None:
            raise PathError(
                f"{raw}: outside the memory files. Readable: MEMORY.md, memory/**, and configured extra_paths"
            )
        # No symlink on the way from the allowed root to the file.
        probe = normal
        while True:
            try:
                link = probe.is_symlink()
            except OSError as exc:  # a name longer than the file system allows, a denied folder
                raise PathError(f"{raw}: cannot read ({exc.strerror or exc})") from None
            if link:
                raise PathError(f"{raw}: symlinks are not followed")
            if probe == allowed or probe.parent == probe:
                break
            probe = probe.parent
        return normal

    def open_file(self, path: Path, flags: int = os.O_RDONLY, *, create: bool = False) -> int:
        """A descriptor of a memory file, opened without following a symlink at any step.

        The walk starts at the workspace root (or at the extra root holding ``path``), so a folder or
        file swapped for a symlink after :meth:`resolve_readable` checked it is refused, not followed.
        """
        base = self._base_for(path)
        return open_beneath(base, path.relative_to(base).parts, flags, create=create)

    @contextlib.contextmanager
    def file_opener(self) -> Iterator[Callable[[str], int]]:
        """``open(abs_path)``: :meth:`open_file` (read-only) for many memory files in a row, as a sync
        reads them: each folder is opened once (:class:`~mdrecall.files.safe_files.FilesBeneath`) and
        its walk from the root is worked out once."""
        openers: dict[Path, FilesBeneath] = {}
        folders: dict[str, tuple[FilesBeneath, tuple[str, ...]]] = {}
        file_roots = {str(r) for r in self.extra_roots}  # a root that is one file: its base is its folder

        def open_one(abs_path: str) -> int:
            folder, name = os.path.split(abs_path)
            known = folders.get(folder)
            if known is None or abs_path in file_roots:
                path = Path(abs_path)
                base = self._base_for(path)
                opener = openers.get(base) or openers.setdefault(base, FilesBeneath(base))
                known = (opener, path.relative_to(base).parts[:-1])
                if abs_path not in file_roots:
                    folders[folder] = known
            return known[0].open((*known[1], name))

        try:
            yield open_one
        finally:
            for opener in openers.values():
                opener.close()

    def read_text(self, raw: str, *, limit: int = 0, tail: bool = False) -> str:
        """The text of the memory file ``raw``: the one safe read of a memory file.

        Allow-listed as :meth:`resolve_readable` says, opened as :meth:`open_file` does (no symlink
        followed at any step, a FIFO, socket or device refused without blocking). ``limit`` bytes at most:
        the first ones, or with ``tail`` the last ones. Raises :class:`PathError` for a refused path and
        ``FileNotFoundError`` (an ``OSError``) for a missing one.
        """
        target = self.resolve_readable(raw)
        base = self._base_for(target)
        data = read_beneath(base, target.relative_to(base).parts, limit=limit, tail=tail)
        return data.decode("utf-8", errors="replace")

    def _base_for(self, path: Path) -> Path:
        for root in self.extra_roots:
            if self._contains(self.root, root):
                continue  # inside the workspace: walked from the root like memory/
            if path == root:
                return root.parent
            if self._contains(root, path):
                return root
        if path != self.root and self._contains(self.root, path):
            return self.root
        raise PathError(f"{path}: outside the memory files")

    def _allowed_root(self, normal: Path) -> Path | None:
        for name in MEMORY_FILE_NAMES:
            if normal == self.root / name:
                return normal
        for root in (self.memory_dir, *self.extra_roots):
            if normal == root or self._contains(root, normal):
                return root
        return None

    @staticmethod
    def _contains(root: Path, path: Path) -> bool:
        try:
            path.relative_to(root)
            return True
        except ValueError:
            return False

    # ---- safe appends -------------------------------------------------------------------------------

    def daily_path(self, day: date) -> Path:
        """``memory/YYYY-MM-DD.md`` for ``day``."""
        return self.memory_dir / f"{day.isoformat()}.md"

    def append(self, path: Path, compose: Callable[[str | None, bool], tuple[str, str]]) -> int:
        """Append text under an exclusive lock; never rewrites what is there.

        ``compose(last_heading, is_new)`` returns ``(preamble, entry)`` to add, built from the file's
        last heading (read under the lock, so concurrent writers see each other). Returns the 1-based
        line where the entry's first non-blank line lands.

        The text lands whole or not at all, even if the process is killed meanwhile: text that stays
        within one page (4 KiB block) of the file is appended in place (the kernel copies a page in one
        step); longer text goes with the old bytes into a copy renamed over the file
        (:func:`~mdrecall.files.safe_files.replace_whole`). Where no copy can be made (no room for it, a
        folder not writable), it is appended in place, and an error still leaves the old bytes.
        """
        name = self.key_for(path)
        for _ in range(_REOPENS):
            try:
                fd = self.open_file(path, os.O_RDWR | os.O_APPEND, create=True)
            except PathError as exc:
                raise PathError(f"{exc}; refusing to write there") from None
            except OSError as exc:
                raise WriteError(
                    f"{name}: cannot open for writing ({exc.strerror or exc}); nothing was saved"
                ) from None
            try:
                try:
                    lock_fd(fd)
                except LockBusyError as exc:
                    raise WriteError(f"{name}: {exc.strerror}; nothing was saved") from None
                try:
                    if not _still_there(fd, path):  # renamed over by the writer before us: take the new one
                        continue
                    existing = read_all(fd)
                    text = existing.decode("utf-8", errors="replace")
                    heading = next(
                        (ln.strip() for ln in reversed(text.splitlines()) if ln.startswith("#")), None
                    )
                    preamble, entry = compose(heading, not existing)
                    prefix = b"\n" if existing and not existing.endswith(b"\n") else b""
                    head = prefix + preamble.encode("utf-8")
                    body = entry.encode("utf-8")
                    lead = len(body) - len(body.lstrip(b"\n"))
                    start_line = existing.count(b"\n") + head.count(b"\n") + lead + 1
                    self._write(path, fd, existing, head + body)
                    return start_line
                finally:
                    unlock_fd(fd)
            finally:
                os.close(fd)
        raise WriteError(f"{name}: replaced over and over while saving; nothing was saved. Retry.")

    def _write(self, path: Path, fd: int, existing: bytes, data: bytes) -> None:
        """Add ``data`` after ``existing`` (``fd``, locked): in place when it stays within one page, else
        by a copy renamed over ``path``; in place too when no copy can be made here."""
        base = self._base_for(path)
        parts = path.relative_to(base).parts
        folder = None
        if os.rename in os.supports_dir_fd:  # pragma: no branch - not on Windows
            try:
                folder = open_folder_beneath(base, parts[:-1])
            except (OSError, PathError):
                folder = None
        try:
            if folder is not None:
                if len(existing) // _PAGE != (len(existing) + len(data) - 1) // _PAGE:
                    try:
                        replace_whole(folder, parts[-1], (existing, data), os.fstat(fd))
                        return
                    except OSError:
                        pass  # no room for a copy, a folder not writable: append in place
                with contextlib.suppress(OSError):  # a copy a killed writer left (we hold the lock)
                    os.unlink(copy_name(parts[-1]), dir_fd=folder)
            append_all(fd, data, len(existing), self.key_for(path))
        finally:
            if folder is not None:
                os.close(folder)


#: Pages of this size are copied whole by the kernel: an append inside one cannot be cut by a kill.
_PAGE = 4096
#: How often :meth:`Workspace.append` takes the file anew when another writer renamed a copy over it.
_REOPENS = 1000


def _still_there(fd: int, path: Path) -> bool:
    """Whether ``fd`` is still the file at ``path`` (not renamed over by another writer's copy)."""
    return is_at(fd, path)


def read_all(fd: int) -> bytes:
    """The whole content of an open file, read from its start (the caller holds its lock)."""
    os.lseek(fd, 0, os.SEEK_SET)
    parts: list[bytes] = []
    while True:
        block = os.read(fd, 1 << 20)
        if not block:
            return b"".join(parts)
        parts.append(block)


def now_local() -> datetime:
    """The current local time (one place to change for tests)."""
    return datetime.now().astimezone()


#: What makes a folder a workspace: any of these inside it.
WORKSPACE_MARKERS = (*MEMORY_FILE_NAMES, MEMORY_DIR, ".mdrecall.toml", ".mdrecall")


def require_workspace(root: str | os.PathLike[str], extra_paths: Sequence[str] = ()) -> Path:
    """``root`` if it is a workspace (a marker inside, or extra paths set), else a :class:`WorkspaceError`.

    :meth:`mdrecall.Memory.open` and the commands that read memory call this first, so a folder that is
    not a workspace is never silently turned into one (an index created in it) nor searched as if it
    were empty. The error's ``next_step`` is ``"init"`` (its ``subject`` the folder).
    """
    path = Path(root).expanduser()
    if not path.exists():
        raise WorkspaceError(f"workspace {path} does not exist", next_step="init", subject=str(path))
    if not path.is_dir():
        raise WorkspaceError(f"workspace {path} is not a folder", next_step="init", subject=str(path))
    if extra_paths or any(os.path.lexists(path / m) for m in WORKSPACE_MARKERS):
        return path
    raise WorkspaceError(
        f"{path} is not an mdrecall workspace (no MEMORY.md, memory/ or .mdrecall.toml in it)",
        next_step="init",
        subject=str(path),
    )
