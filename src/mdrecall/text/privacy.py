"""Local-only markers: text that must never be sent to a remote embedder or a remote reranker.

One parser for every source (memory files, ``memory/conversations/``, session-end captures, extra paths,
session transcripts). A whole file is local-only when its YAML front matter says so; the front matter
is read by a real YAML parser (a byte-order mark, CRLF line ends, comments and quoting are all fine)::

    ---
    local_only: true        # also local-only: yes, localOnly: "true", mdrecall: local-only
    ---

A section is local-only when its heading (ATX ``## …`` or setext, underlined with ``===``/``---``)
carries the marker ``<!-- local-only -->`` (any spacing and case, ``local_only`` too); the section
runs to the next heading of the same or a higher level (a ``---``-underlined line, which may be meant
as a rule, never ends it early). A marker on a line of its own marks the section
it is in, or the whole file when it comes before the first heading. Headings inside fenced code blocks
are not headings. Front matter that cannot be parsed is read line by line, erring on the side of privacy.
In a transcript (JSON lines), a message that carries the marker is local-only.

Local-only chunks are still indexed for keyword search and embedded by local models; with a remote
embedder (fallback included) they get no vector, and a remote reranker never sees them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mdrecall.models import Chunk

__all__ = [
    "LOCAL_ONLY_MARKER",
    "front_matter",
    "has_marker",
    "is_local_only",
    "local_only_checker",
    "local_only_ranges",
]

LOCAL_ONLY_MARKER = "<!-- local-only -->"
_MARKER = re.compile(r"<!--[ \t]{0,20}local[-_ ]?only[ \t]{0,20}-->", re.IGNORECASE)
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]|$)")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_FLAG_LINE = re.compile(
    r"^\s*[\"']?(?:local[-_]?only|localonly)[\"']?\s*:\s*[\"']?(?:true|yes|on|1)\b"
    r"|^\s*[\"']?mdrecall[\"']?\s*:.*local[-_]?only",
    re.IGNORECASE,
)
_TRUE = {"true", "yes", "on", "1", "y"}
_MAX_FRONT_LINES = 200


def has_marker(text: str) -> bool:
    """True when ``text`` holds a local-only marker (``<!-- local-only -->``, any spacing or case)."""
    return "-->" in text and _MARKER.search(text) is not None


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value == 1
    if isinstance(value, str):
        return value.strip().lower() in _TRUE
    return False


def _says_local_only(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    for key, value in data.items():
        name = str(key).strip().lower().replace("-", "_")
        if name in ("local_only", "localonly") and _truthy(value):
            return True
        if name == "mdrecall":
            values = value if isinstance(value, list) else [value]
            if any(str(v).strip().lower().replace("_", "-") == "local-only" for v in values):
                return True
            if isinstance(value, dict) and _says_local_only(value):
                return True
    return False


def front_matter(lines: list[str]) -> tuple[int, bool]:
    """The number of front-matter lines at the top of a file (0: none) and whether they say local-only."""
    if not lines or lines[0].strip() != "---":
        return 0, False
    for i in range(1, min(len(lines), _MAX_FRONT_LINES)):
        if lines[i].strip() in ("---", "..."):
            block = "\n".join(lines[1:i])
            try:
                import yaml

                data = yaml.safe_load(block)
            except Exception:  # noqa: BLE001 - not YAML after all: read it line by line
                return i + 1, any(_FLAG_LINE.match(ln) for ln in lines[1:i])
            return i + 1, _says_local_only(data) or (
                not isinstance(data, dict) and any(_FLAG_LINE.match(ln) for ln in lines[1:i])
            )
    return 0, False


def _lines(text: str) -> list[str]:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def local_only_ranges(text: str) -> list[tuple[int, int]]:
    """1-based inclusive line ranges that are local-only (the whole file when its front matter says so)."""
    lines = _lines(text)
    start_body, whole = front_matter(lines)
    if whole:
        return [(1, len(lines))]
    headings: list[tuple[int, int, bool]] = []  # (1-based line, level, whether it ends a section)
    markers: list[int] = []  # 1-based lines holding a marker (heading or not)
    fence: str | None = None
    for i in range(start_body, len(lines)):
        line = lines[i]
        f = _FENCE.match(line)
        if f:
            mark = f.group(1)[0]
            fence = None if fence == mark else (fence or mark)
            continue
        if fence:
            continue
        if has_marker(line):
            markers.append(i + 1)
        m = _ATX.match(line)
        if m:
            headings.append((i + 1, len(m.group(1)), True))
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        s = _SETEXT.match(nxt)
        if s and line.strip() and not _SETEXT.match(line) and i + 1 > start_body:
            # "text" over "---" may be meant as a rule: it opens a section but never ends one early
            headings.append((i + 1, 1 if s.group(1)[0] == "=" else 2, s.group(1)[0] == "="))
    return _ranges(headings, markers, len(lines))


def _ranges(headings: list[tuple[int, int, bool]], markers: list[int], total: int) -> list[tuple[int, int]]:
    """The sections holding a marker, as line ranges (the whole file for a marker before any heading)."""
    out: list[tuple[int, int]] = []
    for mk in markers:
        owner = next((n for n in range(len(headings) - 1, -1, -1) if headings[n][0] <= mk), None)
        if owner is None:
            return [(1, total)]
        line, level, _ = headings[owner]
        end = next((h - 1 for h, lv, closes in headings[owner + 1 :] if lv <= level and closes), total)
        out.append((line, end))
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(out):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def is_local_only(start_line: int, end_line: int, ranges: list[tuple[int, int]]) -> bool:
    """True when lines ``start_line..end_line`` overlap a local-only range."""
    return any(start_line <= hi and end_line >= lo for lo, hi in ranges)


def local_only_checker(root: Path) -> Callable[[Chunk], bool]:
    """A test for local-only chunks of any source (each file's markers read once per checker).

    A Markdown file's chunk is checked against the file's ranges; any chunk (a transcript's included)
    whose own text carries a marker is local-only; a file that cannot be read keeps its chunks local.
    """
    ranges: dict[str, list[tuple[int, int]] | None] = {}

    def check(chunk: Chunk) -> bool:
        if has_marker(chunk.text):
            return True
        if not chunk.path.lower().endswith((".md", ".markdown")):
            return False
        if chunk.path not in ranges:
            p = Path(chunk.path)
            path = p if p.is_absolute() else root / p
            try:
                ranges[chunk.path] = local_only_ranges(path.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                ranges[chunk.path] = None  # unreadable now: do not send what cannot be checked
        found = ranges[chunk.path]
        return True if found is None else is_local_only(chunk.start_line, chunk.end_line, found)

    return check
