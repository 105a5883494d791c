"""A retroactive redaction: what is already stored, scanned with the current redaction rules.

A note written before a rule existed (or with ``--keep-secrets``) still holds the secret the rules now know.
:func:`rescan_target` scans mdrecall's own files (the memory files, conversation records, ``DREAMS.md``,
``memory/.dreams/``, the state files) and the index's texts with :func:`mdrecall.text.redact.secrets_in`,
and gives one forget :class:`~mdrecall.forget.plan.Target` over every secret found (replaced by
``[REDACTED]``, as the redactor would have written it), for :func:`~mdrecall.forget.plan.plan_forget` and
:func:`~mdrecall.forget.run.apply_plan`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from mdrecall.files.workspace import Workspace
from mdrecall.forget.files import owned_files
from mdrecall.forget.plan import Target
from mdrecall.stores.base import Store, SupportsForget
from mdrecall.text.needle import Needle
from mdrecall.text.redact import REDACTED, secrets_in

__all__ = ["REDACT_FORM", "rescan_target"]

#: The form of a retroactive redaction's target (its texts replaced everywhere, like ``text``).
REDACT_FORM = "redact"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)


def _stored_texts(workspace: Workspace, store: Store) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every file a forget rewrites (each JSON string apart) and every index text."""
    for key, (path, kind) in sorted(owned_files(workspace).items()):
        try:
            text = path.read_bytes().decode("utf-8", "replace")
        except OSError:
            continue
        if kind == "json":
            try:
                for s in _strings(json.loads(text)):
                    yield key, s
                continue
            except ValueError:
                pass
        yield key, text
    if isinstance(store, SupportsForget):
        yield from store.texts()


def rescan_target(workspace: Workspace, store: Store) -> tuple[Target | None, dict[str, list[str]]]:
    """One target over every secret the current rules find in what is stored (``None``: none found), and
    where each kind was found (``kind → [where, …]``; the secrets themselves are not repeated there)."""
    found: dict[str, str] = {}  # secret → kind
    where: dict[str, list[str]] = {}
    for place, text in _stored_texts(workspace, store):
        for kind, secret in secrets_in(text):
            found.setdefault(secret, kind)
            if place not in where.setdefault(kind, []):
                where[kind].append(place)
    if not found:
        return None, where
    kinds = Counter(found.values())
    label = (
        f"{len(found)} secret{'s' if len(found) != 1 else ''} the redaction rules find now ("
        + ", ".join(f"{k} ×{n}" for k, n in sorted(kinds.items()))
        + ")"
    )
    return Target(REDACT_FORM, Needle(tuple(sorted(found))), REDACTED, label=label), where
