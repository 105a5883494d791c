"""Entity and fact views off the first index's critical path (issue 33): a sync that reads many files
records their versions and leaves their mentions, relationships and fact lines pending (``status`` counts
them); the first reader (an entity query, ``as-of``, a search's supersession marks) builds them, with the
same rows an inline extraction writes."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.index import indexer
from mdrecall.knowledge.refresh import keeps_views, pending_views

from helpers import write

OLD = "- Production deploys happen on Tuesdays and Thursdays."
NEW = "- Deploy schedule changed: production deploys are now Mondays and Wednesdays."


def _stamp(path: Path, day: str) -> None:
    t = datetime.fromisoformat(f"{day}T12:00:00").timestamp()
    os.utime(path, (t, t))


@pytest.fixture
def many(tmp_path: Path) -> Path:
    """People, a relationship and a changed fact, among more notes than a sync extracts inline."""
    root = tmp_path / "ws"
    write(
        root,
        "MEMORY.md",
        f"""
        # Team
        - Robert Ruiz works at Northwind Labs; Alice Chen is Robert's sister.
        {OLD}
        """,
    )
    kickoff = "# 2026-03-02\n\n## Kick-off\n- Bob said the billing API needs retries.\n"
    write(root, "memory/2026-03-02.md", kickoff)
    write(root, "memory/2026-11-23.md", f"# 2026-11-23\n\n{NEW}\n")
    _stamp(root / "MEMORY.md", "2026-11-01")
    _stamp(root / "memory/2026-11-23.md", "2026-11-23")
    for i in range(indexer.DEFER_VIEWS_FILES):
        write(root, f"memory/notes/n{i:03}.md", f"# Note {i}\n\n- Lunch with Priya Nair about item {i}.\n")
    return root


def _open(root: Path) -> Memory:
    over = {
        "embedding": {"provider": "none"},
        "history": {"git": False},
        "entities": {"aliases": {"Robert Ruiz": ["Bob"]}},
    }
    return Memory.open(root, Config().merged(over), create=True)


def _rows(mem: Memory) -> tuple[list[object], list[object], list[object]]:
    store = mem.store
    assert keeps_views(store)  # every reader's gate: builds what is pending
    return store.mention_rows(), store.relation_rows(), store.fact_rows()  # type: ignore[attr-defined]


def test_a_first_index_leaves_the_views_pending_and_an_entity_query_builds_them(many: Path) -> None:
    with _open(many) as mem:
        report = mem.index()
        assert report.added == indexer.DEFER_VIEWS_FILES + 3
        assert mem.status().extra["views_pending"] == report.added
        bob = mem.entity("bob", sync=False)
        assert bob.entity.name == "Robert Ruiz" and bob.entity.mentions == 2
        assert [t["citation"] for t in bob.timeline] == ["MEMORY.md#L2", "memory/2026-03-02.md#L4"]
        preds = {(r["subject"], r["predicate"], r["object"]) for r in bob.relations}
        assert ("Robert Ruiz", "works_at", "Northwind Labs") in preds
        assert mem.entity("Priya Nair", sync=False).entity.files == indexer.DEFER_VIEWS_FILES
        assert mem.status().extra["views_pending"] == 0
        assert pending_views(mem.store) == []


def test_built_views_have_the_rows_an_inline_extraction_writes(
    many: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _open(many) as mem:
        mem.index()
        deferred = _rows(mem)  # the gate builds them
    os.rename(many / ".mdrecall", tmp_path / "deferred-index")
    monkeypatch.setattr(indexer, "DEFER_VIEWS_FILES", 10**6)
    with _open(many) as mem:
        mem.index()
        assert mem.status().extra["views_pending"] == 0
        inline = _rows(mem)
    assert deferred == inline and all(deferred)


def test_a_search_after_a_first_index_marks_the_superseded_line(many: Path) -> None:
    with _open(many) as mem:
        mem.index()
        assert pending_views(mem.store)
        hits = mem.search("production deploy days", max_results=5, min_score=0.0, sync=False)
        old = next(h for h in hits if h.path == "MEMORY.md")
        assert old.superseded == "memory/2026-11-23.md#L3 (2026-11-23)"
        assert pending_views(mem.store) == []


def test_as_of_after_a_first_index_answers_from_the_built_views(many: Path) -> None:
    with _open(many) as mem:
        mem.index()
        assert pending_views(mem.store)
        hits = mem.search("retries", min_score=0.0, entity="Robert Ruiz", as_of="2026-12-01", sync=False)
        assert [h.path for h in hits] == ["memory/2026-03-02.md"]
        assert pending_views(mem.store) == []


def test_a_file_changed_after_the_index_is_built_from_its_indexed_text(many: Path) -> None:
    """The views are extracted from the text the sync recorded, so they agree with the chunks."""
    with _open(many) as mem:
        mem.index()
        write(many, "memory/2026-03-02.md", "# 2026-03-02\n\n- Nothing about anyone.\n")
        bob = mem.entity("Robert Ruiz", sync=False)
        assert "memory/2026-03-02.md#L4" in [t["citation"] for t in bob.timeline]
        mem.index()  # the edit is one file: extracted inline
        bob = mem.entity("Robert Ruiz", sync=False)
        assert [t["citation"] for t in bob.timeline] == ["MEMORY.md#L2"]


def test_a_long_lived_process_builds_the_pending_views_in_the_background(many: Path) -> None:
    from mdrecall.index.backfill import Backfiller

    with _open(many) as mem:
        mem.index()
        assert pending_views(mem.store)
        worker = Backfiller(mem).start()
        try:
            deadline = time.monotonic() + 30
            while worker.state["views_built"] == 0 and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            assert worker.stop()
        assert worker.state["views_built"] == indexer.DEFER_VIEWS_FILES + 3
        assert pending_views(mem.store) == []  # built: nothing left for a reader to do
        assert mem.entity("Robert Ruiz", sync=False).entity.mentions == 2


def test_the_cli_says_the_views_wait_for_first_use_and_when_a_search_builds_them(tmp_path: Path) -> None:
    """`index` names the files whose views wait; a search that must build many first says so (and then
    none waits); a search with nothing pending says nothing."""
    from helpers import run_cli

    root = tmp_path / "ws"
    for day in range(1, 211):
        write(
            root,
            f"memory/2025-{1 + day // 28:02d}-{1 + day % 28:02d}.md",
            f"# Day {day}\n\n- Kestrel note {day}.\n",
        )
    out = run_cli("-w", str(root), "init")
    out = run_cli("-w", str(root), "index")
    assert out.returncode == 0
    assert "file(s) are built on first use" in out.stderr
    first = run_cli("-w", str(root), "search", "Kestrel", "--mode", "bm25")
    assert "building the entity and fact views of" in first.stderr
    again = run_cli("-w", str(root), "search", "Kestrel", "--mode", "bm25")
    assert "building" not in again.stderr
    with Memory.open(root) as mem:
        assert pending_views(mem.store) == []


def _old_index(root: Path) -> dict[str, int]:
    """Turn the workspace's index into one an mdrecall before schema 12 left: its pending marks in one JSON
    meta value (path → mark), no table; returns the marks."""
    import json
    import sqlite3

    conn = sqlite3.connect(root / ".mdrecall" / "index.sqlite", isolation_level=None)
    marks = {p: int(m) for p, m in conn.execute("SELECT path, mark FROM views_pending")}
    conn.execute("BEGIN")
    conn.execute("DROP TABLE views_pending")
    conn.execute("INSERT INTO meta(key, value) VALUES ('views_pending', ?)", (json.dumps(marks),))
    conn.execute("PRAGMA user_version = 11")
    conn.execute("COMMIT")
    conn.close()
    return marks


def test_an_index_that_kept_the_marks_as_json_keeps_them_pending(many: Path) -> None:
    """Migration 12 turns the JSON meta value into rows: the same files stay pending with the same marks,
    ``status`` counts them, and the first reader builds them."""
    with _open(many) as mem:
        mem.index()
        assert (many / ".mdrecall" / "index.sqlite").exists()
    marks = _old_index(many)
    assert len(marks) == indexer.DEFER_VIEWS_FILES + 3
    with _open(many) as mem:
        assert mem.store.get_meta("views_pending") is None
        assert dict(mem.store.views_pending()) == marks  # type: ignore[attr-defined]
        assert mem.status().extra["views_pending"] == len(marks)
        assert mem.entity("Robert Ruiz", sync=False).entity.mentions == 2
        assert pending_views(mem.store) == []


def test_a_sync_stopped_midway_leaves_every_file_it_wrote_pending(many: Path) -> None:
    """Each file is marked before its batch is written: whatever a stopped sync wrote is pending, and the
    next sync and the first reader end with the rows a full index has."""
    with _open(many) as mem:

        def stop(done: int, total: int, path: str) -> None:
            if done == indexer.BATCH_FILES + 1:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            mem.index(progress=stop)
        written = set(mem.store.file_records())
        assert len(written) == indexer.BATCH_FILES  # the first batch landed, the second did not
        assert written <= set(pending_views(mem.store))
        mem.index()
        assert mem.status().extra["views_pending"] == indexer.DEFER_VIEWS_FILES + 3
        assert mem.entity("Robert Ruiz", sync=False).entity.mentions == 2
        assert mem.entity("Priya Nair", sync=False).entity.files == indexer.DEFER_VIEWS_FILES


def test_a_build_stopped_midway_keeps_what_it_built_and_the_rest_pending(
    many: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdrecall.knowledge import refresh

    extract = refresh.extract_views
    calls = []

    def dies(
        path: str,
        text: str | None,
        day: str | None,
        reference: object = None,
        order: object = None,
        country: object = None,
    ) -> object:
        calls.append(path)
        if len(calls) > 16 + 3:  # in the second batch
            raise KeyboardInterrupt
        return extract(path, text, day, reference, order, country)

    with _open(many) as mem:
        mem.index()
        total = len(pending_views(mem.store))
        monkeypatch.setattr(refresh, "_BUILD_FILES", 16)
        monkeypatch.setattr(refresh, "extract_views", dies)
        with pytest.raises(KeyboardInterrupt):
            refresh.build_views(mem.store)
        monkeypatch.setattr(refresh, "extract_views", extract)
        left = pending_views(mem.store)
        assert len(left) == total - refresh._BUILD_FILES and set(left).isdisjoint(
            calls[: refresh._BUILD_FILES]
        )
        assert refresh.build_views(mem.store) == len(left)
        assert mem.entity("Priya Nair", sync=False).entity.files == indexer.DEFER_VIEWS_FILES


def _meanwhile(monkeypatch: pytest.MonkeyPatch, action: object) -> None:
    """Run ``action`` (another process's work) once, while the build extracts its first file."""
    from mdrecall.knowledge import refresh

    extract = refresh.extract_views
    done: list[bool] = []

    def first(
        path: str,
        text: str | None,
        day: str | None,
        reference: object = None,
        order: object = None,
        country: object = None,
    ) -> object:
        if not done:
            done.append(True)
            action()  # type: ignore[operator]
        return extract(path, text, day, reference, order, country)

    monkeypatch.setattr(refresh, "extract_views", first)


def test_a_file_marked_again_while_the_views_are_built_stays_pending(
    many: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process re-indexes MEMORY.md (deferring its views) while the build reads its old text: the
    build does not write the old text's rows over it, and the next reader builds it from the new text."""
    from mdrecall.knowledge.refresh import build_views

    def reindex() -> None:
        write(many, "MEMORY.md", "# Team\n- Robert Ruiz moved to Lisbon.\n")
        with _open(many) as other, monkeypatch.context() as mp:
            mp.setattr(indexer, "DEFER_VIEWS_FILES", 0)
            assert other.index().updated == 1

    with _open(many) as mem:
        mem.index()
        _meanwhile(monkeypatch, reindex)
        built = build_views(mem.store)
        assert built == indexer.DEFER_VIEWS_FILES + 2 and pending_views(mem.store) == ["MEMORY.md"]
        rels = {
            (r["subject"], r["predicate"], r["object"])
            for r in mem.entity("Robert Ruiz", sync=False).relations
        }
        assert ("Robert Ruiz", "works_at", "Northwind Labs") not in rels
        assert pending_views(mem.store) == []


def test_a_file_read_again_inline_while_the_views_are_built_keeps_its_new_rows(
    many: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process re-indexes MEMORY.md inline (a one-file sync extracts its views at once) while the
    build reads its old text: the build must not write the old text's rows over the new ones."""
    from mdrecall.knowledge.refresh import build_views

    def reindex() -> None:
        write(many, "MEMORY.md", "# Team\n- Robert Ruiz moved to Lisbon.\n")
        with _open(many) as other:
            assert other.index().updated == 1

    with _open(many) as mem:
        mem.index()
        _meanwhile(monkeypatch, reindex)
        build_views(mem.store)
        assert pending_views(mem.store) == []
        bob = mem.entity("Robert Ruiz", sync=False)
        assert [t["citation"] for t in bob.timeline] == ["MEMORY.md#L2", "memory/2026-03-02.md#L4"]
        rels = {(r["subject"], r["predicate"], r["object"]) for r in bob.relations}
        assert ("Robert Ruiz", "works_at", "Northwind Labs") not in rels


def _more_than_a_search_builds(root: Path) -> int:
    """Notes past the pending views a search still builds itself (``INLINE_BUILD_FILES``)."""
    from mdrecall.knowledge.refresh import INLINE_BUILD_FILES

    extra = INLINE_BUILD_FILES + 20 - indexer.DEFER_VIEWS_FILES
    for i in range(indexer.DEFER_VIEWS_FILES, indexer.DEFER_VIEWS_FILES + extra):
        write(root, f"memory/notes/n{i:03}.md", f"# Note {i}\n\n- Lunch with Priya Nair about item {i}.\n")
    return INLINE_BUILD_FILES + 23


def test_a_search_that_leaves_the_views_to_another_thread_answers_at_once_and_says_so(many: Path) -> None:
    """Before, a search waited for every pending view (minutes at 100,000 files, also when a server
    was about to build them); under ``views_in_background`` it answers from the keyword index and says how
    many files wait. With a few files pending it still builds them itself."""
    from mdrecall.knowledge.refresh import pending_count, views_in_background

    pending = _more_than_a_search_builds(many)
    with _open(many) as mem:
        mem.index()
        assert pending_count(mem.store) == pending
        with views_in_background() as skipped:
            hits = mem.search("production deploy days", max_results=5, min_score=0.0, sync=False)
        assert skipped == [pending] and pending_count(mem.store) == pending  # nothing built here
        assert {h.path for h in hits} >= {"MEMORY.md", "memory/2026-11-23.md"}
        hits = mem.search("production deploy days", max_results=5, min_score=0.0, sync=False)
        old = next(h for h in hits if h.path == "MEMORY.md")  # outside the block: built, then marked
        assert old.superseded and pending_count(mem.store) == 0
    with _open(many) as mem:  # few pending: built in the block too
        mem.remember("Lunch with Priya Nair about the roadmap.")
        with views_in_background() as skipped:
            assert mem.entity("Priya Nair").entity.files == pending - 3 + 1
        assert skipped == []


def test_a_first_search_that_starts_the_server_leaves_the_views_to_it(many: Path) -> None:
    """The one-shot search with auto-start on answers without building the views (it says so), and the
    server it starts builds them in the background."""
    import json
    import signal

    from helpers import auto_servers, run_cli, run_process, until

    pending = _more_than_a_search_builds(many)
    assert run_cli("-w", str(many), "index").returncode == 0
    env = {"MDRECALL_SERVE_AUTO": "on", "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "0.2"}
    try:
        first = run_process("-w", str(many), "search", "production deploy days", env=env)
        assert first.returncode == 0 and "MEMORY.md" in first.stdout
        started = (
            f"views of {pending:,} file(s) will be built in the background by the server this search starts"
        )
        assert started in first.stderr
        assert "building the entity and fact views" not in first.stderr

        def built() -> bool:
            out = run_process("-w", str(many), "status", "--json", env={"MDRECALL_SERVE_AUTO": "off"})
            return json.loads(out.stdout).get("views_pending") == 0

        assert until(built, timeout=60)
    finally:
        for pid in auto_servers(many):
            os.kill(pid, signal.SIGKILL)


def test_a_search_whose_server_could_not_start_builds_the_views_itself(many: Path) -> None:
    """Before: when the server a search starts could not start (here ``serve.sock`` is a file of the
    user's), every later search still said the views "are being built in the background" and left them
    pending, so no search marked a superseded fact again (fault round 7). Once the last start failed, a
    search builds them itself."""
    import json

    from helpers import run_process, until

    pending = _more_than_a_search_builds(many)
    assert run_process("-w", str(many), "index", env={"MDRECALL_SERVE_AUTO": "off"}).returncode == 0
    state = many / ".mdrecall"
    (state / "serve.sock").write_text("the user's file\n")
    env = {"MDRECALL_SERVE_AUTO": "on", "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "0.2"}
    first = run_process("-w", str(many), "search", "production deploy days", env=env)
    assert first.returncode == 0 and "MEMORY.md" in first.stdout
    # Before, this first search said they "are being built" by a server that then never started.
    assert "will be built in the background by the server" in first.stderr, first.stderr
    assert "are being built" not in first.stderr
    log = state / "serve-auto.log"
    assert until(lambda: log.exists() and "not started" in log.read_text(), timeout=30)
    an_hour_ago = time.time() - 3600
    os.utime(state / "serve-auto.stamp", (an_hour_ago, an_hour_ago))  # a start may be tried again
    again = run_process("-w", str(many), "search", "production deploy days", env=env)
    assert again.returncode == 0 and "MEMORY.md" in again.stdout
    assert "being built in the background" not in again.stderr
    status = run_process("-w", str(many), "status", "--json", env={"MDRECALL_SERVE_AUTO": "off"})
    assert json.loads(status.stdout)["views_pending"] == 0, pending
    assert (state / "serve.sock").read_text() == "the user's file\n"
