"""Plain typed records passed between the stages: documents, chunks, hits and reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from mdrecall.records import hot_record, plain_methods, record

if TYPE_CHECKING:
    import numpy as np


__all__ = [
    "Scored",
    "VectorLeg",
    "Candidate",
    "Chunk",
    "FileRecord",
    "GetResult",
    "Hit",
    "IndexReport",
    "ProgressCallback",
    "SOURCES",
    "Status",
    "clamp_ns",
]

#: Every source a document can come from; the one list each command and tool offers (``--source``).
SOURCES = ("memory", "sessions", "conversations")

#: Called as ``progress(done, total, label)`` during long work (indexing, embedding).
ProgressCallback = Callable[[int, int, str], None]


_NS_MIN, _NS_MAX = -(2**63), 2**63 - 1


def clamp_ns(ns: int) -> int:
    """A file time in nanoseconds, kept within a 64-bit integer (what SQLite and Postgres store).

    A file dated after 2262-04-11 or before 1677-09-21 has an ``st_mtime_ns`` past that range; it is
    recorded as the nearest end of it (still a change from any ordinary time, and the same on every
    sync, so the file is not re-read each time).
    """
    return _NS_MAX if ns > _NS_MAX else _NS_MIN if ns < _NS_MIN else ns


class FileRecord(NamedTuple):
    """One indexed file as the store knows it (a tuple: a sync builds one per file, so it must be cheap)."""

    path: str
    source: str
    hash: str
    mtime_ns: int
    size: int
    date: str | None = None


@hot_record
class Chunk:
    """A piece of a file: its lines, text, heading path, date and content hash."""

    path: str
    source: str
    start_line: int
    end_line: int
    text: str
    hash: str
    heading: str = ""
    date: str | None = None
    #: the enclosing passage a hit on this chunk cites (small-to-big); 0 when the chunk is its own
    parent_start_line: int = 0
    parent_end_line: int = 0

    @property
    def cited_lines(self) -> tuple[int, int]:
        """The line range a hit on this chunk cites: its passage's, or its own."""
        if self.parent_start_line and self.parent_end_line:
            return min(self.parent_start_line, self.start_line), max(self.parent_end_line, self.end_line)
        return self.start_line, self.end_line

    @property
    def id(self) -> str:
        """Content-addressed id: path + line span + content hash (+ the passage's span, when cited)."""
        base = f"{self.path}:{self.start_line}-{self.end_line}:{self.hash[:16]}"
        if self.parent_start_line and self.parent_end_line:
            return f"{base}@{self.parent_start_line}-{self.parent_end_line}"
        return base


@hot_record
class Candidate:
    """A chunk returned by one search leg, with that leg's raw score (higher is better)."""

    chunk: Chunk
    raw_score: float
    rank: int = 0


@hot_record
class Hit:
    """One search result. ``score`` is 0..1, higher is better; ``citation`` is ``path#Lstart-Lend``."""

    path: str
    start_line: int
    end_line: int
    score: float
    snippet: str
    source: str
    citation: str
    date: str | None = None
    heading: str = ""
    snippet_start_line: int = 0
    snippet_end_line: int = 0
    explain: dict[str, float] | None = None
    #: When history is known: the time (and revision) a later version changed or removed these lines;
    #: in an ordinary search, the citation of a later line that says this changed.
    superseded: str | None = None
    #: When other memories were merged in: ``own`` or ``team`` (with a team workspace) ...
    workspace: str | None = None
    #: ... and the agent that wrote the hit (``None`` for a team file no agent wrote).
    agent: str | None = None
    #: Citations of other hits that state the same fact (folded into this one).
    also: tuple[str, ...] = ()
    #: Who said the snippet's lines when not only the user (``("assistant",)``, ``("command", "user")``):
    #: a captured conversation's relayed text (:func:`mdrecall.text.provenance.span_origins`).
    origin: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape (camelCase keys) used by the CLI and agent tools."""
        data = {
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "score": round(self.score, 4),
            "snippet": self.snippet,
            "snippetStartLine": self.snippet_start_line,
            "snippetEndLine": self.snippet_end_line,
            "source": self.source,
            "date": self.date,
            "heading": self.heading,
            "citation": self.citation,
        }
        if self.explain is not None:
            data["explain"] = {k: round(v, 4) for k, v in self.explain.items()}
        if self.superseded is not None:
            data["superseded"] = self.superseded
        if self.workspace is not None:
            data["workspace"] = self.workspace
            data["agent"] = self.agent
        elif self.agent is not None:
            data["agent"] = self.agent
        if self.also:
            data["also"] = list(self.also)
        if self.origin:
            data["origin"] = list(self.origin)
        return data


@record
class RememberResult:
    """Where ``remember`` wrote: the file key and the 1-based line of the new entry, and the kinds of
    secret replaced with ``[REDACTED]`` in it (sorted, each once)."""

    path: str
    line: int
    redacted: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``redacted`` only when a secret was)."""
        return {
            "path": self.path,
            "line": self.line,
            **({"redacted": list(self.redacted)} if self.redacted else {}),
        }


