from __future__ import annotations

from mdrecall.text.chunking import chunk_markdown, heading_paths


def test_small_file_is_one_chunk_with_line_range_and_hash() -> None:
    text = "# Title\n\nSome text.\n\n## Sub\nMore.\n"
    chunks = chunk_markdown(text, path="memory/a.md", date="2026-01-02")
    assert len(chunks) == 1
    c = chunks[0]
    assert (c.start_line, c.end_line) == (1, 6)
    assert c.heading == "Title"
    assert c.date == "2026-01-02"
    assert len(c.hash) == 64
    assert c.text.splitlines()[-1] == "More."


def test_empty_and_blank_files_have_no_chunks() -> None:
    assert chunk_markdown("", path="a.md") == []
    assert chunk_markdown("\n\n   \n", path="a.md") == []


def test_sections_are_packed_and_split_at_headings() -> None:
    sections = [f"## Section {i}\n" + ("word " * 60).strip() + "\n" for i in range(10)]
    text = "# Doc\n\n" + "\n".join(sections)
    chunks = chunk_markdown(text, path="a.md", tokens=100, overlap=20)
    assert len(chunks) > 3
    lines = text.split("\n")
    for c in chunks:
        assert len(c.text) <= 100 * 4 + 1
        # the chunk text is exactly the file lines it claims
        assert c.text == "\n".join(lines[c.start_line - 1 : c.end_line])
    # every chunk after the first starts at a heading (heading boundaries preferred)
    assert all(c.text.startswith("## Section") for c in chunks[1:])
    assert chunks[3].heading.startswith("Doc > Section")


def test_long_section_splits_on_lines_with_overlap() -> None:
    body = "\n".join(f"line {i} " + "x" * 50 for i in range(60))
    chunks = chunk_markdown("# H\n" + body, path="a.md", tokens=100, overlap=25)
    assert len(chunks) >= 4
    for prev, nxt in zip(chunks, chunks[1:], strict=False):
        assert nxt.start_line <= prev.end_line, "consecutive pieces overlap"
        assert nxt.start_line > prev.start_line
    covered = set()
    for c in chunks:
        covered.update(range(c.start_line, c.end_line + 1))
    assert covered == set(range(1, 62))


def test_very_long_line_is_hard_split() -> None:
    line = "abcdefghij" * 500  # 5,000 characters, no spaces
    chunks = chunk_markdown("# Title\n" + line + "\nend", path="a.md", tokens=100, overlap=10)
    pieces = [c for c in chunks if c.start_line == 2 == c.end_line]
    assert len(pieces) >= 12
    assert all(len(p.text) <= 400 for p in pieces)
    assert "".join(p.text[:360] for p in pieces).startswith(line[:1000])


def test_headings_inside_code_fences_are_not_headings() -> None:
    lines = ["# Real", "```", "# not a heading", "```", "## Also real"]
    paths, is_heading = heading_paths(lines)
    assert is_heading == [True, False, False, False, True]
    assert paths[2] == "Real"
    assert paths[4] == "Real > Also real"


def test_crlf_and_unicode_are_kept() -> None:
    chunks = chunk_markdown("# Título\r\n\r\nCafé 東京 🙂\r\n", path="a.md")
    assert chunks[0].text == "# Título\n\nCafé 東京 🙂"
    assert chunks[0].heading == "Título"


def test_chunk_ids_are_content_addressed() -> None:
    a = chunk_markdown("# A\nsame", path="x.md")[0]
    b = chunk_markdown("# A\nsame", path="x.md")[0]
    c = chunk_markdown("# A\nother", path="x.md")[0]
    assert a.id == b.id
    assert a.id != c.id


def test_small_chunks_cite_their_enclosing_passage() -> None:
    lines = ["# 2026-01-26", "", "## Session 1", ""] + [
        f"- A: turn number {i} " + "word " * 20 for i in range(30)
    ]
    text = "\n".join(lines) + "\n"
    small = chunk_markdown(text, path="memory/d.md", tokens=60, overlap=0, parent_tokens=300)
    passages = chunk_markdown(text, path="memory/d.md", tokens=300, overlap=0)
    spans = {(p.start_line, p.end_line) for p in passages}
    assert len(small) > len(passages) > 1
    for c in small:  # each cites the passage holding most of its lines, widened to cover it
        start, end = c.cited_lines
        assert start <= c.start_line <= c.end_line <= end
        assert any((min(s, c.start_line), max(e, c.end_line)) == (start, end) for s, e in spans)
    wider = [c for c in small if c.cited_lines != (c.start_line, c.end_line)]
    assert len(wider) >= len(small) // 2
    plain = chunk_markdown(text, path="memory/d.md", tokens=60, overlap=0)
    assert [c.text for c in plain] == [c.text for c in small]
    assert all(c.parent_start_line == c.parent_end_line == 0 for c in plain)
    assert {c.id for c in plain}.isdisjoint(c.id for c in small)


def test_an_outline_of_empty_sections_is_not_a_chunk_a_title_alone_is() -> None:
    """A new MEMORY.md ("## Preferences", "## Decisions", nothing under them) holds no memory: as a
    chunk its words matched every question about preferences. A note that is only its title stays."""
    skeleton = "# Long-term memory\n\n## About the user\n\n## Preferences\n\n## Decisions\n"
    assert chunk_markdown(skeleton, path="MEMORY.md") == []
    filled = skeleton.replace("## Decisions\n", "## Decisions\n\n- We chose PostgreSQL.\n")
    (chunk,) = chunk_markdown(filled, path="MEMORY.md")
    assert chunk.text.startswith("# Long-term memory") and chunk.text.endswith("PostgreSQL.")
    (title,) = chunk_markdown("# Groceries for Saturday\n", path="notes/groceries.md")
    assert title.text == "# Groceries for Saturday"
