"""One search, as one typed request: :class:`SearchRequest` with its :class:`SearchFilter`.

The CLI builds one from its flags, the MCP tool from its JSON arguments (:meth:`SearchRequest.from_mcp`),
Python callers pass one (or the keywords of :meth:`mdrecall.Memory.search`, which make one). This
module is the one place where search options are validated and clamped, and each field carries its
own description, JSON schema and MCP name, so the MCP input schema is generated (:func:`mcp_schema`):
a new search option is one field here plus one click option in ``cli/core.py``.

Each number has one range, declared here (:data:`LIMITS`; an MCP agent's own, narrower, in
:data:`MCP_LIMITS`). Made from Python or the MCP arguments, a number outside its range is clamped into
it; from the command line (:meth:`SearchRequest.from_cli`) it is refused, naming the option. A value that
is no number at all (``nan``, ``inf``, text) or an unknown choice is refused everywhere. Every such
refusal is a :class:`RequestValueError` naming the field.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, Field, field, fields, replace
from datetime import date, datetime
from typing import Any

from mdrecall.errors import MdrecallError
from mdrecall.models import SOURCES  # the one list of sources every command takes
from mdrecall.records import record
from mdrecall.text.filters import parse_day, path_matches
from mdrecall.text.textclean import clean_text

__all__ = [
    "LIMITS",
    "MCP_LIMITS",
    "MODES",
    "SOURCES",
    "Limits",
    "RequestValueError",
    "SearchFilter",
    "SearchRequest",
    "mcp_schema",
    "option",
]

MODES = ("hybrid", "bm25", "vector")


@record
class Limits:
    """The range of each number of a request (``None``: no upper bound)."""

    max_results: tuple[int, int] = (1, 1000)
    min_score: tuple[float, float] = (0.0, 1.0)
    max_chars: tuple[int, int | None] = (80, None)


#: Python and the CLI: at most 1000 hits, snippets of 80 characters or more.
LIMITS = Limits()
#: The MCP tool (what an agent's context holds): at most 50 hits, snippets of 80 to 20,000 characters.
MCP_LIMITS = Limits(max_results=(1, 50), max_chars=(80, 20_000))
#: The numbers of a request, and whether each is a whole number.
_NUMBERS = {"max_results": True, "min_score": False, "max_chars": True}


class RequestValueError(MdrecallError):
    """A request field given a value it cannot take; :attr:`field` names it (the CLI's option, the
    MCP argument)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


def option(
    description: str,
    schema: Mapping[str, Any] | None,
    *,
    mcp: str | None = None,
    default: Any = None,
    factory: Any = MISSING,
) -> Any:
    """A request field with its documentation: ``schema`` is its JSON schema (``None``: not an MCP
    argument), ``mcp`` its MCP name (default: the field name)."""
    meta = {"description": description, "schema": dict(schema) if schema is not None else None, "mcp": mcp}
    if factory is not MISSING:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


_TEXT = {"type": "string", "minLength": 1}


def _bounded(kind: str, bounds: tuple[float, float | None]) -> dict[str, Any]:
    """The JSON schema of a number in ``bounds`` (the MCP tool's: :data:`MCP_LIMITS`)."""
    lo, hi = bounds
    return {"type": kind, "minimum": lo, **({"maximum": hi} if hi is not None else {})}


