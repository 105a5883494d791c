"""Session-end capture to memory/YYYY-MM-DD-<slug>.md: last N messages, slug, no repeats, summariser."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

from agent_helpers import SECRET_KEY, chat_lines, claude_code_transcript, write_jsonl

from mdrecall.capture.session_end import capture_session, slug_for
from mdrecall.files.workspace import Workspace
from mdrecall.index.sessions import read_messages

from helpers import run_cli

NOW = datetime(2026, 1, 26, 18, 5).astimezone()


def test_captures_the_last_messages_with_a_content_slug(ws: Path, tmp_path: Path) -> None:
    t = write_jsonl(tmp_path / "cc.jsonl", claude_code_transcript())
    res = capture_session(Workspace(ws), t, last_n=3, now=NOW)
    assert res.messages == 3 and res.skipped is None
    assert re.fullmatch(r"memory/2026-01-26-[a-z0-9-]+\.md", res.path or "")
    text = (ws / res.path).read_text()
    assert text.startswith("# Session 2026-01-26 18:05:")
    assert "### Assistant" in text and "Understood: I will plan the PostgreSQL migration" in text
    assert "We need to migrate" not in text  # only the last three messages
    assert SECRET_KEY not in text and "[REDACTED]" in text
    assert "zeppelin" not in text
    assert f"`{t}` (lines 3-7)" in text


def test_slug_comes_from_the_conversation() -> None:
    msgs, _ = read_messages(write_jsonl(Path("/tmp") / "slug-test.jsonl", claude_code_transcript()))
    slug = slug_for(msgs)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+){0,3}", slug)
    assert "kestrel" in slug or "billing" in slug or "postgresql" in slug
    assert slug_for([]) == "session"


def test_a_second_capture_saves_only_new_messages_and_never_overwrites(ws: Path, tmp_path: Path) -> None:
    t = write_jsonl(tmp_path / "chat.jsonl", chat_lines(4, word="pelican"))
    first = capture_session(Workspace(ws), t, last_n=10, now=NOW)
    assert first.messages == 4
    again = capture_session(Workspace(ws), t, now=NOW)
    assert again.path is None and again.skipped == "nothing new since the last capture"
    write_jsonl(t, chat_lines(2, start=4, word="pelican"), mode="a")
    second = capture_session(Workspace(ws), t, now=NOW)
    assert second.messages == 2 and second.path != first.path
    assert second.path and second.path.endswith("-2.md")  # same slug, same day: a new file
    assert "message number 4" in (ws / second.path).read_text()
    assert "message number 3" not in (ws / second.path).read_text()


def test_summarizer_is_optional_and_its_failure_does_not_lose_the_capture(ws: Path, tmp_path: Path) -> None:
    t = write_jsonl(tmp_path / "a.jsonl", chat_lines(3, word="heron"))
    seen = []
    res = capture_session(
        Workspace(ws), t, summarizer=lambda m: seen.append(len(m)) or "They talked about herons.", now=NOW
    )
    assert seen == [3]
    assert "## Summary\n\nThey talked about herons." in (ws / (res.path or "")).read_text()

    def broken(_: object) -> str:
        raise RuntimeError("model offline")

    t2 = write_jsonl(tmp_path / "b.jsonl", chat_lines(2, word="egret"))
    res2 = capture_session(Workspace(ws), t2, summarizer=broken, now=NOW)
    assert res2.path and "model offline" in res2.warnings[0]


def test_capture_command_writes_and_indexes(ws: Path, tmp_path: Path) -> None:
    t = write_jsonl(tmp_path / "cc.jsonl", claude_code_transcript())
    out = run_cli("-w", str(ws), "capture", str(t), "--last", "2", "--json")
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["messages"] == 2 and res["path"].startswith("memory/")
    found = run_cli("-w", str(ws), "search", "Kestrel deployed", "--json")
    assert res["path"] in [h["path"] for h in json.loads(found.stdout)["results"]]
    empty = run_cli("-w", str(ws), "capture", str(t))
    assert empty.returncode == 0 and "nothing captured: nothing new" in empty.stdout
