"""The recall log's journal: a search appends one line (the JSON is not rewritten), folding it into the
JSON gives what the per-search rewrite gave, and no kill, torn line or full disk loses, doubles or fails a
search."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import mdrecall.dreaming.recall_log as recall_log
from mdrecall.dreaming.recall_log import RecallLog, anchor, recalled_lines
from mdrecall.files.workspace import Workspace
from mdrecall.models import Hit
from mdrecall.text.redact import redact

MAX_ENTRIES = 2000  # recall_log's bound on entries, pruned as before


def hit(path: str, line: int, text: str, score: float) -> Hit:
    snippet = f"## Notes\n{text}\n"
    return Hit(path=path, start_line=line, end_line=line + 2, score=score, snippet=snippet, source="memory",
               citation=f"{path}#L{line}", snippet_start_line=line, snippet_end_line=line + 1)  # fmt: skip


# ---- the per-search rewrite as it was (the reference the journal's fold must equal) ----------------------


def old_new_entry(path: str, source: str, now: float) -> dict[str, Any]:
    return {"path": path, "source": source, "text": "", "startLine": 0, "endLine": 0,
            "recallCount": 0, "scoreSum": 0.0, "maxScore": 0.0, "queries": [], "uniqueQueries": 0,
            "firstRecalled": now, "lastRecalled": now, "confirmed": 0, "lastConfirmed": None,
            "promotedAt": None}  # fmt: skip


def old_count(e: dict[str, Any], score: float, query: str, now: float) -> None:
    e["recallCount"] += 1
    e["scoreSum"] += score
    e["maxScore"] = max(e["maxScore"], score)
    e["lastRecalled"] = now
    if query and query not in e["queries"]:
        e["uniqueQueries"] += 1
        e["queries"] = (e["queries"] + [query])[-50:]


def old_prune(data: dict[str, Any]) -> None:
    entries = data["entries"]
    if len(entries) > MAX_ENTRIES:
        keep = sorted(entries, key=lambda c: entries[c].get("lastRecalled", 0))[-MAX_ENTRIES:]
        data["entries"] = {c: entries[c] for c in keep}


def old_record(data: dict[str, Any], query: str, hits: Sequence[Hit], now: float) -> None:
    """``RecallLog.record`` before the journal: load, count, prune, rewrite (here: in memory)."""
    q = redact(" ".join(query.split())).lower()[:200]
    for h in hits:
        first = h.snippet_start_line or h.start_line
        last = h.snippet_end_line or h.end_line
        for text in recalled_lines(h.snippet, query):
            e = data["entries"].setdefault(anchor(h.path, text), old_new_entry(h.path, h.source, now))
            e.update(text=text, startLine=first, endLine=last)
            old_count(e, float(h.score), q, now)
    old_prune(data)


def old_confirm(data: dict[str, Any], path: str, first: int, last: int, now: float, window: float) -> None:
    for e in data["entries"].values():
        recent = now - e.get("lastRecalled", 0) <= window
        overlap = e["startLine"] <= last and first <= e["endLine"]
        fresh = e.get("lastConfirmed") is None or e["lastConfirmed"] < e.get("lastRecalled", 0)
        if e["path"] == path and recent and overlap and fresh:
            e["confirmed"] += 1
            e["lastConfirmed"] = now


# ---- helpers ----------------------------------------------------------------------------------------------


@pytest.fixture
def log(tmp_path: Path) -> RecallLog:
    (tmp_path / "memory").mkdir()
    return RecallLog(Workspace(tmp_path))


def journal_lines(log: RecallLog) -> list[bytes]:
    return log.journal.read_bytes().splitlines() if log.journal.exists() else []


def searches(n: int, seed: int = 7) -> list[tuple[str, list[Hit]]]:
    """``n`` searches over many distinct lines (past the entries' bound) with repeats and shared words."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        word = f"topic{rng.randrange(60)}"
        hits = [
            hit(f"memory/2026-01-{rng.randrange(1, 29):02d}.md", rng.randrange(1, 400),
                f"{word} note {rng.randrange(1200)} about thing{rng.randrange(5)}", rng.random())
            for _ in range(rng.randrange(1, 5))
        ]  # fmt: skip
        out.append((f"What about {word} and thing{rng.randrange(5)}? #{i % 9}", hits))
    return out


def recall_count(log: RecallLog, text: str) -> int:
    return sum(e["recallCount"] for e in log.load()["entries"].values() if e["text"] == text)


# ---- tests ------------------------------------------------------------------------------------------------


def test_a_search_appends_one_line_to_the_journal_and_leaves_the_json_as_it_was(log: RecallLog) -> None:
    log.record("alpha notes", [hit("memory/a.md", 3, "alpha one", 0.9)], now=100.0)
    log.fold()
    before = log.path.read_bytes()
    for i in range(5):
        log.record(
            f"alpha {i}", [hit("memory/a.md", 3, "alpha one", 0.5), hit("MEMORY.md", 9, "alpha two", 0.4)]
        )
    assert log.path.read_bytes() == before  # not rewritten by a search
    lines = journal_lines(log)
    assert len(lines) == 5 and all(json.loads(ln)["q"] == f"alpha {i}" for i, ln in enumerate(lines))
    assert json.loads(lines[0])["h"][0][-1] == ["alpha one"]  # the recalled lines, computed when recorded
    assert recall_count(log, "alpha one") == 6  # a read folds them in: once each
    assert not log.journal.exists() and recall_count(log, "alpha one") == 6


def test_folding_gives_the_entries_the_per_search_rewrite_gave(
    log: RecallLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recall_log, "_MAX_JOURNAL_BYTES", 6000)  # fold often, past the bound, as well
    reference: dict[str, Any] = {"version": 2, "entries": {}}
    now, longest = 1000.0, 0
    for i, (query, hits) in enumerate(searches(900)):
        now += random.Random(i).choice([0.0, 0.5, 3.0])  # equal times too: ties in pruning
        old_record(reference, query, hits, now)
        log.record(query, hits, now=now)
        longest = max(longest, log.journal.stat().st_size if log.journal.exists() else 0)
        if i % 97 == 96:  # a confirmed read and a promotion among the searches fold the journal too
            h = hits[0]
            old_confirm(reference, h.path, h.start_line, h.end_line, now + 1, 600.0)
            assert log.confirm(h.path, h.start_line, h.end_line, now=now + 1) >= 1
        if i % 250 == 249:
            key = next(iter(reference["entries"]))
            reference["entries"][key]["promotedAt"] = now
            log.mark_promoted([key], now)
    assert 0 < longest <= 6000 + 2000  # folded when past the bound
    assert log.journal.exists()  # the last searches still in the journal: the read below folds them
    got = log.load()
    assert len(reference["entries"]) == MAX_ENTRIES  # pruning happened along the way
    assert list(got["entries"].items()) == list(reference["entries"].items())
    assert json.loads(log.path.read_text())["entries"] == reference["entries"]


def test_a_kill_between_the_steps_of_a_fold_neither_loses_nor_doubles_a_search(log: RecallLog) -> None:
    h = [hit("memory/a.md", 3, "alpha one", 0.9)]
    for _ in range(3):
        log.record("alpha", h)
    # killed after the journal was renamed, before the JSON was written: folded by the next read, once
    log.journal.rename(log.journal.with_name(log.journal.name + ".00000001-deadbeef"))
    log.record("alpha", h)
    assert recall_count(log, "alpha one") == 4 and recall_count(log, "alpha one") == 4
    # killed after the JSON (naming the renamed journal) was written, before the journal was deleted
    for _ in range(2):
        log.record("alpha", h)
    body = log.journal.read_bytes()
    log.fold()
    folded = json.loads(log.path.read_text())["folded"][-1]
    (log.path.parent / folded).write_bytes(body)
    assert recall_count(log, "alpha one") == 6
    log.record("alpha", h)
    assert recall_count(log, "alpha one") == 7
    assert not (log.path.parent / folded).exists()  # deleted unread
    assert not list(log.path.parent.glob("short-term-recall.journal.*"))


CHILD = """
import sys, time
import mdrecall.dreaming.recall_log as recall_log
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.files.workspace import Workspace
from mdrecall.models import Hit
recall_log._MAX_JOURNAL_BYTES = 1500  # fold every few searches: kills land in folds as well
log = RecallLog(Workspace(sys.argv[1]))
h = Hit(path="memory/a.md", start_line=3, end_line=4, score=0.5, snippet="alpha one\\n", source="memory",
        citation="memory/a.md#L3")
while True:
    log.record("alpha one", [h])
    print("ok", flush=True)
"""


def test_kill_9_while_searching_and_folding_loses_and_doubles_nothing(log: RecallLog) -> None:
    acked = 0
    for round_ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(log.workspace.root)], stdout=subprocess.PIPE
        )
        assert child.stdout is not None
        for _ in range(15 + 11 * round_):  # a different moment each round
            assert child.stdout.readline() == b"ok\n"
        time.sleep(0.003 * round_)
        child.send_signal(signal.SIGKILL)
        acked += child.stdout.read().count(b"ok\n") + 15 + 11 * round_
        child.wait()
        assert child.returncode == -signal.SIGKILL
    counted = recall_count(log, "alpha one")
    assert acked <= counted <= acked + 4  # at most the one search in flight per kill, never one twice
    assert json.loads(log.path.read_text())["folded"]  # the child folded as it went


