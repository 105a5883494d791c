"""The agent tools as plain JSON functions: what the MCP server exposes, usable from any agent loop.

Each method takes the tool's arguments and returns a JSON-ready ``dict``; errors never raise: they
come back as ``{"error": ..., "action": ...}`` (``memory_search`` adds ``"results": []``), so an agent
can read what went wrong and what to do. Search hits are recorded for dreaming; reading a hit soon
after counts as confirmed use. Scope rules are applied before memory answers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import (
    ConfigError,
    EmbedderError,
    MdrecallError,
    NotFoundError,
    PathError,
    StoreError,
    WorkspaceError,
)
from .context import memory_context
from .dreaming import RecallLog
from .scope import ScopeDecision, check_scope
from .tool_hints import for_tools

if TYPE_CHECKING:
    from ..memory import Memory
    from ..team import TeamMemory

__all__ = ["DESCRIPTIONS", "MemoryTools"]

DESCRIPTIONS = {
    "memory_search": (
        "Search the user's long-term memory (MEMORY.md, daily logs in memory/, notes, and past session "
        "transcripts when enabled). Use it BEFORE answering anything about prior work, decisions, dates, "
        "people, preferences or to-dos, and whenever the user says 'remember', 'last time' or 'we decided'. "
        "Returns ranked snippets with a citation path#Lstart-Lend; read more with memory_get. "
        "source: 'memory', 'sessions', 'conversations' (captured turns) or 'all' (default). With a team "
        "workspace, each hit says its workspace ('own' or 'team') and the agent that wrote it. Optional: "
        "entity (only passages mentioning that person/project/… or its aliases), during 'FROM..TO' (passages "
        "about those days), asOf 'YYYY-MM-DD' (what memory said then; hits changed since say 'superseded')."
    ),
    "memory_get": (
        "Read lines of a memory file returned by memory_search (path, optional 1-based from and lines). "
        "Use it after memory_search when a snippet is not enough. Only memory files can be read; "
        "nextFrom tells where to continue. Pass workspace='team' for a hit from the team workspace."
    ),
    "memory_context": (
        "Given the user's whole message, derive several searches (keywords, names, dates), merge the "
        "results and return one cited digest of relevant memory within budgetChars. Use it at the start "
        "of a turn when the message may depend on earlier conversations; use memory_search for a "
        "specific question."
    ),
    "memory_entities": (
        "List the people, projects, organisations, places and tools the memory mentions, with how often "
        "and when first/last seen. Use it to learn who and what the memory knows about; then memory_entity."
    ),
    "memory_entity": (
        "Everything memory says about one entity (a name or alias): a dated timeline of mentions with "
        "citations, related entities and stated relationships (works at, uses, moved to, …)."
    ),
    "memory_history": (
        "How a memory file changed over time (from git, else the index's own record): lines added and "
        "removed with dates, optionally only those containing grep. Use it for 'what did we decide "
        "before', 'when did this change'."
    ),
    "memory_write": (
        "Remember something: appends text to today's daily log, or to MEMORY.md with longTerm=true "
        "(durable facts, preferences, decisions). Use it when the user says 'remember this' or when you "
        "learn something worth keeping. Write self-contained notes; never store secrets. Notes are "
        "private; team=true shares one with the other agents of the team (when a team workspace is set)."
    ),
    "memory_capture": (
        "Record this turn of the conversation (user and/or assistant text) in memory/conversations/; "
        "decisions, preferences, commitments, facts, dates and to-dos in it are listed under 'Noted' in "
        "today's log. Call it once per turn when no hook captures turns; pass turnId so a retry adds "
        "nothing. Secrets are redacted."
    ),
}
_SOURCES = ("memory", "sessions", "conversations")

_ACTIONS: list[tuple[type[Exception], str]] = [
    (PathError, "Use a path returned by memory_search (MEMORY.md, memory/**.md or a configured extra path)."),
    (NotFoundError, "It is not in memory (a file gone or renamed, an unknown entity); search again."),
    (WorkspaceError, "Create the workspace with `mdrecall init <dir>` or fix the configured workspace."),
    (StoreError, "The index is unusable; run `mdrecall index --force` and try again."),
    (EmbedderError, "Retry; keyword search still works (search mode bm25)."),
    (ConfigError, "Fix the mdrecall configuration (see docs/config.md)."),
    (OSError, "The workspace cannot be written (read-only?); tell the user the note was not saved."),
]


def _failure(exc: Exception) -> dict[str, Any]:
    action = next((a for t, a in _ACTIONS if isinstance(exc, t)), None)
    if action is None:
        action = "Check the arguments and retry." if isinstance(exc, MdrecallError) else "Report this error."
    text = (
        str(exc)
        if isinstance(exc, (MdrecallError, OSError))
        else f"internal error: {type(exc).__name__}: {exc}"
    )
    return {"error": for_tools(text), "action": for_tools(action)}  # MCP hints, not CLI commands


class MemoryTools:
    """The memory tools over one :class:`~mdrecall.Memory` (and the agents it may also search)."""

    def __init__(
        self,
        memory: Memory,
        *,
        chat_type: str | None = None,
        session_key: str | None = None,
        others: Mapping[str, Memory] | None = None,
        team: TeamMemory | None = None,
    ) -> None:
        self.memory = memory
        self.others = dict(others or {})
        self.team = team
        self.scope: ScopeDecision = check_scope(memory.config.scope, chat_type, session_key)
        self.recalls = RecallLog(memory.workspace, memory.config.dreaming)

    def _denied(self) -> dict[str, Any] | None:
        if self.scope.allowed:
            return None
        return {
            "error": f"memory is not available in this conversation: {self.scope.reason}",
            "action": "Answer without memory; an operator can change the scope rules (scope.* in config).",
        }

    def _record(self, query: str, hits: list[Any]) -> str | None:
        try:
            self.recalls.record(query, hits)
        except OSError as exc:
            return f"search hits were not recorded for dreaming ({exc.strerror or exc})"
        aside, self.recalls.moved_aside = self.recalls.moved_aside, None
        if aside:
            return f"the recall log could not be read and was moved aside to {aside}; a new one was started"
        return None

    def memory_search(
        self,
        query: str,
        maxResults: int | None = None,
        minScore: float | None = None,
        source: str | None = None,
        entity: str | None = None,
        during: str | None = None,
        asOf: str | None = None,
        path: str | list[str] | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> dict[str, Any]:
        """``{results, provider, model, fallback, reranker}``; ``{results: [], error, action}`` on failure.

        ``path`` (a glob or a list of them), ``since`` and ``until`` (``YYYY-MM-DD``, ``today``, ``7d``…)
        are the CLI's search filters (:class:`~mdrecall.filters.SearchFilter`).
        """
        denied = self._denied()
        if denied:
            return {"results": [], **denied}
        try:
            if source not in (None, "", "all", *_SOURCES):
                raise MdrecallError(f"unknown source {source!r}: use {', '.join(_SOURCES)} or 'all'")
            sources = [source] if source in _SOURCES else None
            n = None if maxResults is None else max(1, min(int(maxResults), 50))
            score = None if minScore is None else max(0.0, min(float(minScore), 1.0))
            scoped = {"entity": entity or None, "during": during or None, "as_of": asOf or None}
            filters = _filters(path, since, until)
            result = self.memory.search_result(query, n, score, sources=sources, filters=filters, **scoped)
            out = result.to_dict()
            warning = self._record(query, result.hits)
            if (
                self.team is not None
                and self.team.team is not None
                and not any(scoped.values())
                and not filters
            ):
                limit = n or self.memory.config.search.max_results
                merged_hits = self.team.merge(result.hits, query, limit, score, sources)
                out["results"] = [t.to_dict() for t in merged_hits]
            if self.others and not any(scoped.values()):
                merged = list(out["results"])
                for agent_id, other in self.others.items():
                    for h in other.search(query, n, score, sources=sources):
                        merged.append({**h.to_dict(), "agent": agent_id})
                merged.sort(key=lambda r: -r["score"])
                out["results"] = merged[: n or self.memory.config.search.max_results]
            if warning:
                out["warning"] = warning
            return out
        except Exception as exc:  # noqa: BLE001 - tools answer with a structured error, never crash
            return {"results": [], **_failure(exc)}

    def memory_get(
        self,
        path: str,
        from_: int | None = None,
        lines: int | None = None,
        agent: str | None = None,
        workspace: str | None = None,
    ) -> dict[str, Any]:
        """``{path, text, from, to, totalLines, nextFrom}`` or ``{error, action}``."""
        denied = self._denied()
        if denied:
            return denied
        try:
            mem = self.memory
            if workspace == "team":
                if self.team is None or self.team.team is None:
                    raise PathError("no team workspace is configured (team.workspace)")
                return self.team.team.get(path, from_line=from_ or 1, lines=lines).to_dict()
            if agent and agent != mem.config.agent_id:
                if agent not in self.others:
                    raise PathError(
                        f"agent {agent!r} is not in scope.search_agents; its memory cannot be read"
                    )
                mem = self.others[agent]
            res = mem.get(path, from_line=from_ or 1, lines=lines)
            if mem is self.memory:
                with contextlib.suppress(OSError):  # a hint for dreaming; the read itself succeeded
                    self.recalls.confirm(res.path, res.from_line, res.to_line)
            return res.to_dict()
        except Exception as exc:  # noqa: BLE001
            return _failure(exc)

    def memory_context(self, message: str, budgetChars: int | None = None) -> dict[str, Any]:
        """``{digest, queries, citations, truncated}`` or ``{error, action}``."""
        denied = self._denied()
        if denied:
            return {"digest": "", **denied}
        try:
            budget = 3000 if budgetChars is None else max(200, min(int(budgetChars), 50_000))
            digest = memory_context(self.memory, message, budget_chars=budget)
            out = digest.to_dict()
            warning = self._record(message, digest.hits)
            if warning:
                out["warning"] = warning
            return out
        except Exception as exc:  # noqa: BLE001
            return {"digest": "", **_failure(exc)}

    def memory_entities(self, kind: str | None = None, limit: int | None = None) -> dict[str, Any]:
        """``{entities: [{name, kind, mentions, files, firstSeen, lastSeen, aliases}]}``, or an error."""
        denied = self._denied()
        if denied:
            return {"entities": [], **denied}
        try:
            n = 50 if limit is None else max(1, min(int(limit), 500))
            return {"entities": [e.to_dict() for e in self.memory.entities(kind or None, n)]}
        except Exception as exc:  # noqa: BLE001
            return {"entities": [], **_failure(exc)}

    def memory_entity(self, name: str) -> dict[str, Any]:
        """``{name, kind, …, timeline, related, relations}`` or ``{error, action}``."""
        denied = self._denied()
        if denied:
            return denied
        try:
            return self.memory.entity(name).to_dict()
        except Exception as exc:  # noqa: BLE001
            return _failure(exc)

    def memory_history(self, path: str, grep: str | None = None) -> dict[str, Any]:
        """``{path, changes: [{kind, line, text, when, rev, citation}]}`` or ``{error, action}``."""
        denied = self._denied()
        if denied:
            return denied
        try:
            changes = self.memory.history(path, grep or None)
            return {"path": path, "changes": [c.to_dict() for c in changes]}
        except Exception as exc:  # noqa: BLE001
            return _failure(exc)

    def memory_write(self, text: str, longTerm: bool = False, team: bool | None = None) -> dict[str, Any]:
        """``{path, line, citation, workspace}`` or ``{error, action}``."""
        try:
            to_team = team if team is not None else self.memory.config.team.write == "team"
            if to_team and not longTerm:
                if self.team is None or self.team.team is None:
                    raise ConfigError("no team workspace is configured: set team.workspace to share notes")
                res = self.team.remember(text, team=True)
                return {**res.to_dict(), "citation": f"{res.path}#L{res.line}", "workspace": "team"}
            res = self.memory.remember(text, long_term=bool(longTerm))
            return {**res.to_dict(), "citation": f"{res.path}#L{res.line}", "workspace": "own"}
        except Exception as exc:  # noqa: BLE001
            return _failure(exc)

    def memory_capture(
        self,
        user: str | None = None,
        assistant: str | None = None,
        session: str | None = None,
        turnId: str | None = None,
    ) -> dict[str, Any]:
        """``{written, skipped, paths, citations, notes, warnings}`` or ``{error, action}``."""
        try:
            res = self.memory.capture_turn(user, assistant, session=session or "mcp", turn_id=turnId)
            return res.to_dict()
        except Exception as exc:  # noqa: BLE001
            return _failure(exc)


def _filters(path: str | list[str] | None, since: str | None, until: str | None) -> Any:
    """The search filters an agent asked for, or ``None``; a bad date is a :class:`MdrecallError`."""
    from datetime import date

    from ..filters import SearchFilter, parse_day

    paths = tuple(p for p in ([path] if isinstance(path, str) else (path or [])) if p and p.strip())
    if not paths and not since and not until:
        return None
    today = date.today()
    return SearchFilter(
        paths=paths,
        since=parse_day(since, today) if since else None,
        until=parse_day(until, today) if until else None,
    )
