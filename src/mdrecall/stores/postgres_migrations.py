"""Numbered schema migrations for the PostgreSQL store, applied per namespace on open.

Each namespace is one PostgreSQL schema (see :func:`mdrecall.stores.postgres_sql.namespace_for`).
``<schema>.schema_migrations`` lists the applied migration numbers. All pending migrations run in
one transaction under a transaction-level advisory lock on the namespace, so processes that open
the same namespace at once migrate it exactly once. ``{ns}`` stands for the quoted schema name. A
new migration is appended to :data:`MIGRATIONS`, never edited once released.
"""

from __future__ import annotations

from typing import Any

from mdrecall.errors import StoreError
from mdrecall.stores.postgres_errors import cause_of, store_error
from mdrecall.stores.postgres_sql import quote_ident

__all__ = ["MIGRATIONS", "apply_migrations", "ensure_vector_extension"]

MIGRATIONS: list[str] = [
    # 1: the initial schema
    """
    CREATE TABLE {ns}.meta (key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE {ns}.files (
        path text PRIMARY KEY,
        source text NOT NULL,
        hash text NOT NULL,
        mtime_ns bigint NOT NULL,
        size bigint NOT NULL,
        date text,
        indexed_at double precision NOT NULL
    );
    CREATE TABLE {ns}.chunks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        chunk_id text NOT NULL UNIQUE,
        path text NOT NULL,
        source text NOT NULL,
        start_line integer NOT NULL,
        end_line integer NOT NULL,
        heading text NOT NULL DEFAULT '',
        date text,
        hash text NOT NULL,
        text text NOT NULL,
        len integer NOT NULL,
        terms text[] NOT NULL
    );
    CREATE INDEX chunks_path ON {ns}.chunks (path);
    CREATE TABLE {ns}.postings (
        term text NOT NULL,
        chunk bigint NOT NULL,
        tf integer NOT NULL,
        dl integer NOT NULL,
        PRIMARY KEY (term, chunk) INCLUDE (tf, dl)
    );
    CREATE TABLE {ns}.corpus (
        id integer PRIMARY KEY CHECK (id = 1),
        n_docs bigint NOT NULL,
        total_len bigint NOT NULL
    );
    INSERT INTO {ns}.corpus (id, n_docs, total_len) VALUES (1, 0, 0);
    CREATE TABLE {ns}.embedders (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key text NOT NULL UNIQUE,
        dims integer NOT NULL,
        index_name text
    );
    CREATE TABLE {ns}.vectors (
        chunk bigint NOT NULL REFERENCES {ns}.chunks (id) ON DELETE CASCADE,
        eid integer NOT NULL REFERENCES {ns}.embedders (id) ON DELETE CASCADE,
        vec vector NOT NULL,
        PRIMARY KEY (chunk, eid)
    );
    CREATE INDEX vectors_eid ON {ns}.vectors (eid);
    CREATE TABLE {ns}.embedding_cache (
        embedder text NOT NULL,
        hash text NOT NULL,
        dims integer NOT NULL,
        vec bytea NOT NULL,
        last_used double precision NOT NULL,
        PRIMARY KEY (embedder, hash)
    );
    CREATE INDEX embedding_cache_used ON {ns}.embedding_cache (last_used);
    """,
    # 2: small-to-big: the line range of the passage a chunk cites (0 = the chunk's own lines)
    """
    ALTER TABLE {ns}.chunks ADD COLUMN parent_start integer NOT NULL DEFAULT 0;
    ALTER TABLE {ns}.chunks ADD COLUMN parent_end integer NOT NULL DEFAULT 0;
    """,
    # 3: views derived from the files (mdrecall.stores.postgres_views), as SQLite's migration 5
    """
    CREATE TABLE {ns}.mentions (
        path text NOT NULL,
        line integer NOT NULL,
        section integer NOT NULL,
        key text NOT NULL,
        name text NOT NULL,
        kind text NOT NULL,
        how text NOT NULL,
        day text
    );
    CREATE INDEX mentions_key ON {ns}.mentions (key);
    CREATE INDEX mentions_path ON {ns}.mentions (path);
    CREATE TABLE {ns}.relations (
        path text NOT NULL,
        line integer NOT NULL,
        subject text NOT NULL,
        predicate text NOT NULL,
        object text NOT NULL,
        day text
    );
    CREATE INDEX relations_path ON {ns}.relations (path);
    CREATE TABLE {ns}.file_versions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        path text NOT NULL,
        hash text NOT NULL,
        seen_at double precision NOT NULL,
        body bytea
    );
    CREATE INDEX file_versions_path ON {ns}.file_versions (path, id);
    """,
    # 4: the files whose views a sync left to build on first use (mdrecall.knowledge.refresh), one row each,
    # as SQLite's migration 12; the JSON meta value 'views_pending' they were kept in becomes rows here
    """
    CREATE TABLE {ns}.views_pending (path text PRIMARY KEY, mark bigint NOT NULL);
    INSERT INTO {ns}.views_pending (path, mark)
        SELECT j.key, j.value::bigint FROM {ns}.meta m, jsonb_each_text(m.value::jsonb) j
        WHERE m.key = 'views_pending' AND left(m.value, 1) = '{';
    DELETE FROM {ns}.meta WHERE key = 'views_pending';
    """,
    # 5: chunks by path and first line (mdrecall.stores.chunk_lines), as SQLite's migration 13: a line of a
    # file is read back from the chunks starting nearest before it, not from every chunk of the file
    # between the lines asked (a 1 MB page naming 20,000 people was read whole for each name); the index
    # on the path alone is its prefix
    """
    DROP INDEX IF EXISTS {ns}.chunks_path;
    CREATE INDEX chunks_path ON {ns}.chunks (path, start_line);
    """,
    # 6: fact lines and their pairing (mdrecall.stores.postgres_facts), as SQLite's migrations 8 and 9 (meta
    # 'facts_gen' counts the changes of the fact lines, 'superseded_gen' the count the pairing was made at);
    # paths in byte order, as SQLite reads them. The views' version is dropped: the next sync re-reads every
    # file, which fills the fact lines of a namespace made before them
    """
    CREATE TABLE {ns}.facts (
        path text COLLATE "C" NOT NULL,
        line integer NOT NULL,
        day text,
        attrs text NOT NULL,
        vals text NOT NULL,
        subject text NOT NULL,
        context text NOT NULL,
        cue boolean NOT NULL,
        words text NOT NULL
    );
    CREATE INDEX facts_path ON {ns}.facts (path, line);
    CREATE TABLE {ns}.superseded (
        path text COLLATE "C" NOT NULL,
        line integer NOT NULL,
        new_path text NOT NULL,
        new_line integer NOT NULL,
        new_day text,
        PRIMARY KEY (path, line)
    );
    CREATE TABLE {ns}.facts_dirty (path text COLLATE "C" PRIMARY KEY);
    DELETE FROM {ns}.meta WHERE key IN ('views', 'facts_gen', 'superseded_gen', 'superseded_rules');
    """,
    # 7: the supersession cross-encoder's scores (mdrecall.knowledge.changes.cross_pairs), as SQLite's
    # migration 14: a digest of a pair's two input strings and the model's file → p
    """
    CREATE TABLE IF NOT EXISTS {ns}.sup_cross (key text PRIMARY KEY, p double precision NOT NULL);
    """,
]


