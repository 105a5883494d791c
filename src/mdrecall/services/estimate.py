"""What an index run will cost before it runs: files, chunks, tokens, cache hits, time and money.

:func:`estimate_index` reads the files that changed and chunks them in memory, counts the chunks
that have no vector for the configured embedder, looks their content hashes up in the embedding
cache, and turns the rest into tokens (about 4 characters each), seconds (from the rate the last
index run measured, kept in the store's meta table; before any run, the provider's typical rate)
and, at ``embedding.price_per_million_tokens``, money. It writes nothing and embeds nothing: a
remote provider whose dimensions are unknown is not even probed (every chunk then counts as
missing, and the estimate says so).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from mdrecall.errors import PathError
from mdrecall.index.conversations import source_of
from mdrecall.index.indexer import chunk_text, chunking_identity, decode_markdown, read_file
from mdrecall.index.vectorize import embed_text, estimate_tokens, load_rate
from mdrecall.models import IndexReport
from mdrecall.stores.base import SupportsVectorStats

if TYPE_CHECKING:
    from mdrecall.files.workspace import MemoryFile
    from mdrecall.memory import Memory
    from mdrecall.models import Chunk

__all__ = ["IndexEstimate", "estimate_index"]


@dataclass
class IndexEstimate:
    """What ``mdrecall index`` would do now, without doing it."""

    files: int = 0
    files_to_read: int = 0
    chunks: int = 0
    chunks_to_embed: int = 0
    cache_hits: int = 0
    tokens_to_embed: int = 0
    provider: str | None = None
    model: str | None = None
    is_remote: bool = False
    rate_texts_per_s: float | None = None
    rate_tokens_per_s: float | None = None
    seconds: float | None = None
    rate_source: str = "measured"  # or "typical": the provider's figure, before a run measured one
    price_per_million_tokens: float = 0.0
    cost: float | None = None
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """A few human lines."""
        lines = [
            f"{self.files:,} files ({self.files_to_read:,} to read), {self.chunks:,} chunks",
            f"{self.chunks_to_embed:,} chunks to embed (~{self.tokens_to_embed:,} tokens), "
            f"{self.cache_hits:,} from the cache",
        ]
        if self.provider:
            where = "remote" if self.is_remote else "local"
            if self.seconds is not None:
                lines.append(
                    f"time: ~{_duration(self.seconds)} with {self.provider}:{self.model} ({where}) "
                    f"at the {self.rate_source} {self.rate_texts_per_s:,.1f} texts/s"
                )
            else:
                lines.append(f"time: unknown with {self.provider}:{self.model} ({where})")
            if self.cost is not None:
                price = self.price_per_million_tokens
                lines.append(f"cost: ~${self.cost:,.4f} at ${price:g} per million tokens")
        lines.extend(f"note: {n}" for n in self.notes)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["summary"] = self.summary()
        return data


def estimate_index(memory: Memory, force: bool = False) -> IndexEstimate:
    """Estimate the next index run of ``memory`` (nothing is written or embedded); ``force``: of
    ``index --force``, which re-reads and re-chunks every file."""
    store, config = memory.store, memory.config
    est = IndexEstimate()
    on_disk = {f.key: f for f in memory.workspace.discover()}
    indexed = store.file_records(source="memory")
    rechunk_all = force or store.get_meta("chunking") != chunking_identity(config)
    changed = [
        f
        for k, f in on_disk.items()
        if rechunk_all or k not in indexed or (indexed[k].mtime_ns, indexed[k].size) != (f.mtime_ns, f.size)
    ]
    stale = {f.key for f in changed} | (indexed.keys() - on_disk.keys())
    est.files, est.files_to_read = len(on_disk), len(changed)
    new_chunks = [c for f in changed for c in _chunks_of(f, memory)]
    embedder = memory.embedder if config.search.mode != "bm25" else None
    if embedder is None:
        est.chunks = store.counts()["chunks"] - _chunks_in(store, stale) + len(new_chunks)
        est.notes.append(memory.embedder_error or "no embedder configured: nothing to embed")
        return est
    key = _known_key(embedder)
    if key is None:
        est.notes.append("the provider's dimensions are not known yet: every chunk counted as missing")
    missing = [(p, h, n) for p, h, n in _missing(store, key or "") if p not in stale]
    kept = store.counts()["chunks"] - _chunks_in(store, stale)
    est.chunks = kept + len(new_chunks)
    todo = [(c.hash, estimate_tokens(embed_text(c))) for c in new_chunks] + [(h, n) for _, h, n in missing]
    cached = _cached(store, key, [h for h, _ in todo]) if key else set()
    est.cache_hits = sum(1 for h, _ in todo if h in cached)
    est.chunks_to_embed = len(todo) - est.cache_hits
    est.tokens_to_embed = sum(n for h, n in todo if h not in cached)
    ident_provider = getattr(embedder, "provider", None) or (embedder.identity.provider if key else "?")
    est.provider = ident_provider
    est.model = getattr(embedder, "model", None) or (embedder.identity.model if key else "?")
    est.is_remote = bool(embedder.is_remote)
    rate = load_rate(store, key) if key else None
    typical = getattr(embedder, "typical_texts_per_s", None)
    if rate:
        est.rate_texts_per_s = rate["texts_per_s"]
        est.rate_tokens_per_s = rate.get("tokens_per_s") or None
        if est.rate_tokens_per_s:
            est.seconds = est.tokens_to_embed / est.rate_tokens_per_s
        else:
            est.seconds = est.chunks_to_embed / est.rate_texts_per_s
    elif typical:
        est.rate_texts_per_s = float(typical)
        est.seconds = est.chunks_to_embed / est.rate_texts_per_s
        est.rate_source = "typical"
        if est.chunks_to_embed:
            est.notes.append("rate not measured on this index yet: the provider's typical rate is used")
    elif est.chunks_to_embed:
        est.notes.append("no embedding rate measured yet: `mdrecall index` measures and keeps it")
    est.price_per_million_tokens = config.embedding.price_per_million_tokens
    if est.price_per_million_tokens > 0:
        est.cost = est.tokens_to_embed * est.price_per_million_tokens / 1e6
    elif not est.is_remote:
        est.cost = 0.0
    elif est.chunks_to_embed:
        est.notes.append("set embedding.price_per_million_tokens to see the cost")
    return est


def _known_key(embedder: Any) -> str | None:
    """The embedder's key, or ``None`` when learning it would need a request (unknown dims)."""
    if getattr(embedder, "dims_known", True) is False:
        return None
    return str(embedder.identity.key)