@record
class SearchFilter:
    """Which files a search may answer from: sources, path patterns and an inclusive date range.

    An empty filter keeps everything. ``since``/``until`` take a date or ``YYYY-MM-DD``, ``today``,
    ``yesterday``, an age (``7d``, ``2w``, ``3m``, ``1y``); see :mod:`mdrecall.text.filters` for patterns.
    """

    sources: tuple[str, ...] = option(
        "Only this source: memory, sessions, conversations (captured turns) or all (default).",
        {"type": "string", "enum": [*SOURCES, "all"]},
        mcp="source",
        factory=tuple,
    )
    paths: tuple[str, ...] = option(
        "Only files matching this glob (or any of these), e.g. memory/2026-01-*.",
        {"anyOf": [_TEXT, {"type": "array", "items": _TEXT}]},
        mcp="path",
        factory=tuple,
    )
    since: date | None = option("Only dated files from this day on.", _TEXT)
    until: date | None = option("Only dated files up to this day.", _TEXT)

    def __post_init__(self) -> None:
        sources = _strings(self.sources)
        if "all" in sources:
            sources = ()
        bad = [s for s in sources if s not in SOURCES]
        if bad:
            raise RequestValueError(
                "sources", f"unknown source {bad[0]!r}: use {', '.join(SOURCES)} or 'all'"
            )
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "paths", tuple(p for p in _strings(self.paths) if p.strip()))
        for name in ("since", "until"):
            value = getattr(self, name)
            if isinstance(value, str):
                try:
                    day = parse_day(value, date.today()) if value.strip() else None
                except MdrecallError as exc:
                    raise RequestValueError(name, str(exc)) from None
                object.__setattr__(self, name, day)
            elif isinstance(value, datetime):
                object.__setattr__(self, name, value.date())
        if self.since and self.until and self.since > self.until:
            raise MdrecallError(f"--since {self.since} is after --until {self.until}: nothing can match")

    @property
    def active(self) -> bool:
        """Whether this filter removes candidates after the store answers (paths, dates; the store
        itself keeps only ``sources``)."""
        return bool(self.paths) or self.since is not None or self.until is not None

    def keeps(self, path: str, day: str | None) -> bool:
        """Whether a chunk of ``path`` (dated ``day``, ``YYYY-MM-DD`` or ``None``) may be a result."""
        if self.paths and not any(path_matches(path, p) for p in self.paths):
            return False
        if self.since is None and self.until is None:
            return True
        if not day:
            return False
        try:
            d = date.fromisoformat(day[:10])
        except ValueError:
            return False
        return (self.since is None or d >= self.since) and (self.until is None or d <= self.until)


@record
class SearchRequest:
    """One search, fully specified; validated and clamped when made (a bad value is a
    :class:`~mdrecall.errors.MdrecallError` saying what to use). ``None`` means the configured default."""

    query: str = option("What to look for, in natural language.", _TEXT, default="")
    max_results: int | None = option(
        "Hits to return (default 6).", _bounded("integer", MCP_LIMITS.max_results), mcp="maxResults"
    )
    min_score: float | None = option(
        "Lowest score (0..1).", _bounded("number", MCP_LIMITS.min_score), mcp="minScore"
    )
    max_chars: int | None = option(
        "Longest snippet per hit, in characters (default search.snippet_chars).",
        _bounded("integer", MCP_LIMITS.max_chars),
        mcp="maxChars",
    )
    mode: str | None = option(
        "hybrid (default), bm25 (keywords only) or vector (meaning only).",
        {"type": "string", "enum": list(MODES)},
    )
    filters: SearchFilter = option("Which files may answer.", None, factory=SearchFilter)
    entity: str | None = option("Only passages mentioning it (or one of its aliases).", _TEXT)
    during: Any = option("Valid time FROM..TO (YYYY-MM-DD): only passages about those days.", _TEXT)
    as_of: Any = option(
        "Memory as it was on YYYY-MM-DD (hits changed since say 'superseded').", _TEXT, mcp="asOf"
    )
    agents: tuple[str, ...] = option(
        "Other memories merged in: 'team', an agent id of scope.search_agents, or 'all'.",
        {"type": "array", "items": _TEXT},
        factory=tuple,
    )
    explain: bool = option("Each hit lists every stage's score.", {"type": "boolean"}, default=False)
    rerank: bool | None = option("false skips the configured reranker.", {"type": "boolean"})
    today: date | None = option("The day relative dates are read from (default: today).", None)
    sync: bool = option("Bring the index up to date with the files first.", None, default=True)
    record_recall: bool = option(
        "Record the hits as recalls for dreaming (when dreaming.record_recalls is on).", None, default=True
    )

    def __post_init__(self) -> None:
        if not isinstance(self.query, str):
            raise MdrecallError("query must be a string")
        set_ = object.__setattr__
        set_(self, "query", clean_text(self.query))
        for name in _NUMBERS:
            if getattr(self, name) is not None:
                set_(self, name, _fit(name, getattr(self, name), LIMITS))
        if self.mode is not None and self.mode not in MODES:
            raise RequestValueError("mode", f"unknown search mode {self.mode!r}: use {', '.join(MODES)}")
        if self.filters is None:
            set_(self, "filters", SearchFilter())
        elif not isinstance(self.filters, SearchFilter):
            raise MdrecallError("filters must be a SearchFilter")
        for name in ("entity", "during", "as_of"):
            if getattr(self, name) == "":
                set_(self, name, None)
        set_(self, "agents", tuple(a.strip() for a in _strings(self.agents) if a.strip()))

    @property
    def scoped(self) -> bool:
        """Whether an entity or a time scope is set (they are answered by the own workspace alone)."""
        return self.entity is not None or self.during is not None or self.as_of is not None

    @classmethod
    def of(
        cls,
        query: str,
        max_results: int | None = None,
        min_score: float | None = None,
        *,
        sources: Sequence[str] | None = None,
        filters: SearchFilter | None = None,
        **options: Any,
    ) -> SearchRequest:
        """A request from keywords (what :meth:`mdrecall.Memory.search` takes): ``sources`` and the
        filter fields (``paths``, ``since``, ``until``) may be given flat; they join ``filters``."""
        flat = {f.name: options.pop(f.name) for f in fields(SearchFilter) if f.name in options}
        if sources:
            flat["sources"] = tuple(sources)
        flt = filters if filters is not None else SearchFilter()
        if flat:
            flt = replace(flt, **flat)
        return cls(query, max_results, min_score, filters=flt, **options)

    @classmethod
    def from_cli(cls, query: str, **options: Any) -> SearchRequest:
        """A request from the command line's options (the keywords of :meth:`of`): a number outside
        its range (:data:`LIMITS`) is refused, not clamped, so a mistyped flag is not silently changed."""
        for name in _NUMBERS:
            if options.get(name) is not None:
                options[name] = _fit(name, options[name], LIMITS, strict=True)
        return cls.of(query, **options)

    @classmethod
    def from_mcp(cls, args: Mapping[str, Any], **defaults: Any) -> SearchRequest:
        """A request from the MCP tool's arguments (named as in :func:`mcp_schema`); numbers are
        clamped to the tool's ranges (:data:`MCP_LIMITS`). ``defaults`` are fields the caller sets when
        the agent did not."""
        known = {name for owner in (SearchFilter, cls) for name, _f, _s in _mcp_fields(owner)}
        unknown = sorted(set(args) - known)
        if unknown:
            raise MdrecallError(f"unknown argument {unknown[0]!r}: use {', '.join(sorted(known))}")
        values = dict(defaults)
        for owner in (SearchFilter, cls):
            for name, f, _schema in _mcp_fields(owner):
                if name in args and args[name] is not None:
                    value = args[name]
                    values[f.name] = _fit(f.name, value, MCP_LIMITS) if f.name in _NUMBERS else value
        flt = {f.name: values.pop(f.name) for f in fields(SearchFilter) if f.name in values}
        return cls.of(values.pop("query", ""), filters=SearchFilter(**flt), **values)


