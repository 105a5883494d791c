"""Keep the model runtimes offline: no device id, no telemetry store written to the user's HOME.

onnxruntime (1.2x+ on Linux and macOS) starts a telemetry client when it is *imported*: it writes
``~/.cache/Microsoft/DeveloperTools/.onnxruntime/deviceid`` and an ``onnxruntime.db`` event store
(``$XDG_CACHE_HOME`` when set). ``onnxruntime.disable_telemetry_events()`` comes too late (the files are
written by then); the ``ORT_DISABLE_TELEMETRY`` environment variable, read at import, prevents both.
"""

from __future__ import annotations

import os

__all__ = ["quiet_onnxruntime"]


def quiet_onnxruntime() -> None:
    """Set ``ORT_DISABLE_TELEMETRY=1`` before onnxruntime is imported (a value the user set is kept)."""
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
