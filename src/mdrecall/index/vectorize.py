"""The embedding step of indexing, and the embedded query for the vector leg.

Chunks without a vector for the embedder's identity are embedded in batches; the embedding cache
(keyed by identity and chunk hash) is consulted first, so unchanged text is never embedded twice.
A batch served by a fallback embedder is stored under the fallback's identity (vectors of two models
never mix); the primary re-embeds those chunks once it works again. Vectors of other identities are
kept until the current one covers every chunk, then dropped — so a model change never leaves a
window without vectors. Local-only chunks (:mod:`mdrecall.text.privacy`) never reach a remote embedder.

A provider that times out or cannot be reached trips a circuit breaker (:mod:`mdrecall.index.breaker`),
so an outage costs one timeout, not one per call.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeGuard

from mdrecall.errors import EmbedderError, MdrecallError, ProviderUnavailableError
from mdrecall.index.breaker import breaker_open, trip_breaker
from mdrecall.models import Chunk, IndexReport, ProgressCallback, VectorLeg
from mdrecall.text import privacy
from mdrecall.text.chunking import embedded_text

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import Config, EmbeddingConfig
    from mdrecall.embedders.base import Embedder, EmbedderIdentity
    from mdrecall.stores.base import Store

__all__ = [
    "COMPLETE_KEY",
    "Coverage",
    "coverage",
    "count_missing",
    "embed_missing",
    "get_embedder",
    "load_rate",
    "query_vector",
    "vector_coverage",
    "vectors_behind_note",
]

#: Meta key: the embedder identity whose vectors cover every chunk.
COMPLETE_KEY = "vectors_complete"
#: Meta key prefix (+ embedder key): the last measured embedding rate, JSON.
RATE_KEY_PREFIX = "embed_rate:"
#: Chunks read from the store per window while embedding (bounded memory whatever the backlog).
WINDOW_CHUNKS = 256
#: Texts a run must embed before its rate is kept for estimates.
MIN_RATE_SAMPLE = 32

_CACHE: dict[str, Embedder | None] = {}
_CACHE_LOCK = threading.Lock()


def get_embedder(config: EmbeddingConfig) -> Embedder | None:
    """The configured embedder (``None`` for keyword-only), shared per process and config."""
    key = repr(config)
    with _CACHE_LOCK:
        if key not in _CACHE:
            from mdrecall.embedders import create_embedder

            _CACHE[key] = create_embedder(config)
        return _CACHE[key]


def interrupt_embedding() -> None:
    """Cut short the embedding calls in flight in this process, where the embedder can (the local
    model: between its runs); later calls run as usual. For a process about to exit."""
    with _CACHE_LOCK:
        embedders = [e for e in _CACHE.values() if e is not None]
    for emb in embedders:
        for one in (emb, getattr(emb, "primary", None), getattr(emb, "fallback", None)):
            interrupt = getattr(one, "interrupt", None)
            if callable(interrupt):
                interrupt()


def local_only_checker(root: Path) -> privacy.LocalOnlyChecker:
    """A test for chunks marked local-only, in any source (:mod:`mdrecall.text.privacy`), reading each file
    as the indexer decodes it (UTF-16 by its byte-order mark)."""
    from mdrecall.index.indexer import decode_markdown

    return privacy.local_only_checker(root, lambda data: decode_markdown(data, "", []))


def embed_missing(
    store: Store,
    embedder: Embedder,
    config: Config,
    workspace_root: Path,
    report: IndexReport,
    progress: ProgressCallback | None = None,
    limit: int = 0,
    *,
    between_batches: Callable[[], bool] | None = None,
) -> int:
    """Embed chunks that lack a vector for ``embedder``; returns how many are still missing.

    Chunks are read from the store a window at a time (:func:`window_size`), so memory stays bounded
    whatever the backlog; each batch's vectors are written before the next batch is embedded, so an
    interrupted run loses at most the batch in flight and the next run resumes. ``between_batches``
    is called before each batch (a long-lived process uses it to let searches go first); when it
    returns ``False`` the run stops there.
    """
    from mdrecall.embedders import local_only

    down = breaker_open(store, embedder)
    if not down:
        try:
            key = embedder.identity.key  # an unknown model's dims are probed here
        except EmbedderError as exc:  # down, or answering garbage (NaN, zero vectors)
            unrecorded = None
            if isinstance(exc, ProviderUnavailableError):
                unrecorded = trip_breaker(store, embedder, str(exc))
            down = f"{exc}; {unrecorded}" if unrecorded else str(exc)
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
    total = count_missing(store, key)
    if total == 0:
        _mark_complete(store, key)
        return 0
    if limit > 0:
        total = min(total, limit)
    check = local_only_checker(workspace_root) if embedder.is_remote else None
    run = _Run(store, embedder, config, report, progress, total, between_batches)
    window = window_size(embedder, config)
    private = 0
    while not run.stopped and (limit <= 0 or run.done < limit):
        want = window if limit <= 0 else min(window, limit - run.done)
        # seen chunks that got a vector are not read again: only those still without one are skipped
        rows = store.chunks_without_vectors(key, limit=want + run.unvectored)
        todo = [c for c in rows if c.id not in run.seen]
        if not todo:
            break
        todo = todo[:want]
        run.seen.update(c.id for c in todo)
        if check is not None:
            kept = [c for c in todo if not check(c)]
            private += len(todo) - len(kept)
            run.unvectored += len(todo) - len(kept)
            todo = kept
        run.window(todo)
    if private and local_only(embedder) is None:
        report.warnings.append(f"{private} local-only chunks kept from the remote embedder")
    if check is not None:
        report.warnings.extend(check.warnings)
    run.record_rate()
    remaining = count_missing(store, key)
    if remaining == 0:
        _mark_complete(store, key)
    return remaining


class _Run:
    """One embedding run: the windows it embeds, what it has done, and its measured rate."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        config: Config,
        report: IndexReport,
        progress: ProgressCallback | None,
        total: int,
        between_batches: Callable[[], bool] | None,
    ) -> None:
        self.store, self.embedder, self.config, self.report = store, embedder, config, report
        self.progress, self.total, self.between_batches = progress, total, between_batches
        self.key = embedder.identity.key
        self.seen: set[str] = set()
        #: Seen chunks still without a vector for ``key`` (kept local, or embedded under a fallback's key).
        self.unvectored = 0
        self.done = 0
        self.stopped = False
        self.embedded = 0
        self.tokens = 0
        self.seconds = 0.0

    def window(self, todo: list[Chunk]) -> None:
        """Serve a window from the cache, then embed the rest in batches of similar length."""
        cached = self.store.cache_get(self.key, [c.hash for c in todo])
        if cached:
            hits = {c.id: cached[c.hash] for c in todo if c.hash in cached}
            self.store.put_vectors(self.key, hits)
            self.report.cache_hits += len(hits)
            self.done += len(hits)
        # Batches of similar length pad less: ~20% faster with the local model on mixed chunk sizes.
        pending = sorted((c for c in todo if c.hash not in cached), key=lambda c: len(embed_text(c)))
        for part in batches_by_size(pending, batch_texts(self.embedder, self.config)):
            if self.between_batches is not None and not self.between_batches():
                self.stopped = True
                return
            if not self._embed(part):
                self.stopped = True
                return

    def _embed(self, part: list[Chunk]) -> bool:
        from mdrecall.embedders import embed_documents_tagged

        texts = [embed_text(c) for c in part]
        load = getattr(self.embedder, "load", None)
        if callable(load) and not self.embedded:
            load()  # a model's start-up is not part of its rate: estimates would count it per chunk
        t0 = time.perf_counter()
        try:
            ident, vectors = embed_documents_tagged(self.embedder, texts)
        except EmbedderError as exc:
            self.report.warnings.append(f"embedding stopped (run `mdrecall index` again to resume): {exc}")
            if isinstance(exc, ProviderUnavailableError) and (
                unrecorded := trip_breaker(self.store, self.embedder, str(exc))
            ):
                self.report.warnings.append(unrecorded)
            return False
        self.seconds += time.perf_counter() - t0
        self.embedded += len(part)
        self.tokens += sum(estimate_tokens(t) for t in texts)
        vecs = {c.id: vectors[j] for j, c in enumerate(part)}
        if ident.key != self.key:
            self.unvectored += len(part)
        if ident.key != self.key and self.store.get_meta(COMPLETE_KEY) == self.key:
            self.store.set_meta(COMPLETE_KEY, "")  # another key's vectors now share the table: counts lie
        self.store.put_vectors(ident.key, vecs)
        self.store.cache_put(
            ident.key,
            {c.hash: vectors[j] for j, c in enumerate(part)},
            self.config.embedding.cache_max_entries,
        )
        self.report.embedded += len(part)
        self.done += len(part)
        if self.progress:
            self.progress(min(self.done, self.total), self.total, f"embedding ({ident.provider})")
        return True

    def record_rate(self) -> None:
        """Keep the measured throughput for estimates; a small run's only replaces a small run's."""
        if not self.embedded or self.seconds <= 0:
            return
        if self.embedded < MIN_RATE_SAMPLE:
            known = load_rate(self.store, self.key)
            if known and known.get("sample", MIN_RATE_SAMPLE) >= MIN_RATE_SAMPLE:
                return
        save_rate(
            self.store, self.key, self.embedded / self.seconds, self.tokens / self.seconds, self.embedded
        )


