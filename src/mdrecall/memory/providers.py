"""The embedder and the reranker of a :class:`~mdrecall.memory.Memory`: each built once, on first use."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from mdrecall.errors import MdrecallError

if TYPE_CHECKING:
    from mdrecall.config.settings import Config, EmbeddingConfig
    from mdrecall.embedders.base import Embedder
    from mdrecall.files.workspace import Workspace
    from mdrecall.rerankers import Reranker
    from mdrecall.search.pipeline import RerankStage


class Providers:
    """The part of :class:`~mdrecall.memory.Memory` that builds its embedder and reranker on first use.

    A keyword search loads neither; a failure to build one is kept as its ``*_error`` (search degrades).
    """

    config: Config
    workspace: Workspace

    def __init__(self) -> None:
        self._load_lock = threading.Lock()  # the embedder is built once, by one thread; others wait
        self._rerank_lock = threading.Lock()  # the same for the reranker
        self._embedder: Any = None
        self._embedder_error: str | None = None
        self._embedder_loaded = False
        self._reranker: Reranker | None = None
        self._rerank_error: str | None = None
        self._rerank_loaded = False

    @property
    def embedder(self) -> Embedder | None:
        """The configured embedder, built on first use (``None``: keyword search only).

        Built once: a thread that asks while another builds it waits for it (a first search never
        answers keyword-only because a background thread began the load an instant before).
        """
        if not self._embedder_loaded:
            with self._load_lock:
                if not self._embedder_loaded:
                    if _keyword_only(self.config.embedding):  # none, as create_embedder says: no registry
                        self._embedder_loaded = True
                        return None
                    from mdrecall.index.vectorize import get_embedder  # here: a keyword search loads none

                    try:
                        self._embedder = get_embedder(self.config.embedding)
                    except MdrecallError as exc:
                        self._embedder, self._embedder_error = None, str(exc)
                    self._embedder_loaded = True
        return self._embedder

    @property
    def embedder_error(self) -> str | None:
        """Why the configured embedder could not be built (``None``: it was, or none is configured)."""
        return self._embedder_error

    @property
    def rerank_error(self) -> str | None:
        """Why the configured reranker could not be built (read after :attr:`rerank_stage`)."""
        return self._rerank_error

    @property
    def rerank_stage(self) -> RerankStage | None:
        """The configured reranker as a search stage (``None``: no reranking).

        The reranker is built once; the stage is new for each search, so local-only markers are read
        as the files are now (a long-lived server must not keep sending a section marked since).
        """
        if not self._rerank_loaded:
            with self._rerank_lock:
                if not self._rerank_loaded:
                    try:
                        from mdrecall.rerankers import create_reranker

                        self._reranker = create_reranker(self.config.rerank)
                    except MdrecallError as exc:
                        self._rerank_error = str(exc)
                    self._rerank_loaded = True
        reranker = self._reranker
        if reranker is None:
            return None
        from mdrecall.index.vectorize import local_only_checker
        from mdrecall.search.pipeline import RerankStage

        keep_local = local_only_checker(self.workspace.root) if reranker.is_remote else None
        return RerankStage(reranker, max(1, self.config.rerank.top_n), keep_local)


def _keyword_only(config: EmbeddingConfig) -> bool:
    """Whether ``config`` names no embedder at all (provider and fallback ``none`` or empty): what
    :func:`mdrecall.embedders.create_embedder` answers ``None`` for, known without loading the registry."""
    return config.provider.strip().lower() in ("", "none") and config.fallback.strip().lower() in ("", "none")
