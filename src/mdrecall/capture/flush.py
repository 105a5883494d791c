"""Pre-compaction memory flush: a silent turn that asks the agent to write down what matters before
its context is compacted.

``FlushPolicy.should_flush(tokens_used)`` is true once the conversation uses at least
``context_window - reserve_tokens_floor - soft_threshold_tokens`` tokens, and only once per
compaction cycle. The cycle is tracked on disk per session (``<workspace>/.mdrecall/flush/<id>.json``),
so a restarted agent process does not flush twice. A compaction is recorded by
:meth:`FlushPolicy.record_compaction`, or noticed when the token count falls back well below the
threshold. A read-only workspace never flushes (the agent could not write anything).

The flush turn uses :meth:`FlushPolicy.prompts`; when the agent has nothing to store it answers
``NO_REPLY`` and the host shows nothing (:func:`is_no_reply`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from mdrecall.config.settings import FlushConfig

__all__ = ["NO_REPLY", "FlushPolicy", "FlushPrompts", "is_no_reply"]

NO_REPLY = "NO_REPLY"

_SYSTEM = (
    "Pre-compaction memory flush. This session is close to automatic context compaction, after which "
    "older turns are summarised and their details lost. Store durable memories now with the memory "
    "tools or by appending to the memory files. Do not reply to the user in this turn."
)
_USER = (
    "Before the context is compacted, write down anything worth keeping: decisions, preferences, facts "
    "about people and projects, open tasks and their state. Append day-to-day notes to memory/{day}.md "
    "(create memory/ if needed) and lasting facts to MEMORY.md; append, never rewrite. "
    f"If there is nothing to store, reply with exactly {NO_REPLY}."
)


@dataclass(frozen=True)
class FlushPrompts:
    """The system and user prompts of the flush turn."""

    system: str
    user: str


def is_no_reply(text: str | None) -> bool:
    """True when the agent's answer is the ``NO_REPLY`` token (the host should show nothing)."""
    return (text or "").strip().strip(".`'\"").upper() == NO_REPLY


def _safe_id(session_id: str) -> str:
    clean = re.sub(r"[^A-Za-z0-9._-]", "_", session_id)[:80] or "default"
    if clean != session_id:
        clean += "-" + hashlib.sha256(session_id.encode()).hexdigest()[:8]
    return clean


class FlushPolicy:
    """When to run the pre-compaction flush, once per compaction cycle."""

    def __init__(
        self,
        context_window: int,
        *,
        reserve_tokens_floor: int = 20_000,
        soft_threshold_tokens: int = 4_000,
        state_path: str | os.PathLike[str] | None = None,
        read_only: bool = False,
    ) -> None:
        if context_window <= 0:
            raise ValueError("context_window must be a positive number of tokens")
        self.context_window = int(context_window)
        self.reserve_tokens_floor = int(reserve_tokens_floor)
        self.soft_threshold_tokens = int(soft_threshold_tokens)
        self.state_path = Path(state_path) if state_path is not None else None
        self.read_only = read_only
        self._memory_state: dict[str, Any] = {}

    @classmethod
    def for_workspace(
        cls,
        workspace: str | os.PathLike[str],
        context_window: int,
        session_id: str = "default",
        config: FlushConfig | None = None,
    ) -> FlushPolicy:
        """A policy whose cycle state lives in the workspace; read-only workspaces never flush."""
        cfg = config or FlushConfig()
        root = Path(workspace).expanduser()
        memdir = root / "memory"
        writable = os.access(root, os.W_OK) and (not memdir.exists() or os.access(memdir, os.W_OK))
        return cls(
            context_window,
            reserve_tokens_floor=cfg.reserve_tokens_floor,
            soft_threshold_tokens=cfg.soft_threshold_tokens,
            state_path=root / ".mdrecall" / "flush" / f"{_safe_id(session_id)}.json",
            read_only=not writable,
        )

    @property
    def threshold(self) -> int:
        """Tokens used at which the flush is due."""
        return max(0, self.context_window - self.reserve_tokens_floor - self.soft_threshold_tokens)

    def should_flush(self, tokens_used: int) -> bool:
        """True at most once per compaction cycle, once ``tokens_used`` reaches :attr:`threshold`."""
        if self.read_only:
            return False
        state = self._load()
        last = int(state.get("last_tokens", 0))
        if last >= self.threshold and tokens_used < self.threshold * 0.6:
            state["compactions"] = int(state.get("compactions", 0)) + 1  # the context was compacted
        state["last_tokens"] = int(tokens_used)
        due = tokens_used >= self.threshold and state.get("flushed_in") != state.get("compactions", 0)
        if due:
            state["flushed_in"] = state.get("compactions", 0)
        return self._save(state) and due

    def record_compaction(self) -> None:
        """Start a new cycle (call after the host compacted the context)."""
        state = self._load()
        state["compactions"] = int(state.get("compactions", 0)) + 1
        state["last_tokens"] = 0
        self._save(state)

    @property
    def cycle(self) -> int:
        """How many compactions this session has been through."""
        return int(self._load().get("compactions", 0))

    def prompts(self, today: date | None = None) -> FlushPrompts:
        """The flush turn's prompts (today's log named by date)."""
        day = (today or date.today()).isoformat()
        return FlushPrompts(_SYSTEM, _USER.format(day=day))

    # ---- state ------------------------------------------------------------------------------------

    def _load(self) -> dict[str, Any]:
        if self.state_path is None:
            return dict(self._memory_state)
        try:
            data = json.loads(self.state_path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def _save(self, state: dict[str, Any]) -> bool:
        if self.state_path is None:
            self._memory_state = dict(state)
            return True
        try:
            self.state_path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.state_path.parent, prefix=".flush-")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(state, fh)
            os.replace(tmp, self.state_path)
            return True
        except OSError:
            return False  # cannot remember the cycle: do not flush rather than flush every turn