def ensure_vector_extension(conn: Any) -> None:
    """Create pgvector's ``vector`` extension when missing (needs the right to create it)."""
    import psycopg

    row = conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone()
    if row:
        return
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('mdrecall:extension', 0))")
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except psycopg.Error as exc:
        if cause_of(exc) is not None:  # a read-only server, a full disk, ...: say that, not "install it"
            raise store_error(
                exc,
                "the pgvector extension is not in this database and could not be created",
                "nothing was written and the Markdown files are unchanged",
            ) from exc
        raise StoreError(
            f"the pgvector extension is not installed in this database and could not be created ({exc})."
            " Install pgvector on the server and run `CREATE EXTENSION vector;` as a superuser"
            " (on a managed service, enable the 'vector' extension)"
        ) from exc


def apply_migrations(conn: Any, schema: str) -> int:
    """Create the namespace's schema if needed and apply pending migrations; returns the version.

    A namespace already at this version is only read (no lock, no write): a read-only server (a standby)
    opens it for searches."""
    ns = quote_ident(schema)
    if conn.execute("SELECT to_regclass(%s)", (f"{ns}.schema_migrations",)).fetchone()[0] is not None:
        current = conn.execute(f"SELECT coalesce(max(version), 0) FROM {ns}.schema_migrations").fetchone()[0]
        if current == len(MIGRATIONS):
            return current
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"mdrecall:migrate:{schema}",))
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {ns}")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {ns}.schema_migrations"
            " (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        version = conn.execute(f"SELECT coalesce(max(version), 0) FROM {ns}.schema_migrations").fetchone()[0]
        if version > len(MIGRATIONS):
            raise StoreError(
                f"PostgreSQL namespace {schema} has schema {version}, newer than this mdrecall"
                f" ({len(MIGRATIONS)}); upgrade mdrecall"
            )
        for number in range(version + 1, len(MIGRATIONS) + 1):
            for statement in _statements(MIGRATIONS[number - 1].replace("{ns}", ns)):
                conn.execute(statement)
            conn.execute(f"INSERT INTO {ns}.schema_migrations (version) VALUES (%s)", (number,))
    return len(MIGRATIONS)


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";\n") if s.strip()]