def test_a_corrupt_journal_line_is_skipped_and_reported_never_a_failed_search(
    log: RecallLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = [hit("memory/a.md", 3, "alpha one", 0.9)]
    log.record("alpha", h)
    with log.journal.open("ab") as fh:
        fh.write(b'{"t": "soon", "q": 1}\n\xff\xfe not json\n')
    monkeypatch.setattr(recall_log, "_MAX_JOURNAL_BYTES", 1)  # this search folds the journal
    warning = log.record_search("alpha", h)
    assert warning and "2 unreadable line(s) of the recall journal were skipped" in warning
    assert recall_count(log, "alpha one") == 2
    assert json.loads(log.path.read_text())["skippedJournalLines"] == 2


def test_a_line_torn_by_a_power_cut_does_not_take_the_next_search_with_it(log: RecallLog) -> None:
    h = [hit("memory/a.md", 3, "alpha one", 0.9)]
    log.record("alpha", h)
    with log.journal.open("ab") as fh:
        fh.write(journal_lines(log)[0][:25])  # the start of a line, no end
    log.record("alpha", h)
    assert recall_count(log, "alpha one") == 2 and log.skipped_lines == 1


def test_a_short_write_leaves_no_partial_line_and_the_search_gets_a_warning(log: RecallLog) -> None:
    log.record("alpha", [hit("memory/a.md", 3, "alpha one", 0.9)])
    size = log.journal.stat().st_size
    child = textwrap.dedent(f"""
        import resource, signal, sys
        from mdrecall.dreaming.recall_log import RecallLog
        from mdrecall.files.workspace import Workspace
        from mdrecall.models import Hit
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({size + 20}, {size + 20}))  # room for part of a line
        h = Hit(path="memory/a.md", start_line=3, end_line=4, score=0.5, snippet="alpha one\\n",
                source="memory", citation="memory/a.md#L3")
        print(RecallLog(Workspace(sys.argv[1])).record_search("alpha", [h]))
    """)
    out = subprocess.run(
        [sys.executable, "-c", child, str(log.workspace.root)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert "search hits were not recorded for dreaming (short write" in out.stdout
    assert log.journal.stat().st_size == size  # cut back: the next line starts clean
    log.record("alpha", [hit("memory/a.md", 3, "alpha one", 0.9)])
    assert recall_count(log, "alpha one") == 2 and log.skipped_lines == 0
