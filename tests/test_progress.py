"""Progress of long work: rate and ETA, a terminal line, JSON lines at most once a second."""

from __future__ import annotations

import io
import json

from mdrecall.plugins.progress import JsonProgress, RateMeter, TerminalProgress, format_eta, progress_for


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_rate_and_eta_follow_recent_speed() -> None:
    clock = Clock()
    meter = RateMeter(clock, window_s=10)
    assert meter.update(0, 100, "embedding (local)").rate is None
    for done in range(10, 60, 10):  # 10 texts/s for 5 s
        clock.t += 1
        snap = meter.update(done, 100, "embedding (local)")
    assert snap.rate == 10 and snap.eta_s == 5.0 and snap.phase == "embedding"
    for done in range(70, 100, 10):  # slows to 2 texts/s: the window forgets the fast start
        clock.t += 5
        snap = meter.update(done, 100, "embedding (local)")
    assert snap.rate is not None and snap.rate < 4
    assert snap.eta_s is not None and snap.eta_s > 2


def test_a_new_phase_starts_its_own_clock() -> None:
    clock = Clock()
    meter = RateMeter(clock)
    meter.update(1, 2, "memory/a.md")
    clock.t += 10
    meter.update(2, 2, "memory/b.md")
    clock.t += 1
    snap = meter.update(8, 100, "embedding (local)")
    assert snap.phase == "embedding" and snap.elapsed_s == 0 and snap.rate is None
    clock.t += 2
    snap = meter.update(28, 100, "embedding (local)")
    assert snap.rate == 10 and snap.eta_s == 7.2  # (100 - 28) / 10


def test_json_lines_at_most_once_a_second_plus_each_phase_end() -> None:
    clock = Clock()
    out = io.StringIO()
    progress = JsonProgress(out, clock=clock)
    for done in range(1, 101):  # 100 calls over 5 s
        clock.t += 0.05
        progress(done, 100, "embedding (local)")
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert 5 <= len(events) <= 7
    assert events[-1]["done"] == 100 and events[-1]["total"] == 100 and events[-1]["eta_s"] == 0
    assert all(e["event"] == "progress" and e["phase"] == "embedding" for e in events)
    times = [e["elapsed_s"] for e in events[:-1]]
    assert all(b - a >= 1 for a, b in zip(times, times[1:], strict=False))


def test_terminal_line_shows_done_total_rate_and_eta() -> None:
    clock = Clock()
    out = io.StringIO()
    bar = TerminalProgress(out, clock=clock)
    bar(0, 2000, "embedding (local)")
    clock.t += 10
    bar(500, 2000, "embedding (local)")
    line = out.getvalue().split("\r")[-1]
    assert "500/2,000" in line and "50/s" in line and "ETA    0:30" in line
    bar.finish()
    assert out.getvalue().endswith("\r")


def test_off_a_terminal_progress_is_json_lines() -> None:
    assert isinstance(progress_for(io.StringIO()), JsonProgress)
    assert format_eta(None) == "?" and format_eta(65) == "1:05" and format_eta(3725) == "1:02:05"
