"""Progress of long work (indexing, embedding) that people and programs can follow.

A :data:`~mdrecall.models.ProgressCallback` is called as ``progress(done, total, label)``. The
trackers here turn those calls into what a person or a program reads:

- :class:`RateMeter`: done/total, the rate over the last seconds and the ETA of one phase (a phase
  starts again when ``total`` or the kind of label changes, or ``done`` goes back);
- :class:`TerminalProgress`: one redrawn line, ``[####....] 512/2,000 embedding (local) 58/s ETA 0:25``;
- :class:`JsonProgress`: JSON lines (``{"event": "progress", "phase": ..., "done", "total", "rate",
  "eta_s"}``) at most once a second, plus the first and the last event of each phase;
- :func:`progress_for`: the one a command wants, for a stream that is or is not a terminal.

Pure library code: the CLI only chooses a stream.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

__all__ = ["JsonProgress", "RateMeter", "Snapshot", "TerminalProgress", "format_eta", "progress_for"]

#: Seconds of history the rate is measured over (recent speed, not the average since the start).
RATE_WINDOW_S = 20.0


@dataclass(frozen=True)
class Snapshot:
    """One reading of a phase: where it stands, how fast it goes, when it will end."""

    phase: str
    label: str
    done: int
    total: int
    elapsed_s: float
    rate: float | None  # items per second; None until two readings are apart in time
    eta_s: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (rounded)."""
        return {
            "event": "progress",
            "phase": self.phase,
            "label": self.label,
            "done": self.done,
            "total": self.total,
            "elapsed_s": round(self.elapsed_s, 2),
            "rate": None if self.rate is None else round(self.rate, 2),
            "eta_s": None if self.eta_s is None else round(self.eta_s, 1),
        }


def phase_of(label: str) -> str:
    """``embedding`` for the embedding step's labels, else ``files`` (labels are file keys)."""
    return label.split(" ", 1)[0] if label.startswith("embedding") else "files"


class RateMeter:
    """Rate and ETA of the current phase from ``(done, total, label)`` readings."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, window_s: float = RATE_WINDOW_S) -> None:
        self._clock = clock
        self._window_s = window_s
        self._phase: tuple[str, int] | None = None
        self._start = 0.0
        self._samples: deque[tuple[float, int]] = deque()

    def update(self, done: int, total: int, label: str) -> Snapshot:
        """Record a reading and return the phase's state."""
        now = self._clock()
        phase = (phase_of(label), total)
        if phase != self._phase or (self._samples and done < self._samples[-1][1]):
            self._phase, self._start = phase, now
            self._samples.clear()  # the rate is measured from the phase's first reading on
        self._samples.append((now, done))
        while len(self._samples) > 2 and now - self._samples[1][0] > self._window_s:
            self._samples.popleft()
        t0, d0 = self._samples[0]
        rate = (done - d0) / (now - t0) if now > t0 and done > d0 else None
        eta = (total - done) / rate if rate and total >= done else None
        return Snapshot(phase[0], label, done, total, now - self._start, rate, eta)


def format_eta(seconds: float | None) -> str:
    """``0:25``, ``12:03``, ``1:02:03``; ``?`` when unknown."""
    if seconds is None:
        return "?"
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class TerminalProgress:
    """A one-line bar on a terminal: done/total, label, rate and ETA; redrawn at most 10 times a second."""

    def __init__(self, stream: IO[str], clock: Callable[[], float] = time.monotonic, width: int = 24) -> None:
        self.stream = stream
        self.meter = RateMeter(clock)
        self._clock = clock
        self._width = width
        self._last_draw = -1.0
        self.shown = False

    def __call__(self, done: int, total: int, label: str) -> None:
        if total <= 0:
            return
        snap = self.meter.update(done, total, label)
        now = self._clock()
        if done < total and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        filled = int(self._width * min(done, total) / total)
        name = label if len(label) <= 32 else "…" + label[-31:]
        rate = f"{snap.rate:,.0f}/s" if snap.rate is not None else "…/s"
        line = (
            f"\r[{'#' * filled}{'.' * (self._width - filled)}] {done:,}/{total:,} {name:<32} "
            f"{rate:>8} ETA {format_eta(snap.eta_s):>7}"
        )
        self.stream.write(line)
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        """Clear the line (the command prints its one-line summary next)."""
        if self.shown:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
            self.shown = False


class JsonProgress:
    """JSON-lines progress events for programs: at most one per ``interval_s``, plus each phase's
    first (a program learns the phase and its total) and last."""

    def __init__(
        self, stream: IO[str], interval_s: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream
        self.meter = RateMeter(clock)
        self._clock = clock
        self._interval_s = interval_s
        self._last_emit: float | None = None
        self._phase: tuple[str, int] | None = None

    def __call__(self, done: int, total: int, label: str) -> None:
        if total <= 0:
            return
        phase = (phase_of(label), total)
        edge = done >= total or phase != self._phase
        self._phase = phase
        snap = self.meter.update(done, total, label)
        now = self._clock()
        if not edge and self._last_emit is not None and now - self._last_emit < self._interval_s:
            return
        self._last_emit = now
        self.stream.write(json.dumps(snap.to_dict()) + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Nothing to clear: every line is complete."""


def progress_for(stream: IO[str], *, json_lines: bool = False) -> TerminalProgress | JsonProgress:
    """A bar for a terminal; JSON lines when asked for or when ``stream`` is not a terminal."""
    is_tty = bool(getattr(stream, "isatty", lambda: False)())
    if json_lines or not is_tty:
        return JsonProgress(stream)
    return TerminalProgress(stream)
