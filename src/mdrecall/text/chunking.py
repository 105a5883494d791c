"""Markdown → chunks: header-aware, line-ranged, content-hashed. Pure functions.

A chunk holds about ``tokens`` tokens (1 token ≈ 4 characters). The file is cut into sections at
headings (``#`` lines outside code fences); whole sections are packed together while they fit, so a
heading boundary is always preferred. A section too large for one chunk is split at paragraph
boundaries, then at line boundaries, with ``overlap`` tokens of trailing lines repeated at the start of
the next piece; a single line longer than a chunk is hard-split. A file that fits is one chunk.

Small-to-big: with ``parent_tokens`` larger than ``tokens``, the file is also cut the same way into
passages of ``parent_tokens``, and each chunk records the line range of the passage that holds most of
its lines (``parent_start_line``/``parent_end_line``): search scores the small chunk and cites the
passage around it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING, NamedTuple

from mdrecall.models import Chunk

if TYPE_CHECKING:
    from mdrecall.config.settings import Config

__all__ = [
    "chunk_hash",
    "chunk_markdown",
    "embedded_text",
    "heading_level",
    "heading_paths",
    "keyword_heading",
    "CHARS_PER_TOKEN",
]

CHARS_PER_TOKEN = 4
#: A heading path whose first part is only an ISO date (``2026-04-15`` or ``2026-04-15 > …``).
_DATE_PART = re.compile(r"\d{4}-\d{2}-\d{2}(?: > |$)", re.ASCII)
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
#: A line that opens a heading or a fence starts with one of these (its mark is within its first four).
_LEADS = frozenset(" #`~")
#: :data:`_FENCE` (group 1) or :data:`_HEADING` (groups 2 and 3) in one match.
_OPENS = re.compile(r" {0,3}(?:(`{3,}|~{3,})|(#{1,6})[ \t]+(.*?)[ \t#]*$)")


class _Span(NamedTuple):  # a tuple: made for every piece of every file (a frozen dataclass costs ~3x)
    start: int  # 0-based line index, inclusive
    end: int  # inclusive
    text: str | None = None  # set for a hard-split piece of one long line


def embedded_text(heading: str, text: str) -> str:
    """What is embedded: a chunk's text in the context of its heading path (unless it opens with a
    heading line)."""
    if heading and not text.lstrip().startswith("#"):
        return f"{heading}\n{text}"
    return text


def chunk_hash(heading: str, text: str) -> str:
    """A chunk's content hash (so its id, and its embedding cache key): of its heading path and its
    text, so a renamed heading makes new chunks, indexed and embedded afresh."""
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    data = f"{heading}\n{text}" if heading else text
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()


def keyword_heading(heading: str, text: str) -> str:
    """The part of a chunk's heading path its keyword index holds next to its text.

    The whole path, except: a leading part that is only a date (a daily log's ``# 2026-04-15``) is
    left out — dates are answered by the chunk's date, and as words it would add the same terms to
    every chunk of the day; and when the text opens with a heading line (``#``), that line is the
    path's last part, so only its parents are added (``"Atlas > Deploys"`` → ``"Atlas"``) and its
    words do not count twice. The SQLite store computes the same in SQL (its view
    ``chunks_fts_source``); the tests check the two agree.
    """
    if _DATE_PART.match(heading):
        heading = heading[13:]
    if not text.lstrip(" ").startswith("#"):
        return heading
    cut = heading.rfind(">")
    return heading[: cut + 1].rstrip(" >") if cut >= 0 else ""


def heading_level(line: str) -> int:
    """The level of an ATX heading line (``## Goals`` → 2), 0 for any other line (``#todo`` too)."""
    m = _HEADING.match(line)
    return len(m.group(1)) if m else 0


def heading_paths(lines: list[str]) -> tuple[list[str], list[bool]]:
    """For each line: the heading path in force (``"A > B"``) and whether the line is a heading."""
    stack: list[tuple[int, str]] = []  # (level, the path down to that heading)
    paths: list[str] = []
    is_heading = [False] * len(lines)
    fence: str | None = None
    path = ""
    match = _OPENS.match
    # only a line that opens with a space, "#", "`" or "~" can open a heading or a fence
    for i in [i for i, s in enumerate(lines) if s and s[0] in _LEADS]:
        m = match(lines[i])
        if m is None:
            continue
        ticks, hashes, title = m.groups()
        if ticks:  # a fence: never a heading
            if fence is None:
                fence = ticks[0] * 3
            elif ticks[0] * 3 == fence:
                fence = None
            continue
        if fence is not None:
            continue
        level = len(hashes)
        while stack and stack[-1][0] >= level:
            stack.pop()
        above = stack[-1][1] if stack else ""
        title = title.strip()
        stack.append((level, f"{above} > {title}" if above and title else above or title))
        paths += [path] * (i - len(paths))  # the lines since the last heading are under its path
        path = stack[-1][1]
        paths.append(path)
        is_heading[i] = True
    paths += [path] * (len(lines) - len(paths))
    return paths, is_heading


def chunk_markdown(
    text: str,
    *,
    path: str,
    source: str = "memory",
    date: str | None = None,
    tokens: int = 400,
    overlap: int = 80,
    parent_tokens: int = 0,
) -> list[Chunk]:
    """Cut a Markdown document into chunks that keep 1-based ``start_line``/``end_line`` (and, with
    ``parent_tokens`` > ``tokens``, the line range of their enclosing passage)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    max_chars = max(tokens * CHARS_PER_TOKEN, 32)
    overlap_chars = max(0, min(overlap * CHARS_PER_TOKEN, max_chars // 2))
    paths, is_heading = heading_paths(lines)
    pre = [0, *accumulate(len(line) + 1 for line in lines)]  # _size of any span in O(1)
    sections = _sections(is_heading) if pre[-1] > max_chars else []  # a file that fits needs none
    spans = list(_pack(lines, sections, max_chars, overlap_chars, pre))
    parents: list[tuple[int, int]] = []
    if parent_tokens > tokens:
        parent_chars = parent_tokens * CHARS_PER_TOKEN
        parent_overlap = max(0, min(overlap * CHARS_PER_TOKEN, parent_chars // 2))
        parents = [_trim(lines, sp) for sp in _pack(lines, sections, parent_chars, parent_overlap, pre)]
    bounds = _Bounds(parents)
    chunks: list[Chunk] = []
    for span in spans:
        start, end = _trim(lines, span)
        if start > end:
            continue
        body = span.text if span.text is not None else "\n".join(lines[start : end + 1])
        if not body or body.isspace() or _empty_sections(lines, is_heading, start, end):
            continue
        p_start, p_end = _parent(parents, start, end, bounds)
        chunks.append(
            Chunk(
                path=path,
                source=source,
                start_line=start + 1,
                end_line=end + 1,
                text=body,
                hash=chunk_hash(paths[start], body),
                heading=paths[start],
                date=date,
                parent_start_line=p_start + 1 if parents else 0,
                parent_end_line=p_end + 1 if parents else 0,
            )
        )
    return chunks


def _empty_sections(lines: list[str], is_heading: list[bool], start: int, end: int) -> bool:
    """True for a span of two or more headings and nothing else (a new ``MEMORY.md``'s "## Preferences",
    "## Decisions"): an outline holds no memory yet, and its words would match every question about
    preferences. Their words still reach the keyword index as the heading path of what is written under
    them. One heading alone (a note's title) is kept."""
    heads = 0
    for i in range(start, end + 1):
        if is_heading[i]:
            heads += 1
        elif lines[i].strip():
            return False
    return heads > 1


class _Bounds:
    """The passages' starts and ends, for finding those overlapping a chunk by bisection; ``None`` when
    either is out of order (then every passage is looked at)."""

    def __init__(self, parents: list[tuple[int, int]]) -> None:
        starts, ends = [p[0] for p in parents], [p[1] for p in parents]
        ordered = all(a <= b for a, b in pairwise(starts)) and all(a <= b for a, b in pairwise(ends))
        self.starts: list[int] | None = starts if ordered else None
        self.ends: list[int] | None = ends if ordered else None


def _parent(
    parents: list[tuple[int, int]], start: int, end: int, bounds: _Bounds | None = None
) -> tuple[int, int]:
    """The passage holding most of lines ``start..end`` (the first on a tie), widened to cover them."""
    if bounds is not None and bounds.starts is not None and bounds.ends is not None and end >= start:
        # a passage overlapping the lines holds more of them (0 or more) than any other (fewer than 0); with
        # starts and ends in order, those overlapping are in one run: the first ending at or after ``start``
        # to the last starting at or before ``end`` (only when one does is the answer found there)
        lo, hi = bisect_left(bounds.ends, start), bisect_right(bounds.starts, end)
        best, most = _most(parents[lo:hi], start, end)
        if most is not None and most >= 0:
            return min(best[0], start), max(best[1], end)
    best, most = _most(parents, start, end)
    return min(best[0], start), max(best[1], end)


def _most(parents: list[tuple[int, int]], start: int, end: int) -> tuple[tuple[int, int], int | None]:
    """The first of ``parents`` holding most of lines ``start..end``, and how many more than one it holds
    (``(start, end)`` and ``None`` when there is none)."""
    best, most = (start, end), None
    for p in parents:  # a loop, not max() with a key: a call per passage per chunk cost more
        held = min(end, p[1]) - max(start, p[0])
        if most is None or held > most:
            best, most = p, held
    return best, most


def _size(pre: list[int], start: int, end: int) -> int:
    """Characters of lines ``start..end`` with their newlines (``pre``: prefix sums of line sizes)."""
    return pre[end + 1] - pre[start] if end >= start else 0


def _trim(lines: list[str], span: _Span) -> tuple[int, int]:
    if span.text is not None:
        return span.start, span.end
    start, end = span.start, span.end
    while start <= end and not lines[start].strip():
        start += 1
    while end >= start and not lines[end].strip():
        end -= 1
    return start, end


def _sections(is_heading: list[bool]) -> list[tuple[int, int]]:
    bounds = [i for i, h in enumerate(is_heading) if h and i > 0]
    starts = [0, *bounds]
    ends = [b - 1 for b in bounds] + [len(is_heading) - 1]
    return [(s, e) for s, e in zip(starts, ends, strict=True) if s <= e]


def _pack(
    lines: list[str], sections: list[tuple[int, int]], max_chars: int, overlap: int, pre: list[int]
) -> Iterator[_Span]:
    if not lines:
        return
    if _size(pre, 0, len(lines) - 1) <= max_chars:
        yield _Span(0, len(lines) - 1)
        return
    cur_start: int | None = None
    cur_end = -1
    cur_size = 0
    for s, e in sections:
        size = _size(pre, s, e)
        if cur_start is not None and cur_size + size <= max_chars:
            cur_end, cur_size = e, cur_size + size
            continue
        if cur_start is not None:
            yield _Span(cur_start, cur_end)
            cur_start = None
        if size <= max_chars:
            cur_start, cur_end, cur_size = s, e, size
        else:
            yield from _split_section(lines, s, e, max_chars, overlap, pre)
    if cur_start is not None:
        yield _Span(cur_start, cur_end)


def _units(lines: list[str], s: int, e: int, max_chars: int, pre: list[int]) -> Iterator[tuple[int, int]]:
    """Paragraphs (blank-line separated); a paragraph too large for a chunk becomes its lines."""
    i = s
    while i <= e:
        j = i
        while j < e and lines[j].strip() and lines[j + 1].strip():
            j += 1
        while j < e and not lines[j + 1].strip():  # attach following blank lines
            j += 1
        if _size(pre, i, j) <= max_chars:
            yield i, j
        else:
            for k in range(i, j + 1):
                yield k, k
        i = j + 1


def _split_section(
    lines: list[str], s: int, e: int, max_chars: int, overlap: int, pre: list[int]
) -> Iterator[_Span]:
    cur_start: int | None = None
    cur_end = -1
    cur_size = 0
    for us, ue in _units(lines, s, e, max_chars, pre):
        size = _size(pre, us, ue)
        if size > max_chars:  # one very long line
            if cur_start is not None:
                yield _Span(cur_start, cur_end)
                cur_start = None
            yield from _hard_split(lines[us], us, max_chars, overlap)
            continue
        if cur_start is not None and cur_size + size > max_chars:
            yield _Span(cur_start, cur_end)
            # Start the next piece with trailing lines of the previous one (the overlap).
            back, back_size = cur_end + 1, 0
            while back - 1 > cur_start and back_size + len(lines[back - 1]) + 1 <= overlap:
                back -= 1
                back_size += len(lines[back]) + 1
            if back_size + size > max_chars or back > cur_end:
                cur_start, cur_size = us, size
            else:
                cur_start, cur_size = back, back_size + size
        elif cur_start is None:
            cur_start, cur_size = us, size
        else:
            cur_size += size
        cur_end = ue
    if cur_start is not None:
        yield _Span(cur_start, cur_end)


def _hard_split(line: str, index: int, max_chars: int, overlap: int) -> Iterator[_Span]:
    step = max(max_chars - overlap, max_chars // 2, 1)
    for off in range(0, len(line), step):
        piece = line[off : off + max_chars]
        if piece.strip():
            yield _Span(index, index, piece)
        if off + max_chars >= len(line):
            break


def chunk_text(text: str, path: str, source: str, date: str | None, config: Config) -> list[Chunk]:
    """A file's text as chunks, with the configured sizes (what the index stores for it)."""
    return chunk_markdown(
        text,
        path=path,
        source=source,
        date=date,
        tokens=config.chunking.tokens,
        overlap=config.chunking.overlap,
        parent_tokens=config.chunking.parent_tokens,
    )
