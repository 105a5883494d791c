"""Plain typed records passed between the stages: documents, chunks, hits and reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, asdict, dataclass, field, fields, replace
from datetime import datetime
from operator import attrgetter
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    import numpy as np
    from typing_extensions import dataclass_transform
else:  # typing has it from Python 3.11; only a type checker reads it

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


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
    "hot_record",
    "plain_methods",
    "record",
]

_T = TypeVar("_T")
#: Makes a record's ``__init__`` from its class and fields.
_MakeInit = Callable[[type[Any], tuple[Any, ...]], Callable[..., None]]


def plain_methods(cls: type[_T]) -> type[_T]:
    """Give a dataclass declared ``repr=False, eq=False`` the ``__repr__``, ``__eq__`` and ``__hash__``
    that ``@dataclass`` would have made, as closures over its field names.

    Same results as the generated methods, without compiling three functions per class at import
    (``dataclasses`` runs ``exec`` for each: ~0.3 ms a class, ~10 ms of a command's start-up for the
    config and the records). A method the class defines itself is kept, as ``@dataclass`` keeps it.
    """
    return _add_methods(cls, frozen=cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def _add_methods(cls: type[_T], *, frozen: bool) -> type[_T]:
    flds = fields(cls)  # type: ignore[arg-type]
    shown = tuple(f.name for f in flds if f.repr)
    compared = _values(tuple(f.name for f in flds if f.compare))
    hashed = _values(tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash)))
    own = cls.__dict__
    explicit_hash = not (
        own.get("__hash__", MISSING) is MISSING or (own["__hash__"] is None and "__eq__" in own)
    )

    @recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    methods: dict[str, Any] = {"__repr__": __repr__, "__eq__": __eq__}
    for name, method in methods.items():
        if name not in own:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    if not explicit_hash:  # as @dataclass(eq=True): hashed by value when frozen, unhashable when not
        if frozen:
            __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
            cls.__hash__ = __hash__  # type: ignore[method-assign]
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    return cls


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)`` for a record made a few times a command (a config section, a request),
    with every method a closure over its fields: none is compiled at import.

    :func:`plain_methods`'s three, and ``__init__`` (positional or keyword arguments, defaults, default
    factories, ``__post_init__``), ``__setattr__`` and ``__delattr__`` (:class:`FrozenInstanceError`) as
    ``frozen=True`` makes them. ``fields``, ``replace``, ``asdict`` and ``is_dataclass`` work as on any
    dataclass. Its ``__init__`` costs ~0.5 µs more a call than a compiled one: see :func:`hot_record`.
    """
    return _frozen(cls, _closure_init)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def hot_record(cls: type[_T]) -> type[_T]:
    """A :func:`record` made per chunk, hit or file: its ``__init__`` is the one ``@dataclass(frozen=True)``
    compiles (the faster to call), compiled when the first one is made, so a command that makes none (an
    ``index`` makes no hit) never compiles it."""
    return _frozen(cls, _compiled_on_first_use)


def _frozen(cls: type[_T], make_init: _MakeInit) -> type[_T]:
    dataclass(init=False, repr=False, eq=False)(cls)
    flds = fields(cls)  # type: ignore[arg-type]
    if any(not f.init or f.kw_only for f in flds) or "__init__" in cls.__dict__:
        raise TypeError(f"{cls.__qualname__}: a record has positional init fields only, and no __init__")
    known = frozenset(f.name for f in flds)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in known:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in known:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method in (make_init(cls, flds), __setattr__, __delattr__):
        if method.__name__ != "__init__" and method.__name__ in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {method.__name__} in class {cls.__name__}")
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    return _add_methods(cls, frozen=True)


def _closure_init(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    names = tuple(f.name for f in flds)
    known = frozenset(names)
    defaults = {f.name: f.default for f in flds if f.default is not MISSING}
    factories = {f.name: f.default_factory for f in flds if f.default_factory is not MISSING}
    post_init = hasattr(cls, "__post_init__")
    title = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            if len(args) > len(names):
                raise TypeError(
                    f"{title}() takes {len(names)} positional arguments but {len(args)} were given"
                )
            for name, value in zip(names, args, strict=False):
                if name in kwargs:
                    raise TypeError(f"{title}() got multiple values for argument '{name}'")
                kwargs[name] = value
        if not known.issuperset(kwargs):
            extra = next(k for k in kwargs if k not in known)
            raise TypeError(f"{title}() got an unexpected keyword argument '{extra}'")
        values: dict[str, Any] = {}
        for name in names:
            if name in kwargs:
                values[name] = kwargs[name]
            elif name in defaults:
                values[name] = defaults[name]
            elif name in factories:
                values[name] = factories[name]()
            else:
                raise TypeError(f"{title}() missing required argument: '{name}'")
        self.__dict__.update(values)  # as frozen=True's object.__setattr__, field by field
        if post_init:
            self.__post_init__()

    return __init__


def _compiled_on_first_use(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        compiled = _compiled_init(cls, flds)
        cls.__init__ = compiled  # two threads at once compile it twice: the same function
        compiled(self, *args, **kwargs)

    return __init__


def _compiled_init(cls: type[Any], flds: tuple[Any, ...]) -> Callable[..., None]:
    """The ``__init__`` ``@dataclass(frozen=True)`` makes for ``cls``'s fields, compiled for a twin class
    (it names no class: it sets each field with ``object.__setattr__`` and calls ``self.__post_init__``)."""
    body: dict[str, Any] = {"__annotations__": {f.name: f.type for f in flds}, "__module__": cls.__module__}
    for f in flds:
        if f.default is not MISSING:
            body[f.name] = f.default
        elif f.default_factory is not MISSING:
            body[f.name] = field(default_factory=f.default_factory)
    if hasattr(cls, "__post_init__"):
        body["__post_init__"] = cls.__post_init__
    twin: type[Any] = type(cls.__name__, (), body)
    dataclass(frozen=True, repr=False, eq=False, match_args=False)(twin)
    init: Callable[..., None] = twin.__init__
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function that gives an object's attributes ``names`` as a tuple (in C, for two or more)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda _obj: ()


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
