"""The pre-compaction flush policy: threshold, once per compaction cycle (on disk), read-only, prompts."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from mdrecall.capture.flush import NO_REPLY, FlushPolicy, is_no_reply
from mdrecall.config.settings import FlushConfig


def test_threshold_uses_the_floor_and_the_soft_threshold(ws: Path) -> None:
    p = FlushPolicy.for_workspace(ws, 200_000, "s1")
    assert p.threshold == 200_000 - 20_000 - 4_000
    custom = FlushPolicy.for_workspace(
        ws, 100_000, "s1", FlushConfig(reserve_tokens_floor=10_000, soft_threshold_tokens=5_000)
    )
    assert custom.threshold == 85_000
    with pytest.raises(ValueError):
        FlushPolicy(0)


def test_flushes_once_per_compaction_cycle_tracked_on_disk(ws: Path) -> None:
    p = FlushPolicy.for_workspace(ws, 200_000, "agent:main:direct")
    assert not p.should_flush(100_000)
    assert p.should_flush(176_000)
    assert not p.should_flush(180_000)
    again = FlushPolicy.for_workspace(ws, 200_000, "agent:main:direct")  # a restarted agent process
    assert not again.should_flush(190_000)
    assert FlushPolicy.for_workspace(ws, 200_000, "another-session").should_flush(190_000)
    again.record_compaction()
    assert p.cycle == 1
    assert not p.should_flush(40_000)
    assert p.should_flush(177_000)
    assert not p.should_flush(178_000)
    state_files = list((ws / ".mdrecall" / "flush").iterdir())
    assert len(state_files) == 2 and all(":" not in f.name for f in state_files)


def test_a_compaction_is_noticed_when_tokens_fall_back(ws: Path) -> None:
    p = FlushPolicy.for_workspace(ws, 200_000, "s2")
    assert p.should_flush(180_000)
    assert not p.should_flush(30_000)  # the host compacted without telling us
    assert p.cycle == 1
    assert p.should_flush(176_500)


def test_never_flushes_when_read_only() -> None:
    assert not FlushPolicy(200_000, read_only=True).should_flush(199_000)


def test_a_read_only_workspace_is_detected(ws: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root can write anywhere: no read-only folder to test with")
    (ws / "memory").chmod(0o555)
    try:
        assert not FlushPolicy.for_workspace(ws, 200_000).should_flush(199_000)
    finally:
        (ws / "memory").chmod(0o755)


def test_in_memory_policy_and_prompts() -> None:
    p = FlushPolicy(50_000, reserve_tokens_floor=5_000, soft_threshold_tokens=1_000)
    assert p.should_flush(44_000) and not p.should_flush(45_000)
    prompts = p.prompts(today=date(2026, 1, 26))
    assert "memory/2026-01-26.md" in prompts.user and NO_REPLY in prompts.user
    assert "compaction" in prompts.system.lower()
    assert is_no_reply(" NO_REPLY ") and is_no_reply("`NO_REPLY`.") and not is_no_reply("Saved two notes.")
