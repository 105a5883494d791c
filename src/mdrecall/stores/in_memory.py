"""An in-memory store: the fake that tests and short-lived programs use (``backend = "memory"``).

It keeps everything in dicts and ranks keywords with a small Okapi BM25 (k1 = 1.2, b = 0.75) over
the same tokens as the query builder (CJK text as bigrams), so it behaves like the SQLite store without
a file. A chunk's tokens are its text's and its heading path's
(:func:`~mdrecall.text.chunking.keyword_heading`). Synonyms count like the user's terms; a multi-word
synonym counts where its words are consecutive, and a single CJK character wherever it occurs.
"""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mdrecall.models import Candidate, Chunk, FileRecord
from mdrecall.stores.in_memory_views import MemoryViews
from mdrecall.text.chunking import keyword_heading
from mdrecall.text.tokens import is_cjk, normalize, tokenize

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import Config
    from mdrecall.text.needle import Needle
    from mdrecall.text.query import KeywordQuery

__all__ = ["InMemoryStore"]


class InMemoryStore(MemoryViews):
    """A :class:`~mdrecall.stores.base.Store` that lives only in this process."""

    description = "memory"

    def __init__(self) -> None:
        self._meta: dict[str, str] = {}
        self._files: dict[str, FileRecord] = {}
        self._chunks: dict[str, Chunk] = {}
        self._tf: dict[str, Counter[str]] = {}
        self._tokens: dict[str, list[str]] = {}
        self._heading: dict[str, tuple[str, list[str]]] = {}  # indexed heading text and its tokens
        self._vectors: dict[str, dict[str, Any]] = {}
        self._cache: OrderedDict[tuple[str, str], Any] = OrderedDict()

    def schema_version(self) -> int:
        """Always 1: nothing to migrate in memory."""
        return 1

    def get_meta(self, key: str) -> str | None:
        """A meta value."""
        return self._meta.get(key)

    def set_meta(self, key: str, value: str) -> None:
        """Set a meta value."""
        self._meta[key] = value

    def file_records(self, source: str | None = None) -> dict[str, FileRecord]:
        """Every file, optionally of one source."""
        return {p: r for p, r in self._files.items() if source is None or r.source == source}

    def replace_file(self, record: FileRecord, chunks: Sequence[Chunk]) -> list[str]:
        """Replace a file's chunks; returns ids of new chunks."""
        old = {cid for cid, c in self._chunks.items() if c.path == record.path}
        wanted = {c.id: c for c in chunks}
        for cid in old - wanted.keys():
            self._drop_chunk(cid)
        new = [cid for cid in wanted if cid not in old]
        for cid in new:
            c = self._chunks[cid] = wanted[cid]
            head = keyword_heading(c.heading, c.text)
            self._tokens[cid] = tokenize(c.text)
            self._heading[cid] = (head, tokenize(head))
            self._tf[cid] = Counter(self._tokens[cid]) + Counter(self._heading[cid][1])
        self._files[record.path] = record
        return new

    def _drop_chunk(self, cid: str) -> None:
        self._chunks.pop(cid, None)
        self._tf.pop(cid, None)
        self._tokens.pop(cid, None)
        self._heading.pop(cid, None)
        for vecs in self._vectors.values():
            vecs.pop(cid, None)

    def remove_file(self, path: str) -> None:
        """Drop a file and its chunks."""
        for cid in [cid for cid, c in self._chunks.items() if c.path == path]:
            self._drop_chunk(cid)
        self._files.pop(path, None)

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Okapi BM25 over the query terms and their synonyms."""
        if query.empty or limit <= 0 or not self._tf:
            return []
        n = len(self._tf)
        avg = sum(sum(tf.values()) for tf in self._tf.values()) / n or 1.0
        grams = {t: g for t in getattr(query, "all_terms", query.terms) if (g := tokenize(t))}
        terms = list(grams)
        freq = {t: {cid: f for cid in self._tf if (f := self._freq(cid, grams[t]))} for t in terms}
        df = {t: len(freq[t]) for t in terms}
        scored: list[tuple[float, str]] = []
        for cid, tf in self._tf.items():
            if sources and self._chunks[cid].source not in sources:
                continue
            length = sum(tf.values())
            score = 0.0
            for t in terms:
                f = freq[t].get(cid, 0)
                if f:
                    idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                    score += idf * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * length / avg))
            if score > 0:
                scored.append((score, cid))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [Candidate(self._chunks[cid], s, i) for i, (s, cid) in enumerate(scored[:limit])]

    def _freq(self, cid: str, grams: list[str]) -> int:
        """Occurrences in a chunk (text and heading) of a token, a phrase (consecutive tokens, within
        the text or within the heading) or one CJK character."""
        head, head_tokens = self._heading[cid]
        if len(grams) == 1 and len(grams[0]) == 1 and is_cjk(grams[0]):
            return sum(normalize(t).count(grams[0]) for t in (self._chunks[cid].text, head))
        if len(grams) == 1:
            return self._tf[cid].get(grams[0], 0)
        k = len(grams)
        return sum(
            1
            for toks in (self._tokens[cid], head_tokens)
            for i in range(len(toks) - k + 1)
            if toks[i : i + k] == grams
        )

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks lacking a vector for ``embedder_key``."""
        have = self._vectors.get(embedder_key, {})
        missing = [c for cid, c in self._chunks.items() if cid not in have]
        return missing[:limit] if limit > 0 else missing

    def count_without_vectors(self, embedder_key: str) -> int:
        """How many chunks lack a vector for ``embedder_key``."""
        have = self._vectors.get(embedder_key, {})
        return sum(1 for cid in self._chunks if cid not in have)

    def missing_vector_sizes(self, embedder_key: str) -> list[tuple[str, str, int]]:
        """``(path, hash, characters embedded)`` of chunks without a vector (the heading counts)."""
        have = self._vectors.get(embedder_key, {})
        out = []
        for cid, c in self._chunks.items():
            if cid not in have:
                extra = len(c.heading) + 1 if c.heading and not c.text.lstrip().startswith("#") else 0
                out.append((c.path, c.hash, len(c.text) + extra))
        return out

    def chunk_counts_by_path(self) -> dict[str, int]:
        """Chunks per indexed file."""
        return dict(Counter(c.path for c in self._chunks.values()))

    def cache_has(self, embedder_key: str, hashes: Sequence[str]) -> set[str]:
        """The hashes the cache holds a vector for (nothing marked used)."""
        return {h for h in hashes if (embedder_key, h) in self._cache}

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id."""
        vecs = self._vectors.setdefault(embedder_key, {})
        for cid, v in items.items():
            if cid in self._chunks:
                vecs[cid] = v

    def drop_vectors(self, keep_key: str | None) -> int:
        """Delete every other embedder's vectors."""
        removed = sum(len(v) for k, v in self._vectors.items() if k != keep_key)
        self._vectors = {k: v for k, v in self._vectors.items() if k == keep_key}
        return removed

    def search_vector(
        self, embedder_key: str, vector: np.ndarray, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Cosine nearest neighbours."""
        import numpy as np

        q = np.asarray(vector, dtype=np.float32)
        scored = [
            (float(np.dot(v, q)), cid)
            for cid, v in self._vectors.get(embedder_key, {}).items()
            if (not sources or self._chunks[cid].source in sources) and len(v) == len(q)
        ]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [Candidate(self._chunks[cid], s, i) for i, (s, cid) in enumerate(scored[:limit])]

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash."""
        out = {}
        for h in hashes:
            key = (embedder_key, h)
            if key in self._cache:
                self._cache.move_to_end(key)
                out[h] = self._cache[key]
        return out

    def cache_put(self, embedder_key: str, items: Mapping[str, np.ndarray], max_entries: int) -> None:
        """Add to the LRU cache."""
        for h, v in items.items():
            self._cache[(embedder_key, h)] = v
            self._cache.move_to_end((embedder_key, h))
        while max_entries > 0 and len(self._cache) > max_entries:
            self._cache.popitem(last=False)

    # ---- forgetting (SupportsForget) ----------------------------------------------------------------

    def find_text(self, needle: Needle) -> list[str]:
        """Where this store holds ``needle``: chunks, their cache entries, file versions, entity rows."""
        found = [
            f"chunk {c.path}#L{c.start_line}-L{c.end_line}"
            for c in self._chunks.values()
            if needle.search(c.text) or needle.search(c.heading)
        ]
        hashes = {c.hash for c in self._chunks.values() if needle.search(c.text) or needle.search(c.heading)}
        found += [f"embedding cache {h[:12]}" for (_, h) in self._cache if h in hashes]
        self._views()
        found += [f"history {v.path}" for v in self._versions if v.text and needle.search(v.text)]
        for mentions, relations in self._view_rows.values():
            found += [f"entity mention {m.path}#L{m.line}" for m in mentions if needle.search(m.name)]
            found += [
                f"entity relation {r.path}#L{r.line}"
                for r in relations
                if any(needle.search(v) for v in (r.subject, r.predicate, r.object))
            ]
        return found

    def texts(self) -> Iterator[tuple[str, str]]:
        """Every text this store holds: chunk headings and texts, file versions."""
        for c in list(self._chunks.values()):
            yield f"chunk {c.path}#L{c.start_line}-L{c.end_line}", f"{c.heading}\n{c.text}"
        self._views()
        for v in list(self._versions):
            if v.text:
                yield f"history {v.path}", v.text

    def purge_text(self, needle: Needle, marker: str) -> int:
        """Drop the chunks and rows holding ``needle``; rewrite the file versions with ``marker``."""
        held = [cid for cid, c in self._chunks.items() if needle.search(c.text) or needle.search(c.heading)]
        hashes = {self._chunks[cid].hash for cid in held}
        for path in {self._chunks[cid].path for cid in held}:  # the next sync re-reads these files
            self._files.pop(path, None)
        for cid in held:
            self._drop_chunk(cid)
        stale = [key for key in self._cache if key[1] in hashes]
        for key in stale:
            del self._cache[key]
        self._views()
        changed = len(held) + len(stale)
        for i, v in enumerate(self._versions):
            if needle.search(v.path):  # a file named with the text: renamed by the forget
                v = self._versions[i] = v._replace(path=needle.sub(v.path, marker))
                changed += 1
            if v.text and needle.search(v.text):
                self._versions[i] = v._replace(text=needle.sub(v.text, marker))
                changed += 1
        for path in [p for p in self._view_rows if needle.search(p)]:
            gone_m, gone_r = self._view_rows.pop(path)
            changed += len(gone_m) + len(gone_r)
        for path, (mentions, relations) in list(self._view_rows.items()):
            keep_m = [m for m in mentions if not needle.search(m.name)]
            keep_r = [
                r for r in relations if not any(needle.search(v) for v in (r.subject, r.predicate, r.object))
            ]
            changed += len(mentions) - len(keep_m) + len(relations) - len(keep_r)
            self._view_rows[path] = (keep_m, keep_r)
        return changed

    def scrub(self) -> list[str]:
        """Drop cache entries no chunk uses; nothing else outlives a delete in memory."""
        used = {c.hash for c in self._chunks.values()}
        for key in [k for k in self._cache if k[1] not in used]:
            del self._cache[key]
        return []

    def counts(self) -> dict[str, int]:
        """Row counts."""
        return {
            "files": len(self._files),
            "chunks": len(self._chunks),
            "vectors": sum(len(v) for v in self._vectors.values()),
            "cache": len(self._cache),
        }

    def chunk_counts(self) -> dict[str, int]:
        """How many chunks each indexed file has, keyed by path."""
        found: dict[str, int] = {}
        for c in self._chunks.values():
            found[c.path] = found.get(c.path, 0) + 1
        return found

    def close(self) -> None:
        """Nothing to release."""
        self._meta["closed_at"] = str(time.time())


def create(config: Config, workspace_root: str) -> InMemoryStore:
    return InMemoryStore()
