"""Capture that can be trusted (issue 17): hooks inside their budget, sessions never merged, replays
never duplicated, secrets never stored by any capture path, session-end captures that do not repeat turns."""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from agent_helpers import isolated_env, write_jsonl

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.capture import turns
from mdrecall.capture.session_end import capture_session
from mdrecall.capture.turns import capture_prompt, capture_transcript, session_slug
from mdrecall.files.workspace import Workspace

from helpers import mdrecall_argv, run_cli, run_process

WIFI = "Tr0ub4dor3xyz"


def _turn(uuid: str, role: str, text: str) -> dict:
    ts = datetime.now(timezone.utc).isoformat()
    content = text if role == "user" else [{"type": "text", "text": text}]
    return {"type": role, "uuid": uuid, "timestamp": ts, "message": {"role": role, "content": content}}


def _fast_hook(ws: Path, event: str, payload: dict, env: dict[str, str], timeout: float = 10):
    """What ``hooks install`` writes for the per-turn events, with Claude Code's 10 s timeout."""
    hook = "mdrecall.agent.turn_hook"
    return run_process("-w", str(ws), event, module=hook, stdin=json.dumps(payload), env=env, timeout=timeout)


def _conversation_text(ws: Path) -> str:
    folder = ws / "memory" / "conversations"
    return "".join(p.read_text() for p in sorted(folder.glob("*.md"))) if folder.is_dir() else ""


