"""Per-turn capture: Claude Code's UserPromptSubmit/Stop hooks run for real (hook JSON on stdin, a real
transcript growing on disk), the Python API, the MCP tool, and transcript folders ingested by ``watch``."""

from __future__ import annotations

import json
import re
import subprocess
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from agent_helpers import SECRET_BEARER, SECRET_KEY, claude_code_transcript, isolated_env, write_jsonl

from mdrecall import Config, Memory
from mdrecall.agent.hooks import handle_turn_hook
from mdrecall.agent.tools import MemoryTools
from mdrecall.capture.turns import capture_folders, capture_transcript, read_transcript
from mdrecall.errors import PathError
from mdrecall.files.workspace import Workspace

from helpers import run_cli

PROMPT = f"We decided to ship Kestrel on Friday. Use the key {SECRET_KEY} for the deploy."


def _hook(ws: Path, event: str, payload: dict, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run_cli("-w", str(ws), "hook", event, stdin=json.dumps(payload), env=env)


def _records(path: Path) -> list[str]:
    return re.findall(r"^### .* · (user|assistant) · t:[0-9a-f]+$", path.read_text(), re.M)


def _now(seconds: int) -> str:
    return datetime.fromtimestamp(time.time() + seconds, timezone.utc).isoformat()


def _turn(uuid: str, role: str, text: str, ts: str) -> dict:
    content = text if role == "user" else [{"type": "text", "text": text}]
    return {"type": role, "uuid": uuid, "timestamp": ts, "message": {"role": role, "content": content}}


def test_a_scripted_claude_code_session_leaves_each_turn_and_a_noted_list(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    transcript = write_jsonl(tmp_path / "projects" / "p" / "s-42.jsonl", [])
    base = {"session_id": "s-42", "transcript_path": str(transcript), "cwd": str(tmp_path)}
    prompt = {**base, "hook_event_name": "UserPromptSubmit", "prompt": PROMPT}

    for _ in range(2):  # the same hook delivered twice adds one record
        out = _hook(ws, "user-prompt-submit", prompt, env)
        assert out.returncode == 0 and out.stdout == "", out.stderr
    conv = sorted((ws / "memory" / "conversations").glob("*-s-42-*.md"))
    assert len(conv) == 1 and _records(conv[0]) == ["user"]
    assert SECRET_KEY not in conv[0].read_text() and "[REDACTED]" in conv[0].read_text()

    # Claude Code writes the prompt, the tool round trip and the answer; then Stop fires (twice).
    write_jsonl(
        transcript,
        [
            _turn("u1", "user", PROMPT, _now(0)),
            _turn(
                "a1",
                "assistant",
                f"Done. I sent Authorization: Bearer {SECRET_BEARER}.",
                _now(5),
            ),
            _turn("a2", "assistant", "I will write the release notes by Thursday.", _now(9)),
        ],
        mode="a",
    )
    for _ in range(2):
        out = _hook(ws, "stop", {**base, "hook_event_name": "Stop", "stop_hook_active": False}, env)
        assert out.returncode == 0, out.stderr
    conversations = sorted((ws / "memory" / "conversations").glob("*-s-42-*.md"))
    records = [r for f in conversations for r in _records(f)]
    assert records == ["user", "assistant", "assistant"]  # the prompt is not captured twice
    text = "".join(f.read_text() for f in conversations)
    assert SECRET_BEARER not in text and "release notes by Thursday" in text

    # Today's log lists what was salient, each with a citation to the record's line.
    logs = {p.name: p.read_text() for p in (ws / "memory").glob("20*.md")}
    noted = [ln for t in logs.values() for ln in t.splitlines() if ln.startswith("- ")]
    decision = next(ln for ln in noted if ln.startswith("- decision: We decided to ship Kestrel"))
    # The assistant's own sentences stay in the record but are not noted (only what the user said is).
    assert not any("I will write the release notes" in ln for ln in noted)
    assert any(ln.startswith("- conversation: session `s-42-") for ln in noted)
    cite = re.search(r"\((memory/conversations/[^#]+)#L(\d+)\)$", decision)
    assert cite is not None
    line = (ws / cite.group(1)).read_text().splitlines()[int(cite.group(2)) - 1]
    assert re.match(r"^### \d\d:\d\d · user · t:", line)
    assert not any(SECRET_KEY in t for t in logs.values())

    found = run_cli("-w", str(ws), "search", "Kestrel Friday", "--source", "conversations", "--json", env=env)
    hits = json.loads(found.stdout)["results"]
    assert hits and all(h["source"] == "conversations" for h in hits)
    assert hits[0]["path"].startswith("memory/conversations/")
    only_memory = run_cli("-w", str(ws), "search", "release notes", "--source", "memory", "--json", env=env)
    assert all(h["source"] == "memory" for h in json.loads(only_memory.stdout)["results"])


def test_a_failing_capture_is_logged_and_never_blocks(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    (ws / "memory" / "conversations").write_text("a file where the folder should be")
    out = _hook(ws, "user-prompt-submit", {"session_id": "x", "prompt": "I prefer tea."}, env)
    assert out.returncode == 0 and "capture failed" in out.stderr
    assert "capture failed" in (ws / ".mdrecall" / "hooks.log").read_text()
    garbage = run_cli("-w", str(tmp_path / "missing"), "hook", "stop", stdin="not json", env=env)
    assert garbage.returncode == 0 and "nothing captured" in garbage.stderr  # no workspace: nothing written
    cold = _hook(tmp_path / "missing", "stop", {"session_id": "x"}, env)  # the lean entry point says it too
    assert cold.returncode == 0 and "nothing captured" in cold.stderr and "mdrecall init" in cold.stderr


def test_a_symlinked_conversations_folder_is_refused(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (ws / "memory" / "conversations").symlink_to(outside)
    with Memory.open(ws) as mem, pytest.raises(PathError, match="symlink"):
        mem.capture_turn("I prefer tea.", session="s")
    assert list(outside.iterdir()) == []
    notes = handle_turn_hook(
        Workspace(ws), Config(), "user-prompt-submit", {"session_id": "s", "prompt": "hi"}
    )
    assert "capture failed" in notes[0] and list(outside.iterdir()) == []


def test_a_prompt_the_host_already_wrote_to_the_transcript_is_captured_once(ws: Path, tmp_path: Path) -> None:
    transcript = write_jsonl(
        tmp_path / "t.jsonl", [_turn("u1", "user", "Remember that Bob owns billing.", _now(0))]
    )
    payload = {
        "session_id": "early",
        "transcript_path": str(transcript),
        "prompt": "Remember that Bob owns billing.",
    }
    for event in ("user-prompt-submit", "stop", "user-prompt-submit"):
        handle_turn_hook(Workspace(ws), Config(), event, payload)
    conv = next((ws / "memory" / "conversations").glob("*-early-*.md"))
    assert _records(conv) == ["user"]
    # A repeated short prompt written after the hook is not lost: Stop picks it up from the transcript.
    again = {**payload, "prompt": "ok"}
    write_jsonl(transcript, [_turn("u2", "user", "ok", _now(1))], mode="a")
    handle_turn_hook(Workspace(ws), Config(), "user-prompt-submit", again)  # "ok" is the transcript's last
    write_jsonl(transcript, [_turn("u3", "user", "ok", _now(2))], mode="a")  # the host writes it after
    handle_turn_hook(Workspace(ws), Config(), "stop", again)
    assert _records(conv) == ["user", "user", "user"]


def test_capture_is_off_when_configured(ws: Path, tmp_path: Path) -> None:
    (ws / ".mdrecall.toml").write_text("[capture]\nturns = false\n")
    out = _hook(
        ws, "user-prompt-submit", {"session_id": "x", "prompt": "I prefer tea."}, isolated_env(tmp_path)
    )
    assert out.returncode == 0 and not (ws / "memory" / "conversations").exists()


def test_conversations_roll_by_day_and_reread_transcripts_add_nothing(ws: Path, tmp_path: Path) -> None:
    transcript = write_jsonl(
        tmp_path / "t.jsonl",
        [
            _turn("u1", "user", "My sister's birthday is on May 4th.", "2026-05-01T12:00:00+00:00"),
            _turn("a1", "assistant", "Noted, I will remind you.", "2026-05-01T12:00:02+00:00"),
            _turn("u2", "user", "We agreed to move the launch to June.", "2026-05-03T12:00:00+00:00"),
        ],
    )
    workspace = Workspace(ws)
    first = capture_transcript(workspace, Config(), transcript, session="roll")
    assert first.written == 3 and len(first.paths) == 2
    days = sorted(p.name for p in (ws / "memory" / "conversations").iterdir())
    local = [
        datetime.fromisoformat(t).astimezone().date().isoformat() for t in ("2026-05-01T12:00:00+00:00",)
    ]
    assert days[0].startswith(local[0]) and len(days) == 2
    (ws / ".mdrecall" / "turns").rename(ws / ".mdrecall" / "turns-lost")  # the offset is lost: ids still hold
    again = capture_transcript(workspace, Config(), transcript, session="roll")
    assert again.written == 0 and again.skipped == 3
    # A line being written (no newline yet) waits for the next read.
    with transcript.open("a") as fh:
        fh.write(
            json.dumps(_turn("u3", "user", "Remember that Bob owns billing.", "2026-05-03T13:00:00Z"))[:40]
        )
    assert capture_transcript(workspace, Config(), transcript, session="roll").written == 0
    with transcript.open("a") as fh:
        fh.write(
            json.dumps(_turn("u3", "user", "Remember that Bob owns billing.", "2026-05-03T13:00:00Z"))[40:]
        )
        fh.write("\n")
    assert capture_transcript(workspace, Config(), transcript, session="roll").written == 1


def test_openai_message_lists_and_claude_code_transcripts_are_read(tmp_path: Path) -> None:
    listing = tmp_path / "chat.json"
    listing.write_text(
        json.dumps(
            {
                "messages": [
                    {"role": "system", "content": "be brief"},
                    {"role": "user", "content": "I prefer dark mode."},
                    {"role": "assistant", "content": [{"type": "output_text", "text": "Dark mode it is."}]},
                ]
            }
        )
    )
    messages, offset = read_transcript(listing)
    assert [m.role for m in messages] == ["user", "assistant"] and offset == 3
    assert read_transcript(listing, offset) == ([], 3)
    cc = write_jsonl(tmp_path / "cc.jsonl", claude_code_transcript())
    messages, _ = read_transcript(cc)
    assert [m.role for m in messages] == [
        "user",
        "assistant",
        "user",
        "assistant",
    ]  # no tool results, no meta
    assert all(SECRET_KEY not in m.text and "zeppelins" not in m.text for m in messages)
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "messages"}')
    with pytest.raises(ValueError, match="expected a list"):
        read_transcript(bad)


def test_python_api_and_mcp_tool_capture_turns_idempotently(ws: Path) -> None:
    with Memory.open(ws) as mem:
        res = mem.capture_turn("I prefer Rust for the parser.", "Rust it is.", session="py", turn_id="t1")
        assert res.written == 2 and res.notes == ["preference: I prefer Rust for the parser."]
        assert mem.capture_turn("I prefer Rust for the parser.", session="py", turn_id="t1").written == 0
        assert mem.capture_turn("ok", session="py").written == 1
        assert mem.capture_turn("ok", session="py").written == 1  # no id: each call is a new turn
        tools = MemoryTools(mem)
        out = tools.memory_capture(user="Remember that the staging DB is db2.", session="mcp-1", turnId="x")
        assert out["written"] == 1 and out["citations"][0].startswith("memory/conversations/")
        assert (
            tools.memory_capture(user="Remember that the staging DB is db2.", session="mcp-1", turnId="x")[
                "written"
            ]
            == 0
        )
        assert "error" in tools.memory_capture()
        hits = tools.memory_search("staging DB", source="conversations")["results"]
        assert hits and hits[0]["source"] == "conversations"
        assert "error" in tools.memory_search("staging", source="bogus")


def test_watch_ingests_a_transcript_folder_as_it_grows(ws: Path, tmp_path: Path) -> None:
    from mdrecall.services.watch import Watcher

    folder = tmp_path / "transcripts"
    transcript = write_jsonl(folder / "w1.jsonl", [_turn("u1", "user", "I love hiking.", _now(0))])
    cfg = Config().merged({"capture": {"transcripts": [str(folder)]}})
    assert capture_folders(Workspace(ws), cfg).written == 1
    with Memory.open(ws, cfg) as mem:
        watcher = Watcher(mem, backend="polling", poll_interval_s=0.05, debounce_s=0.05, initial_sync=False)
        watcher.start()
        try:
            write_jsonl(
                transcript,
                [_turn("u2", "user", "We decided on Lisbon for the offsite.", _now(5))],
                mode="a",
            )
            (folder / "w2.json").write_text(
                json.dumps([{"role": "user", "content": "Quarterly budget is $40k."}])
            )
            deadline = time.time() + 20
            while time.time() < deadline:
                hits = mem.search("Lisbon offsite", sources=["conversations"], sync=False)
                if hits and mem.search("Quarterly budget", sources=["conversations"], sync=False):
                    break
                time.sleep(0.1)
            assert hits and hits[0].source == "conversations"
        finally:
            watcher.stop()
    text = "".join(p.read_text() for p in (ws / "memory").glob("20*.md"))
    assert "decision: We decided on Lisbon for the offsite." in text and "amount: Quarterly budget" in text


def test_turn_hook_without_transcript_or_prompt_does_nothing(ws: Path) -> None:
    notes = handle_turn_hook(Workspace(ws), Config(), "stop", {})
    assert notes == ["stop: captured 0 message(s), noted 0"]
    assert not (ws / "memory" / "conversations").exists()


def test_installed_turn_hooks_run_the_fast_entry_point(ws: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    assert run_cli("-w", str(ws), "hooks", "install", "claude-code", "--dir", str(project)).returncode == 0
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    cmds = {e: settings["hooks"][e][0]["hooks"][0]["command"] for e in ("UserPromptSubmit", "Stop")}
    assert all("mdrecall.agent.turn_hook" in c for c in cmds.values())
    env = isolated_env(tmp_path / "home")
    transcript = write_jsonl(tmp_path / "cc.jsonl", [])
    base = {"session_id": "fast-1", "transcript_path": str(transcript)}

    def fire(event: str, payload: dict) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            cmds[event],
            shell=True,
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )

    assert (
        fire(
            "UserPromptSubmit", {**base, "prompt": "Remember that the on-call rota starts Monday."}
        ).returncode
        == 0
    )
    write_jsonl(transcript, [_turn("a1", "assistant", "Got it, I will remind the team.", _now(1))], mode="a")
    out = fire("Stop", base)
    assert out.returncode == 0 and "captured 1 message(s)" in out.stderr
    conv = next((ws / "memory" / "conversations").glob("*-fast-1-*.md"))
    assert _records(conv) == ["user", "assistant"]
    out = run_cli("hooks", "uninstall", "claude-code", "--dir", str(project))
    assert "removed 5 mdrecall hook(s)" in out.stdout


def test_old_conversations_leave_the_index_but_stay_on_disk(ws: Path) -> None:
    old = datetime.now().astimezone() - timedelta(days=60)
    with Memory.open(ws) as mem:
        mem.capture_turn("The walrus migration plan was drafted.", session="old", now=old)
        mem.capture_turn("The walrus migration plan was approved.", session="new")
        mem.index()
        hits = mem.search("walrus migration plan", sources=["conversations"])
        assert [re.search(r"-new-[0-9a-f]{8}\.md$", h.path) is not None for h in hits] == [True]
        assert mem.status().dirty_files == 0
    assert len(list((ws / "memory" / "conversations").glob("*-old-*.md"))) == 1  # the file stays
    keep_all = Config().merged({"sessions": {"retention_days": 0}})
    with Memory.open(ws, keep_all) as mem:
        assert len(mem.search("walrus migration plan", sources=["conversations"])) == 2


def test_capture_turns_command(ws: Path, tmp_path: Path) -> None:
    listing = tmp_path / "chat.json"
    listing.write_text(json.dumps([{"role": "user", "content": "Remember that the VPN rotates on Mondays."}]))
    env = isolated_env(tmp_path / "home")
    out = run_cli("-w", str(ws), "capture", str(listing), "--turns", "--json", env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["written"] == 1 and data["notes"] == ["remember: Remember that the VPN rotates on Mondays."]
    again = run_cli("-w", str(ws), "capture", str(listing), "--turns", env=env)
    assert "captured 0 message(s)" in again.stdout
    found = run_cli("-w", str(ws), "search", "VPN rotates", "--source", "conversations", "--json", env=env)
    assert json.loads(found.stdout)["results"][0]["path"] == data["paths"][0]


def test_a_replayed_prompt_is_recorded_and_noted_once(ws: Path, tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    transcript = write_jsonl(tmp_path / "t.jsonl", [])
    said = "We decided to use PostgreSQL for the team store."
    payload = {"session_id": "rep", "transcript_path": str(transcript), "prompt": said}
    assert _hook(ws, "user-prompt-submit", payload, env).returncode == 0
    # The transcript grows by a line that is no message (its size is part of the prompt's id): a replay.
    write_jsonl(transcript, [{"type": "summary", "summary": "x"}], mode="a")
    assert _hook(ws, "user-prompt-submit", payload, env).returncode == 0
    # The same prompt without a transcript, straight after: a replay too.
    assert _hook(ws, "user-prompt-submit", {"session_id": "rep", "prompt": said}, env).returncode == 0
    conv = next((ws / "memory" / "conversations").glob("*-rep-*.md"))
    assert _records(conv) == ["user"]

    # A real repeat after an answer is a new turn (recorded) but its note is not listed twice.
    write_jsonl(
        transcript,
        [
            _turn("u1", "user", said, _now(0)),
            _turn("a1", "assistant", "Noted.", _now(1)),
            _turn("u2", "user", said, _now(2)),
        ],
        mode="a",
    )
    assert _hook(ws, "stop", {**payload, "prompt": None}, env).returncode == 0
    assert _records(conv) == ["user", "assistant", "user"]
    logs = "".join(p.read_text() for p in (ws / "memory").glob("20*.md"))
    assert len(re.findall(r"^- decision: We decided to use PostgreSQL", logs, re.M)) == 1
