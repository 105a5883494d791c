"""search / get / remember / status through the public Python API."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from mdrecall import Hit, MdrecallError, Memory, NotFoundError, PathError

from helpers import write


def test_search_returns_cited_hits(ws: Path, open_memory: Callable[..., Memory]) -> None:
    hits = open_memory(ws).search("what did we decide about the billing database?")
    assert hits, "expected a hit"
    top = hits[0]
    assert isinstance(top, Hit)
    assert top.path == "MEMORY.md"
    assert "PostgreSQL" in top.snippet
    assert top.citation == f"MEMORY.md#L{top.start_line}-L{top.end_line}"
    assert 0 < top.score <= 1
    assert top.source == "memory"


def test_hit_metadata_for_dated_files(ws: Path, open_memory: Callable[..., Memory]) -> None:
    hit = open_memory(ws).search("Stripe webhooks backoff")[0]
    assert hit.path == "memory/2026-01-26.md"
    assert hit.date == "2026-01-26"
    assert hit.heading.startswith("2026-01-26")
    assert hit.start_line <= hit.snippet_start_line <= hit.snippet_end_line <= hit.end_line


def test_max_results_and_min_score(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    assert len(mem.search("the", max_results=2, min_score=0)) <= 2
    many = mem.search("Stripe flaky CI planning Kestrel", max_results=10, min_score=0)
    assert len(many) == 3  # MEMORY.md holds none of these words
    assert all(a.score >= b.score for a, b in zip(many, many[1:], strict=False))
    strict = mem.search("Stripe flaky CI planning Kestrel", max_results=10, min_score=0.99)
    assert len(strict) == 1


def test_snippet_is_bounded_and_centred(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    lines = [f"- routine entry {i}: nothing notable happened today" for i in range(25)]
    lines.insert(18, "- the quokka sanctuary visit is booked for Saturday")
    write(tmp_path, "memory/2026-03-01.md", "# 2026-03-01\n" + "\n".join(lines) + "\n")
    hit = open_memory(tmp_path).search("quokka sanctuary", max_results=1)[0]
    assert "quokka sanctuary" in hit.snippet
    assert len(hit.snippet) <= 700
    assert (
        hit.snippet_start_line > hit.start_line
        or hit.snippet_end_line < hit.end_line
        or len(hit.snippet) < 700
    )


def test_overlapping_chunks_of_one_file_are_one_hit(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    """Chunks citing overlapping lines of one file are one hit (the slot goes to the next one), and
    its snippet shows the matching lines of the whole passage within the query's budget."""
    turns = [f"- Tom: chatter {n} about the garden, the weather and the neighbours" for n in range(40)]
    turns[10] = "- Ana: the ocelot escaped from the zoo again this morning"
    turns[14] = "- Tom: an ocelot was seen near the river by the ferry"
    turns[16] = "- Ana: did the ocelot cross the bridge?"
    turns[22] = "- Tom: the keeper caught the ocelot at noon"
    turns[30] = "- Ana: the ocelot is back in its enclosure"
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n" + "\n".join(turns) + "\n")
    chunking = {"tokens": 300, "overlap": 100}
    for search in ({}, {"merge_neighbours": True}):
        hits = open_memory(tmp_path, chunking=chunking, search=search).search(
            "ocelot", max_results=5, min_score=0.0
        )
        spans = sorted((h.start_line, h.end_line) for h in hits)
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert start > end  # no two hits of one file cite overlapping lines
        shown = [line for h in hits for line in h.snippet.splitlines() if "ocelot" in line]
        assert len(shown) == len(set(shown)) == 5  # all five mentions, none twice
        assert sum(len(h.snippet) for h in hits) <= 5 * 700
        for h in hits:
            assert h.citation == f"memory/2026-03-02.md#L{h.start_line}-L{h.end_line}"


@pytest.mark.parametrize(
    "query",
    [
        "",
        "   ",
        "?!?!...",
        '"',
        '"unbalanced',
        "*",
        "a*",
        "col:value",
        "-negated",
        "AND",
        "OR NOT NEAR",
        "NEAR(stripe webhooks, 2)",
        "(((",
        "x" * 10_000,
        "ストライプ webhook 東京",
        "вебхуки Stripe",
        "مرحبا",
        "😀🔥",
        "\x00\x01",
    ],
)
def test_any_query_searches_or_returns_nothing(
    ws: Path, open_memory: Callable[..., Memory], query: str
) -> None:
    hits = open_memory(ws).search(query)
    assert isinstance(hits, list)
    if "stripe" in query.lower():
        assert hits and hits[0].path == "memory/2026-01-26.md"


