"""Issue 17 item 6: another application's SQLite file at the index path is never modified."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.stores.sqlite_migrations import APPLICATION_ID, MIGRATIONS, apply_migrations

from .conftest import run_cli
from helpers import write


def make_ws(root: Path) -> Path:
    write(root, "MEMORY.md", "# Long-term\n\n- the user prefers tea over coffee\n")
    write(root, "memory/notes.md", "# notes\n\nthe kafka migration is planned for spring\n")
    return root


def foreign_db(path: Path, *, wal: bool = False, app_id: int = 0) -> Path:
    """Another application's database: its own table, rollback journal unless ``wal``."""
    with sqlite3.connect(path) as conn:
        if wal:
            conn.execute("PRAGMA journal_mode = WAL")
        if app_id:
            conn.execute(f"PRAGMA application_id = {app_id}")
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO photos(name) VALUES ('cat'), ('dog')")
    conn.close()
    return path


def shape(path: Path) -> tuple[list[tuple[str, str]], str, list[tuple[int, str]]]:
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        tables = conn.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall()
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        rows = conn.execute("SELECT id, name FROM photos").fetchall()
    conn.close()
    return tables, mode, rows


@pytest.mark.parametrize("how", ["file", "symlink", "wal-with-app-id"])
def test_a_foreign_database_is_refused_and_left_untouched(tmp_path: Path, how: str) -> None:
    ws = make_ws(tmp_path / "agent")
    index = ws / ".mdrecall" / "index.sqlite"
    index.parent.mkdir()
    if how == "symlink":
        other = foreign_db(tmp_path / "photos.db")
        index.symlink_to(other)
    else:
        other = foreign_db(index, wal=how.startswith("wal"), app_id=0x1234 if "app-id" in how else 0)
    before_bytes, before = other.read_bytes(), shape(other)
    for args in (("index",), ("search", "kafka"), ("index", "--force")):
        out = run_cli("-w", str(ws), *args)
        assert out.returncode == 1, out.stderr  # a store error, like every other one
        err = out.stderr.decode()
        assert "not an mdrecall index" in err and "left untouched" in err and "store.path" in err, err
    assert shape(other) == before  # no table added, journal mode as it was, rows as they were
    if how != "wal-with-app-id":
        assert other.read_bytes() == before_bytes
    assert not list(index.parent.glob("index.sqlite.broken-*"))  # not moved aside either
    doctor = run_cli("-w", str(ws), "doctor").stdout.decode()
    assert "not an mdrecall index" in doctor and "permissions" not in doctor, doctor


def test_an_empty_file_is_initialised_and_stamped(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    index = ws / ".mdrecall" / "index.sqlite"
    index.parent.mkdir()
    index.touch()
    out = run_cli("-w", str(ws), "search", "kafka")
    assert out.returncode == 0 and b"memory/notes.md" in out.stdout, out.stderr
    with sqlite3.connect(index) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize("version", [3, len(MIGRATIONS)])
def test_an_index_from_before_application_id_still_opens_and_is_stamped(tmp_path: Path, version: int) -> None:
    """An earlier mdrecall's index (no application_id) is ours: migrated, stamped, not rebuilt."""
    ws = make_ws(tmp_path / "agent")
    with Memory.open(ws) as mem:
        mem.index()
    index = ws / ".mdrecall" / "index.sqlite"
    if version < len(MIGRATIONS):  # an index built by the first migrations only
        index.unlink()
        conn = sqlite3.connect(index, isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
        full, MIGRATIONS[:] = MIGRATIONS[:], MIGRATIONS[:version]
        try:
            apply_migrations(conn)
        finally:
            MIGRATIONS[:] = full
    else:
        conn = sqlite3.connect(index, isolation_level=None)
    conn.execute("PRAGMA application_id = 0")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == version
    conn.close()
    out = run_cli("-w", str(ws), "search", "kafka")
    assert out.returncode == 0 and b"memory/notes.md" in out.stdout, out.stderr
    assert b"rebuilt" not in out.stderr
    assert not list(index.parent.glob("index.sqlite.broken-*"))
    with sqlite3.connect(index) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_a_file_where_the_index_folder_goes_is_named_with_what_to_do(tmp_path: Path) -> None:
    """Before: "cannot create the index folder …: [Errno 17] File exists", and doctor said to check
    permissions."""
    ws = make_ws(tmp_path / "agent")
    (ws / ".mdrecall").write_text("not a folder\n", encoding="utf-8")
    out = run_cli("-w", str(ws), "search", "tea")
    assert out.returncode == 1 and b"a file is in its place; move it out of the way" in out.stderr, out.stderr
    assert b"Errno" not in out.stderr
    doctor = run_cli("-w", str(ws), "doctor", "--no-model")
    assert b"move that file out of the way" in doctor.stdout and b"permissions" not in doctor.stdout
    assert (ws / ".mdrecall").read_text(encoding="utf-8") == "not a folder\n"  # left as it was
