"""Search backends other than the builtin store (``config.backend``).

A backend answers searches instead of the store and may decline: ``search(request)`` returns a
:class:`~mdrecall.search.pipeline.SearchResult`, or ``None`` when it cannot answer (the builtin store answers
then). It also reads the paths its hits cite (``owns(path)`` / ``get``) and reports itself in
``status()``. ``builtin`` means no backend. Backends are plugins of the ``mdrecall.backends``
entry-point group, like stores (:mod:`mdrecall.plugins.registry`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mdrecall.plugins.registry import BACKENDS

if TYPE_CHECKING:
    from mdrecall.config.settings import Config
    from mdrecall.files.workspace import Workspace
    from mdrecall.models import GetResult
    from mdrecall.search.pipeline import PipelineRequest, SearchResult

__all__ = ["Reader", "SearchBackend", "open_backend", "register_backend"]

#: Reads lines of a workspace file: ``reader(key, from_line, lines)`` (the builtin ``Memory.get``).
Reader = Callable[[str, int, "int | None"], "GetResult"]


class SearchBackend(Protocol):
    """What :class:`~mdrecall.Memory` needs from a search backend."""

    def search(self, request: PipelineRequest) -> SearchResult | None:
        """Hits for ``request``, or ``None`` to let the builtin store answer."""
        ...

    def owns(self, path: str) -> bool:
        """True when ``path`` is one this backend's hits cite (``get`` must go through it)."""
        ...

    def get(self, path: str, from_line: int = 1, lines: int | None = None) -> GetResult:
        """Read lines of a file this backend cited."""
        ...

    def status(self) -> dict[str, Any]:
        """``backend``, ``backend_served`` (who answered the last search) and ``backend_error``."""
        ...

    def close(self) -> None:
        """Stop background work."""
        ...


BackendFactory = Callable[["Config", "Workspace", Reader], SearchBackend]


def register_backend(name: str, factory: BackendFactory) -> None:
    """Register (or replace) the factory for search backend ``name`` (:mod:`mdrecall.plugins.registry`)."""
    BACKENDS.register(name, factory)


def open_backend(config: Config, workspace: Workspace, reader: Reader) -> SearchBackend | None:
    """The backend named by ``config.backend`` (``None`` for ``builtin``)."""
    name = config.backend
    if name in ("", "builtin"):
        return None
    factory: BackendFactory = BACKENDS.get(name)
    return factory(config, workspace, reader)