def test_non_latin_text_is_found(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    write(tmp_path, "memory/ru.md", "# Заметки\nВстреча с Иваном про бюджет проекта.\n")
    write(tmp_path, "memory/el.md", "# Σημειώσεις\nΗ συνάντηση για τον προϋπολογισμό.\n")
    mem = open_memory(tmp_path)
    assert mem.search("бюджет")[0].path == "memory/ru.md"
    assert mem.search("συνάντηση")[0].path == "memory/el.md"


def test_get_reads_lines_with_next_hint(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    write(tmp_path, "memory/long.md", "\n".join(f"line {i}" for i in range(1, 301)) + "\n")
    mem = open_memory(tmp_path)
    first = mem.get("memory/long.md")
    assert first.text.splitlines()[0] == "line 1"
    assert first.to_line == 120 and first.next_from == 121 and first.total_lines == 300
    part = mem.get("memory/long.md", from_line=295, lines=10)
    assert part.text.splitlines() == [f"line {i}" for i in range(295, 301)]
    assert part.next_from is None


def test_get_caps_characters(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    write(tmp_path, "memory/wide.md", "\n".join("y" * 500 for _ in range(100)) + "\n")
    res = open_memory(tmp_path).get("memory/wide.md")
    assert len(res.text) <= 12_000
    assert res.next_from == res.to_line + 1


@pytest.mark.parametrize(
    "bad", ["../etc/passwd.md", "/etc/passwd", "memory/../../x.md", "AGENTS.md", "memory/a.txt"]
)
def test_get_refuses_paths_outside(ws: Path, open_memory: Callable[..., Memory], bad: str) -> None:
    with pytest.raises(PathError):
        open_memory(ws).get(bad)


def test_get_missing_file(ws: Path, open_memory: Callable[..., Memory]) -> None:
    with pytest.raises(NotFoundError):
        open_memory(ws).get("memory/1999-01-01.md")


def test_get_extra_path_file(ws: Path, tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    extra = tmp_path / "team"
    write(extra, "runbook.md", "# Runbook\nRestart the ingest worker with care.\n")
    mem = open_memory(ws, extra_paths=[str(extra)])
    hit = mem.search("ingest worker")[0]
    assert hit.path == (extra / "runbook.md").as_posix()
    assert "Restart" in mem.get(hit.path).text


def test_remember_appends_to_todays_log(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    when = datetime(2026, 1, 27, 16, 45)
    before = (ws / "memory/2026-01-27.md").read_text()
    res = mem.remember("Bob moved the deadline to March 10th.", now=when)
    assert res.path == "memory/2026-01-27.md"
    after = (ws / "memory/2026-01-27.md").read_text()
    assert after.startswith(before)
    lines = after.splitlines()
    assert lines[res.line - 1] == "## 16:45"
    assert mem.search("deadline March 10th")[0].path == "memory/2026-01-27.md"


def test_remember_creates_a_new_daily_log(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    res = open_memory(tmp_path, create=True).remember("first note", now=datetime(2026, 5, 4, 8, 0))
    assert (tmp_path / "memory/2026-05-04.md").read_text() == "# 2026-05-04\n\n## 08:00\n\nfirst note\n"
    assert res.line == 3


def test_remember_long_term_goes_under_one_section(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    before = (ws / "MEMORY.md").read_text()
    mem.remember("User's cat is called Miso.", long_term=True, now=datetime(2026, 2, 1, 9, 0))
    mem.remember("Prefers dark mode.", long_term=True, now=datetime(2026, 2, 2, 9, 0))
    text = (ws / "MEMORY.md").read_text()
    assert text.startswith(before)
    assert text.count("## Remembered") == 1
    assert "- User's cat is called Miso. _(2026-02-01)_" in text
    assert mem.search("cat Miso")[0].path == "MEMORY.md"


def test_remember_refuses_empty_text(ws: Path, open_memory: Callable[..., Memory]) -> None:
    with pytest.raises(MdrecallError, match="empty"):
        open_memory(ws).remember("   ")


def test_status(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws)
    st = mem.status()
    assert st.files == 0 and st.dirty_files == 4 and st.last_sync is None
    mem.index()
    write(ws, "memory/new.md", "# new")
    st = mem.status()
    assert st.files == 4 and st.chunks >= 4 and st.dirty_files == 1
    assert st.store.startswith("sqlite:") and st.schema_version >= 1
    assert st.to_dict()["cache_entries"] == 0


def test_context_manager_and_memory_store(ws: Path) -> None:
    from mdrecall import Config

    with Memory.open(ws, Config().merged({"store": {"backend": "memory"}})) as mem:
        assert mem.search("Stripe")[0].path == "memory/2026-01-26.md"
    assert not (ws / ".mdrecall").exists()


def test_small_chunks_cite_their_passage(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    """Small-to-big: the small chunk is scored, the hit cites the passage around it and its snippet
    is chosen from that passage's lines."""
    turns = [f"- Tim: day {i} of the trip, we walked {'and walked ' * 8}along the coast." for i in range(40)]
    turns[23] = "- Tim: I finally finished reading The Name of the Wind, a fantasy novel."
    write(tmp_path, "memory/2026-03-02.md", "# 2026-03-02\n\n## Session 1\n\n" + "\n".join(turns) + "\n")
    plain = open_memory(tmp_path, chunking={"tokens": 100, "overlap": 0, "parent_tokens": 0})
    plain = plain.search("fantasy novel")[0]
    mem = open_memory(tmp_path, chunking={"tokens": 100, "overlap": 0, "parent_tokens": 400})
    hit = mem.search("fantasy novel")[0]
    assert "Name of the Wind" in hit.snippet and len(hit.snippet) <= 3 * 700  # a hit takes at most 3 shares
    assert hit.start_line <= hit.snippet_start_line <= 28 <= hit.snippet_end_line <= hit.end_line
    assert hit.start_line <= plain.start_line <= 28 <= plain.end_line <= hit.end_line
    assert hit.end_line - hit.start_line > 2 * (plain.end_line - plain.start_line)
    assert hit.citation == f"memory/2026-03-02.md#L{hit.start_line}-L{hit.end_line}"
    text = mem.get("memory/2026-03-02.md", from_line=hit.start_line, lines=hit.end_line - hit.start_line + 1)
    assert 1400 < len(text.text) <= 400 * 4 + 200  # the cited passage: about parent_tokens of text
