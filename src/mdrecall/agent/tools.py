"""The agent tools as plain JSON functions: what the MCP server exposes, usable from any agent loop.

Each method takes the tool's arguments and returns a JSON-ready ``dict``; errors never raise: they
come back as ``{"error": ..., "action": ...}`` (``memory_search`` adds ``"results": []``), so an agent
can read what went wrong and what to do. Search hits are recorded for dreaming (by the library, as
every search's); reading a hit soon after counts as confirmed use. Scope rules are applied before memory
answers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mdrecall.agent.context import memory_context
from mdrecall.agent.tool_hints import for_agent, for_tools
from mdrecall.capture.scope import ScopeDecision, check_scope
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.errors import ConfigError, MdrecallError, PathError
from mdrecall.request import SearchRequest
from mdrecall.search.runner import Companions

if TYPE_CHECKING:
    from mdrecall.memory import Memory
    from mdrecall.services.team import TeamMemory

__all__ = ["MemoryTools"]


def _failure(exc: Exception) -> dict[str, Any]:
    """``{error, action}``: the action is the error class's own (:mod:`mdrecall.errors`), worded for
    an agent (MCP tool names, not CLI commands)."""
    if isinstance(exc, MdrecallError):
        return {"error": for_agent(exc), "action": for_tools(exc.action)}
    if isinstance(exc, OSError):
        text, action = str(exc), _OS_ACTION
    else:
        text, action = f"internal error: {type(exc).__name__}: {exc}", "Report this error."
    return {"error": for_tools(text), "action": for_tools(action)}


_OS_ACTION = "The workspace cannot be written (read-only?); tell the user the note was not saved."


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
        #: What a search's ``agents`` may name; an agent that does not say searches all of them.
        self.companions = Companions(team.team if team is not None else None, self.others)
        self.scope: ScopeDecision = check_scope(memory.config.scope, chat_type, session_key)
        self.recalls = RecallLog(memory.workspace, memory.config.dreaming)

    def _denied(self) -> dict[str, Any] | None:
        if self.scope.allowed:
            return None
        return {
            "error": f"memory is not available in this conversation: {self.scope.reason}",
            "action": "Answer without memory; an operator can change the scope rules (scope.* in config).",
        }

    def memory_search(self, query: str, **args: Any) -> dict[str, Any]:
        """``{results, provider, model, fallback, reranker}``; ``{results: [], error, action}`` on failure.

        ``args`` are the tool's JSON arguments (``maxResults``, ``source``, ``path``, ``since``, ``agents``,
        …: :func:`mdrecall.request.mcp_schema`); without ``agents`` every memory open here is searched.
        The library records the hits for dreaming and says who said a relayed hit (``origin``).
        """
        denied = self._denied()
        if denied:
            return {"results": [], **denied}
        try:
            req = SearchRequest.from_mcp({**args, "query": query}, agents=("all",))
            return self.memory.search_result(req, companions=self.companions).to_dict()
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
            warning = self.recalls.record_search(message, digest.hits)
            if warning:
                out["warning"] = warning
            return out
        except Exception as exc:  # noqa: BLE001
            return {"digest": "", **_failure(exc)}

    def memory_recall(
        self, prompt: str, session: str | None = None, budgetChars: int | None = None
    ) -> dict[str, Any]:
        """``{context, citations, stage, elapsed_ms, decisions}`` (:meth:`mdrecall.Memory.recall`), or
        ``{context: "", error, action}``."""
        denied = self._denied()
        if denied:
            return {"context": "", **denied}
        try:
            budget = None if budgetChars is None else max(0, min(int(budgetChars), 50_000))
            return self.memory.recall(prompt, session=session or "mcp", budget_chars=budget).to_dict()
        except Exception as exc:  # noqa: BLE001
            return {"context": "", **_failure(exc)}

    def memory_entities(self, kind: str | None = None, limit: int | None = None) -> dict[str, Any]:
        """``{entities: [{name, kind, kindSource, kindProbability, mentions, files, firstSeen, lastSeen,
        aliases}]}``, or an error. ``kindSource`` says where the kind came from (``notes``, ``name shape``,
        ``name model``, ``context model``; ``None`` for ``unknown``), ``kindProbability`` a model's."""
        denied = self._denied()
        if denied:
            return {"entities": [], **denied}
        try:
            n = 50 if limit is None else max(1, min(int(limit), 500))
            return {"entities": [e.to_dict() for e in self.memory.entities(kind or None, n)]}
        except Exception as exc:  # noqa: BLE001
            return {"entities": [], **_failure(exc)}

    def memory_entity(self, name: str) -> dict[str, Any]:
        """``{name, kind, kindSource, kindProbability, …, timeline, related, relations}`` or
        ``{error, action}``."""
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
        """``{path, line, citation, workspace}`` (plus ``redacted``: the kinds of secret replaced with
        ``[REDACTED]``, when any were) or ``{error, action}``."""
        try:  # the library redacts (once) and says what it replaced
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