@plain_methods
@dataclass(repr=False, eq=False)
class IndexReport:
    """What one indexing run did."""

    scanned: int = 0
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks_written: int = 0
    embedded: int = 0
    cache_hits: int = 0
    pending_vectors: int = 0
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        """True when the run added, updated or removed anything."""
        return bool(self.added or self.updated or self.removed)

    def summary(self) -> str:
        """A one-line human summary."""
        parts = [  # counts grouped like the progress bar's (1,001), so the two lines agree
            f"{self.scanned:,} files scanned",
            f"{self.added:,} added",
            f"{self.updated:,} updated",
            f"{self.removed:,} removed",
            f"{self.chunks_written:,} chunks written",
        ]
        if self.embedded or self.cache_hits:
            parts.append(f"{self.embedded:,} embedded ({self.cache_hits:,} from cache)")
        if self.pending_vectors:
            parts.append(f"{self.pending_vectors:,} chunks await embedding")
        if self.skipped:
            parts.append(f"{len(self.skipped):,} skipped")
        if self.warnings:
            parts.append(f"{len(self.warnings):,} warning{'s' if len(self.warnings) != 1 else ''}")
        return ", ".join(parts) + f" in {self.seconds:.2f}s"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["summary"] = self.summary()
        return data


@record
class GetResult:
    """Lines read from a memory file; ``next_from`` is set when more lines follow."""

    path: str
    text: str
    from_line: int
    to_line: int
    total_lines: int
    next_from: int | None = None
    truncated: bool = False  # the first line was longer than read.max_chars and was cut there

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape used by the CLI and agent tools."""
        return {
            "path": self.path,
            "text": self.text,
            "from": self.from_line,
            "to": self.to_line,
            "totalLines": self.total_lines,
            "nextFrom": self.next_from,
            "truncated": self.truncated,
        }


@hot_record
class IndexedFile:
    """One file in the index: its key, source, chunk count, size in bytes, modification time and date."""

    path: str
    source: str
    chunks: int
    size: int
    mtime: float
    date: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``modified``: local ISO time of ``mtime``)."""
        modified = datetime.fromtimestamp(self.mtime).isoformat(timespec="seconds") if self.mtime else None
        return {
            "path": self.path,
            "source": self.source,
            "chunks": self.chunks,
            "size": self.size,
            "modified": modified,
            "date": self.date,
        }


@record
class Status:
    """The state of a workspace's index."""

    workspace: str
    store: str
    files: int
    chunks: int
    vectors: int
    dirty_files: int
    last_sync: float | None
    embedder: str | None
    schema_version: int
    #: Chunks still without a vector for the configured embedder (0 without one).
    vectors_pending: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        extra = data.pop("extra")
        pending = data.pop("vectors_pending")
        for key, value in extra.items():  # the order `status` has always printed: pending after complete
            data[key] = value
            if key == "vectors_complete":
                data["vectors_pending"] = pending
        data.setdefault("vectors_pending", pending)
        return data


@hot_record
class Scored:
    """A chunk with its current score and the score it had after each stage."""

    chunk: Chunk
    score: float
    stages: dict[str, float] = field(default_factory=dict)
    #: The citation of a later line that says this chunk's fact changed (:mod:`mdrecall.search.supersede`).
    superseded_by: str | None = None

    def with_score(self, stage: str, score: float) -> Scored:
        """A copy with a new score, recorded under ``stage``."""
        return replace(self, score=score, stages={**self.stages, stage: score})


@record
class VectorLeg:
    """What the vector leg needs: the embedded query and the key its vectors are stored under."""

    embedder_key: str
    query_vector: np.ndarray
    provider: str = ""
    model: str = ""
    #: The model's cosines against the reference's, so ``min_score`` means the same for every model
    #: (:mod:`~mdrecall.embedders.calibration`); ``None``: its cosines are taken as they are.
    cosine_knots: np.ndarray | None = None