def batches_by_size(chunks: list[Chunk], max_texts: int, max_chars: int = 0) -> list[list[Chunk]]:
    """Split ``chunks`` (in order) into batches of at most ``max_texts`` texts and ``max_chars`` characters.

    ``max_chars`` 0 means ``max_texts`` × 1,600 characters (≈ 400 tokens each): a batch is bounded by
    size, not by count alone.
    """
    max_texts = max(1, max_texts)
    budget = max_chars or max_texts * 1600
    out: list[list[Chunk]] = []
    batch: list[Chunk] = []
    size = 0
    for c in chunks:
        n = len(embed_text(c))
        if batch and (len(batch) >= max_texts or size + n > budget):
            out.append(batch)
            batch, size = [], 0
        batch.append(c)
        size += n
    if batch:
        out.append(batch)
    return out


def batch_texts(embedder: Embedder, config: Config) -> int:
    """Texts per :meth:`embed_documents` call: ``embedding.batch_size``, or more for an embedder that
    asks for more at once (``window_hint``: a remote one with several requests in flight)."""
    return max(1, config.embedding.batch_size, int(getattr(embedder, "window_hint", 0) or 0))


def window_size(embedder: Embedder, config: Config) -> int:
    """Chunks read from the store at a time: enough for a few batches (or one batch-API job)."""
    window = max(WINDOW_CHUNKS, 4 * max(1, config.embedding.batch_size))
    hint = getattr(embedder, "window_hint", 0)
    return max(window, int(hint or 0))


