"""What one agent session was already shown: ``.mdrecall/recall/<session>.json``, crash-safe.

Per-prompt recall never shows a session the same memory twice, nor what its ``SessionStart`` context
held. The record is the citations injected and short hashes of the file lines shown (whitespace folded),
so a line is known again whether it came in a hit or in the start-of-session block, and, for people
(the page's Recall view), what was injected and why: each memory's citation, score, stage and the prompt
words it matched (never the prompt itself), the last :data:`MAX_SHOWN`. The file is replaced
atomically (written beside, flushed, renamed): a crash leaves the old record or the new one, never half
of one; a damaged or unreadable record reads as empty (the worst case is a memory shown twice).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["MAX_LINES", "MAX_SHOWN", "SeenLog", "line_key", "session_slug"]

#: The most line hashes one session's record keeps (the oldest are dropped first).
MAX_LINES = 5000
#: The most injections one session's record describes (the oldest are dropped first).
MAX_SHOWN = 200
_SHOWN_KEYS: dict[str, type | tuple[type, ...]] = {
    "at": (int, float),
    "citation": str,
    "score": (int, float),
    "stage": str,
}
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def session_slug(session: str) -> str:
    """A file name for ``session``: its safe characters, plus a hash when any were replaced or cut."""
    raw = session or "default"
    slug = _UNSAFE.sub("-", raw).strip(".-")[:60] or "session"
    if slug != raw:
        import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

        slug += "-" + hashlib.blake2b(raw.encode("utf-8", "replace"), digest_size=4).hexdigest()
    return slug


def line_key(line: str) -> str | None:
    """The hash a shown line is remembered by (``None`` for a blank line or a bare list marker)."""
    folded = " ".join(line.split()).strip("-*> ").lower()
    if len(folded) < 3:
        return None
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    return hashlib.blake2b(folded.encode("utf-8", "replace"), digest_size=6).hexdigest()


@dataclass
class SeenLog:
    """One session's record: load it, test hits and lines against it, add to it, save it."""

    path: Path
    citations: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    #: What was injected, oldest first: ``at`` (epoch seconds), ``citation``, ``score``, ``stage``,
    #: ``matched`` (the prompt's words its lines hold) and ``note``.
    shown: list[dict[str, Any]] = field(default_factory=list)
    session: str = ""

    @classmethod
    def load(cls, root: Path, session: str) -> SeenLog:
        """The record of ``session`` under workspace ``root`` (empty when missing or damaged)."""
        return cls.read(root / ".mdrecall" / "recall" / f"{session_slug(session)}.json", session)

    @classmethod
    def read(cls, path: Path, session: str = "") -> SeenLog:
        """The record in ``path`` (empty when missing or damaged)."""
        log = cls(path, session=session)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return log
        if isinstance(data, dict):
            log.citations = [c for c in data.get("citations", []) if isinstance(c, str)]
            log.lines = [h for h in data.get("lines", []) if isinstance(h, str)]
            log.shown = [e for e in data.get("shown", []) if _valid(e)][-MAX_SHOWN:]
            if not session and isinstance(data.get("session"), str):
                log.session = data["session"]
        return log

    @classmethod
    def sessions(cls, root: Path) -> list[SeenLog]:
        """Every session's record under workspace ``root``, the most recently injected first."""
        folder = root / ".mdrecall" / "recall"
        try:
            paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
        except OSError:
            return []
        logs = [cls.read(p) for p in paths]
        for log in logs:
            log.session = log.session or log.path.stem
        return sorted(logs, key=lambda g: max((e["at"] for e in g.shown), default=0.0), reverse=True)

    def knows(self, citation: str, lines: Iterable[str]) -> bool:
        """Whether a memory was shown: its citation was, or every line it shows was."""
        if citation in self.citations:
            return True
        keys = [k for k in map(line_key, lines) if k]
        have = set(self.lines)
        return bool(keys) and all(k in have for k in keys)

    def add(
        self, citations: Iterable[str] = (), lines: Iterable[str] = (), shown: Iterable[dict[str, Any]] = ()
    ) -> None:
        """Remember ``citations`` and ``lines`` as shown, and ``shown`` as what was injected (each given
        ``at`` now unless it has one); call :meth:`save` to keep them."""
        now = time.time()
        self.shown = [*self.shown, *({"at": now, **e} for e in shown)][-MAX_SHOWN:]
        for c in citations:
            if c not in self.citations:
                self.citations.append(c)
        seen = set(self.lines)
        for k in map(line_key, lines):
            if k and k not in seen:
                seen.add(k)
                self.lines.append(k)
        self.lines = self.lines[-MAX_LINES:]

    def save(self) -> None:
        """Write the record atomically (a temporary file beside it, flushed, then renamed over it)."""
        import tempfile  # here: it loads shutil, bz2, lzma and random; only a write needs it

        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                data: dict[str, Any] = {"citations": self.citations, "lines": self.lines}
                if self.shown:
                    data["shown"] = self.shown
                if self.session:
                    data["session"] = self.session
                json.dump(data, fh)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _valid(entry: Any) -> bool:
    """Whether ``entry`` is an injection as :meth:`SeenLog.add` writes it."""
    return isinstance(entry, dict) and all(isinstance(entry.get(k), t) for k, t in _SHOWN_KEYS.items())
