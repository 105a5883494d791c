"""Numbered schema migrations for the SQLite store, applied in order on open.

``PRAGMA user_version`` holds the number of the last applied migration. Each migration runs in one
transaction; a new one is appended to :data:`MIGRATIONS`, never edited once released.
"""

from __future__ import annotations

import json
import sqlite3

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.text.tokens import cjk_index_text

__all__ = ["APPLICATION_ID", "MIGRATIONS", "OWN_TABLES", "apply_migrations"]

#: ``PRAGMA application_id`` of an mdrecall index ("mdrc"): how a file is known as ours, not another
#: application's database. Indexes made before it was set are recognised by their tables and stamped.
APPLICATION_ID = 0x6D647263

#: Tables every mdrecall index has had since migration 1.
OWN_TABLES = frozenset({"meta", "files", "chunks", "embedding_cache"})

MIGRATIONS: list[str] = [
    # 1: the initial schema
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE files (
        path TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        hash TEXT NOT NULL,
        mtime_ns INTEGER NOT NULL,
        size INTEGER NOT NULL,
        date TEXT,
        indexed_at REAL NOT NULL
    );
    CREATE TABLE chunks (
        id INTEGER PRIMARY KEY,
        chunk_id TEXT NOT NULL UNIQUE,
        path TEXT NOT NULL,
        source TEXT NOT NULL,
        start_line INTEGER NOT NULL,
        end_line INTEGER NOT NULL,
        heading TEXT NOT NULL DEFAULT '',
        date TEXT,
        hash TEXT NOT NULL,
        text TEXT NOT NULL
    );
    CREATE INDEX chunks_path ON chunks(path);
    CREATE INDEX chunks_hash ON chunks(hash);
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TABLE vectors (
        chunk_rowid INTEGER NOT NULL,
        embedder TEXT NOT NULL,
        dims INTEGER NOT NULL,
        vec BLOB NOT NULL,
        PRIMARY KEY (chunk_rowid, embedder)
    );
    CREATE INDEX vectors_embedder ON vectors(embedder);
    CREATE TABLE embedding_cache (
        embedder TEXT NOT NULL,
        hash TEXT NOT NULL,
        dims INTEGER NOT NULL,
        vec BLOB NOT NULL,
        last_used REAL NOT NULL,
        PRIMARY KEY (embedder, hash)
    );
    CREATE INDEX embedding_cache_used ON embedding_cache(last_used);
    """,
    # 2: CJK bigrams (mdrecall.text.tokens.cjk_index_text) in a contentless FTS5 table, rowid = chunks.id;
    # only chunks holding CJK text have a row. Changing that rendering needs a new migration that
    # empties ('delete-all') and refills this table, or deletes would not match what was indexed.
    """
    CREATE VIRTUAL TABLE chunks_cjk USING fts5(
        text, content='', tokenize='unicode61 remove_diacritics 0'
    );
    INSERT INTO chunks_cjk(rowid, text)
        SELECT id, cjk FROM (SELECT id, mdrecall_cjk_index(text) AS cjk FROM chunks) WHERE cjk <> '';
    """,
    # 3: vectors get an id that is never reused (AUTOINCREMENT: a replaced vector is a new row), so the
    # sqlite-vec side index (mdrecall.stores.sqlite_vec) finds every change by a set difference of ids;
    # db_id tells that side index which database it mirrors.
    """
    CREATE TABLE vectors_v3 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chunk_rowid INTEGER NOT NULL,
        embedder TEXT NOT NULL,
        dims INTEGER NOT NULL,
        vec BLOB NOT NULL,
        UNIQUE (chunk_rowid, embedder)
    );
    INSERT INTO vectors_v3(chunk_rowid, embedder, dims, vec)
        SELECT chunk_rowid, embedder, dims, vec FROM vectors ORDER BY chunk_rowid;
    DROP TABLE vectors;
    ALTER TABLE vectors_v3 RENAME TO vectors;
    CREATE INDEX vectors_embedder ON vectors(embedder);
    INSERT OR IGNORE INTO meta(key, value) VALUES ('db_id', lower(hex(randomblob(16))));
    """,
    # 4: small-to-big: the line range of the passage a chunk cites (0 = the chunk's own lines)
    """
    ALTER TABLE chunks ADD COLUMN parent_start INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE chunks ADD COLUMN parent_end INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: views derived from the files (mdrecall.stores.sqlite_views): entity mentions and relationships
    # (rebuilt from the files on the next sync: the indexer refills them while meta 'views' differs from
    # knowledge.refresh.VIEWS_VERSION), and file_versions, the append-only record of each file's texts.
    """
    CREATE TABLE mentions (
        path TEXT NOT NULL,
        line INTEGER NOT NULL,
        section INTEGER NOT NULL,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        how TEXT NOT NULL,
        day TEXT
    );
    CREATE INDEX mentions_key ON mentions(key);
    CREATE INDEX mentions_path ON mentions(path);
    CREATE TABLE relations (
        path TEXT NOT NULL,
        line INTEGER NOT NULL,
        subject TEXT NOT NULL,
        predicate TEXT NOT NULL,
        object TEXT NOT NULL,
        day TEXT
    );
    CREATE INDEX relations_path ON relations(path);
    CREATE TABLE file_versions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        path TEXT NOT NULL,
        hash TEXT NOT NULL,
        seen_at REAL NOT NULL,
        body BLOB
    );
    CREATE INDEX file_versions_path ON file_versions(path, id);
    """,
    # 6: one covering index for the entity listing (mdrecall.stores.sqlite_views): every aggregate over
    # the mentions (forms, lines, files, days, evidence) reads it in key order, not the table row by row;
    # it also serves the key lookups the narrower index did.
    """
    DROP INDEX IF EXISTS mentions_key;
    CREATE INDEX mentions_entity ON mentions(key, how, name, kind, path, line, day);
    """,
    # 7: the keyword index sees each chunk's heading path but a leading date (mdrecall.text.chunking.
    # keyword_heading, here in SQL): chunks_fts gets a second column, heading, read from the view
    # chunks_fts_source (external content may be a view), and is refilled; chunks_cjk is refilled
    # with the bigrams of heading and text. Writes compute the same values in Python
    # (sqlite_fts.index_chunk; a test checks they agree). Changing either needs a new migration that
    # refills both tables.
    """
    DROP TABLE chunks_fts;
    CREATE VIEW chunks_fts_source AS SELECT id, text,
        CASE WHEN ltrim(text) NOT LIKE '#%' THEN h
             ELSE rtrim(rtrim(h, replace(h, '>', '')), ' >') END AS heading
        FROM (SELECT id, text,
            CASE WHEN heading GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN ''
                 WHEN heading GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] > *' THEN substr(heading, 14)
                 ELSE heading END AS h
            FROM chunks);
    CREATE VIRTUAL TABLE chunks_fts USING fts5(
        text, heading, content='chunks_fts_source', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    );
    INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
    INSERT INTO chunks_cjk(chunks_cjk) VALUES ('delete-all');
    INSERT INTO chunks_cjk(rowid, text) SELECT id, cjk FROM
        (SELECT id, mdrecall_cjk_index(heading || char(10) || text) AS cjk FROM chunks_fts_source)
        WHERE cjk <> '';
    """,
    # 8: fact lines (mdrecall.knowledge.fact_lines.facts), a view like the mentions: rebuilt from the files on
    # the next sync (knowledge.refresh.VIEWS_VERSION changed with it); attrs and vals are joined by '|'.
    """
    CREATE TABLE facts (
        path TEXT NOT NULL,
        line INTEGER NOT NULL,
        day TEXT,
        attrs TEXT NOT NULL,
        vals TEXT NOT NULL,
        subject TEXT NOT NULL,
        context TEXT NOT NULL,
        cue INTEGER NOT NULL,
        words TEXT NOT NULL
    );
    CREATE INDEX facts_path ON facts(path);
    """,
    # 9: the fact lines' pairing (mdrecall.knowledge.changes.superseded), stored when a sync changed the fact
    # lines (meta 'facts_gen' counts those changes, 'superseded_gen' says which one the table was paired at;
    # facts_dirty holds the files changed since, so a small change is paired again in part)
    """
    CREATE TABLE superseded (
        path TEXT NOT NULL,
        line INTEGER NOT NULL,
        new_path TEXT NOT NULL,
        new_line INTEGER NOT NULL,
        new_day TEXT,
        PRIMARY KEY (path, line)
    ) WITHOUT ROWID;
    CREATE TABLE facts_dirty (path TEXT PRIMARY KEY) WITHOUT ROWID;
    """,
    # 10: the accepted entity names (mdrecall.knowledge.known): name key → its entity's canonical key, stored
    # when a sync changed the mentions (meta 'mentions_gen' counts those changes; 'known_gen' and
    # 'known_sig' say which change and which entity settings the table was made at)
    """
    CREATE TABLE entity_known (
        key TEXT PRIMARY KEY,
        root TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX entity_known_root ON entity_known(root);
    """,
    # 11: no index on chunks(hash): no lookup uses it (the embedding cache is keyed by its own table), and
    # keeping it cost a first index more than a third of its writes (a random key: every batch of files
    # rewrote most of its pages; 10,000 notes: 230 MB written to the WAL, 140 MB without it)
    """
    DROP INDEX IF EXISTS chunks_hash;
    """,
    # 12: the files whose views a sync left to build on first use (mdrecall.knowledge.refresh), one row each
    # with the mark of the sync that left it; they were one JSON meta value ('views_pending', path → mark),
    # read and rewritten whole by every mark and every built batch (100,000 files: +17 MB at index, the
    # first search's build quadratic): converted by _pending_rows below
    """
    CREATE TABLE views_pending (path TEXT PRIMARY KEY, mark INTEGER NOT NULL) WITHOUT ROWID;
    """,
    # 13: chunks by path and first line (mdrecall.stores.chunk_lines): a line of a file is read back from
    # the chunks starting nearest before it, not from every chunk of the file (the entity views read up to
    # 24 lines of each name: a 1 MB page naming 20,000 people was read whole some 40,000 times); the
    # index on the path alone is its prefix
    """
    DROP INDEX IF EXISTS chunks_path;
    CREATE INDEX chunks_path ON chunks(path, start_line);
    """,
    # 14: the supersession cross-encoder's scores (mdrecall.knowledge.changes.cross_pairs): a digest of a
    # pair's two input strings and the model's file → p, so that a re-index or a views rebuild scores only new
    # pairs
    """
    CREATE TABLE IF NOT EXISTS sup_cross (key TEXT PRIMARY KEY, p REAL NOT NULL) WITHOUT ROWID;
    """,
]


