"""The MCP tools, each declared once: name, description, input schema, read-only flag and handler.

:mod:`mdrecall.mcp.server` lists and calls exactly these (a name not here is an error); the work is
done by :class:`mdrecall.agent.tools.MemoryTools`. ``memory_search``'s schema is generated from
:class:`~mdrecall.request.SearchRequest` (:func:`mdrecall.request.mcp_schema`). To add a tool: a
``MemoryTools`` method, one :class:`Tool` below, a section in ``docs/mcp.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mdrecall.request import mcp_schema

if TYPE_CHECKING:
    from mdrecall.agent.tools import MemoryTools

__all__ = ["TOOLS", "Tool", "tool_named"]

Args = dict[str, Any]


@dataclass(frozen=True)
class Tool:
    """One MCP tool: what an agent sees (name, description, schema, read-only) and what runs."""

    name: str
    description: str
    schema: dict[str, Any]
    read_only: bool
    handler: Callable[[MemoryTools, Args], dict[str, Any]]


def _object(properties: dict[str, Any], *required: str) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = list(required)
    return {**out, "additionalProperties": False}


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "description": description}


def _int(description: str, lo: int, hi: int | None = None) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, **({"maximum": hi} if hi else {}), "description": description}


def _search(t: MemoryTools, a: Args) -> dict[str, Any]:
    return t.memory_search(a["query"], **{k: v for k, v in a.items() if k != "query"})


TOOLS: tuple[Tool, ...] = (
    Tool(
        "memory_search",
        "Search the user's long-term memory (MEMORY.md, daily logs in memory/, notes, and past session "
        "transcripts when enabled). Use it BEFORE answering anything about prior work, decisions, dates, "
        "people, preferences or to-dos, and whenever the user says 'remember', 'last time' or 'we decided'. "
        "Returns ranked snippets with a citation path#Lstart-Lend; read more with memory_get. "
        "source: 'memory', 'sessions', 'conversations' (captured turns) or 'all' (default). With a team "
        "workspace, each hit says its workspace ('own' or 'team') and the agent that wrote it; agents "
        "picks which other memories answer ('team', an agent id; default all). Optional: entity (only "
        "passages mentioning that person/project/… or its aliases), during 'FROM..TO' (passages about "
        "those days), asOf 'YYYY-MM-DD' (what memory said then; hits changed since say 'superseded').",
        mcp_schema(),
        True,
        _search,
    ),
    Tool(
        "memory_get",
        "Read lines of a memory file returned by memory_search (path, optional 1-based from and lines). "
        "Use it after memory_search when a snippet is not enough. Only memory files can be read; "
        "nextFrom tells where to continue. Pass workspace='team' for a hit from the team workspace.",
        _object(
            {
                "path": _text("A path from memory_search results."),
                "from": _int("First line, 1-based (default 1).", 1),
                "lines": _int("How many lines.", 1, 10000),
                "agent": {"type": "string", "description": "Agent id of a hit from another agent's memory."},
                "workspace": {
                    "type": "string",
                    "enum": ["own", "team"],
                    "description": "'team' for a hit from the team workspace (default own).",
                },
            },
            "path",
        ),
        True,
        lambda t, a: t.memory_get(
            a["path"], a.get("from"), a.get("lines"), a.get("agent"), a.get("workspace")
        ),
    ),
    Tool(
        "memory_context",
        "Given the user's whole message, derive several searches (keywords, names, dates), merge the "
        "results and return one cited digest of relevant memory within budgetChars. Use it at the start "
        "of a turn when the message may depend on earlier conversations; use memory_search for a "
        "specific question.",
        _object(
            {
                "message": _text("The user's whole message."),
                "budgetChars": _int("Digest size (3000).", 200, 50000),
            },
            "message",
        ),
        True,
        lambda t, a: t.memory_context(a["message"], a.get("budgetChars")),
    ),
    Tool(
        "memory_recall",
        "Given the user's prompt, return only the few memories it needs (cited, dated, saying who said "
        "them), or nothing when none clears the gate: a calibrated score and a question or name the memory "
        "knows. Memories already returned in this session are not returned again. What the Claude Code "
        "hook injects by itself; call it on each new prompt in other hosts.",
        _object(
            {
                "prompt": _text("The user's prompt."),
                "session": _text("The conversation's id (what was shown in it is not shown again)."),
                "budgetChars": _int("Most characters returned (recall.max_chars, 2000).", 0, 50000),
            },
            "prompt",
        ),
        True,
        lambda t, a: t.memory_recall(a["prompt"], a.get("session"), a.get("budgetChars")),
    ),
    Tool(
        "memory_entities",
        "List the people, organisations, places, technologies, products, pets, works and events the memory "
        "mentions, with how often and when first/last seen. Use it to learn who and what the memory knows "
        "about; then memory_entity. kindSource says where each kind came from: 'notes' (read from the "
        "notes), else a guess ('name shape', 'name model', 'context model', with kindProbability).",
        _object(
            {
                "kind": {
                    "type": "string",
                    "enum": [
                        "person",
                        "project",
                        "organisation",
                        "place",
                        "technology",
                        "product",
                        "pet",
                        "work",
                        "event",
                        "tool",
                        "unknown",
                    ],  # fmt: skip
                    "description": "Only entities of this kind.",
                },
                "limit": _int("Most entities (default 50).", 1, 500),
            }
        ),
        True,
        lambda t, a: t.memory_entities(a.get("kind"), a.get("limit")),
    ),
    Tool(
        "memory_entity",
        "Everything memory says about one entity (a name or alias): a dated timeline of mentions with "
        "citations, related entities and stated relationships (works at, uses, moved to, …); its kind "
        "with kindSource and kindProbability as in memory_entities.",
        _object({"name": _text("A name or alias.")}, "name"),
        True,
        lambda t, a: t.memory_entity(a["name"]),
    ),
    Tool(
        "memory_history",
        "How a memory file changed over time (from git, else the index's own record): lines added and "
        "removed with dates, optionally only those containing grep. Use it for 'what did we decide "
        "before', 'when did this change'.",
        _object(
            {
                "path": _text("A memory file, e.g. MEMORY.md."),
                "grep": _text("Only changed lines containing it."),
            },
            "path",
        ),
        True,
        lambda t, a: t.memory_history(a["path"], a.get("grep")),
    ),
    Tool(
        "memory_write",
        "Remember something: appends text to today's daily log, or to MEMORY.md with longTerm=true "
        "(durable facts, preferences, decisions). Use it when the user says 'remember this' or when you "
        "learn something worth keeping. Write self-contained notes; never store secrets. Notes are "
        "private; team=true shares one with the other agents of the team (when a team workspace is set).",
        _object(
            {
                "text": _text("The note, self-contained."),
                "longTerm": {"type": "boolean", "description": "Write to MEMORY.md instead of today's log."},
                "team": {
                    "type": "boolean",
                    "description": "Share it in the team workspace (default: private).",
                },
            },
            "text",
        ),
        False,
        lambda t, a: t.memory_write(a["text"], bool(a.get("longTerm", False)), a.get("team")),
    ),
    Tool(
        "memory_capture",
        "Record this turn of the conversation (user and/or assistant text) in memory/conversations/; "
        "decisions, preferences, commitments, facts, dates and to-dos in it are listed under 'Noted' in "
        "today's log. Call it once per turn when no hook captures turns; pass turnId so a retry adds "
        "nothing. Secrets are redacted.",
        _object(
            {
                "user": {"type": "string", "description": "What the user said this turn."},
                "assistant": {"type": "string", "description": "What the assistant answered."},
                "session": _text("Conversation id (default 'mcp')."),
                "turnId": _text("Makes a retried call add nothing."),
            }
        ),
        False,
        lambda t, a: t.memory_capture(a.get("user"), a.get("assistant"), a.get("session"), a.get("turnId")),
    ),
)

_BY_NAME = {t.name: t for t in TOOLS}


def tool_named(name: str) -> Tool | None:
    """The tool called ``name``, or ``None`` (the server answers an unknown name with an error)."""
    return _BY_NAME.get(name)
