"""The allowed range of every numeric config key, checked when the config is loaded or merged.

A value outside its range (``chunking.tokens = -5``, ``1e308``, ``index.max_file_bytes = -1``, a NaN or
an infinity, a negative timeout) is a :class:`~mdrecall.errors.ConfigError` that names the key, the
value, where it came from and the range, instead of a config that silently skips every file or chunks
nothing. Ranges are generous: they exclude what cannot work, not what is unusual.
"""

from __future__ import annotations

import math
from typing import Any

from mdrecall.errors import ConfigError

__all__ = ["CHOICES", "LIMITS", "check_value", "check_config"]

_BIG = 1_000_000_000  # counts and sizes: far past any real use, far below what breaks arithmetic
_DAY_S = 86_400.0
_ABOVE_0 = math.ulp(0.0)  # a lowest value meaning "more than zero" (timeouts, intervals)
_YEAR_S = 365 * _DAY_S

#: ``(section, key) -> (lowest, highest)``, both allowed; ``section`` is ``""`` for top-level keys.
LIMITS: dict[tuple[str, str], tuple[float, float]] = {
    ("chunking", "tokens"): (1, 100_000),
    ("chunking", "overlap"): (0, 99_999),  # and below chunking.tokens (check_config)
    ("chunking", "parent_tokens"): (0, 1_000_000),  # 0 (or ≤ tokens): no passages
    ("index", "max_file_bytes"): (1, 1 << 40),
    ("read", "max_lines"): (1, _BIG),
    ("read", "max_chars"): (1, _BIG),
    ("search", "max_results"): (1, 10_000),
    ("search", "min_score"): (0.0, 1.0),
    ("search", "snippet_chars"): (1, 1_000_000),
    ("search", "vector_weight"): (0.0, 1_000.0),
    ("search", "text_weight"): (0.0, 1_000.0),
    ("search", "rrf_k"): (0, 1_000_000),
    ("search", "candidate_multiplier"): (1, 1_000),
    ("search", "candidate_cap"): (1, 1_000_000),
    ("search", "decay_half_life_days"): (_ABOVE_0, 1e6),
    ("search", "mmr_lambda"): (0.0, 1.0),
    ("search", "kind_boost"): (0.0, 10.0),
    ("search", "used_boost"): (1.0, 1.25),  # a small lift, never a filter (1.0: off)
    ("embedding", "dims"): (0, 1_000_000),  # 0: asked of the model
    ("embedding", "batch_size"): (1, 1_000_000),
    ("embedding", "timeout_s"): (_ABOVE_0, _DAY_S),
    ("embedding", "max_retries"): (0, 100),
    ("embedding", "cache_max_entries"): (0, _BIG),
    ("embedding", "concurrency"): (1, 1_000),
    ("embedding", "price_per_million_tokens"): (0.0, 1e9),
    ("rerank", "top_n"): (1, 100_000),
    ("rerank", "timeout_s"): (_ABOVE_0, _DAY_S),
    ("rerank", "max_retries"): (0, 100),
    ("sessions", "delta_bytes"): (0, 1 << 40),
    ("sessions", "delta_messages"): (0, _BIG),
    ("sessions", "retention_days"): (0, 1_000_000),  # 0: kept for ever
    ("watch", "debounce_s"): (0.0, _DAY_S),
    ("watch", "poll_interval_s"): (_ABOVE_0, _DAY_S),
    ("serve", "idle_exit_minutes"): (0.0, 7 * 24 * 60.0),
    ("serve", "auto_max"): (0, 1000),
    ("flush", "reserve_tokens_floor"): (0, _BIG),
    ("flush", "soft_threshold_tokens"): (0, _BIG),
    ("flush", "capture_messages"): (0, 1_000_000),
    ("capture", "max_chars"): (1, _BIG),
    ("capture", "max_notes_per_turn"): (0, 10_000),
    ("dreaming", "min_score"): (0.0, 1.0),
    ("dreaming", "min_recalls"): (0, _BIG),
    ("dreaming", "min_unique_queries"): (0, _BIG),
    ("dreaming", "max_age_days"): (0, 1_000_000),
    ("dreaming", "confirm_window_s"): (0.0, _YEAR_S),
    ("dreaming", "max_promotions"): (0, 1_000_000),
    ("qmd", "timeout_s"): (_ABOVE_0, _DAY_S),
    ("qmd", "update_interval_s"): (0.0, _YEAR_S),
    ("entities", "min_name_files"): (1, _BIG),
    ("entities", "boost"): (0.0, 1_000.0),
    ("history", "git_timeout_s"): (_ABOVE_0, _DAY_S),
    ("history", "max_versions"): (1, 1_000_000),
    ("recall", "min_score"): (0.0, 1.0),
    ("recall", "max_chars"): (0, 1_000_000),  # 0: nothing is injected
    ("recall", "max_hits"): (0, 100),
    ("recall", "deadline_ms"): (1, 600_000),
}


#: ``(section, key) -> the allowed words`` of the string keys that name one of a fixed set (the CLI's
#: ``--mode`` takes the same words): a typo is an error, not a silent fall back to the default.
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("search", "mode"): ("hybrid", "bm25", "vector"),
    ("search", "fusion"): ("weighted", "rrf"),
    ("search", "date_hints"): ("boost", "filter", "off"),
    ("dates", "order"): ("auto", "dmy", "mdy"),
}


def _shown(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else f"{value:,}".replace(",", "_")


def check_value(section: str, key: str, value: Any, where: str, given: Any = None) -> None:
    """Raise :class:`ConfigError` when ``value`` of ``section.key`` is not finite or out of range
    (``given``: the value as written, shown in the message)."""
    choices = CHOICES.get((section, key))
    if choices is not None and isinstance(value, str) and value not in choices:
        name = f"{section}.{key}" if section else key
        raise ConfigError(f"{where}: {name} = {value!r} is not one of: {', '.join(choices)}")
    limits = LIMITS.get((section, key))
    if limits is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    low, high = limits
    name = f"{section}.{key}" if section else key
    kind = "an integer" if isinstance(value, int) else "a number"
    if isinstance(value, float) and not math.isfinite(value):
        problem = "is not a finite number"
    elif not low <= value <= high:
        problem = "is out of range"
    else:
        return
    raise ConfigError(
        f"{where}: {name} = {value if given is None else given!r} {problem}: "
        f"use {kind} {'above 0, up to' if low == _ABOVE_0 else f'from {_shown(low)} to'} {_shown(high)}"
    )


def check_config(cfg: Any) -> None:
    """The checks that involve two keys (each key alone was checked as it was read)."""
    chunking = cfg.chunking
    if chunking.overlap >= chunking.tokens:
        raise ConfigError(
            f"chunking.overlap = {chunking.overlap} must be less than chunking.tokens = {chunking.tokens}"
            " (the overlap is part of each chunk): lower chunking.overlap or raise chunking.tokens"
        )