def _pending_rows(conn: sqlite3.Connection) -> None:
    """Migration 12's step in Python: the JSON meta value ``views_pending`` becomes rows (the JSON
    functions are not in every SQLite build)."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'views_pending'").fetchone()
    try:
        marks = [(str(p), int(m)) for p, m in dict(json.loads(row[0])).items()] if row and row[0] else []
    except (ValueError, TypeError):  # unreadable: every file's views are rebuilt by the next sync
        marks = []
        conn.execute("DELETE FROM meta WHERE key = 'views'")
    conn.executemany("INSERT OR REPLACE INTO views_pending(path, mark) VALUES (?, ?)", marks)
    conn.execute("DELETE FROM meta WHERE key = 'views_pending'")


#: Steps in Python that a migration runs after its statements, in its transaction (by number).
_STEPS = {12: _pending_rows}


def apply_migrations(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the database's ``user_version``; returns the new version."""
    conn.create_function("mdrecall_cjk_index", 1, cjk_index_text, deterministic=True)
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version < 0:
        raise IndexCorruptError(f"the index header is damaged (schema version {version})")
    if version > len(MIGRATIONS):
        raise StoreError(
            f"index schema {version} is newer than this mdrecall ({len(MIGRATIONS)}); upgrade mdrecall"
        )
    for number in range(version + 1, len(MIGRATIONS) + 1):
        conn.execute("BEGIN IMMEDIATE")
        # Another process may have migrated while we waited for the write lock.
        if int(conn.execute("PRAGMA user_version").fetchone()[0]) >= number:
            conn.execute("ROLLBACK")
            continue
        try:
            for statement in _statements(MIGRATIONS[number - 1]):
                conn.execute(statement)
            if number in _STEPS:
                _STEPS[number](conn)
            conn.execute(f"PRAGMA user_version = {number}")
        except BaseException as exc:
            conn.execute("ROLLBACK")
            if version and _schema_mismatch(exc):
                raise IndexCorruptError(
                    f"the index's tables do not match its schema version {version} "
                    f"(migration {number}: {str(exc)[:80]})"
                ) from None
            raise
        conn.execute("COMMIT")
    if int(conn.execute("PRAGMA application_id").fetchone()[0]) != APPLICATION_ID:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    return len(MIGRATIONS)


def _schema_mismatch(exc: BaseException) -> bool:
    """True when a migration met tables it did not expect (a damaged ``user_version``), not a missing
    SQLite feature, a lock or a full disk."""
    if not isinstance(exc, sqlite3.OperationalError) or "no such module" in str(exc):
        return False
    return (getattr(exc, "sqlite_errorcode", 1) & 0xFF) == 1  # SQLITE_ERROR


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";\n") if s.strip()]
