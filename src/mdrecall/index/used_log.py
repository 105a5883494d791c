"""What the agent did with the memories recall injected: ``.mdrecall/recall/used.jsonl``, append-only.

One JSON line per *used* signal: an injected citation (``c``) that the agent then read (``get``), found
again among a later search's top hits (``search``) or repeated in its reply (``reply``) (``k``), the
session it was injected into (``s``) and when (``t``). :mod:`mdrecall.search.recall_use` decides what is a
signal; dreaming (:mod:`mdrecall.dreaming.promote`) counts them toward promotion, the search's
``used`` stage (:func:`mdrecall.search.ranking.apply_used_boost`) lifts used lines a little, and
``status`` shows the share of injected memories that were used (:func:`summary`).

Never the prompt: a citation is a path and lines, and both it and the session id are redacted
(:func:`mdrecall.text.redact.redact`) as the recall log's queries are. Each signal is one ``write`` to a
file opened for appending, under a lock; a line torn by a crash is ended before the next one and skipped
when read. Past :data:`MAX_BYTES` the log keeps its newest :data:`KEEP` signals (rewritten beside it,
flushed, renamed over it: a crash leaves the old log or the new one). One (session, citation, kind) is
recorded once.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdrecall.files.file_lock import held_lock

__all__ = [
    "KEEP",
    "KINDS",
    "MAX_BYTES",
    "Used",
    "citation_span",
    "read",
    "record",
    "spans",
    "summary",
    "used_path",
]

#: The kinds of use: a read of its lines, a later search's top hit, a citation in the reply.
KINDS = ("get", "search", "reply")
#: Past this size the log is cut to its newest :data:`KEEP` signals.
MAX_BYTES = 64 * 1024
KEEP = 500
_CITATION = re.compile(r"^(?P<path>.+)#L(?P<a>\d+)(?:-L(?P<b>\d+))?$")
#: A signal's citation field, as :func:`_line` writes it (what :func:`spans` reads: no whole JSON parse).
_CITED = re.compile(rb'"c":"((?:[^"\\]|\\.)*)"')
#: Most of the log a reader takes, from its end (a log is cut to :data:`KEEP` signals past
#: :data:`MAX_BYTES`: more than this is damage or someone else's file, never worth a search's time).
READ_LIMIT = 1 << 20


@dataclass(frozen=True)
class Used:
    """One used signal: ``citation`` (``path#La-Lb``), ``kind`` (:data:`KINDS`), ``session``, ``at``."""

    citation: str
    kind: str
    session: str
    at: float

    def span(self) -> tuple[str, int, int] | None:
        """``(path, first line, last line)`` of the citation (``None``: not a line citation)."""
        return citation_span(self.citation)


def citation_span(citation: str) -> tuple[str, int, int] | None:
    """``path#La-Lb`` (or ``path#La``) → ``(path, a, b)``; ``None`` for anything else."""
    m = _CITATION.match(citation)
    if not m:
        return None
    a = int(m["a"])
    return m["path"], a, int(m["b"] or a)


def used_path(root: Path) -> Path:
    """Where workspace ``root`` keeps the log (beside the per-session records of what was shown)."""
    return root / ".mdrecall" / "recall" / "used.jsonl"


def read(root: Path) -> list[Used]:
    """Every signal in the log of workspace ``root``, oldest first (torn or damaged lines skipped)."""
    return list(_parse(_raw(used_path(root))))


def _raw(path: Path) -> bytes:
    """The log's last :data:`READ_LIMIT` bytes from its first whole line (``b""``: absent, unreadable, or
    not a regular file of its own: a symlink is not followed, a FIFO or a device is not read)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except OSError:
        return b""
    parts: list[bytes] = []
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return b""
        start = max(0, st.st_size - READ_LIMIT)
        os.lseek(fd, start, os.SEEK_SET)
        left = st.st_size - start
        while left > 0:
            block = os.read(fd, left)
            if not block:
                break
            parts.append(block)
            left -= len(block)
    except OSError:
        return b""
    finally:
        os.close(fd)
    data = b"".join(parts)
    return data.partition(b"\n")[2] if start else data  # the first line was cut: skip it


def _parse(raw: bytes) -> Iterator[Used]:
    for line in raw.split(b"\n"):
        try:
            d = json.loads(line)
            u = Used(str(d["c"]), str(d["k"]), str(d["s"]), float(d["t"]))
        except (ValueError, TypeError, KeyError):
            continue
        if u.kind in KINDS:
            yield u


def record(root: Path, signals: Iterable[Used]) -> list[Used]:
    """Append the signals not yet recorded (by session, citation and kind); returns those appended.

    Raises :class:`OSError` when the log cannot be written (its callers treat that as a lost hint).
    """
    from mdrecall.text.redact import redact  # here: a search that records nothing loads no rules

    want = [
        Used(redact(u.citation), u.kind, redact(u.session)[:200], u.at) for u in signals if u.kind in KINDS
    ]
    if not want:
        return []
    path = used_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path):
        have = {(u.session, u.citation, u.kind) for u in read(root)}
        new: list[Used] = []
        for u in want:
            if (u.session, u.citation, u.kind) not in have:
                have.add((u.session, u.citation, u.kind))
                new.append(u)
        if not new:
            return []
        data = b"".join(_line(u) for u in new)
        size = _append(path, data)
        if size > MAX_BYTES:
            _compact(path)
    return new


def _line(u: Used) -> bytes:
    obj = {"t": round(u.at, 3), "c": u.citation, "k": u.kind, "s": u.session}
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _append(path: Path, data: bytes) -> int:
    """Append ``data`` in one write (a torn last line is ended first); the log's size after."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size:
            os.lseek(fd, size - 1, os.SEEK_SET)
            if os.read(fd, 1) != b"\n":
                data = b"\n" + data
        written = os.write(fd, data)
        if written != len(data):  # a full disk: leave no partial line behind
            os.ftruncate(fd, size)
            raise OSError(28, f"short write to {path.name}")
        return size + written
    finally:
        os.close(fd)


def _compact(path: Path) -> None:
    """Keep the newest :data:`KEEP` signals (written beside, flushed, renamed over the log)."""
    keep = list(_parse(_raw(path)))[-KEEP:]
    import tempfile  # only to cut the log: a search that reads it never needs it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(b"".join(_line(u) for u in keep))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _locked(path: Path) -> contextlib.AbstractContextManager[None]:
    return held_lock(path.with_name(".used.lock"))


#: Log path → (its size and mtime, its spans): a long-lived process reads the log again only when it changed.
_SPANS: dict[Path, tuple[tuple[int, int], dict[str, list[tuple[int, int]]]]] = {}


def spans(root: Path) -> dict[str, list[tuple[int, int]]]:
    """Path → the line spans the agent used (any session, any kind): what the ranking stage lifts.

    One ``stat`` when there is no log, or when it is unchanged since this process last read it.
    """
    path = used_path(root)
    try:
        st = path.stat()
    except OSError:
        return {}
    stamp = (st.st_size, st.st_mtime_ns)
    cached = _SPANS.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    raw = _raw(path)
    found: dict[str, set[tuple[int, int]]] = {}
    for cited in set(_CITED.findall(raw)):  # a torn or damaged line yields nothing or a non-citation
        try:  # an escape (a quote, a control character) only when the path holds one
            span = citation_span(json.loads(b'"' + cited + b'"') if b"\\" in cited else cited.decode())
        except ValueError:
            continue
        if span is not None:
            found.setdefault(span[0], set()).add(span[1:])
    out = {path: sorted(spans) for path, spans in found.items()}
    if len(_SPANS) > 8:
        _SPANS.clear()
    _SPANS[path] = (stamp, out)
    return out


def summary(root: Path, injected: int) -> dict[str, Any]:
    """What ``status`` shows: ``used`` (distinct injected memories used, per session), ``by_kind`` and
    ``rate`` (``used`` over ``injected``, the memories the hook injected; ``None`` when none)."""
    signals = read(root)
    used = {(u.session, u.citation) for u in signals}
    by_kind = {k: len({(u.session, u.citation) for u in signals if u.kind == k}) for k in KINDS}
    rate = round(min(1.0, len(used) / injected), 3) if injected else None
    last = max((u.at for u in signals), default=None)
    return {"used": len(used), "by_kind": by_kind, "rate": rate, "last": last}
