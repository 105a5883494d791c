"""The PostgreSQL store's SQL, built by pure functions (print them to see what runs).

Identifiers are quoted by :func:`quote_ident`; the only values written into SQL text are integers
(an embedder's id and dimensions, needed so a partial HNSW index matches). Everything else is a
bound parameter.

Keyword leg: Okapi BM25 exactly as SQLite FTS5 computes it (k1 = 1.2, b = 0.75,
``idf = ln((N − df + 0.5) / (df + 0.5))`` floored at 1e-6), over a postings table. ``N`` and the
average chunk length come from the one-row ``corpus`` table; ``df`` is counted from the postings in
the same index scan that reads the term frequencies, so it can never drift from them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "BM25_B",
    "BM25_K1",
    "CHUNK_COLS",
    "Statements",
    "bm25_sql",
    "hnsw_index_sql",
    "namespace_for",
    "quote_ident",
    "vector_sql",
    "vector_types",
]

BM25_K1 = 1.2
BM25_B = 0.75

#: Columns of ``chunks c`` that make a :class:`~mdrecall.models.Chunk`, in this order.
CHUNK_COLS = (
    "c.id, c.path, c.source, c.start_line, c.end_line, c.text, c.hash, c.heading, c.date,"
    " c.parent_start, c.parent_end"
)

_SLUG = re.compile(r"[^a-z0-9]+")


def quote_ident(name: str) -> str:
    """A PostgreSQL identifier, double-quoted (embedded quotes doubled)."""
    if "\x00" in name:
        raise ValueError("an identifier cannot contain NUL")
    return '"' + name.replace('"', '""') + '"'


def namespace_for(agent_id: str, workspace_root: str) -> str:
    """The schema that holds one agent's (or one workspace's) index.

    ``agent_id`` set → ``mdrecall_agent_<slug>_<hash>`` (every workspace of that agent shares it);
    otherwise ``mdrecall_ws_<folder>_<hash of the absolute workspace path>``. The slug keeps names
    readable in ``psql``; the 8-hex hash of the exact id keeps distinct ids apart.
    """
    if agent_id:
        kind, label, ident = "agent", agent_id, f"agent:{agent_id}"
    else:
        root = str(Path(workspace_root).expanduser().resolve())
        kind, label, ident = "ws", Path(root).name, f"ws:{root}"
    slug = _SLUG.sub("_", label.lower()).strip("_")[:32] or "x"
    digest = hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"mdrecall_{kind}_{slug}_{digest}"


def bm25_sql(ns: str, with_sources: bool) -> str:
    """Top chunks by BM25. Parameters: ``terms`` (text[]), ``limit``, ``sources`` (text[]), and the
    postings of the query's phrases, found by the caller: ``ph_term``, ``ph_chunk``, ``ph_tf``, ``ph_dl``
    (parallel arrays; a phrase is one more term, as in FTS5's ``bm25()``)."""
    q = quote_ident(ns)
    k1, b = BM25_K1, BM25_B
    scored = f"""
WITH st AS (
    SELECT greatest(n_docs, 1)::float8 AS n,
           greatest(total_len, 1)::float8 / greatest(n_docs, 1) AS avgdl
    FROM {q}.corpus WHERE id = 1
), p0 AS (
    SELECT p.term, p.chunk, p.tf, p.dl FROM {q}.postings p WHERE p.term = ANY(%(terms)s::text[])
    UNION ALL
    SELECT * FROM unnest(%(ph_term)s::text[], %(ph_chunk)s::bigint[], %(ph_tf)s::int[], %(ph_dl)s::int[])
), p AS (
    SELECT p.chunk, p.tf, p.dl, count(*) OVER (PARTITION BY p.term) AS df FROM p0 p
), s AS (
    SELECT p.chunk,
           sum(greatest(ln((st.n - p.df + 0.5) / (p.df + 0.5)), 1e-6)
               * p.tf * {k1 + 1} / (p.tf + {k1} * ({1 - b} + {b} * p.dl / st.avgdl))) AS score
    FROM p CROSS JOIN st
    GROUP BY p.chunk"""
    if with_sources:
        return (
            scored
            + f"""
)
SELECT {CHUNK_COLS}, s.score FROM s JOIN {q}.chunks c ON c.id = s.chunk
WHERE c.source = ANY(%(sources)s::text[])
ORDER BY s.score DESC, c.id LIMIT %(limit)s"""
        )
    return (
        scored
        + f"""
    ORDER BY score DESC, p.chunk LIMIT %(limit)s
)
SELECT {CHUNK_COLS}, s.score FROM s JOIN {q}.chunks c ON c.id = s.chunk
ORDER BY s.score DESC, c.id"""
    )


def vector_types(dims: int) -> tuple[str, str] | None:
    """``(type, operator class)`` an HNSW index can use for ``dims``, or ``None`` (too many dims).

    pgvector indexes ``vector`` up to 2,000 dimensions and ``halfvec`` up to 4,000.
    """
    if 0 < dims <= 2000:
        return f"vector({dims})", "vector_cosine_ops"
    if 0 < dims <= 4000:
        return f"halfvec({dims})", "halfvec_cosine_ops"
    return None


def hnsw_index_sql(ns: str, name: str, eid: int, dims: int) -> str | None:
    """A partial HNSW index (cosine) over one embedder's vectors, or ``None`` when none fits."""
    types = vector_types(dims)
    if types is None:
        return None
    typ, ops = types
    return (
        f"CREATE INDEX IF NOT EXISTS {quote_ident(name)} ON {quote_ident(ns)}.vectors"
        f" USING hnsw ((vec::{typ}) {ops}) WHERE eid = {int(eid)}"
    )


def vector_sql(ns: str, eid: int, dims: int, with_sources: bool) -> str:
    """Nearest chunks of one embedder. Parameters: ``q`` (vector), ``limit``, ``sources`` (text[]).

    Ordered by cosine distance through the partial HNSW index; the score returned is the dot
    product, which for the unit vectors embedders produce is the cosine similarity (the SQLite
    store returns the same number).
    """
    q = quote_ident(ns)
    types = vector_types(dims)
    order = f"(v.vec::{types[0]}) <=> %(q)s::{types[0]}" if types else "v.vec <=> %(q)s"
    where = f"v.eid = {int(eid)}"
    if with_sources:
        where += " AND c.source = ANY(%(sources)s::text[])"
    return (
        f"SELECT {CHUNK_COLS}, -(v.vec <#> %(q)s) AS score"
        f" FROM {q}.vectors v JOIN {q}.chunks c ON c.id = v.chunk"
        f" WHERE {where} ORDER BY {order} LIMIT %(limit)s"
    )


@dataclass(frozen=True)
class Statements:
    """The fixed statements of one namespace (``Statements.for_namespace(ns).insert_chunks``)."""

    old_chunks: str
    delete_chunks: str
    insert_chunks: str
    upsert_file: str
    bump_corpus: str
    missing_vectors: str
    put_vector: str
    cache_get: str
    cache_put: str
    cache_evict: str
    counts: str
    reanalyse: tuple[str, ...]

    @classmethod
    def for_namespace(cls, ns: str) -> Statements:
        """Build every statement for schema ``ns``."""
        q = quote_ident(ns)
        return cls(
            old_chunks=f"SELECT chunk_id, id, len FROM {q}.chunks WHERE path = %s",
            # Postings are found through the chunk's own term list (primary-key lookups);
            # vectors go with their chunk (ON DELETE CASCADE).
            delete_chunks=(
                f"WITH g AS (DELETE FROM {q}.chunks WHERE id = ANY(%s) RETURNING id, terms)"
                f" DELETE FROM {q}.postings p USING (SELECT g.id, unnest(g.terms) AS term FROM g) x"
                " WHERE p.term = x.term AND p.chunk = x.id"
            ),
            # One statement per file: chunk rows, then one posting per (term, chunk).
            # One statement per file: chunk rows, then one posting per (term, chunk). Terms travel
            # as one string per chunk (unit separator), their frequencies as "3,1,2".
            insert_chunks=(
                "WITH s AS (SELECT * FROM unnest(%(cid)s::text[], %(path)s::text[], %(source)s::text[],"
                " %(sl)s::int[], %(el)s::int[], %(heading)s::text[], %(date)s::text[], %(hash)s::text[],"
                " %(text)s::text[], %(len)s::int[], %(terms)s::text[], %(tfs)s::text[],"
                " %(ps)s::int[], %(pe)s::int[])"
                " AS s(chunk_id, path, source, sl, el, heading, date, hash, text, len, terms, tfs, ps, pe)),"
                f" a AS (INSERT INTO {q}.chunks (chunk_id, path, source, start_line, end_line, heading,"
                " date, hash, text, len, terms, parent_start, parent_end)"
                " SELECT chunk_id, path, source, sl, el, heading, date, hash, text, len,"
                " CASE WHEN terms = '' THEN '{}'::text[] ELSE string_to_array(terms, chr(31)) END,"
                " ps, pe FROM s RETURNING id, chunk_id, len, terms)"
                f" INSERT INTO {q}.postings (term, chunk, tf, dl) SELECT t.term, a.id, t.tf::int, a.len"
                " FROM a JOIN s USING (chunk_id)"
                " CROSS JOIN LATERAL unnest(a.terms, string_to_array(s.tfs, ',')) AS t(term, tf)"
            ),
            upsert_file=(
                f"INSERT INTO {q}.files (path, source, hash, mtime_ns, size, date, indexed_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (path) DO UPDATE SET"
                " source = EXCLUDED.source, hash = EXCLUDED.hash, mtime_ns = EXCLUDED.mtime_ns,"
                " size = EXCLUDED.size, date = EXCLUDED.date, indexed_at = EXCLUDED.indexed_at"
            ),
            bump_corpus=(
                f"UPDATE {q}.corpus SET n_docs = n_docs + %s, total_len = total_len + %s WHERE id = 1"
            ),
            missing_vectors=(
                f"SELECT {CHUNK_COLS} FROM {q}.chunks c WHERE NOT EXISTS (SELECT 1 FROM {q}.vectors v"
                f" JOIN {q}.embedders e ON e.id = v.eid WHERE v.chunk = c.id AND e.key = %s) ORDER BY c.id"
            ),
            put_vector=(
                f"INSERT INTO {q}.vectors (chunk, eid, vec) SELECT c.id, %s, %s FROM {q}.chunks c"
                " WHERE c.chunk_id = %s ON CONFLICT (chunk, eid) DO UPDATE SET vec = EXCLUDED.vec"
            ),
            cache_get=(
                f"UPDATE {q}.embedding_cache SET last_used = %s WHERE embedder = %s AND hash = ANY(%s)"
                " RETURNING hash, vec"
            ),
            cache_put=(
                f"INSERT INTO {q}.embedding_cache (embedder, hash, dims, vec, last_used)"
                " SELECT %s, h, d, v, %s FROM unnest(%s::text[], %s::int[], %s::bytea[]) AS t(h, d, v)"
                " ORDER BY h ON CONFLICT (embedder, hash) DO UPDATE SET dims = EXCLUDED.dims,"
                " vec = EXCLUDED.vec, last_used = EXCLUDED.last_used"
            ),
            cache_evict=(
                f"DELETE FROM {q}.embedding_cache WHERE ctid IN (SELECT ctid FROM {q}.embedding_cache"
                " ORDER BY last_used, hash LIMIT %s)"
            ),
            counts=(
                f"SELECT (SELECT count(*) FROM {q}.files), (SELECT count(*) FROM {q}.chunks),"
                f" (SELECT count(*) FROM {q}.vectors), (SELECT count(*) FROM {q}.embedding_cache)"
            ),
            # New terms for chunks %(ids)s: drop their postings, store the terms, write the postings,
            # then recount the corpus.
            reanalyse=(
                f"DELETE FROM {q}.postings p USING (SELECT c.id, unnest(c.terms) AS term FROM {q}.chunks c"
                " WHERE c.id = ANY(%(ids)s)) x WHERE p.term = x.term AND p.chunk = x.id",
                f"UPDATE {q}.chunks c SET len = s.len,"
                " terms = CASE WHEN s.terms = '' THEN '{}'::text[] ELSE string_to_array(s.terms, chr(31)) END"
                " FROM unnest(%(ids)s::bigint[], %(len)s::int[], %(terms)s::text[]) AS s(id, len, terms)"
                " WHERE c.id = s.id",
                f"INSERT INTO {q}.postings (term, chunk, tf, dl) SELECT t.term, c.id, t.tf::int, c.len"
                " FROM unnest(%(ids)s::bigint[], %(tfs)s::text[]) AS s(id, tfs)"
                f" JOIN {q}.chunks c ON c.id = s.id"
                " CROSS JOIN LATERAL unnest(c.terms, string_to_array(s.tfs, ',')) AS t(term, tf)",
                f"UPDATE {q}.corpus SET n_docs = (SELECT count(*) FROM {q}.chunks),"
                f" total_len = (SELECT coalesce(sum(len), 0) FROM {q}.chunks) WHERE id = 1",
            ),
        )
