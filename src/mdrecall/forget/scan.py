"""The proof: every byte under the workspace (index files, ``.git`` and hidden folders included) searched for
the forgotten text, as UTF-8, UTF-16 and JSON-escaped, each copy found named with why it is there.

A workspace under git is checked with ``git log -S`` (history is compressed: no byte scan sees it) and the
command that would purge it is given; mdrecall never rewrites history itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdrecall.files.workspace import Workspace
from mdrecall.forget.files import JOURNAL_DIR, is_index_file
from mdrecall.text.needle import Needle

__all__ = ["Copy", "GitNote", "git_note", "scan_bytes"]

_BLOCK = 4 << 20


@dataclass
class Copy:
    """A copy of the text found on disk: where, in which encodings, how many, and why it is there."""

    path: str
    forms: list[str]
    count: int
    why: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"path": self.path, "forms": self.forms, "count": self.count, "why": self.why}


@dataclass
class GitNote:
    """The workspace is in a git repository: what its history holds and how a person could purge it."""

    top: str
    commits: list[str]
    purge_command: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"repository": self.top, "commits": self.commits, "purgeCommand": self.purge_command}


def _files(root: Path) -> Iterator[Path]:
    for base, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(base, d))]
        for name in files:
            path = Path(base) / name
            if not path.is_symlink() and path.is_file():
                yield path


def _count(path: Path, needle: Needle) -> dict[str, int]:
    """Matches per encoding in the file's bytes (read in blocks that overlap by the longest match)."""
    patterns = needle.byte_patterns
    overlap = max(len(t) for t in needle.texts) * 12 + 16
    seen: dict[str, set[int]] = {form: set() for form, _ in patterns}
    try:
        with path.open("rb") as fh:
            offset, tail = 0, b""
            while True:
                block = fh.read(_BLOCK)
                if not block:
                    break
                data = tail + block
                base = offset - len(tail)
                for form, pattern in patterns:
                    seen[form].update(base + m.start() for m in pattern.finditer(data))
                offset += len(block)
                tail = data[-overlap:]
    except OSError:
        return {}
    return {form: len(found) for form, found in seen.items() if found}


def scan_bytes(
    workspace: Workspace,
    needle: Needle,
    *,
    owned: Iterable[str] = (),
    transcripts: Iterable[Path] = (),
    index_paths: Iterable[Path] = (),
) -> list[Copy]:
    """Every copy of ``needle`` in the bytes of every file under the workspace, the transcripts and the index.

    ``owned`` are the keys of the files a forget rewrites (a copy there is one it failed to remove).
    """
    owned_keys = set(owned)
    transcript_paths = {Path(os.path.abspath(p)) for p in transcripts}
    paths = list(_files(workspace.root))
    extra = [*transcript_paths, *index_paths]
    for p in extra:
        for q in (p, Path(f"{p}-wal"), Path(f"{p}-shm")):
            if q.is_file() and not _under(q, workspace.root):
                paths.append(q)
    found: list[Copy] = []
    for path in sorted(set(paths)):
        counts = _count(path, needle)
        key = workspace.key_for(path)
        if needle.search(key):  # the name itself holds it (a folder, a file the forget does not rename)
            found.append(Copy(key, ["name"], 1, "its name (or its folder's) holds it: rename it"))
        if not counts:
            continue
        found.append(
            Copy(key, sorted(counts), sum(counts.values()), _why(key, path, owned_keys, transcript_paths))
        )
    return found


def _under(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root)
    except ValueError:
        return False
    return True


def _why(key: str, path: Path, owned: set[str], transcripts: set[Path]) -> str:
    if key == ".git" or key.startswith(".git/"):
        return "git's own files: mdrecall never rewrites history (see the git note)"
    if key.startswith(JOURNAL_DIR + "/"):
        return "the journal of a forget not finished yet (run `mdrecall forget --resume`)"
    if path in transcripts or Path(os.path.abspath(path)) in transcripts:
        return "a session transcript mdrecall only reads: edit or delete it where the agent keeps it"
    if key in owned:
        return "a memory file that still holds it (it could not be rewritten, or was written since)"
    if is_index_file(path):
        return (
            "an index file still holds it (another process keeps the index open, or it is a damaged copy "
            "moved aside: stop the other process and run `mdrecall forget --resume`, or delete the copy)"
        )
    return "not a file mdrecall writes: left as it is"


def git_note(workspace: Workspace, needle: Needle, marker: str) -> GitNote | None:
    """When the workspace is in a git repository: the commits whose changes hold the text, and the command
    (``git filter-repo --replace-text``) that would purge it; ``None`` outside git or without git."""
    git = shutil.which("git")
    if git is None:
        return None
    try:
        top = subprocess.run(
            [git, "-C", str(workspace.root), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if top.returncode != 0 or not top.stdout.strip():
        return None
    commits: list[str] = []
    for text in needle.forms:  # composed and decomposed: git's -S looks for bytes
        args = [git, "-C", str(workspace.root), "log", "--all", "--format=%h", "-S", text]
        if needle.ignore_case:
            args.insert(5, "--regexp-ignore-case")
        try:
            out = subprocess.run(args, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError):
            continue
        commits += [c for c in out.stdout.split() if c not in commits]
    rules = "\n".join(
        (f"regex:(?i){_regex_escape(t)}" if needle.ignore_case else f"literal:{t}") + f"==>{marker}"
        for t in needle.texts
    )
    command = (
        f"printf '%s\\n' {_shell_quote(rules)} > /tmp/forget-rules.txt && "
        f"git -C {_shell_quote(top.stdout.strip())} filter-repo --replace-text /tmp/forget-rules.txt"
    )
    return GitNote(top.stdout.strip(), commits, command)


def _regex_escape(text: str) -> str:
    import re

    return re.escape(text)


def _shell_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)
