"""Item 2 and 8: a damaged index is detected, moved aside, rebuilt from the Markdown, and announced."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config

from .conftest import run_cli
from helpers import write

PAGE = 4096


def make_ws(root: Path, files: int = 40) -> Path:
    for i in range(files):
        body = "\n\n".join(
            f"## part {j}\n\nnote {i}.{j} about the kafka migration and word{i}x{j}" for j in range(8)
        )
        write(root, f"memory/2026-01-{i % 28 + 1:02d}-n{i}.md", f"# day {i}\n\n{body}\n")
    write(root, "MEMORY.md", "# Long-term\n\n- the user prefers tea over coffee\n")
    return root


def index_path(ws: Path) -> Path:
    return ws / ".mdrecall" / "index.sqlite"


def pages_of(db: Path, table: str) -> list[int]:
    with sqlite3.connect(db) as conn:
        return [
            r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,))
        ]


def damage(db: Path, how: str, seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(db.read_bytes())
    pages = len(data) // PAGE
    if how == "zero-page":
        p = rng.randrange(1, pages)
        data[p * PAGE : (p + 1) * PAGE] = bytes(PAGE)
    elif how == "random-bytes":
        for _ in range(64):
            at = rng.randrange(PAGE, len(data) - 16)
            data[at : at + 16] = rng.randbytes(16)
    elif how == "chunks-page":
        p = rng.choice(pages_of(db, "chunks")) - 1
        data[p * PAGE : (p + 1) * PAGE] = rng.randbytes(PAGE)
    db.write_bytes(bytes(data))


def test_undecodable_text_in_the_index_is_corruption(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 in a text column: rebuilt, and the error never prints them."""
    ws = make_ws(tmp_path / "agent", files=5)
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE chunks SET date = CAST(X'32303236ffef' AS TEXT)")
    out = run_cli("-w", str(ws), "search", "word3x2 kafka")
    assert out.returncode == 0, out.stderr
    assert b"n3.md" in out.stdout and b"rebuilt" in out.stderr and b"\xff" not in out.stderr


