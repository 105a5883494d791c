"""The recall loop closes: what the agent does with an injected memory (reads it, finds it again with a
search, cites it in its reply) is recorded as a *used* signal, which feeds dreaming and, by a small
multiplier that never filters, ranking; ``status`` shows the share of injected memories used."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.config.settings import load_config
from mdrecall.dreaming.promote import dream
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.index.used_log import KEEP, MAX_BYTES, Used, read, record, spans, used_path
from mdrecall.models import Chunk, Hit, Scored
from mdrecall.search.ranking import apply_used_boost

from helpers import run_cli, write


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Long-term memory\n\n- The user prefers short answers.\n")
    write(
        root,
        "memory/2024-01-10.md",
        "# 2024-01-10\n\n- The ring buffer in the audio driver holds 4096 samples.\n"
        "- Run the tests with tox before each release.\n",
    )
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- Kestrel ships on Friday 14 March, after the security review.\n"
        "- The lunch order goes to Marta on Fridays.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    return root


def _inject(ws: Path, prompt: str = "When does Kestrel ship?", session: str = "s1") -> str:
    """Run the real ``UserPromptSubmit`` hook; the citation it injected."""
    payload = {"session_id": session, "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    out = run_cli("-w", str(ws), "hook", "user-prompt-submit", stdin=json.dumps(payload))
    assert out.returncode == 0 and out.stdout.strip(), out.stderr
    context = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    cited = json.loads((ws / ".mdrecall" / "recall" / f"{session}.json").read_text())["citations"]
    assert f"[{cited[-1]}" in context
    return str(cited[-1])


def _signals(ws: Path) -> list[tuple[str, str, str]]:
    return [(u.citation, u.kind, u.session) for u in read(ws)]


def test_a_get_of_an_injected_citation_is_a_used_signal(ws: Path) -> None:
    citation = _inject(ws)
    assert citation.startswith("memory/2024-03-01.md#L")
    assert run_cli("-w", str(ws), "get", citation).returncode == 0  # the CLI's get
    assert _signals(ws) == [(citation, "get", "s1")]
    with Memory.open(ws) as mem:  # MCP's memory_get and Python's get again: recorded once
        assert "Kestrel" in MemoryTools(mem).memory_get("memory/2024-03-01.md", 3, 1)["text"]
        mem.get("memory/2024-03-01.md", 3, 1)
    assert _signals(ws) == [(citation, "get", "s1")]
    # the used line now counts as a recall for dreaming, by the prompt words it matched, never the prompt
    entries = RecallLog(Memory.open(ws).workspace).load()["entries"]
    assert [e["text"] for e in entries.values()] == [
        "- Kestrel ships on Friday 14 March, after the security review."
    ]
    assert all("when does" not in q for e in entries.values() for q in e["queries"])


def test_a_later_search_that_returns_the_injected_line_is_a_used_signal(ws: Path) -> None:
    citation = _inject(ws)
    with Memory.open(ws) as mem:
        mem.search("ring buffer samples")  # another memory on top: not a use
        assert _signals(ws) == []
        assert mem.search("Kestrel security review")[0].path == "memory/2024-03-01.md"
    assert _signals(ws) == [(citation, "search", "s1")]


def _stop(ws: Path, session: str, reply: str, tmp_path: Path, *, in_payload: bool = False) -> str:
    transcript = tmp_path / f"{session}.jsonl"
    turns = [
        {"type": "user", "message": {"role": "user", "content": "When does Kestrel ship?"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": reply}]}},
    ]
    transcript.write_text("".join(json.dumps(t) + "\n" for t in turns), encoding="utf-8")
    payload = {"session_id": session, "hook_event_name": "Stop", "transcript_path": str(transcript)}
    if in_payload:
        payload["last_assistant_message"] = reply
    out = run_cli("-w", str(ws), "hook", "stop", stdin=json.dumps(payload))
    assert out.returncode == 0, out.stderr
    return out.stderr


def test_a_reply_repeating_the_injected_citation_is_a_used_signal(ws: Path, tmp_path: Path) -> None:
    citation = _inject(ws)
    line = int(citation.partition("#L")[2].split("-")[0])
    _stop(ws, "s1", "It ships on Friday 14 March (memory/2024-01-10.md#L3 says the buffer).", tmp_path)
    assert _signals(ws) == []  # a citation that was not injected: no use
    # a shorter path and another form of the line range still name it
    note = _stop(
        ws, "s1", f"Kestrel ships on Friday 14 March (see `2024-03-01.md:{line}-{line + 1}`).", tmp_path
    )
    assert _signals(ws) == [(citation, "reply", "s1")] and "used 1 recalled memory" in note
    _stop(ws, "other", f"Per memory/2024-03-01.md#L{line} it is Friday.", tmp_path, in_payload=True)
    assert _signals(ws) == [(citation, "reply", "s1")]  # another session was not given it


def test_without_an_injection_nothing_is_a_used_signal(ws: Path, tmp_path: Path) -> None:
    payload = {"session_id": "quiet", "hook_event_name": "UserPromptSubmit", "prompt": "thanks!"}
    assert run_cli("-w", str(ws), "hook", "user-prompt-submit", stdin=json.dumps(payload)).stdout == ""
    with Memory.open(ws) as mem:
        mem.get("memory/2024-03-01.md", 3, 1)
        mem.search("Kestrel security review")
    _stop(ws, "quiet", "Kestrel ships on Friday (memory/2024-03-01.md#L3).", tmp_path)
    assert not used_path(ws).exists()


def test_status_shows_the_share_of_injected_memories_used(ws: Path) -> None:
    citation = _inject(ws)
    assert _inject(ws, "How many samples does the ring buffer hold?", session="s2") != citation
    with Memory.open(ws) as mem:
        mem.get("memory/2024-03-01.md", 3, 1)
        used = mem.status().to_dict()["recall"]["used"]
    assert used["used"] == 1 and used["by_kind"]["get"] == 1 and used["rate"] == 0.5


def _scored(path: str, line: int, score: float, superseded: str | None = None) -> Scored:
    chunk = Chunk(path, "memory", line, line, f"line {line} of {path}", f"{path}:{line}")
    return Scored(chunk, score, superseded_by=superseded)


def test_the_used_stage_lifts_by_at_most_its_multiplier_and_never_filters() -> None:
    items = [
        _scored("a.md", 1, 0.80),
        _scored("b.md", 5, 0.78),
        _scored("c.md", 9, 0.50),
        _scored("d.md", 2, 0.99),
    ]
    used = {"b.md": [(4, 6)], "c.md": [(9, 9)], "d.md": [(2, 2)], "e.md": [(1, 1)]}
    out = apply_used_boost(items, used, 1.05)
    assert sorted(s.chunk.path for s in out) == ["a.md", "b.md", "c.md", "d.md"]  # nothing removed or added
    got = {s.chunk.path: s.score for s in out}
    assert got["b.md"] == pytest.approx(0.78 * 1.05) and got["c.md"] == pytest.approx(0.50 * 1.05)
    assert got["d.md"] == 1.0 and got["a.md"] == 0.80  # capped at 1; unused untouched
    assert [s.chunk.path for s in out] == ["d.md", "b.md", "a.md", "c.md"]  # 0.819 passes 0.80
    assert apply_used_boost(items, used, 1.0) == items  # 1.0: off
    # a superseded line is never lifted (above the newer line that replaced it)
    stale = [_scored("new.md", 1, 0.79), _scored("old.md", 1, 0.78, superseded="new.md#L1")]
    assert [s.score for s in apply_used_boost(stale, {"old.md": [(1, 1)]}, 1.05)] == [0.79, 0.78]
    by_facts = apply_used_boost(stale[:1] + [_scored("old.md", 1, 0.78)], {"old.md": [(1, 1)]}, 1.05,
                                lambda path, n: path == "old.md")  # fmt: skip
    assert [s.chunk.path for s in by_facts] == ["new.md", "old.md"] and by_facts[1].score == 0.78


def test_a_search_lifts_a_used_line_by_the_configured_multiplier(ws: Path) -> None:
    cfg = load_config(ws)
    with Memory.open(ws, replace(cfg, search=replace(cfg.search, used_boost=1.0))) as mem:
        before = {h.path: h.score for h in mem.search("Fridays", record_recall=False, min_score=0)}
    assert len(before) == 1 and "memory/2024-03-01.md" in before
    record(ws, [Used("memory/2024-03-01.md#L3-L4", "get", "s1", 0.0)])
    with Memory.open(ws) as mem:  # the default, 1.05
        after = {h.path: h.score for h in mem.search("Fridays", record_recall=False, min_score=0)}
    assert after["memory/2024-03-01.md"] == pytest.approx(min(1.0, before["memory/2024-03-01.md"] * 1.05))


def test_a_used_line_outranks_an_otherwise_equal_unused_one_in_dreaming(ws: Path) -> None:
    lines = {
        "memory/2024-01-10.md": "- The ring buffer in the audio driver holds 4096 samples.",
        "memory/2024-03-01.md": "- Kestrel ships on Friday 14 March, after the security review.",
    }
    hits = [Hit(path, 3, 3, 0.9, text, "memory", f"{path}#L3") for path, text in lines.items()]
    with Memory.open(ws) as mem:
        log = RecallLog(mem.workspace, mem.config.dreaming)
        now = datetime.now().astimezone()
        for q in ("kestrel ring", "release kestrel ring", "samples kestrel ring"):
            log.record(q, hits, now.timestamp())
        plain = dream(mem.workspace, mem.config.dreaming, now=now)
        scores = {c.citation: c.score for c in plain.promoted + plain.rejected}
        assert scores["memory/2024-01-10.md#L3"] == scores["memory/2024-03-01.md#L3"]
        record(ws, [Used("memory/2024-03-01.md#L3", "reply", "s1", now.timestamp())])
        report = dream(mem.workspace, mem.config.dreaming, now=now)
    ranked = [c.citation for c in report.promoted + report.rejected]
    assert ranked[0] == "memory/2024-03-01.md#L3"
    used = next(c for c in report.promoted + report.rejected if c.citation == "memory/2024-03-01.md#L3")
    assert used.score > scores["memory/2024-01-10.md#L3"] and used.to_dict()["used"] == 1


def test_the_used_log_is_bounded_redacted_and_survives_a_torn_line(tmp_path: Path) -> None:
    secret = "sk-ant-api03-" + "A" * 40
    record(tmp_path, [Used("memory/a.md#L1-L2", "get", f"s-{secret}", 1.0)])
    with used_path(tmp_path).open("ab") as fh:
        fh.write(b'{"t":2,"c":"memory/torn.md#L')  # a crash mid-write
    record(tmp_path, [Used("memory/b.md#L3", "reply", "s2", 3.0), Used("memory/b.md#L3", "reply", "s2", 4.0)])
    assert [(u.citation, u.session) for u in read(tmp_path)] == [
        ("memory/a.md#L1-L2", "s-[REDACTED]"),
        ("memory/b.md#L3", "s2"),  # recorded once
    ]
    assert secret not in used_path(tmp_path).read_text() and "torn" not in str(spans(tmp_path))
    for n in range(40):
        record(tmp_path, [Used(f"memory/c.md#L{i}", "search", f"s{n}", 5.0 + n) for i in range(1, 60)])
    assert used_path(tmp_path).stat().st_size <= MAX_BYTES
    kept = read(tmp_path)
    assert len(kept) >= KEEP and kept[-1] == Used("memory/c.md#L59", "search", "s39", 44.0)


def test_a_transcript_that_is_a_fifo_or_a_link_out_is_not_waited_on_and_no_log_follows_a_link(
    tmp_path: Path,
) -> None:
    """The Stop hook's reply reader never waits on a FIFO put at the transcript path; the hook client's
    log line never goes through a symlink put at `.mdrecall/hooks.log`."""
    import os
    import threading

    from mdrecall.agent.serve_client import _log
    from mdrecall.search.recall_use import last_reply

    fifo = tmp_path / "t.jsonl"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(
        target=lambda: got.append(last_reply({"transcript_path": str(fifo)})), daemon=True
    )
    reader.start()
    reader.join(5)
    assert got == [""]
    (tmp_path / ".mdrecall").mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("keep\n")
    (tmp_path / ".mdrecall" / "hooks.log").symlink_to(outside)
    _log(str(tmp_path), "a note")
    assert outside.read_text() == "keep\n"
