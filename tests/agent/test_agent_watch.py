"""The file watcher: native events (recursive), polling, refused OS watches, a dead observer, health in
``status``, and `mdrecall watch` through the real entry point."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from agent_helpers import isolated_env

from mdrecall import Config, Memory
from mdrecall.services.watch import HEARTBEAT_S, Watcher, watcher_health

from helpers import mdrecall_argv, write
from helpers import until as _until

pytestmark = pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")  # watchdog's own race

NO_LAZY = {"index": {"sync_on_search": False}, "embedding": {"provider": "none"}}


def _found(mem: Memory, query: str, path: str) -> Callable[[], bool]:
    return lambda: any(h.path == path for h in mem.search(query))


@pytest.mark.parametrize("backend", ["auto", "polling"])
def test_changes_are_reindexed_in_the_background(ws: Path, backend: str) -> None:
    if backend == "auto":
        pytest.importorskip("watchdog")
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        w = Watcher(mem, debounce_s=0.1, backend=backend, poll_interval_s=0.1).start()
        try:
            assert w.state["state"] == ("watching" if backend == "auto" else "polling")
            assert _until(_found(mem, "Kestrel", "memory/projects/kestrel.md"))  # the initial sync
            write(ws, "memory/a/b/c/deep.md", "# Deep\nThe narwhal migration happens in spring.\n")
            assert _until(_found(mem, "narwhal", "memory/a/b/c/deep.md"))
            (ws / "memory" / "2026-01-27.md").unlink()
            assert _until(lambda: not _found(mem, "onboarding funnel", "memory/2026-01-27.md")())
            write(ws, "MEMORY.md", "# Long-term memory\n- Prefers oolong tea.\n")
            assert _until(_found(mem, "oolong", "MEMORY.md"))
            assert watcher_health(mem.store)["state"] in ("watching", "polling")
            assert w.state["syncs"] >= 3
        finally:
            w.stop()
        assert watcher_health(mem.store)["state"] == "stopped"


def test_a_burst_of_changes_is_debounced_into_few_syncs(ws: Path) -> None:
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        mem.index()
        reports = []
        w = Watcher(mem, debounce_s=0.4, backend="polling", poll_interval_s=0.05, on_sync=reports.append)
        w._initial_sync = False
        w.start()
        try:
            for i in range(8):
                write(ws, f"memory/burst-{i}.md", f"# Burst {i}\nquokka {i}\n")
                time.sleep(0.05)
            assert _until(lambda: len(mem.store.file_records(source="memory")) == 12)
            time.sleep(0.6)
        finally:
            w.stop()
        assert 1 <= len(reports) <= 2
        assert sum(r.added for r in reports) == 8


def test_refused_os_watches_fall_back_to_polling_and_say_so(ws: Path) -> None:
    def refusing_observer() -> object:
        class Refusing:
            def schedule(self, *a: object, **k: object) -> None:
                raise OSError(errno.ENOSPC, "inotify watch limit reached")

        return Refusing()

    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        w = Watcher(mem, debounce_s=0.1, poll_interval_s=0.1, observer_factory=refusing_observer).start()
        try:
            health = mem.status().extra["watcher"]
            assert health["state"] == "polling"
            assert "inotify watch limit reached" in health["note"]
            write(ws, "memory/fresh.md", "# Fresh\nplatypus sighting\n")
            assert _until(_found(mem, "platypus", "memory/fresh.md"))
        finally:
            w.stop()


def test_a_dead_native_observer_is_replaced_by_polling(ws: Path) -> None:
    pytest.importorskip("watchdog")
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        w = Watcher(mem, debounce_s=0.1, poll_interval_s=0.1).start()
        try:
            assert w.state["state"] == "watching"
            assert _until(lambda: w.state["syncs"] >= 1)  # the initial sync is done
            w._observer.stop()
            w._observer.join(5)
            w.notify()  # wake the worker, which notices the observer is gone
            assert _until(lambda: w.state["backend"] == "polling")
            assert "native watcher stopped" in w.state["note"]
            write(ws, "memory/later.md", "# Later\naxolotl facts\n")
            assert _until(_found(mem, "axolotl", "memory/later.md"))
        finally:
            w.stop()


def test_status_reports_a_dead_watcher_as_stale(ws: Path) -> None:
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        assert mem.status().extra["watcher"]["state"] == "not running"
        dead = subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
        )
        state = {
            "state": "watching",
            "pid": int(dead.stdout),
            "host": os.uname().nodename,
            "heartbeat": time.time(),
        }
        mem.store.set_meta("watcher", json.dumps(state))
        health = mem.status().extra["watcher"]
        assert health["state"] == "stale" and "searches still sync lazily" in health["note"]
        state.update(pid=os.getpid(), heartbeat=time.time() - HEARTBEAT_S * 10)
        mem.store.set_meta("watcher", json.dumps(state))
        assert watcher_health(mem.store)["state"] == "stale"


def test_failed_reindex_is_reported_and_watching_goes_on(ws: Path) -> None:
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        w = Watcher(mem, debounce_s=0.05, backend="polling", poll_interval_s=0.05)
        real = mem.index
        calls = {"n": 0}

        def flaky(*a: object, **k: object) -> object:
            calls["n"] += 1
            if calls["n"] == 1:
                raise RuntimeError("disk on fire")
            return real(*a, **k)

        mem.index = flaky  # type: ignore[method-assign]
        w.start()
        try:
            assert _until(lambda: calls["n"] >= 1 and "disk on fire" in (w.state["error"] or ""))
            write(ws, "memory/retry.md", "# Retry\nwombat\n")
            assert _until(_found(mem, "wombat", "memory/retry.md"))
            # a search may index the new file before the watcher's debounced re-index runs
            assert _until(lambda: w.state["error"] is None and w.healthy)
        finally:
            w.stop()


def test_watch_command_reindexes_and_stops_cleanly(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "watch", "--debounce", "0.1", "--json"),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = json.loads(proc.stdout.readline())  # type: ignore[union-attr]
        assert first["added"] == 4
        time.sleep(0.3)
        write(ws, "memory/2026-02-01.md", "# 2026-02-01\nCapybara day\n")
        second = json.loads(proc.stdout.readline())  # type: ignore[union-attr]
        assert second["added"] == 1
    finally:
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(20)
    assert rc == 0
    assert "mdrecall: watching" in proc.stderr.read()  # type: ignore[union-attr]
    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        assert mem.status().extra["watcher"]["state"] == "stopped"


def test_without_watchdog_it_polls_and_names_the_extra(ws: Path) -> None:
    def missing() -> object:
        raise ImportError("No module named 'watchdog'")

    with Memory.open(ws, Config().merged(NO_LAZY)) as mem:
        w = Watcher(mem, observer_factory=missing, initial_sync=False).start()
        try:
            assert w.state["state"] == "polling" and "mdrecall[watch]" in w.state["note"]
        finally:
            w.stop()


def test_a_clean_native_watcher_spares_a_one_shot_search_the_walk(ws: Path) -> None:
    """While a native watcher on this machine reports no change since its last sync, a search's sync
    does not check the files; an edit makes it check them at once, until the watcher synced again; a
    polling watcher, a stopped one and a dead one's record never vouch."""
    pytest.importorskip("watchdog")
    from mdrecall.index.indexer import sync_check
    from mdrecall.index.watch_health import META_KEY

    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        w = Watcher(mem, debounce_s=0.3, backend="auto", poll_interval_s=0.1).start()
        try:
            assert _until(lambda: w.state.get("clean") is True)
            ok, why = sync_check(mem.workspace, mem.store, mem.config)
            assert ok and "watcher" in why
            path = ws / "memory" / "projects" / "kestrel.md"
            with path.open("a", encoding="utf-8") as fh:  # an edit in place: no folder changes
                fh.write("The albatross review is on Monday.\n")
            assert _until(lambda: "watcher" not in sync_check(mem.workspace, mem.store, mem.config)[1], 2.0)
            assert _until(lambda: w.state.get("clean") is True)
            assert any(h.path == "memory/projects/kestrel.md" for h in mem.search("albatross"))
        finally:
            w.stop()
        assert "watcher" not in sync_check(mem.workspace, mem.store, mem.config)[1]  # stopped
        record = json.loads(mem.store.get_meta(META_KEY) or "{}")
        dead = {**record, "state": "watching", "clean": True, "pid": 2**22 + 7, "heartbeat": time.time()}
        mem.store.set_meta(META_KEY, json.dumps(dead))
        assert "watcher" not in sync_check(mem.workspace, mem.store, mem.config)[1]  # not alive
        w = Watcher(mem, debounce_s=0.1, backend="polling", poll_interval_s=0.1).start()
        try:
            assert _until(lambda: w.state["syncs"] >= 1)
            assert w.state.get("clean") is False
            assert "watcher" not in sync_check(mem.workspace, mem.store, mem.config)[1]
        finally:
            w.stop()


