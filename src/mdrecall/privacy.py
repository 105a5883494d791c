"""Local-only markers: Markdown that must never be sent to a remote embedder.

A whole file is local-only when its YAML front matter says so::

    ---
    local_only: true        # or: mdrecall: local-only
    ---

A section is local-only when its heading carries the marker ``<!-- local-only -->``; the section runs
to the next heading of the same or a higher level::

    ## Health notes <!-- local-only -->

Local-only chunks are still indexed for keyword search and embedded by local models; with a remote
embedder (fallback included) they get no vector. Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["LOCAL_ONLY_MARKER", "is_local_only", "local_only_ranges"]

LOCAL_ONLY_MARKER = "<!-- local-only -->"
_FRONT_FLAG = re.compile(r"^\s*(local_only\s*:\s*(true|yes|on)|mdrecall\s*:\s*local-only)\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]")


def local_only_ranges(text: str) -> list[tuple[int, int]]:
    """1-based inclusive line ranges that are local-only (the whole file when its front matter says so)."""
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[0].strip() == "---":
        for i in range(1, min(len(lines), 200)):
            if lines[i].strip() in ("---", "..."):
                if any(_FRONT_FLAG.match(line) for line in lines[1:i]):
                    return [(1, len(lines))]
                break
    ranges: list[tuple[int, int]] = []
    open_level: int | None = None
    start = 0
    for number, line in enumerate(lines, 1):
        m = _HEADING.match(line)
        if not m:
            continue
        level = len(m.group(1))
        if open_level is not None and level <= open_level:
            ranges.append((start, number - 1))
            open_level = None
        if open_level is None and LOCAL_ONLY_MARKER in line.lower().replace(
            "<!--local-only-->", LOCAL_ONLY_MARKER
        ):
            open_level, start = level, number
    if open_level is not None:
        ranges.append((start, len(lines)))
    return ranges


def is_local_only(start_line: int, end_line: int, ranges: list[tuple[int, int]]) -> bool:
    """True when lines ``start_line..end_line`` overlap a local-only range."""
    return any(start_line <= hi and end_line >= lo for lo, hi in ranges)
