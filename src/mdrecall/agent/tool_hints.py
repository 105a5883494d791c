"""Hints in error messages, rewritten for an agent that calls the memory tools (MCP, JSON tools).

An error may name the step that helps (:attr:`~mdrecall.errors.MdrecallError.next_step`): :func:`for_agent`
words it as the tool to call (:data:`TOOL_HINTS`). Some texts (the errors' ``action``, a few messages)
still name a CLI command (``mdrecall entities``), which an agent behind MCP cannot type: :func:`for_tools`
swaps each for the tool that does the same, or, for what only the user can do (``mdrecall index``,
``mdrecall init``), says to have the user run it.
"""

from __future__ import annotations

import re

from mdrecall.errors import MdrecallError

__all__ = ["TOOL_HINTS", "for_agent", "for_tools"]

#: How the memory tools word each :data:`mdrecall.errors.NEXT_STEPS` (``init`` is the error's ``action``).
TOOL_HINTS = {
    "entities": "List them with the memory_entities tool.",
    "index": "Have the user run `mdrecall index`.",
}

_USER_ONLY = r"mdrecall (?:index|init|doctor|dream)"

# (pattern, replacement): the most specific first.
_HINTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"`?mdrecall entities`?"), "the memory_entities tool"),
    (re.compile(r"`?mdrecall entity (\w[^\s`.,;:)]*)`?"), r'memory_entity {"name": "\1"}'),
    (re.compile(r"`?mdrecall history ([^\s`,;:)]+)`?"), r'memory_history {"path": "\1"}'),
    (re.compile(r"`?mdrecall search`?"), "the memory_search tool"),
    (re.compile(r"`?mdrecall get`?"), "the memory_get tool"),
    (re.compile(r"`?mdrecall remember`?"), "the memory_write tool"),
    (re.compile(rf"(?:[Rr]un )?`({_USER_ONLY}[^`]*)`"), r"have the user run `\1`"),
    (
        re.compile(rf"(?:[Rr]un )?(?<!`)\b({_USER_ONLY}(?: (?:--?[\w-]+|[/~][^\s,;]+))*)"),
        r"have the user run `\1`",
    ),
]


def for_agent(exc: MdrecallError) -> str:
    """The error's message for an agent (CLI hints reworded by :func:`for_tools`), then its next step."""
    text = for_tools(str(exc))
    hint = TOOL_HINTS.get(exc.next_step, "") if exc.next_step else ""
    if not hint:
        return text
    return f"{text}{'' if text.endswith(('.', '?', '!')) else '.'} {hint}"


def for_tools(message: str) -> str:
    """``message`` with each CLI hint replaced by the memory tool (or the request to the user) to use."""
    for pattern, repl in _HINTS:
        message = pattern.sub(repl, message)
    return message