def test_a_long_hyphenated_message_does_not_stall_capture(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    transcript = write_jsonl(tmp_path / "t" / "long.jsonl", [_turn("u1", "user", "Plan the launch.")])
    base = {"session_id": "long", "transcript_path": str(transcript)}
    words = "-".join(f"word{i % 97}" for i in range(6000))  # ~40k characters, joined by hyphens
    write_jsonl(transcript, [_turn("a1", "assistant", words)], mode="a")
    out = _fast_hook(ws, "stop", {**base, "hook_event_name": "Stop"}, env)
    assert out.returncode == 0, out.stderr
    for n in range(3):  # every later turn is captured too
        write_jsonl(transcript, [_turn(f"u{n + 2}", "user", f"We decided on option {n}.")], mode="a")
        assert _fast_hook(ws, "stop", {**base, "hook_event_name": "Stop"}, env).returncode == 0
    text = _conversation_text(ws)
    assert all(f"We decided on option {n}." in text for n in range(3))


def test_a_turn_past_its_budget_is_skipped_once_and_noted(ws: Path, tmp_path: Path, monkeypatch) -> None:
    transcript = write_jsonl(tmp_path / "t" / "slow.jsonl", [_turn("u1", "user", "We decided on tea.")])
    cfg = Config()
    workspace = Workspace(ws)

    def stuck(*_a, **_k):
        time.sleep(30)

    monkeypatch.setattr(turns, "capture_messages", stuck)  # the forked child inherits it
    t0 = time.monotonic()
    res = capture_transcript(workspace, cfg, transcript, session="slow", budget_s=0.5)
    assert time.monotonic() - t0 < 10 and res.written == 0 and res.skipped == 1
    assert any("skipped" in w for w in res.warnings)
    assert "capture skipped" in (ws / ".mdrecall" / "hooks.log").read_text()
    monkeypatch.undo()
    again = capture_transcript(workspace, cfg, transcript, session="slow", budget_s=5)
    assert again.written == 0  # the skipped turn is not retried on every later turn
    write_jsonl(transcript, [_turn("u2", "user", "We decided on coffee.")], mode="a")
    later = capture_transcript(workspace, cfg, transcript, session="slow", budget_s=5)
    assert later.written == 1 and "coffee" in _conversation_text(ws)


def test_sessions_that_share_a_prefix_get_their_own_files(ws: Path) -> None:
    with Memory.open(ws) as mem:
        a = mem.capture_turn("Alice: my flat number is 12.", session="agent:main:telegram:1001")
        b = mem.capture_turn("Bob: my flat number is 34.", session="agent:main:telegram:2002")
    assert a.paths != b.paths
    assert session_slug("agent:main:telegram:1001").startswith("agent-main-telegram-1001-")
    assert "Bob" not in (ws / a.paths[0]).read_text() and "Alice" not in (ws / b.paths[0]).read_text()


def _records(ws: Path) -> list[str]:
    return re.findall(r"^### .* · t:([0-9a-f]+)$", _conversation_text(ws), re.M)


def test_concurrent_replays_of_one_prompt_never_duplicate_threads(ws: Path) -> None:
    workspace, cfg = Workspace(ws), Config()
    for n in range(25):
        start = threading.Barrier(4)

        def submit(n: int = n, start: threading.Barrier = start) -> None:
            start.wait()
            capture_prompt(workspace, cfg, f"race-{n}", f"We decided on plan {n}.")

        threads = [threading.Thread(target=submit) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    ids = _records(ws)
    assert len(ids) == 25 == len(set(ids))


def test_concurrent_hooks_with_one_prompt_never_duplicate_processes(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    for n in range(6):
        payload = {"session_id": f"p-{n}", "hook_event_name": "UserPromptSubmit", "prompt": f"Ship v{n} now."}
        procs = [
            subprocess.Popen(
                mdrecall_argv("-w", str(ws), "user-prompt-submit", module="mdrecall.agent.turn_hook"),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=env,
                text=True,
            )
            for _ in range(3)
        ]
        for p in procs:
            p.stdin.write(json.dumps(payload))
            p.stdin.close()
        for p in procs:
            assert p.wait(timeout=60) == 0
    ids = _records(ws)
    assert len(ids) == 6 == len(set(ids))


def test_no_capture_path_stores_a_secret(ws: Path, tmp_path: Path) -> None:
    said = f"the wifi password is {WIFI}, we decided to deploy with STRIPE_KEY=sk_live_51HxAbCdEfGh"
    transcript = write_jsonl(
        tmp_path / "t" / "sec.jsonl",
        [_turn("u1", "user", said), _turn("a1", "assistant", "Noted, and DB_PASS=abc123.")],
    )
    workspace = Workspace(ws)
    capture_transcript(workspace, Config(), transcript, session="sec")
    fresh = write_jsonl(tmp_path / "t" / "sec2.jsonl", [_turn("u1", "user", said)])  # not captured per turn
    end = capture_session(workspace, fresh, last_n=5)
    assert end.path is not None
    with Memory.open(ws) as mem:
        mem.remember(f"router password: {WIFI}")
        tools = MemoryTools(mem)
        assert "error" not in tools.memory_write(f"npm token npm_{'A1b2C3d4' * 5}")
    everything = "".join(p.read_text() for p in ws.rglob("*.md"))
    names = " ".join(p.name for p in ws.rglob("*"))
    assert WIFI not in everything and "sk_live_51Hx" not in everything and "abc123" not in everything
    assert "A1b2C3d4A1b2" not in everything
    assert WIFI.lower() not in names.lower() and (end.path is None or "tr0ub" not in end.path.lower())


def test_cli_remember_warns_and_redacts_unless_told_to_keep(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    out = run_cli("-w", str(ws), "remember", f"the wifi password is {WIFI}", env=env)
    assert out.returncode == 0 and "redacted prose" in out.stderr and "--keep-secrets" in out.stderr
    assert WIFI not in "".join(p.read_text() for p in (ws / "memory").glob("*.md"))
    kept = run_cli("-w", str(ws), "remember", "--keep-secrets", f"guest wifi: {WIFI}", env=env)
    assert kept.returncode == 0 and "redacted" not in kept.stderr
    assert WIFI in "".join(p.read_text() for p in (ws / "memory").glob("*.md"))


def test_session_end_capture_does_not_repeat_recorded_turns(ws: Path, tmp_path: Path) -> None:
    transcript = write_jsonl(
        tmp_path / "t" / "end.jsonl",
        [_turn("u1", "user", "Ship Kestrel on Friday."), _turn("a1", "assistant", "Friday it is.")],
    )
    workspace = Workspace(ws)
    capture_transcript(workspace, Config(), transcript, session="end")
    first = capture_session(workspace, transcript)
    assert first.path is None and "already recorded" in (first.skipped or "")
    write_jsonl(transcript, [_turn("u2", "user", "Also book the venue for the launch.")], mode="a")
    second = capture_session(workspace, transcript)
    assert second.path is not None
    text = (ws / second.path).read_text()
    assert "book the venue" in text and "Ship Kestrel" not in text