def count_missing(store: Store, key: str) -> int:
    """Chunks without a vector for ``key`` (a count query where the store has one)."""
    from mdrecall.stores.base import SupportsVectorStats

    if isinstance(store, SupportsVectorStats):
        return int(store.count_without_vectors(key))
    return len(store.chunks_without_vectors(key))


class Coverage(NamedTuple):
    """How far the vectors of one embedder key cover the chunks, measured once."""

    indexed: int  #: chunks with a vector for the key
    total: int  #: all chunks
    complete_for: str | None  #: the key the index was last complete for (``COMPLETE_KEY``)

    @property
    def missing(self) -> int:
        """Chunks still without a vector."""
        return max(0, self.total - self.indexed)


def coverage(store: Store, key: str) -> Coverage:
    """The vector coverage of ``key``: one ``counts()`` and one meta read (a count query when incomplete)."""
    counts = store.counts()
    complete_for = store.get_meta(COMPLETE_KEY)
    if complete_for == key and counts["vectors"] == counts["chunks"]:
        return Coverage(counts["chunks"], counts["chunks"], complete_for)
    return Coverage(counts["chunks"] - count_missing(store, key), counts["chunks"], complete_for)


def vector_coverage(store: Store, key: str) -> tuple[int, int]:
    """``(chunks with a vector for key, all chunks)``; cheap when the index is complete."""
    found = coverage(store, key)
    return found.indexed, found.total


