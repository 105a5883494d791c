"""Keep the index fresh without asking: watch the memory files, re-index after a quiet period.

Watched: ``MEMORY.md`` (the workspace root, not recursive), ``memory/`` and the extra paths
(recursive, on Linux too), the transcript folders when sessions are on, and the folders of
``capture.transcripts``, whose transcripts are captured turn by turn into ``memory/conversations/``
before each re-index (:mod:`mdrecall.capture.turns`). Native OS events come from
``watchdog`` (``pip install 'mdrecall[watch]'``); without it, or when the OS refuses watches (inotify
limits), the watcher polls the files' stats instead and says so. Changes are debounced
(``watch.debounce_s``), then :meth:`Memory.index` runs in a background thread. Every
``watch.poll_interval_s`` the native watcher also checks that each watched folder is still the one it
armed (same device and inode): a folder deleted and recreated (the whole workspace, or ``memory/``) no
longer sends events to the old watch, so it is re-armed on the new folder and the files re-synced.

The watcher's health is written to the store (meta key ``watcher``) with a heartbeat, so ``status``
in any process shows it, and shows a watcher that died as ``stale``. Searches still sync lazily
(``index.sync_on_search``), so a dead watcher never means silently stale results.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdrecall.index.watch_health import HEARTBEAT_S, META_KEY, hold_watch_lock, host_name, watcher_health

if TYPE_CHECKING:
    from mdrecall.index.backfill import Backfiller
    from mdrecall.memory import Memory
    from mdrecall.models import IndexReport

__all__ = ["HEARTBEAT_S", "Watcher", "watch_targets", "watcher_health"]

_SUFFIXES = (".md", ".jsonl", ".json")


def watch_targets(memory: Memory) -> list[tuple[Path, bool]]:
    """``(folder, recursive)`` pairs to watch for a workspace."""
    from mdrecall.index.sessions import transcript_roots

    ws = memory.workspace
    out: list[tuple[Path, bool]] = [(ws.root, False)]
    roots = [ws.memory_dir, *ws.extra_roots]
    if memory.config.sessions.enabled:
        roots += transcript_roots(ws, memory.config)
    for raw in memory.config.capture.transcripts:
        p = Path(raw).expanduser()
        roots.append(p if p.is_absolute() else ws.root / p)
    for root in roots:
        if root.is_dir():
            out.append((root, True))
        elif root.is_file():
            out.append((root.parent, False))
    return out


class Watcher:
    """Re-index a :class:`~mdrecall.Memory` in the background when its files change.

    ``backend`` is ``auto`` (native events, else polling), ``native`` or ``polling``.
    ``on_sync(report)`` is called after each re-index (from the watcher thread). With ``initial_sync``
    the index is brought up to date once right after :meth:`start`.
    """

    def __init__(
        self,
        memory: Memory,
        *,
        debounce_s: float | None = None,
        backend: str | None = None,
        poll_interval_s: float | None = None,
        on_sync: Callable[[IndexReport], None] | None = None,
        observer_factory: Callable[[], Any] | None = None,
        initial_sync: bool = True,
        backfill: Backfiller | None = None,
    ) -> None:
        cfg = memory.config.watch
        self.memory = memory
        self.debounce_s = cfg.debounce_s if debounce_s is None else debounce_s
        self.backend = backend or cfg.backend
        self.poll_interval_s = cfg.poll_interval_s if poll_interval_s is None else poll_interval_s
        self.on_sync = on_sync
        self._observer_factory = observer_factory
        self._initial_sync = initial_sync
        self.backfill = backfill
        self._observer: Any = None
        self._watched: dict[Path, tuple[Any, tuple[int, int]]] = {}  # folder -> (watch, (dev, inode))
        self._changed = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._signature: int | None = None
        self.state: dict[str, Any] = {
            "state": "stopped",
            "backend": None,
            "pid": os.getpid(),
            "host": host_name(),
            "root": os.path.realpath(memory.workspace.root),
            "debounce_s": self.debounce_s,
            "started_at": None,
            "heartbeat": None,
            "last_event": None,
            "last_sync": None,
            "syncs": 0,
            "error": None,
            "note": None,
            "clean": False,  # native events, and no change since the last sync began: searches skip the walk
        }
        self._events = 0
        self._first = False  # the first sync is due (no quiet period waited for it)
        self._lock_fd: int | None = None  # the watch lock, held while watching (searches trust only it)

    # ---- lifecycle ----------------------------------------------------------------------------------

    def start(self) -> Watcher:
        """Start watching (returns at once; the work happens in daemon threads)."""
        if self._thread is not None:
            return self
        self.state.update(state="starting", started_at=time.time(), error=None)
        self._lock_fd = hold_watch_lock(self.memory.workspace.root)
        if self.backend != "polling":
            self._start_native()
        if self._observer is None:
            self.state.update(state="polling", backend="polling")
            self._signature = self._stat_signature()
        self._publish()
        if self._initial_sync:
            self._first = True  # bring the index up to date once, in the background, at once
            self._changed.set()
        self._thread = threading.Thread(target=self._run, name="mdrecall-watch", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop watching and record it."""
        self._stop.set()
        self._changed.set()
        if self._observer is not None:
            try:
                self._observer.stop()
                self._observer.join(timeout)
            except Exception:  # noqa: BLE001 - stopping must not fail
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self.state.update(state="stopped", clean=False)
        self._publish()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def notify(self, path: str = "") -> None:
        """Mark a change (called by the native observer; usable by hosts that have their own events)."""
        if path and not self._relevant(path):
            return
        self._dirty()
        self._changed.set()

    def _dirty(self) -> None:
        """A change: searches check the files again until the next sync after it (said at once)."""
        self._events += 1
        self.state["last_event"] = time.time()
        if self.state.get("clean"):
            self.state["clean"] = False
            self._publish()

    @property
    def healthy(self) -> bool:
        """True while watching or polling."""
        return self.state["state"] in ("watching", "polling")

    # ---- native events ------------------------------------------------------------------------------

    def _start_native(self) -> None:
        try:
            if self._observer_factory is not None:
                observer = self._observer_factory()
            else:
                from watchdog.observers import Observer

                observer = Observer()
        except ImportError:
            note = "watchdog is not installed (pip install 'mdrecall[watch]'): polling instead"
            self.state["note"] = note
            return
        try:
            self._observer = observer
            self._schedule_missing()
            observer.start()
        except OSError as exc:
            self._observer = None
            self.state["note"] = f"the OS refused file watches ({exc.strerror or exc}): polling instead"
            return
        self.state.update(state="watching", backend=type(observer).__name__)

    def _schedule_missing(self) -> None:
        from watchdog.events import FileSystemEventHandler

        watcher = self

        class _Handler(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return
                if event.is_directory and event.event_type == "created":
                    watcher._dirty()
                    watcher._changed.set()
                for p in (event.src_path, getattr(event, "dest_path", "")):
                    if p:
                        watcher.notify(os.fsdecode(p))

        for folder, recursive in watch_targets(self.memory):
            ident = _identity(folder)
            if folder not in self._watched and ident is not None:
                watch = self._observer.schedule(_Handler(), str(folder), recursive=recursive)
                self._watched[folder] = (watch, ident)

    def _rearm(self) -> bool:
        """Drop the watches whose folder is gone or was replaced, arm the folders now there.

        Returns whether anything was re-armed (the files are then re-synced).
        """
        stale = [f for f, (_, ident) in self._watched.items() if _identity(f) != ident]
        for folder in stale:
            watch, _ = self._watched.pop(folder)
            with contextlib.suppress(Exception):  # its emitter may have stopped with the folder
                self._observer.unschedule(watch)
        before = set(self._watched)
        with contextlib.suppress(OSError):
            self._schedule_missing()
        return bool(stale) or set(self._watched) != before

    def _relevant(self, path: str) -> bool:
        """A Markdown or transcript file, or a folder, not inside a hidden folder (``.mdrecall/``)."""
        p = Path(path)
        rel = p
        for folder in sorted(self._watched, key=lambda f: len(str(f)), reverse=True):
            if p.is_relative_to(folder):
                rel = p.relative_to(folder)
                break
        if any(part.startswith(".") for part in rel.parts):
            return False
        return p.suffix.lower() in _SUFFIXES or not p.suffix

    # ---- the worker ---------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            next_beat = time.time() + HEARTBEAT_S
            while not self._stop.is_set():
                self._changed.wait(min(self.poll_interval_s, HEARTBEAT_S))
                if self._stop.is_set():
                    break
                if self.state["backend"] == "polling":
                    self._poll()
                else:
                    self._check_native()
                if self._changed.is_set():
                    if self._first:  # nothing to wait for: it proves the files unchanged (or syncs them)
                        self._first = False
                        self._changed.clear()
                        self._check_index()
                    else:
                        self._debounce()
                    if self._stop.is_set():
                        break
                    self._sync()
                if time.time() >= next_beat:
                    self._publish()
                    next_beat = time.time() + HEARTBEAT_S
        except Exception as exc:  # noqa: BLE001 - a dead watcher must say why, in status
            self.state.update(state="failed", error=f"{type(exc).__name__}: {exc}")
            self._publish()

    def _check_index(self) -> None:
        """Before the first sync: the index file's check for damage a search would not notice (the next
        sync rebuilds a damaged index from the Markdown; a failure here is only reported)."""
        try:
            self.memory.check_index()
        except Exception as exc:  # noqa: BLE001 - keep watching; status shows the error
            self.state["error"] = f"index check failed: {type(exc).__name__}: {exc}"

    def _debounce(self) -> None:
        first = time.monotonic()
        while not self._stop.is_set():
            self._changed.clear()
            if self._stop.wait(self.debounce_s):
                return
            quiet = not self._changed.is_set()
            if quiet or time.monotonic() - first > self.debounce_s * 10:
                return

    def _sync(self) -> None:
        try:
            if self._observer is not None:
                self._schedule_missing()
            seen = self._events
            captured = self._capture()
            # With a backfiller the watcher only syncs files (it stays responsive to changes); the
            # backfiller embeds the new chunks. Without one, the re-index embeds them here.
            report = self.memory.index(embed=self.backfill is None)
            report.warnings.extend(captured)
            if self.backfill is not None:
                self.backfill.notify()
        except Exception as exc:  # noqa: BLE001 - keep watching; status shows the error
            self.state["error"] = f"re-index failed: {type(exc).__name__}: {exc}"
            self._publish()
            return
        clean = (
            self.state["state"] == "watching"
            and self._lock_fd is not None
            and self._events == seen
            and not self._changed.is_set()
        )
        self.state.update(
            last_sync=time.time(),
            syncs=self.state["syncs"] + 1,
            error=None,
            clean=clean,
            synced_day=date.today().isoformat(),
        )
        self._publish()
        if self.on_sync is not None:
            self.on_sync(report)

    def _capture(self) -> list[str]:
        """Capture the transcripts of ``capture.transcripts`` turn by turn; returns warnings."""
        cfg = self.memory.config
        if not cfg.capture.transcripts or not cfg.capture.turns:
            return []
        from mdrecall.capture.turns import capture_folders

        return capture_folders(self.memory.workspace, cfg).warnings

    def _check_native(self) -> None:
        if self._observer is not None and not self._observer.is_alive():
            self._observer = None
            self.state.update(
                state="polling",
                backend="polling",
                note="the native watcher stopped: polling instead",
                clean=False,
            )
            self._signature = self._stat_signature()
            self._changed.set()
        elif self._observer is not None and self._rearm():
            self._dirty()
            self._changed.set()

    def _poll(self) -> None:
        sig = self._stat_signature()
        if sig != self._signature:
            self._signature = sig
            self._dirty()
            self._changed.set()

    def _stat_signature(self) -> int:
        from mdrecall.index.sessions import discover_transcripts

        items = [(f.key, f.mtime_ns, f.size) for f in self.memory.workspace.discover()]
        if self.memory.config.sessions.enabled:
            for key, p in discover_transcripts(self.memory.workspace, self.memory.config).items():
                try:
                    st = p.stat()
                except OSError:
                    continue
                items.append((key, st.st_mtime_ns, st.st_size))
        if self.memory.config.capture.transcripts:
            from mdrecall.capture.turns import transcript_files

            for p in transcript_files(self.memory.workspace, self.memory.config):
                with contextlib.suppress(OSError):
                    st = p.stat()
                    items.append((str(p), st.st_mtime_ns, st.st_size))
        return hash(tuple(sorted(items)))

    def _publish(self) -> None:
        self.state["heartbeat"] = time.time()
        with contextlib.suppress(Exception):  # health is best effort; the watcher itself goes on
            self.memory.store.set_meta(META_KEY, json.dumps(self.state))


def _identity(folder: Path) -> tuple[int, int] | None:
    """``(device, inode)`` of a folder (not following a symlink), or ``None`` when it is not one."""
    try:
        st = folder.lstat()
    except OSError:
        return None
    import stat

    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None
