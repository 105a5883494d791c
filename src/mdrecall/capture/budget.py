"""Run a capture within a time budget: a hook must never run past its host's timeout.

:func:`run_within` runs a function in a forked child and waits at most ``budget_s``; past it the child
is killed (its file locks go with it) and the caller is told, so it can record the turn as skipped
instead of leaving it to be retried (and to time out) on every later turn. Where there is no ``fork``
(Windows) the function runs in-process, unbounded. This module imports nothing heavy: hooks run it cold.
"""

from __future__ import annotations

import json
import os
import select
import signal
import time
from collections.abc import Callable
from typing import Any

__all__ = ["BudgetExceeded", "run_within"]


class BudgetExceeded(Exception):
    """The function did not finish within its budget (it was stopped)."""


def run_within(budget_s: float | None, fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``fn()`` (a JSON-ready dict), run in a child process stopped after ``budget_s`` seconds.

    Raises :class:`BudgetExceeded` when the budget ran out, and ``RuntimeError`` naming the child's
    exception when it failed.
    """
    if budget_s is None or not hasattr(os, "fork"):
        return fn()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (coverage does not follow it)
        code = 0
        try:
            os.close(r)
            data = json.dumps({"ok": fn()}).encode("utf-8")
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            data, code = json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode("utf-8"), 1
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(w, view) :]
        finally:
            os._exit(code)
    os.close(w)
    deadline = time.monotonic() + budget_s
    chunks: list[bytes] = []
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([r], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise BudgetExceeded(f"stopped after {budget_s:g} s")
            block = os.read(r, 1 << 16)
            if not block:
                break
            chunks.append(block)
    finally:
        os.close(r)
    os.waitpid(pid, 0)
    try:
        answer = json.loads(b"".join(chunks) or b"{}")
    except ValueError:
        answer = {}
    if "ok" not in answer:
        raise RuntimeError(answer.get("error") or "the capture process ended without an answer")
    return answer["ok"]