def vectors_behind_note(indexed: int, total: int, previous: str | None = None, key: str = "") -> str | None:
    """What a search says when some chunks have no vector yet (``None`` when none are missing).

    ``previous``: the embedder key the index was last complete for; when it is not ``key``, the note
    says the model changed (an upgrade or a config change), which is why every vector is missing.
    """
    if indexed >= total:
        return None
    changed = ""
    if previous and key and previous != key:
        changed = f"the embedding model changed from {_model_name(previous)} to {_model_name(key)}; "
    return (
        f"vectors behind: {indexed:,} of {total:,} chunks embedded, the rest found by keywords only "
        f"({changed}run `mdrecall index`, or leave the MCP server or `mdrecall watch` running, to fill them)"
    )


def _model_name(key: str) -> str:
    """``provider:model`` of an embedder key (``static:static-minilm-256-v2:256:-``)."""
    return ":".join(key.split(":")[:2])


def estimate_tokens(text: str) -> int:
    """Word pieces in ``text``, roughly: one per 4 characters (the usual figure for English)."""
    return max(1, (len(text) + 3) // 4)


def save_rate(store: Store, key: str, texts_per_s: float, tokens_per_s: float, sample: int = 0) -> None:
    """Persist a measured embedding rate for ``key`` (over ``sample`` texts) in the store's meta table."""
    value = {
        "texts_per_s": round(texts_per_s, 3),
        "tokens_per_s": round(tokens_per_s, 1),
        "sample": sample or MIN_RATE_SAMPLE,
        "at": time.time(),
    }
    store.set_meta(RATE_KEY_PREFIX + key, json.dumps(value))


def load_rate(store: Store, key: str) -> dict[str, float] | None:
    """The last measured embedding rate for ``key`` (``None`` if never measured)."""
    raw = store.get_meta(RATE_KEY_PREFIX + key)
    if not raw:
        return None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) and value.get("texts_per_s") else None


def embed_text(chunk: Chunk) -> str:
    """What is embedded: the text in its heading path's context (:func:`.chunking.embedded_text`)."""
    return embedded_text(chunk.heading, chunk.text)


def _mark_complete(store: Store, key: str) -> None:
    if store.get_meta(COMPLETE_KEY) != key:
        store.drop_vectors(keep_key=key)
        store.set_meta(COMPLETE_KEY, key)


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
    from mdrecall.embedders import embed_query_tagged

    if store is not None:
        down = breaker_open(store, embedder)
        if down:
            return None, f"keyword search only: {down}"
    try:
        ident, vec = embed_query_tagged(embedder, query[:8000])
    except MdrecallError as exc:
        unrecorded = None
        if store is not None and isinstance(exc, ProviderUnavailableError):
            unrecorded = trip_breaker(store, embedder, str(exc))
        why = f"embedder failed, keyword search only: {exc}"
        return None, f"{why}; {unrecorded}" if unrecorded else why
    note = None
    if ident.key != embedder.identity.key:
        note = f"query embedded by fallback provider {ident.provider}"
    return VectorLeg(ident.key, vec, ident.provider, ident.model, _cosine_knots(embedder, ident.key)), note


class _Calibrated(Protocol):
    """An embedder whose class carries cosine knots (:attr:`.StaticEmbedder.cosine_knots`)."""

    @property
    def identity(self) -> EmbedderIdentity: ...

    @property
    def cosine_knots(self) -> np.ndarray | None: ...


def _carries_knots(member: object) -> TypeGuard[_Calibrated]:
    return getattr(type(member), "cosine_knots", None) is not None


def _cosine_knots(embedder: Embedder, key: str) -> np.ndarray | None:
    """The calibration of whichever model embedded the query (a fallback's member), if it has one."""
    for member in getattr(embedder, "members", (embedder,)):
        # only a model that can carry knots is asked its identity (a remote one may have to probe for it)
        if _carries_knots(member) and member.identity.key == key:
            return member.cosine_knots
    return None


def embedder_label(embedder: Embedder | None) -> str | None:
    """``provider:model`` for status output."""
    if embedder is None:
        return None
    ident = embedder.identity
    return f"{ident.provider}:{ident.model} ({ident.dims} dims)"
