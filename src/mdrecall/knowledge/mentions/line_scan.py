"""Where a whole-file pass reads: the lines inside code fences (skipped), the heading lines, and the lines
holding a word a relationship pattern needs. Pure."""

from __future__ import annotations

import re
from bisect import bisect_right

from mdrecall.knowledge.mentions.relations import CUE, CUE_WORDS, MARKUP
from mdrecall.text.chunking import heading_paths

#: Inline code, a link or a tag: blanked before names and relationships are read.
CODE = re.compile(r"`[^`\n]*`|https?://\S+|<[^>\n]*>")
_HEADINGS = re.compile(r" {0,3}#{1,6}[ \t]")
_NEWLINE = re.compile(r"\n")
_CUE, _MARKUP = CUE, MARKUP
_CUE_WORDS = tuple(CUE_WORDS)


def skipped_and_headings(
    lines: list[str], joined: str, starts: list[int]
) -> tuple[set[int], list[int], list[int]]:
    """Lines not read (code fences and what they hold), the heading lines outside them and every heading
    line (0-based, in order)."""
    if "```" not in joined and "~~~" not in joined:
        heads = []
        at = joined.find("#")
        while at >= 0:  # a substring search, then a check of the line: no regex scan of the whole file
            i = bisect_right(starts, at) - 1
            if _HEADINGS.match(lines[i]):
                heads.append(i)
            at = joined.find("#", starts[i + 1]) if i + 1 < len(lines) else -1
        return set(), heads, heads
    _, is_heading = heading_paths(lines)
    skip: set[int] = set()
    fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            skip.add(i)
        elif fence:
            skip.add(i)
    heads = [i for i, h in enumerate(is_heading) if h]
    return skip, [i for i in heads if i not in skip], heads


def _line_starts(joined: str) -> list[int]:
    return [0, *(m.end() for m in _NEWLINE.finditer(joined))]


def cue_lines(joined: str, starts: list[int], skip: set[int]) -> list[int]:
    """Lines holding a word some relationship pattern needs (most lines hold none)."""
    text = joined
    if may_hold_code(text) or any(c in text for c in "*_[]@"):
        text = _MARKUP.sub("", CODE.sub(" ", text))
    low = text.lower()
    if len(low) != len(text):  # a character whose lower case is longer: find the lines with a regex
        return sorted({bisect_right(_line_starts(text), m.start()) - 1 for m in _CUE.finditer(text)} - skip)
    if text is not joined:
        starts = _line_starts(text)
    found: set[int] = set()
    for word in _CUE_WORDS:
        spaced = word[0].isalpha()  # the patterns want whitespace before a verb: "we use", not "because"
        at = low.find(word)
        while at >= 0:
            if spaced and at and not low[at - 1].isspace():
                at = low.find(word, at + 1)
                continue
            i = bisect_right(starts, at) - 1
            found.add(i)
            at = low.find(word, starts[i + 1]) if i + 1 < len(starts) else -1
    return sorted(found - skip)


def may_hold_code(text: str) -> bool:
    """Could ``text`` hold inline code, a link or a tag (what :data:`CODE` blanks)?"""
    return "`" in text or "<" in text or "http" in text
