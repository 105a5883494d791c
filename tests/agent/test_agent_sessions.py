"""Session transcripts as source ``sessions``: both JSONL shapes, redaction, line mapping, delta
re-indexing, retention, reading hits back, and the CLI."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from agent_helpers import (
    SECRET_BEARER,
    SECRET_KEY,
    SECRET_PASSWORD,
    chat_lines,
    claude_code_transcript,
    openclaw_transcript,
    write_jsonl,
)

from mdrecall import Config, Memory
from mdrecall.errors import PathError
from mdrecall.index.sessions import chunk_transcript, read_messages
from mdrecall.text.redact import redact

from helpers import run_cli


def _cfg(**sessions: object) -> Config:
    return Config().merged(
        {
            "embedding": {"provider": "none"},
            "sessions": {"enabled": True, "paths": ["transcripts"], **sessions},
        }
    )


@pytest.fixture
def transcripts(ws: Path) -> Path:
    write_jsonl(ws / "transcripts" / "claude" / "cc.jsonl", claude_code_transcript())
    write_jsonl(ws / "transcripts" / "oc.jsonl", openclaw_transcript())
    return ws / "transcripts"


def test_only_user_and_assistant_text_is_kept_from_both_shapes(transcripts: Path) -> None:
    cc, total = read_messages(transcripts / "claude" / "cc.jsonl")
    assert total == 7
    assert [(m.line, m.role) for m in cc] == [(2, "user"), (3, "assistant"), (6, "user"), (7, "assistant")]
    text = " ".join(m.text for m in cc)
    assert "zeppelin" not in text and "/cost" not in text and "Billing migration" not in text
    oc, _ = read_messages(transcripts / "oc.jsonl")
    assert [(m.line, m.role) for m in oc] == [(2, "user"), (3, "assistant")]
    assert "walrus" not in " ".join(m.text for m in oc)


def test_secrets_are_redacted() -> None:
    cases = {
        f"key {SECRET_KEY} ok": SECRET_KEY,
        "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx": "sk-proj-abcdefghij",
        f"Authorization: Bearer {SECRET_BEARER}": SECRET_BEARER,
        f"postgres://admin:{SECRET_PASSWORD}@db:5432/x": SECRET_PASSWORD,
        'password = "correct-horse-battery"': "correct-horse",
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789": "ghp_abc",
        "AKIAABCDEFGHIJKLMNOP": "AKIAABCDEFGHIJKLMNOP",
    }
    for text, secret in cases.items():
        out = redact(text)
        assert secret not in out and "[REDACTED]" in out, out
    assert redact("the token budget is 4000 tokens; Bearer tokens expire") == (
        "the token budget is 4000 tokens; Bearer tokens expire"
    )


def test_chunks_map_to_transcript_lines() -> None:
    msgs, _ = read_messages_from(claude_code_transcript())
    chunks = chunk_transcript(msgs, path="t.jsonl", tokens=30)
    assert len(chunks) > 1
    for c in chunks:
        lines = c.text.split("\n")
        assert len(lines) == c.end_line - c.start_line + 1
        for offset, line in enumerate(lines):
            m = next((m for m in msgs if m.line == c.start_line + offset), None)
            assert (line == "") if m is None else line in m.rendered


def read_messages_from(records: list[dict]) -> tuple[list, int]:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        return read_messages(write_jsonl(Path(d) / "t.jsonl", records))


def test_sessions_are_searchable_alone_or_with_memory_and_read_back(ws: Path, transcripts: Path) -> None:
    with Memory.open(ws, _cfg()) as mem:
        report = mem.index()
        assert report.added == 6  # four memory files and two transcripts
        hits = mem.search("Kestrel rollout Thursday", sources=["sessions"])
        assert hits and hits[0].path == "transcripts/claude/cc.jsonl" and hits[0].source == "sessions"
        assert hits[0].start_line <= 6 <= hits[0].end_line and hits[0].date == "2026-01-26"
        both = {h.source for h in mem.search("Kestrel", max_results=10)}
        assert both == {"memory", "sessions"}
        assert all(h.source == "memory" for h in mem.search("Kestrel", sources=["memory"]))
        assert (
            mem.search("onboarding funnel deadline", sources=["sessions"])[0].path == "transcripts/oc.jsonl"
        )
        for secret in (SECRET_KEY, SECRET_PASSWORD, SECRET_BEARER, "zeppelin"):
            assert not mem.search(secret, sources=["sessions"]), secret
        got = mem.get("transcripts/claude/cc.jsonl", from_line=2, lines=6)
        lines = got.text.split("\n")
        assert lines[0].startswith("User: We need to migrate the billing service")
        assert "postgres://admin:[REDACTED]@db.internal" in lines[0]
        assert lines[1].startswith("Assistant: Understood") and lines[2] == ""
        assert got.to_line == 7 and got.next_from is None
        with pytest.raises(PathError):
            mem.get(str(ws / "transcripts" / "never-indexed.jsonl"))


def test_regrowth_below_the_delta_waits_and_above_it_reindexes(ws: Path, transcripts: Path) -> None:
    path = transcripts / "oc.jsonl"
    with Memory.open(ws, _cfg(delta_messages=5, delta_bytes=1_000_000)) as mem:
        mem.index()
        write_jsonl(path, chat_lines(3, word="marmalade"), mode="a")
        assert mem.index().updated == 0
        assert not mem.search("marmalade", sources=["sessions"])
        assert mem.status().extra["sessions"] == {"enabled": True, "transcripts": 2, "pending": 1}
        write_jsonl(path, chat_lines(2, start=3, word="marmalade"), mode="a")
        assert mem.index().updated == 1
        assert mem.search("marmalade", sources=["sessions"])
        assert mem.status().extra["sessions"]["pending"] == 0
    with Memory.open(ws, _cfg(delta_messages=1000, delta_bytes=200)) as mem:
        write_jsonl(path, chat_lines(3, start=10, word="gooseberry"), mode="a")
        assert mem.index().updated == 1  # the byte delta alone is enough
        write_jsonl(path, chat_lines(1, start=20, word="elderflower"), mode="a")
        assert mem.index(force=True).updated >= 1  # force indexes whatever the delta
        assert mem.search("elderflower", sources=["sessions"])


def test_retention_and_disabling_remove_transcripts(ws: Path, transcripts: Path) -> None:
    with Memory.open(ws, _cfg(retention_days=7)) as mem:
        mem.index()
        old = time.time() - 30 * 86400
        os.utime(transcripts / "oc.jsonl", (old, old))
        assert mem.index().removed == 1
        assert not mem.search("onboarding funnel", sources=["sessions"])
        (transcripts / "claude" / "cc.jsonl").unlink()
        assert mem.index().removed == 1
    write_jsonl(transcripts / "new.jsonl", openclaw_transcript())
    with Memory.open(ws, _cfg()) as mem:
        assert mem.index().added == 1
    off = Config().merged({"embedding": {"provider": "none"}})
    with Memory.open(ws, off) as mem:
        assert mem.index().removed == 1
        assert mem.store.file_records(source="sessions") == {}


def test_cli_searches_sessions_and_reads_hits(ws: Path, transcripts: Path) -> None:
    (ws / ".mdrecall.toml").write_text('[sessions]\nenabled = true\npaths = ["transcripts"]\n')
    out = run_cli("-w", str(ws), "search", "Kestrel rollout", "--source", "sessions", "--json")
    assert out.returncode == 0, out.stderr
    hit = json.loads(out.stdout)["results"][0]
    assert hit["path"] == "transcripts/claude/cc.jsonl"
    got = run_cli("-w", str(ws), "get", hit["path"], "--from", "6", "--lines", "1")
    assert got.returncode == 0 and got.stdout.startswith("User: Deploy with the key [REDACTED]")
    assert SECRET_KEY not in out.stdout + got.stdout
