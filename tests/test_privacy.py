"""The one front-matter and marker parser (:mod:`mdrecall.text.privacy`): every way of saying local-only."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.models import Chunk
from mdrecall.text.privacy import local_only_ranges

WHOLE = [
    "---\nlocal_only: true\n---\nx\n",
    "\ufeff---\nlocal_only: true\n---\nx\n",
    "---\r\nlocal_only: true\r\n---\r\nx\r\n",
    "---\nlocal_only: true   # private\n---\nx\n",
    '---\nlocal_only: "true"\n---\nx\n',
    "---\nlocal-only: true\n---\nx\n",
    "---\nLocalOnly: Yes\n---\nx\n",
    "---\nmdrecall: local-only\n---\nx\n",
    "---\nmdrecall: [local-only]\n---\nx\n",
    "---\nlocal_only: true\n...\nx\n",
    "---\nlocal_only: true\nbad: [unclosed\n---\nx\n",  # not YAML: read line by line, privately
    "<!-- local-only -->\n# Title\nx\n",
]
PUBLIC = [
    "---\nlocal_only: false\n---\nx\n",
    "---\ntitle: local_only is a word\n---\nx\n",
]


@pytest.mark.parametrize("text", WHOLE)
def test_whole_file_markers(text: str) -> None:
    total = len(text.lstrip("\ufeff").replace("\r\n", "\n").split("\n"))
    assert local_only_ranges(text) == [(1, total)]


def test_unmarked_front_matter_is_public() -> None:
    assert local_only_ranges(PUBLIC[0]) == [] and local_only_ranges(PUBLIC[1]) == []


@pytest.mark.parametrize(
    "marker", ["<!-- local-only -->", "<!--  LOCAL-ONLY  -->", "<!--local-only-->", "<!-- local_only -->"]
)
def test_section_markers_any_spacing_and_case(marker: str) -> None:
    text = f"# A\npublic\n## Health {marker}\nprivate\n## B\npublic\n"
    assert local_only_ranges(text) == [(3, 4)]


def test_setext_headings_and_code_blocks() -> None:
    setext = "# A\npublic\n\nHealth <!-- local-only -->\n------\nprivate\n\n# B\npublic\n"
    assert local_only_ranges(setext) == [(4, 7)]
    code = "# A\n## H <!-- local-only -->\n```sh\n# a comment, not a heading\n```\nprivate\n## C\npub\n"
    assert local_only_ranges(code) == [(2, 6)]


def test_every_source_is_checked(tmp_path: Path) -> None:
    from mdrecall.text.privacy import local_only_checker

    (tmp_path / "memory" / "conversations").mkdir(parents=True)
    (tmp_path / "memory" / "conversations" / "2026-01-01-s.md").write_text("---\nlocal-only: true\n---\nx\n")
    check = local_only_checker(tmp_path)

    def chunk(path: str, source: str, text: str = "x") -> Chunk:
        return Chunk(path=path, source=source, start_line=4, end_line=4, text=text, hash="h")

    assert check(chunk("memory/conversations/2026-01-01-s.md", "conversations"))
    assert check(chunk("/abs/t.jsonl", "sessions", "User: my diagnosis <!-- LOCAL-ONLY -->"))
    assert not check(chunk("/abs/t.jsonl", "sessions", "User: hello"))
    assert check(chunk("memory/gone.md", "memory"))  # unreadable now: not sent