def test_a_clean_record_without_its_watcher_vouches_for_nothing(ws: Path, tmp_path: Path) -> None:
    """Fault round 4: a record that says clean, beating, with a live pid (this process's) but no watcher
    holding the workspace's watch lock, and the record of a live watcher copied with its workspace
    (``cp -r`` while it runs) into another folder, never spare a search the walk."""
    pytest.importorskip("watchdog")
    import shutil
    from datetime import date

    from mdrecall.index.indexer import sync_check
    from mdrecall.index.watch_health import META_KEY, host_name

    cfg = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(ws, cfg) as mem:
        mem.index()
        forged = {
            "state": "watching",
            "clean": True,
            "heartbeat": time.time(),
            "host": host_name(),
            "pid": os.getpid(),
            "root": os.path.realpath(ws),
            "synced_day": date.today().isoformat(),
        }
        mem.store.set_meta(META_KEY, json.dumps(forged))
        assert "watcher" not in sync_check(mem.workspace, mem.store, mem.config)[1]
        w = Watcher(mem, debounce_s=0.1, backend="auto", poll_interval_s=0.1).start()
        try:
            assert _until(lambda: w.state.get("clean") is True)
            assert "watcher" in sync_check(mem.workspace, mem.store, mem.config)[1]  # the real one vouches
            copy = tmp_path / "copy"
            shutil.copytree(ws, copy, ignore=shutil.ignore_patterns("serve.sock*"))
            write(copy, "memory/2026-02-02.md", "# 2026-02-02\nThe zzincopy note\n")
            with Memory.open(copy, cfg) as other:
                assert "watcher" not in sync_check(other.workspace, other.store, other.config)[1]
                assert any(h.path == "memory/2026-02-02.md" for h in other.search("zzincopy"))
        finally:
            w.stop()