def mcp_schema() -> dict[str, Any]:
    """The ``memory_search`` tool's JSON input schema, generated from the request's fields."""
    props: dict[str, Any] = {}
    for owner in (SearchRequest, SearchFilter):
        for name, f, schema in _mcp_fields(owner):
            props[name] = {**schema, "description": f.metadata["description"]}
    return {"type": "object", "properties": props, "required": ["query"], "additionalProperties": False}


def _mcp_fields(owner: type) -> Iterable[tuple[str, Field[Any], dict[str, Any]]]:
    for f in fields(owner):
        schema = f.metadata.get("schema")
        if schema is not None:
            yield f.metadata.get("mcp") or f.name, f, schema


def _fit(name: str, value: Any, limits: Limits, *, strict: bool = False) -> Any:
    """``value`` as the number ``name`` takes, within its range in ``limits``: clamped into it, or
    (``strict``) refused when outside. Not a finite number: always refused."""
    number: float = _number(name, value)
    whole = _NUMBERS[name]
    if whole:
        number = int(number)
    lo, hi = getattr(limits, name)
    if strict and (number < lo or (hi is not None and number > hi)):
        kind = "a whole number" if whole else "a number"
        span = f"from {lo:g} to {hi:g}" if hi is not None else f"of at least {lo:g}"
        raise RequestValueError(name, f"{name} must be {kind} {span}, got {value!r}")
    number = max(lo, number) if hi is None else max(lo, min(number, hi))
    return int(number) if whole else float(number)


def _number(name: str, value: Any) -> float:
    """``value`` as a finite number, or an error naming the option (``nan``, ``inf`` and text are refused)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise RequestValueError(name, f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(number) or isinstance(value, bool):
        raise RequestValueError(name, f"{name} must be a finite number, got {value!r}")
    return number


def _strings(value: str | Sequence[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)