def healthy(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
        return ok and conn.execute("SELECT count(*) FROM files").fetchone()[0] == 41


@pytest.mark.parametrize(
    ("how", "seed"),
    [("zero-page", 1), ("zero-page", 2), ("random-bytes", 3), ("random-bytes", 4), ("chunks-page", 5)],
)
def test_search_first_after_damage_rebuilds_and_says_so(tmp_path: Path, how: str, seed: int) -> None:
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    damage(db, how, seed)
    out = run_cli("-w", str(ws), "search", "word7x3 kafka")
    assert out.returncode == 0, out.stderr
    assert b"n7.md" in out.stdout
    err = out.stderr.decode("utf-8")  # valid UTF-8 ...
    assert err.isascii() or all(ch.isprintable() or ch == "\n" for ch in err)  # ... and no raw bytes
    # Either the damage was found (moved aside, announced) or it hit nothing SQLite reads.
    if list(db.parent.glob("index.sqlite.broken-*")):
        assert "rebuilt" in err
    again = run_cli("-w", str(ws), "index", "--force")
    assert again.returncode == 0, again.stderr
    assert healthy(db)


def test_index_force_rebuilds_a_damaged_fts_index(tmp_path: Path) -> None:
    """FTS5 data gone under SQLite's feet: ``index --force`` rebuilds instead of failing (exit 3)."""
    ws = make_ws(tmp_path / "agent", files=5)
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    with sqlite3.connect(db) as conn:  # damage FTS5's data without touching SQLite's page structure
        conn.execute("DELETE FROM chunks_fts_data WHERE id > 10")
    out = run_cli("-w", str(ws), "index", "--force")
    assert out.returncode == 0, out.stderr
    assert b"rebuilt" in out.stderr
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
    assert list(db.parent.glob("index.sqlite.broken-*"))


def test_malformed_at_query_time_recovers_in_process(tmp_path: Path) -> None:
    """Damage that only shows when a query reads it: the search rebuilds and still answers."""
    ws = make_ws(tmp_path / "agent", files=5)
    cfg = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(ws, cfg) as mem:
        mem.index()
    db = index_path(ws)
    with sqlite3.connect(db) as conn:
        # a fixed damage: random bytes were read as a valid (empty) doclist about one run in 40, and zeros
        # always are (FTS5 reports no error, so nothing can rebuild: the search just misses the note)
        conn.execute("UPDATE chunks_fts_data SET block = X'FFFFFFFF' || substr(block, 5) WHERE id > 10")
    with Memory.open(ws, cfg) as mem:
        result = mem.search_result("word3x2 kafka")
        assert any(h.path.endswith("n3.md") for h in result.hits)
        assert result.fallback and "rebuilt" in result.fallback
    assert list(db.parent.glob("index.sqlite.broken-*"))


def test_cache_is_salvaged_from_a_damaged_index(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent", files=10)
    cfg = Config().merged({"embedding": {"provider": "fake"}})
    with Memory.open(ws, cfg) as mem:
        mem.index()
        cached = mem.store.counts()["cache"]
    assert cached > 0
    db = index_path(ws)
    damage(db, "chunks-page", 9)
    with Memory.open(ws, cfg) as mem:
        report = mem.index()
        counts = mem.store.counts()
    assert any("rebuilt" in w and "cached embeddings kept" in w for w in report.warnings), report.warnings
    assert report.cache_hits == counts["chunks"] and report.embedded == 0  # nothing re-embedded
    assert counts["vectors"] == counts["chunks"]


def _overwrite(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new) :]


def _scatter(data: bytes, seed: int) -> bytes:
    rng = random.Random(seed)
    out = bytearray(data)
    for _ in range(8):  # anywhere, the header included
        at = rng.randrange(0, len(out) - 16)
        out[at : at + 16] = rng.randbytes(16)
    return bytes(out)


#: Damage anywhere in the file: the first pages (the header, sqlite_master, meta) included.
DAMAGE = {
    "page 2 zeroed (bytes 4096-8191)": lambda d: _overwrite(d, PAGE, bytes(PAGE)),
    "page 1 zeroed": lambda d: _overwrite(d, 0, bytes(PAGE)),
    "page 3 zeroed": lambda d: _overwrite(d, 2 * PAGE, bytes(PAGE)),
    "header: schema format": lambda d: _overwrite(d, 44, b"\xff" * 4),
    "header: schema version": lambda d: _overwrite(d, 60, b"\xff" * 4),
    "header: application id": lambda d: _overwrite(d, 68, b"\xff" * 4),
    "truncated to 100 bytes": lambda d: d[:100],
    "random bytes, header included (a schema error quoting bad bytes)": lambda d: _scatter(d, 3),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_damage_anywhere_is_rebuilt_by_the_next_command(tmp_path: Path, how: str) -> None:
    """Before: page 2 zeroed made every command, ``index --force`` included, say "it will be rebuilt"
    and never rebuild; ``doctor`` advised checking permissions."""
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    db.write_bytes(DAMAGE[how](db.read_bytes()))
    first = run_cli("-w", str(ws), "index")
    assert first.returncode == 0, first.stderr
    assert b"rebuilt" in first.stderr
    assert healthy(db)
    out = run_cli("-w", str(ws), "search", "word7x3 kafka")
    assert out.returncode == 0 and b"n7.md" in out.stdout, out.stderr
    doctor = run_cli("-w", str(ws), "doctor")
    assert b"FAIL" not in doctor.stdout and b"permissions" not in doctor.stdout, doctor.stdout


@pytest.mark.parametrize("command", [("doctor",), ("status",), ("search", "kafka"), ("index", "--force")])
def test_doctor_and_every_command_rebuild_after_page_2_is_zeroed(tmp_path: Path, command: tuple) -> None:
    ws = make_ws(tmp_path / "agent", files=5)
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    db.write_bytes(DAMAGE["page 2 zeroed (bytes 4096-8191)"](db.read_bytes()))
    out = run_cli("-w", str(ws), *command)
    assert out.returncode in (0, 1) and b"it will be rebuilt" not in out.stdout + out.stderr, out.stderr
    if command == ("doctor",):
        assert b"damaged and has been started afresh" in out.stdout and b"permissions" not in out.stdout
    assert list(db.parent.glob("index.sqlite.broken-*"))
    again = run_cli("-w", str(ws), "index")
    assert again.returncode == 0, again.stderr
    assert run_cli("-w", str(ws), "search", "word3x2 kafka").stdout.count(b"n3.md") >= 1


def test_doctor_fails_on_damage_that_only_quick_check_sees(tmp_path: Path) -> None:
    """Before: bytes overwritten in the middle of the file passed every doctor check ("ok ... in sync")
    while the next ``index`` found the damage with ``quick_check`` and rebuilt."""
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    db = index_path(ws)
    data = db.read_bytes()
    db.write_bytes(_overwrite(data, len(data) // 2, b"\xde\xad" * 2000))
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok"  # damaged, yet it opens
    doctor = run_cli("-w", str(ws), "doctor", "--no-model")
    assert doctor.returncode == 1, doctor.stdout
    line = next(ln for ln in doctor.stdout.decode().splitlines() if " index " in f" {ln} ")
    assert line.lstrip().startswith("FAIL") and "damaged" in line, doctor.stdout
    assert b"mdrecall index" in doctor.stdout
    assert run_cli("-w", str(ws), "index").returncode == 0
    assert b"FAIL" not in run_cli("-w", str(ws), "doctor", "--no-model").stdout


def zero_fts_blocks(db: Path) -> None:
    """Zero the keyword index's larger data blocks: FTS5 reads zeros as an empty list of notes, so a query
    meets no error (nothing rebuilds) and the search silently misses the notes; only FTS5's own check
    finds it."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE chunks_fts_data SET block = zeroblob(length(block)) WHERE length(block) > 500")
        assert conn.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok"  # SQLite sees nothing wrong


KEYWORD_ONLY = Config().merged({"embedding": {"provider": "none"}})


def finds_note_3(ws: Path) -> bool:
    with Memory.open(ws, KEYWORD_ONLY) as mem:
        return any(h.path.endswith("n3.md") for h in mem.search("word3x2 kafka"))


def test_index_rebuilds_a_keyword_index_with_zeroed_blocks(tmp_path: Path) -> None:
    """Before: ``index`` (its quick check) and ``doctor`` passed such an index, and searches missed notes."""
    ws = make_ws(tmp_path / "agent", files=12)
    assert run_cli("-w", str(ws), "index").returncode == 0
    zero_fts_blocks(index_path(ws))
    doctor = run_cli("-w", str(ws), "doctor", "--no-model")
    assert doctor.returncode == 1 and b"damaged" in doctor.stdout, doctor.stdout
    out = run_cli("-w", str(ws), "index")
    assert out.returncode == 0, out.stderr
    assert b"rebuilt" in out.stderr
    assert list(index_path(ws).parent.glob("index.sqlite.broken-*"))
    assert finds_note_3(ws)


def test_a_watch_checks_the_index_before_its_first_sync(tmp_path: Path) -> None:
    """A long-lived ``watch`` (whose syncs may not embed, so never ran the check) rebuilds it too."""
    from mdrecall.services.watch import Watcher

    ws = make_ws(tmp_path / "agent", files=12)
    with Memory.open(ws, KEYWORD_ONLY) as mem:
        mem.index()
    zero_fts_blocks(index_path(ws))
    assert not finds_note_3(ws)  # the damage a search cannot see
    reports: list = []
    with Memory.open(ws, KEYWORD_ONLY) as mem:
        w = Watcher(mem, backend="polling", poll_interval_s=0.05, on_sync=reports.append).start()
        try:
            deadline = time.monotonic() + 30
            while not reports and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            w.stop()
    assert reports and any("rebuilt" in warning for warning in reports[0].warnings), reports
    assert finds_note_3(ws)


def test_the_keyword_index_check_does_not_wait_for_a_busy_index(tmp_path: Path) -> None:
    """Before: FTS5's check is a write statement, so ``doctor`` (and ``index``, ``watch``) on an index
    another process was writing waited the whole busy timeout (30 s) and then reported it fine anyway
    (fault round 7). Busy is no evidence of damage: the check is skipped at once, as quick_check's is."""
    from mdrecall.stores.sqlite import SQLiteStore

    ws = make_ws(tmp_path / "agent", files=6)
    assert run_cli("-w", str(ws), "index").returncode == 0
    holder = sqlite3.connect(index_path(ws), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store = SQLiteStore(index_path(ws))
        try:
            t0 = time.monotonic()
            store.verify()
            took = time.monotonic() - t0
        finally:
            store.close()
    finally:
        holder.rollback()
        holder.close()
    assert took < 5, f"verify waited {took:.1f} s for another process's write lock"


def test_doctor_says_when_another_process_kept_it_from_checking_for_damage(tmp_path: Path) -> None:
    """Before: with another process writing the index, ``doctor`` skipped the damage check and still said
    "ok ... in sync with the files", as if it had checked; now the index line says it was not checked."""
    ws = make_ws(tmp_path / "agent", files=6)
    assert run_cli("-w", str(ws), "index").returncode == 0
    idle = run_cli("-w", str(ws), "doctor", "--no-model")
    assert b"not checked for damage" not in idle.stdout, idle.stdout
    holder = sqlite3.connect(index_path(ws), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        busy = run_cli("-w", str(ws), "doctor", "--no-model")
    finally:
        holder.rollback()
        holder.close()
    line = next(x for x in busy.stdout.decode().splitlines() if "in sync" in x)
    assert "not checked for damage now" in line and "doctor" in line, busy.stdout
