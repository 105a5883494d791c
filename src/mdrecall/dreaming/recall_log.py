"""The short-term recall log: every search hit served from the workspace (CLI, Python, MCP, the page),
by the lines it recalled (while ``dreaming.record_recalls`` is on).

``memory/.dreams/short-term-recall.json`` (the aggregate) keeps, per recalled line (anchored to its file and
its own words, :func:`anchor`), the scores, queries, recall count, distinct queries, last recall and
confirmed reads that :func:`mdrecall.dreaming.promote.dream` scores. A search does not rewrite it: it appends
one line (the recalled lines, the redacted query, scores, paths, line ranges, time) to the journal next to it
(``short-term-recall.journal``), which is folded into the aggregate whenever the aggregate is read (in
memory) or changed (confirm, mark promoted), and when the journal grows past a bound. Everything happens
under one file lock; the aggregate is atomically rewritten.

Folding is crash-safe: the journal is first renamed to a unique name, that name is written into the
aggregate together with its events, and the renamed journal is deleted after; a renamed journal whose name
the aggregate already holds is deleted unread, one it does not hold is folded (again). A kill at any point
neither loses nor double-counts a search.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.errors import PathError
from mdrecall.files.file_lock import held_lock
from mdrecall.files.safe_files import read_beneath
from mdrecall.files.workspace import Workspace
from mdrecall.models import Hit
from mdrecall.text.query import tokenize
from mdrecall.text.redact import redact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["RECALL_FILE", "RECALL_JOURNAL", "RecallLog", "anchor", "plain_words", "recalled_lines"]

RECALL_FILE = "memory/.dreams/short-term-recall.json"
#: The searches not yet folded into :data:`RECALL_FILE`, one JSON line each (appended).
RECALL_JOURNAL = "memory/.dreams/short-term-recall.journal"
_MAX_ENTRIES = 2000
_MAX_QUERIES = 50
_MAX_RECALLED_LINES = 3
#: A search that leaves the journal longer than this folds it (a few hundred searches).
_MAX_JOURNAL_BYTES = 256 * 1024
#: How many names of folded journals the aggregate remembers (one is enough after a crash; more is safe).
_MAX_FOLDED_NAMES = 32
#: One search in the journal: (time, redacted query, [(path, source, first, last, score, lines)]).
_Event = tuple[float, str, list[tuple[str, str, int, int, float, list[str]]]]


def plain_words(text: str) -> str:
    """The words of ``text``, lower-cased, one space apart (what anchors and duplicate checks compare)."""
    return " ".join(re.findall(r"\w+", text.lower()))


def anchor(path: str, line_text: str) -> str:
    """The key of a recalled line: its file and a hash of its words (stable as the file grows)."""
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    return f"{path}#{hashlib.sha256(plain_words(line_text).encode()).hexdigest()[:12]}"


def recalled_lines(snippet: str, query: str) -> list[str]:
    """The lines of a snippet that a query recalled: those sharing a word with it, else the first one.

    Headings, blank lines and the ``…`` gaps of a pieced snippet are never recalled lines.
    """
    lines = [ln.strip().strip("…").strip() for ln in snippet.splitlines()]
    lines = [ln for ln in lines if plain_words(ln) and not ln.startswith("#")]
    terms = {t for t in tokenize(query) if len(t) >= 3 and t not in STOP_WORDS}

    def shares_a_word(line: str) -> bool:
        return any(
            t == q or (len(t) >= 5 and len(q) >= 5 and t[:5] == q[:5]) for t in tokenize(line) for q in terms
        )

    matched = [ln for ln in lines if shares_a_word(ln)]
    return (matched or lines[:1])[:_MAX_RECALLED_LINES]


class RecallLog:
    """The short-term recall log of a workspace: the aggregate and its journal (locked, crash-safe)."""

    def __init__(self, workspace: Workspace, config: DreamingConfig | None = None) -> None:
        self.workspace = workspace
        self.config = config or DreamingConfig()
        self.path = workspace.root / RECALL_FILE
        self.journal = workspace.root / RECALL_JOURNAL
        #: Where an unreadable (corrupt) recall file was moved, if one was.
        self.moved_aside: str | None = None
        #: Journal lines skipped as unreadable (torn or corrupt) since this was last reported.
        self.skipped_lines = 0
        #: Why folding the journal after a search failed (the search itself was recorded), if it did.
        self.fold_error: str | None = None

    # ---- reading --------------------------------------------------------------------------------------

    def load(self) -> dict[str, Any]:
        """The log's content (``{"version": 2, "entries": {anchor: entry}}``), the journal folded in.

        A pending journal is folded into the file first (where that cannot be written, in memory only: the
        next change writes it). A version 1 file (entries keyed by chunk citation) is read as one entry per
        line of each stored snippet, with the snippet's counts. A file that cannot be parsed is never
        overwritten: it is moved aside (``short-term-recall.corrupt-<time>.json``, named in
        :attr:`moved_aside`); a new log starts. A file that cannot be read raises :class:`OSError`.
        """
        if not self.path.parent.is_dir():
            return _empty()
        with self._lock():
            if not self.journal.exists() and not self._renamed_journals():
                return self._read_aggregate()
            skipped = self.skipped_lines
            try:
                with self._changing() as data:
                    pass
                return data
            except OSError:  # no room to write it, say: fold in memory
                self.skipped_lines = skipped
                data = self._read_aggregate()
                for journal in [*self._unfolded(data, delete_folded=False), self.journal]:
                    self._apply_journal(data, journal)
                return data

    def _read_aggregate(self) -> dict[str, Any]:
        try:  # no symlink followed, no FIFO waited on: either is moved aside as a corrupt file is
            raw: bytes | None = read_beneath(self.path.parent, [self.path.name])
        except FileNotFoundError:
            return _empty()
        except PathError:
            raw = None
        try:
            if raw is None:
                raise ValueError("not a regular file")
            data = json.loads(raw.decode("utf-8"))
            if isinstance(data, dict) and isinstance(data.get("entries"), dict):
                return data if data.get("version") == 2 else _upgrade(data)
        except ValueError:  # bad JSON or bad UTF-8
            pass
        aside = self.path.with_name(f"{self.path.stem}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}.json")
        os.replace(self.path, aside)
        self.moved_aside = str(aside)
        return _empty()

    def _unfolded(self, data: dict[str, Any], delete_folded: bool) -> list[Path]:
        """Renamed journals of an interrupted fold that ``data`` does not hold yet, oldest first."""
        done = set(data.get("folded") or ())
        left = []
        for p in self._renamed_journals():
            if p.name not in done:
                left.append(p)
            elif delete_folded:  # its fold was written; only the deletion was missed
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
        return left

    def _renamed_journals(self) -> list[Path]:
        return sorted(self.path.parent.glob(f"{self.journal.name}.*"))

    def _apply_journal(self, data: dict[str, Any], journal: Path) -> int:
        """Count ``journal``'s searches into ``data`` (the old per-search order); how many it held."""
        try:  # as the log itself: no symlink followed, no FIFO waited on (such a journal counts as empty)
            raw = read_beneath(journal.parent, [journal.name])
        except FileNotFoundError:
            return 0
        except PathError:
            return 0
        n = 0
        for line in raw.split(b"\n"):
            if not line.strip():
                continue
            event = _parse_event(line)
            if event is None:
                self.skipped_lines += 1
                data["skippedJournalLines"] = data.get("skippedJournalLines", 0) + 1
                continue
            _apply(data, event)
            n += 1
        return n

    # ---- changing -------------------------------------------------------------------------------------

    def _lock(self) -> AbstractContextManager[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return held_lock(self.path.with_suffix(".lock"))

    @contextmanager
    def _locked(self) -> Iterator[dict[str, Any]]:
        """The aggregate with the journal folded in, to change; written back (the lock held throughout)."""
        with self._lock(), self._changing() as data:
            yield data

    @contextmanager
    def _changing(self) -> Iterator[dict[str, Any]]:
        """What :meth:`_locked` does once the lock is held."""
        data = self._read_aggregate()
        journals = self._unfolded(data, delete_folded=True)
        if self.journal.exists():  # from here on a kill leaves it to the next fold, under this name
            import uuid

            renamed = self.journal.with_name(
                f"{self.journal.name}.{_next_seq(journals):08d}-{uuid.uuid4().hex[:8]}"
            )
            os.replace(self.journal, renamed)
            journals.append(renamed)
        for journal in journals:
            self._apply_journal(data, journal)
        yield data
        _prune(data)
        if journals:
            data["folded"] = ([*(data.get("folded") or ()), *(j.name for j in journals)])[-_MAX_FOLDED_NAMES:]
        self._write(data)
        # a kill before these deletions: the aggregate names them, so they are never counted again
        for journal in journals:
            with contextlib.suppress(FileNotFoundError):
                journal.unlink()

    def _write(self, data: dict[str, Any]) -> None:
        import tempfile  # here: a search only appends to the journal (tempfile loads shutil, bz2, lzma)

        tmp_fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".recall-")
        try:  # the old file stays whole until the new one is complete on disk
            with os.fdopen(tmp_fd, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))  # C encoder: fast
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def _append(self, line: bytes) -> int:
        """Append one line to the journal in one write (the lock held); the journal's size after."""
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # never a link out, never a FIFO
        fd = os.open(self.journal, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "the recall journal is not a regular file")
            size = os.fstat(fd).st_size
            if size:  # a line torn by a power cut: end it, so this one stays whole
                os.lseek(fd, size - 1, os.SEEK_SET)
                if os.read(fd, 1) != b"\n":
                    line = b"\n" + line
            written = os.write(fd, line)
            if written != len(line):  # a full disk: leave no partial line behind
                os.ftruncate(fd, size)
                raise OSError(
                    errno.ENOSPC, f"short write to {self.journal.name} ({written} of {len(line)} bytes)"
                )
            return size + written
        finally:
            os.close(fd)

    def fold(self) -> None:
        """Fold the journal into the aggregate now (what the next change would do anyway)."""
        if self.path.parent.is_dir():
            with self._locked():
                pass

    def record(self, query: str, hits: Sequence[Hit], now: float | None = None) -> None:
        """Record one search: each hit's score and the query that found it (one line in the journal)."""
        if not hits or not self.config.record_recalls:
            return
        now = time.time() if now is None else now
        q = " ".join(redact(query).split()).lower()[:200]  # a query can carry a secret: never stored as is
        found = []
        for h in hits:
            lines = recalled_lines(h.snippet, query)
            if lines:
                first = h.snippet_start_line or h.start_line
                last = h.snippet_end_line or h.end_line
                found.append([h.path, h.source, first, last, float(h.score), lines])
        event = {"t": now, "q": q, "h": found}
        line = (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        with self._lock():
            size = self._append(line)
            if size > _MAX_JOURNAL_BYTES:
                try:
                    with self._changing():
                        pass
                except OSError as exc:  # the search is in the journal; the next change folds it
                    self.fold_error = exc.strerror or str(exc)

    def record_search(self, query: str, hits: Sequence[Hit]) -> str | None:
        """Record a search's hits from this workspace (another memory's, merged in, are not its
        recalls); never fails the search: what went wrong comes back as a warning to show."""
        own = [h for h in hits if h.workspace == "own" or (h.workspace is None and h.agent is None)]
        try:
            self.record(query, own)
        except OSError as exc:
            return f"search hits were not recorded for dreaming ({exc.strerror or exc})"
        notes = []
        aside, self.moved_aside = self.moved_aside, None
        if aside:
            notes.append(
                f"the recall log could not be read and was moved aside to {aside}; a new one was started"
            )
        skipped, self.skipped_lines = self.skipped_lines, 0
        if skipped:
            notes.append(f"{skipped} unreadable line(s) of the recall journal were skipped")
        failed, self.fold_error = self.fold_error, None
        if failed:
            notes.append(f"the recall journal could not be folded into the recall log yet ({failed})")
        return "; ".join(notes) or None

    def confirm(self, path: str, from_line: int, to_line: int, now: float | None = None) -> int:
        """Count a read of ``path`` lines as confirmed use of recent hits; returns how many."""
        now = time.time() if now is None else now
        if not (self.path.exists() or self.journal.exists() or self._renamed_journals()):
            return 0
        n = 0
        with self._locked() as data:
            for e in data["entries"].values():
                recent = now - e.get("lastRecalled", 0) <= self.config.confirm_window_s
                overlap = e["startLine"] <= to_line and from_line <= e["endLine"]
                fresh = e.get("lastConfirmed") is None or e["lastConfirmed"] < e.get("lastRecalled", 0)
                if e["path"] == path and recent and overlap and fresh:
                    e["confirmed"] += 1
                    e["lastConfirmed"] = now
                    n += 1
        return n

    def mark_promoted(self, anchors: Sequence[str], now: float) -> None:
        """Remember which entries were promoted (they are not candidates again)."""
        with self._locked() as data:
            for key in anchors:
                if key in data["entries"]:
                    data["entries"][key]["promotedAt"] = now


def _empty() -> dict[str, Any]:
    return {"version": 2, "entries": {}}


def _next_seq(journals: Sequence[Path]) -> int:
    """The number of the next renamed journal: after every one still there (they fold in this order)."""
    seqs = [int(p.suffix[1:].split("-")[0]) for p in journals if p.suffix[1:].split("-")[0].isdigit()]
    return max(seqs, default=0) + 1


def _parse_event(line: bytes) -> _Event | None:
    """One journal line as a search, or None where it is torn or corrupt."""
    try:
        raw = json.loads(line.decode("utf-8"))
        t, q = float(raw["t"]), raw["q"]
        hits = [
            (str(path), str(source), int(first), int(last), float(score), [str(x) for x in lines])
            for path, source, first, last, score, lines in raw["h"]
        ]
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return (t, q, hits) if isinstance(q, str) else None


def _apply(data: dict[str, Any], event: _Event) -> None:
    """Count one search into the aggregate, as the per-search rewrite did (pruned after it)."""
    now, query, hits = event
    entries = data["entries"]
    for path, source, first, last, score, lines in hits:
        for text in lines:
            e = entries.setdefault(anchor(path, text), _new_entry(path, source, now))
            e.update(text=text, startLine=first, endLine=last)
            _count(e, score, query, now)
    _prune(data)


def _prune(data: dict[str, Any]) -> None:
    entries = data["entries"]
    if len(entries) > _MAX_ENTRIES:
        keep = sorted(entries, key=lambda c: entries[c].get("lastRecalled", 0))[-_MAX_ENTRIES:]
        data["entries"] = {c: entries[c] for c in keep}


def _new_entry(path: str, source: str, now: float) -> dict[str, Any]:
    return {"path": path, "source": source, "text": "", "startLine": 0, "endLine": 0,
            "recallCount": 0, "scoreSum": 0.0, "maxScore": 0.0, "queries": [], "uniqueQueries": 0,
            "firstRecalled": now, "lastRecalled": now, "confirmed": 0, "lastConfirmed": None,
            "promotedAt": None}  # fmt: skip


def _count(e: dict[str, Any], score: float, query: str, now: float) -> None:
    e["recallCount"] += 1
    e["scoreSum"] += score
    e["maxScore"] = max(e["maxScore"], score)
    e["lastRecalled"] = now
    if query and query not in e["queries"]:
        e["uniqueQueries"] += 1
        e["queries"] = (e["queries"] + [query])[-_MAX_QUERIES:]


def _upgrade(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (keyed by chunk citation, counts per chunk) → version 2 (one entry per recalled line)."""
    entries: dict[str, Any] = {}
    for e in old["entries"].values():
        if not isinstance(e, dict) or "path" not in e:
            continue
        lines = [
            ln
            for ln in (e.get("snippet") or "").splitlines()
            if plain_words(ln) and not ln.lstrip().startswith("#")
        ]
        for text in lines[:_MAX_RECALLED_LINES]:
            key = anchor(e["path"], text.strip())
            if key not in entries or entries[key]["recallCount"] < e.get("recallCount", 0):
                entries[key] = {**_new_entry(e["path"], e.get("source", "memory"), e.get("firstRecalled", 0)),
                                **{k: v for k, v in e.items() if k not in ("snippet", "snippetStartLine",
                                                                          "snippetEndLine")},
                                "text": text.strip()}  # fmt: skip
    return {"version": 2, "entries": entries}
