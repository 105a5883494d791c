"""mdrecall: a local-first, Markdown-first memory engine for AI agents.

>>> from mdrecall import Memory
>>> with Memory.open("~/agent") as mem:          # doctest: +SKIP
...     mem.index()
...     hits = mem.search("what did we decide about the API?")
"""

from __future__ import annotations

TYPE_CHECKING = False  # not imported from typing: `mdrecall --version` loads neither typing nor re
if TYPE_CHECKING:
    from typing import Any

    from mdrecall.agent.tools import MemoryTools
    from mdrecall.config.settings import Config, load_config
    from mdrecall.errors import (
        ConfigError,
        EmbedderError,
        MdrecallError,
        MissingDependencyError,
        NotFoundError,
        PathError,
        StoreError,
        WorkspaceError,
        WriteError,
    )
    from mdrecall.knowledge.dates.time_args import DateRange
    from mdrecall.knowledge.history import Change
    from mdrecall.knowledge.index import Entity, EntityDetail
    from mdrecall.memory import Memory, RememberResult
    from mdrecall.models import Chunk, GetResult, Hit, IndexReport, Status
    from mdrecall.request import SearchFilter, SearchRequest
    from mdrecall.search.pipeline import SearchResult
    from mdrecall.services.estimate import estimate_index
    from mdrecall.services.team import open_companions, open_team
    from mdrecall.services.watch import Watcher

# Public names are imported on first use, so `mdrecall --version` and hooks start fast.
_LAZY = {
    "Config": "config.settings",
    "load_config": "config.settings",
    "ConfigError": "errors",
    "EmbedderError": "errors",
    "MdrecallError": "errors",
    "MissingDependencyError": "errors",
    "NotFoundError": "errors",
    "PathError": "errors",
    "StoreError": "errors",
    "WorkspaceError": "errors",
    "WriteError": "errors",
    "Memory": "memory",
    "RememberResult": "models",
    "Chunk": "models",
    "GetResult": "models",
    "Hit": "models",
    "IndexReport": "models",
    "Status": "models",
    "SearchResult": "search.pipeline",
    "SearchFilter": "request",
    "SearchRequest": "request",
    "Entity": "knowledge.index",
    "EntityDetail": "knowledge.index",
    "Change": "knowledge.history",
    "DateRange": "knowledge.dates.time_args",
    "MemoryTools": "agent.tools",
    "Watcher": "services.watch",
    "estimate_index": "services.estimate",
    "open_companions": "services.team",
    "open_team": "services.team",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mdrecall' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "Change",
    "Chunk",
    "DateRange",
    "Entity",
    "EntityDetail",
    "Config",
    "ConfigError",
    "EmbedderError",
    "GetResult",
    "Hit",
    "IndexReport",
    "MdrecallError",
    "Memory",
    "MemoryTools",
    "MissingDependencyError",
    "NotFoundError",
    "PathError",
    "RememberResult",
    "SearchFilter",
    "SearchRequest",
    "SearchResult",
    "Status",
    "StoreError",
    "Watcher",
    "WorkspaceError",
    "WriteError",
    "estimate_index",
    "load_config",
    "open_companions",
    "open_team",
    "__version__",
]
