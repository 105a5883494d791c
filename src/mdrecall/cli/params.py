"""Option callbacks shared by commands: a bad value is bad usage (exit 2), checked before any work."""

from __future__ import annotations

from typing import Any

import click

__all__ = ["as_of_value", "during_value"]


def _checked(value: str | None, parse: Any) -> str | None:
    from mdrecall.errors import MdrecallError

    if value is None:
        return None
    try:
        parse(value)
    except MdrecallError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


def as_of_value(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--as-of``: a date as ``--since`` takes it (``YYYY-MM-DD``, ``yesterday``, ``7d``) or ISO datetime."""
    if value is None:
        return None  # not given: the parser is not even imported
    from mdrecall.knowledge.dates.time_args import parse_as_of

    return _checked(value, parse_as_of)


def during_value(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--during FROM..TO`` (either end may be empty; each end a date as ``--since`` takes it)."""
    if value is None:
        return None
    from mdrecall.knowledge.dates.time_args import parse_during

    return _checked(value, parse_during)
