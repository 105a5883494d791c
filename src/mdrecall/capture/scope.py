"""Scope rules: where memory search may answer, decided by chat type and session key, with a reason.

Rules, first match wins:

1. a session key starting with a ``scope.deny_key_prefixes`` entry → deny;
2. a session key starting with a ``scope.allow_key_prefixes`` entry → allow;
3. a chat type in ``scope.deny_chat_types`` → deny;
4. a chat type in ``scope.allow_chat_types`` (default: ``direct``) → allow;
5. otherwise ``scope.default`` (``deny``).

A missing chat type counts as ``direct`` (a local agent talking to its one user).
"""

from __future__ import annotations

from dataclasses import dataclass

from mdrecall.config.settings import ScopeConfig

__all__ = ["ScopeDecision", "check_scope"]


@dataclass(frozen=True)
class ScopeDecision:
    """Whether memory may answer here, and why (always a sentence an operator can act on)."""

    allowed: bool
    reason: str

    def __bool__(self) -> bool:
        return self.allowed


def check_scope(
    config: ScopeConfig, chat_type: str | None = None, session_key: str | None = None
) -> ScopeDecision:
    """Apply the scope rules to one conversation."""
    kind = (chat_type or "direct").strip().lower()
    key = session_key or ""
    for prefix in config.deny_key_prefixes:
        if key.startswith(prefix):
            return ScopeDecision(
                False, f"session key '{key}' matches scope.deny_key_prefixes entry '{prefix}'"
            )
    for prefix in config.allow_key_prefixes:
        if key.startswith(prefix):
            return ScopeDecision(
                True, f"session key '{key}' matches scope.allow_key_prefixes entry '{prefix}'"
            )
    if kind in config.deny_chat_types:
        return ScopeDecision(False, f"chat type '{kind}' is in scope.deny_chat_types")
    if kind in config.allow_chat_types:
        return ScopeDecision(True, f"chat type '{kind}' is in scope.allow_chat_types")
    allowed = config.default.strip().lower() == "allow"
    verdict = "allows" if allowed else "denies"
    return ScopeDecision(
        allowed,
        f"chat type '{kind}' is not in scope.allow_chat_types {list(config.allow_chat_types)}"
        f" and scope.default {verdict}",
    )