def _chunks_of(f: MemoryFile, memory: Memory) -> list[Chunk]:
    """A changed file's chunks, read and chunked exactly as the indexer would (nothing written)."""
    try:
        read = read_file(f, memory.workspace, memory.config.index.max_file_bytes, IndexReport())
    except (OSError, PathError):
        return []
    text = decode_markdown(read[0], f.key, []) if read is not None else None
    if text is None:
        return []
    return chunk_text(text, f.key, source_of(f.key, f.source), f.date, memory.config)


def _missing(store: Any, key: str) -> list[tuple[str, str, int]]:
    """``(path, hash, tokens)`` of every chunk without a vector for ``key`` (no texts kept)."""
    if isinstance(store, SupportsVectorStats):
        return [(p, h, max(1, (n + 3) // 4)) for p, h, n in store.missing_vector_sizes(key)]
    return [(c.path, c.hash, estimate_tokens(embed_text(c))) for c in store.chunks_without_vectors(key)]


def _chunks_in(store: Any, paths: set[str]) -> int:
    if not paths:
        return 0
    if isinstance(store, SupportsVectorStats):
        counts = store.chunk_counts_by_path()
        return sum(counts.get(p, 0) for p in paths)
    return 0


def _cached(store: Any, key: str, hashes: list[str]) -> set[str]:
    if isinstance(store, SupportsVectorStats):
        return set(store.cache_has(key, hashes))
    return set(store.cache_get(key, hashes))


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
