"""Why a PostgreSQL statement failed, in words a user can act on, from the error's SQLSTATE.

The server reports a full data disk (``53100``), memory it could not get (``53200``), no free
connection slot (``53300``), a configured limit reached (``53400``: ``temp_file_limit``, ...), a
read-only server (``25006``: a standby, ``default_transaction_read_only``), a statement cancelled by
``statement_timeout`` (``57014``) and a server shutting down or starting (``57P01``-``57P03``) by code.
psycopg's message says what happened on the server; these say why in the user's terms and what to do.
"""

from __future__ import annotations

from mdrecall.errors import StoreError

__all__ = ["cause_of", "store_error"]

#: SQLSTATE -> (why, what to do before retrying; no full stop).
_CAUSES: dict[str, tuple[str, str]] = {
    "53100": (
        "the database server's disk is full",
        "Free space on the disk holding the server's data directory (or move it), then retry",
    ),
    "53200": (
        "the database server ran out of memory",
        "Lower the server's load or give it more memory (or lower work_mem), then retry",
    ),
    "53300": (
        "the database server has no free connection slot",
        "Close idle connections to it or raise its max_connections, then retry",
    ),
    "53400": (
        "a limit set on the database server was reached",
        "Raise the limit the server names (e.g. temp_file_limit) for mdrecall's role, then retry",
    ),
    "25006": (
        "the database server is read-only (a standby, or default_transaction_read_only is on)",
        "Point store.dsn at the primary server, or turn read-only off for mdrecall's role, then retry",
    ),
    "57014": (
        "the server cancelled the statement (statement_timeout, or a cancel request)",
        "Raise statement_timeout for mdrecall's role (ALTER ROLE ... SET statement_timeout), then retry",
    ),
    "57P01": ("the database server is shutting down", "Wait for it to come back up, then retry"),
    "57P02": ("the database server is shutting down", "Wait for it to come back up, then retry"),
    "57P03": ("the database server is not accepting connections yet", "Wait for it to start, then retry"),
    "42501": (
        "mdrecall's database role lacks a privilege it needs",
        "Grant the role the privilege the server names (it creates a schema per namespace), then retry",
    ),
}


def cause_of(exc: BaseException) -> tuple[str, str] | None:
    """(why, what to do) for a psycopg error whose SQLSTATE names a cause a user can act on, or None."""
    code = getattr(exc, "sqlstate", None)
    if not isinstance(code, str):
        diag = getattr(exc, "diag", None)
        code = getattr(diag, "sqlstate", None)
    return _CAUSES.get(code) if isinstance(code, str) else None


def store_error(exc: BaseException, what: str, kept: str = "") -> StoreError:
    """The :class:`StoreError` for ``exc``: ``what`` failed, the server's message, and, when its SQLSTATE
    names one, why in words, ``kept`` (what was left as it was) and what to do (also its ``action``)."""
    message = f"{what}: {str(exc).strip() or type(exc).__name__}"
    cause = cause_of(exc)
    if cause is None:
        return StoreError(message)
    why, todo = cause
    err = StoreError(f"{message} ({why}){'; ' + kept if kept else ''}. {todo}.")
    err.action = f"{todo}."
    return err
