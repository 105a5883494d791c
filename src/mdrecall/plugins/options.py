"""Typed provider options: each provider declares the keys of its ``options`` table and their types.

A provider module declares ``OPTIONS = {"threads": int, "device": str, ...}`` and checks the table
once when it is built (:func:`check_options`); then it reads values with :func:`option`. An unknown
key or a value of the wrong type is a :class:`~mdrecall.errors.ConfigError` that names the key, so a
typo (``treads = 2``) or ``is_remote = "maybe"`` is never silently ignored or coerced.

Values may come from TOML (typed) or from environment variables (strings): ``"true"``/``"false"``
(also ``1/0``, ``yes/no``, ``on/off``) are booleans, numeric strings are numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mdrecall.errors import ConfigError

__all__ = ["EMBEDDING_SHARED", "OptionTypes", "check_options", "option"]

OptionTypes = Mapping[str, type]

#: ``embedding.options`` keys every embedding provider accepts (read by :mod:`mdrecall.embedders`).
EMBEDDING_SHARED: dict[str, type] = {"fallback": dict, "fallback_cooldown_s": float}

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_KIND = {bool: "true or false", int: "an integer", float: "a number", str: "a string", dict: "a table"}


def check_options(section: str, provider: str, given: Mapping[str, Any], types: OptionTypes) -> None:
    """Raise :class:`ConfigError` for a key ``types`` does not declare or a value of the wrong type."""
    for key, value in given.items():
        if key not in types:
            known = ", ".join(sorted(types)) or "none"
            raise ConfigError(
                f"{section}.options.{key}: unknown option for provider '{provider}'. Known options: {known}"
            )
        convert(section, key, value, types[key])


def option(options: Mapping[str, Any], name: str, default: Any, section: str = "embedding") -> Any:
    """``options[name]`` as the type of ``default`` (``default`` when absent)."""
    value = options.get(name)
    if value is None:
        return default
    return convert(section, name, value, type(default) if default is not None else str)


def convert(section: str, key: str, value: Any, kind: type) -> Any:
    """``value`` as ``kind``, or a :class:`ConfigError` naming ``section.options.key``."""
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower() if isinstance(value, (str, int)) else ""
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
    elif kind in (int, float) and not isinstance(value, bool):
        try:
            if isinstance(value, (int, float, str)):
                number = float(value) if kind is float else int(str(value).strip())
                return kind(number)
        except ValueError:
            pass
    elif kind is str and isinstance(value, str) or kind is dict and isinstance(value, Mapping):
        return value
    raise ConfigError(f"{section}.options.{key}: expected {_KIND.get(kind, kind.__name__)}, got {value!r}")
