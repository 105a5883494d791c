"""Context pruning for agent loops: shrink old tool results so long sessions compact later.

* soft trim: a tool result larger than ``soft_trim_over_chars`` keeps its head and tail with a marker
  saying how much was cut;
* hard clear: a tool result older than ``hard_clear_after_turns`` assistant turns is replaced by a
  placeholder (tool-call ids stay, so the conversation stays valid for the provider);
* the last ``keep_last_assistant`` assistant turns, and everything after them, are never touched.

Works on plain message dicts: OpenAI (``{"role": "tool"}``), Anthropic (``tool_result`` blocks inside
a user message) and OpenClaw (``{"role": "toolResult"}``). The input list is not modified.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["PruneSettings", "PruneStats", "prune_messages"]


@dataclass(frozen=True)
class PruneSettings:
    """Pruning thresholds (characters and assistant turns)."""

    keep_last_assistant: int = 3
    soft_trim_over_chars: int = 4000
    keep_head_chars: int = 1500
    keep_tail_chars: int = 1500
    hard_clear_after_turns: int = 10
    placeholder: str = "[old tool result cleared to save context: {chars} characters]"


@dataclass
class PruneStats:
    """What pruning did."""

    trimmed: int = 0
    cleared: int = 0
    chars_saved: int = 0


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""


def _replace(content: Any, text: str) -> Any:
    """Same container shape as ``content``, holding ``text``."""
    if isinstance(content, list):
        return [{"type": "text", "text": text}]
    return text


def _shrink(content: Any, age: int, s: PruneSettings, stats: PruneStats) -> Any:
    text = _text(content)
    if age >= s.hard_clear_after_turns and text:
        stats.cleared += 1
        new = s.placeholder.format(chars=len(text))
        stats.chars_saved += max(0, len(text) - len(new))
        return _replace(content, new)
    if len(text) > s.soft_trim_over_chars and len(text) > s.keep_head_chars + s.keep_tail_chars + 100:
        cut = len(text) - s.keep_head_chars - s.keep_tail_chars
        tail = text[-s.keep_tail_chars :] if s.keep_tail_chars else ""
        new = f"{text[: s.keep_head_chars]}\n…[{cut} characters trimmed]…\n{tail}"
        stats.trimmed += 1
        stats.chars_saved += len(text) - len(new)
        return _replace(content, new)
    return content


def prune_messages(
    messages: Sequence[dict[str, Any]], settings: PruneSettings | None = None
) -> tuple[list[dict[str, Any]], PruneStats]:
    """A pruned copy of ``messages`` and what was done."""
    s = settings or PruneSettings()
    stats = PruneStats()
    assistant_at = [i for i, m in enumerate(messages) if m.get("role") == "assistant"]
    keep = max(0, s.keep_last_assistant)
    if keep and len(assistant_at) < keep:
        return list(messages), stats  # nothing is older than the protected turns
    boundary = assistant_at[-keep] if keep else len(messages)
    out: list[dict[str, Any]] = []
    for i, m in enumerate(messages):
        if i >= boundary:
            out.append(m)
            continue
        age = sum(1 for a in assistant_at if a > i)
        role = m.get("role")
        if role in ("tool", "toolResult", "tool_result"):
            new = _shrink(m.get("content"), age, s, stats)
            out.append(m if new is m.get("content") else {**m, "content": new})
        elif role == "user" and isinstance(m.get("content"), list):
            blocks = m["content"]
            changed = False
            new_blocks = []
            for b in blocks:
                if isinstance(b, dict) and b.get("type") == "tool_result":
                    c = _shrink(b.get("content"), age, s, stats)
                    if c is not b.get("content"):
                        b, changed = {**copy.copy(b), "content": c}, True
                new_blocks.append(b)
            out.append({**m, "content": new_blocks} if changed else m)
        else:
            out.append(m)
    return out, stats
