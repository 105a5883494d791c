"""The embedding step of indexing, and the embedded query for the vector leg.

Chunks without a vector for the embedder's identity are embedded in batches; the embedding cache
(keyed by identity and chunk hash) is consulted first, so unchanged text is never embedded twice.
A batch served by a fallback embedder is stored under the fallback's identity (vectors of two models
never mix); the primary re-embeds those chunks once it works again. Vectors of other identities are
kept until the current one covers every chunk, then dropped — so a model change never leaves a
window without vectors. Local-only chunks (:mod:`mdrecall.privacy`) never reach a remote embedder.

A provider that times out or cannot be reached trips a circuit breaker kept in the index's ``meta``
table for :data:`BREAKER_S` seconds: until then every process skips it at once (keyword search, a
warning), so an outage costs one timeout, not one per call.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import EmbedderError, MdrecallError, ProviderUnavailableError, StoreError
from .models import Chunk, IndexReport, ProgressCallback
from .privacy import is_local_only, local_only_ranges
from .search import VectorLeg

if TYPE_CHECKING:
    from .config import Config, EmbeddingConfig
    from .embedders.base import Embedder
    from .stores.base import Store

__all__ = ["COMPLETE_KEY", "embed_missing", "get_embedder", "query_vector"]

#: Meta key: the embedder identity whose vectors cover every chunk.
COMPLETE_KEY = "vectors_complete"
#: Seconds a provider that timed out or could not be reached is skipped (by every process).
BREAKER_S = 60.0
_BREAKER_PREFIX = "provider_down:"

_CACHE: dict[str, Embedder | None] = {}
_CACHE_LOCK = threading.Lock()


def get_embedder(config: EmbeddingConfig) -> Embedder | None:
    """The configured embedder (``None`` for keyword-only), shared per process and config."""
    key = repr(config)
    with _CACHE_LOCK:
        if key not in _CACHE:
            from .embedders import create_embedder

            _CACHE[key] = create_embedder(config)
        return _CACHE[key]


def local_only_checker(root: Path) -> Callable[[Chunk], bool]:
    """A test for chunks marked local-only (each file's markers read once per checker)."""
    ranges: dict[str, list[tuple[int, int]]] = {}

    def check(chunk: Chunk) -> bool:
        if chunk.source != "memory":
            return False
        if chunk.path not in ranges:
            p = Path(chunk.path)
            path = p if p.is_absolute() else root / p
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            ranges[chunk.path] = local_only_ranges(text)
        return is_local_only(chunk.start_line, chunk.end_line, ranges[chunk.path])

    return check


def embed_missing(
    store: Store,
    embedder: Embedder,
    config: Config,
    workspace_root: Path,
    report: IndexReport,
    progress: ProgressCallback | None = None,
    limit: int = 0,
) -> int:
    """Embed chunks that lack a vector for ``embedder``; returns how many are still missing."""
    from .embedders import embed_documents_tagged, local_only

    down = breaker_open(store, embedder)
    if not down:
        try:
            key = embedder.identity.key  # an unknown model's dims are probed here
        except EmbedderError as exc:  # down, or answering garbage (NaN, zero vectors)
            if isinstance(exc, ProviderUnavailableError):
                trip_breaker(store, embedder, str(exc))
            down = str(exc)
    if down:
        report.warnings.append(f"embedding skipped: {down}")
        counts = store.counts()
        return max(0, counts["chunks"] - counts["vectors"])
    if store.get_meta(COMPLETE_KEY) == key:
        # The lazy sync before every search lands here: two counts instead of a join over all chunks
        # (20k chunks: ~1 ms instead of ~18 ms). Complete means only this key's vectors are stored,
        # so equal counts mean every chunk has one.
        counts = store.counts()
        if counts["vectors"] == counts["chunks"]:
            return 0
    todo = store.chunks_without_vectors(key, limit=limit)
    if not todo:
        _mark_complete(store, key)
        return 0
    if embedder.is_remote:
        check = local_only_checker(workspace_root)
        private = [c for c in todo if check(c)]
        if private:
            todo = [c for c in todo if not check(c)]
            if local_only(embedder) is None:
                report.warnings.append(f"{len(private)} local-only chunks kept from the remote embedder")
    cached = store.cache_get(key, [c.hash for c in todo])
    if cached:
        store.put_vectors(key, {c.id: cached[c.hash] for c in todo if c.hash in cached})
        report.cache_hits += sum(1 for c in todo if c.hash in cached)
    # Batches of similar length pad less: ~20% faster with the local model on mixed chunk sizes.
    pending = sorted((c for c in todo if c.hash not in cached), key=lambda c: len(_embed_text(c)))
    batch = max(1, config.embedding.batch_size)
    done = 0
    for i in range(0, len(pending), batch):
        part = pending[i : i + batch]
        try:
            ident, vectors = embed_documents_tagged(embedder, [_embed_text(c) for c in part])
        except EmbedderError as exc:
            report.warnings.append(f"embedding stopped: {exc}")
            if isinstance(exc, ProviderUnavailableError):
                trip_breaker(store, embedder, str(exc))
            break
        vecs = {c.id: vectors[j] for j, c in enumerate(part)}
        if ident.key != key and store.get_meta(COMPLETE_KEY) == key:
            store.set_meta(COMPLETE_KEY, "")  # another key's vectors now share the table: counts lie
        store.put_vectors(ident.key, vecs)
        store.cache_put(
            ident.key, {c.hash: vectors[j] for j, c in enumerate(part)}, config.embedding.cache_max_entries
        )
        report.embedded += len(part)
        done += len(part)
        if progress:
            progress(done, len(pending), f"embedding ({ident.provider})")
    remaining = len(store.chunks_without_vectors(key))
    if remaining == 0:
        _mark_complete(store, key)
    return remaining


def _embed_text(chunk: Chunk) -> str:
    """What is embedded: the heading path gives a chunk its context."""
    if chunk.heading and not chunk.text.lstrip().startswith("#"):
        return f"{chunk.heading}\n{chunk.text}"
    return chunk.text


def _mark_complete(store: Store, key: str) -> None:
    if store.get_meta(COMPLETE_KEY) != key:
        store.drop_vectors(keep_key=key)
        store.set_meta(COMPLETE_KEY, key)


def _breaker_key(embedder: Embedder) -> str:
    """Names the endpoint without asking it anything (an identity may need a probe request)."""
    parts = (type(embedder).__name__, getattr(embedder, "base_url", ""), getattr(embedder, "model", ""))
    return _BREAKER_PREFIX + ":".join(str(p) for p in parts)


def breaker_open(store: Store, embedder: Embedder) -> str | None:
    """Why ``embedder`` is being skipped now (its breaker is open), or ``None``."""
    try:
        value = store.get_meta(_breaker_key(embedder))
    except StoreError:
        return None
    if not value:
        return None
    until_s, _, reason = value.partition("|")
    try:
        until = float(until_s)
    except ValueError:
        return None
    if until <= time.time():
        return None
    clock = time.strftime("%H:%M:%S", time.localtime(until))
    return f"the embedding provider is skipped until {clock} after it failed: {reason}"


def trip_breaker(store: Store, embedder: Embedder, reason: str) -> None:
    """Skip ``embedder`` for :data:`BREAKER_S` seconds, in this and every other process."""
    value = f"{time.time() + BREAKER_S:.3f}|{reason[:300]}"
    with contextlib.suppress(StoreError):  # a read-only index: this process still stops after this
        store.set_meta(_breaker_key(embedder), value)


def query_vector(
    embedder: Embedder | None, query: str, store: Store | None = None
) -> tuple[VectorLeg | None, str | None]:
    """Embed a query for the vector leg: ``(leg, None)``, or ``(None, why not)``.

    With ``store``, a provider whose circuit breaker is open is not called, and one that times out
    or cannot be reached trips it.
    """
    if embedder is None:
        return None, "no embedder configured: keyword search only"
    if not query.strip():
        return None, "empty query"
    from .embedders import embed_query_tagged

    if store is not None:
        down = breaker_open(store, embedder)
        if down:
            return None, f"keyword search only: {down}"
    try:
        ident, vec = embed_query_tagged(embedder, query[:8000])
    except MdrecallError as exc:
        if store is not None and isinstance(exc, ProviderUnavailableError):
            trip_breaker(store, embedder, str(exc))
        return None, f"embedder failed, keyword search only: {exc}"
    note = None
    if ident.key != embedder.identity.key:
        note = f"query embedded by fallback provider {ident.provider}"
    return VectorLeg(ident.key, vec, ident.provider, ident.model), note


def embedder_label(embedder: Embedder | None) -> str | None:
    """``provider:model`` for status output."""
    if embedder is None:
        return None
    ident = embedder.identity
    return f"{ident.provider}:{ident.model} ({ident.dims} dims)"
