"""Turning untrusted memory text into safe HTML: Markdown by blocks with line numbers, highlighted terms,
and the per-day bar chart as inline SVG.

Markdown goes through markdown-it-py's CommonMark parser with ``html=False``: raw HTML in a note is shown
as text, never interpreted, and link targets such as ``javascript:`` are refused by its link validator.
``[[Name]]`` links to the entity's page.
Each top-level block keeps the source lines it came from (``token.map``), so a citation ``path#L12-L20``
lands on, and highlights, the blocks covering those lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markupsafe import Markup, escape

__all__ = ["Block", "bar_chart", "highlight", "markdown_blocks", "parse_lines", "plain_blocks"]


@dataclass(frozen=True)
class Block:
    """A rendered piece of a file: its first and last source line and its (safe) HTML."""

    start: int
    end: int
    html: Markup
    marked: bool = False


_WIKI = re.compile(r"\[\[([^\[\]|\n]{1,120})(?:\|([^\[\]\n]{1,120}))?\]\]")


def _text(content: str) -> Token:
    tok = Token("text", "", 0)
    tok.content = content
    return tok


def _wiki_links(state: StateCore) -> None:
    """``[[Name]]`` and ``[[Name|label]]`` become links to the entity's page (tokens: escaped as text)."""
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        out: list[Token] = []
        for tok in block.children:
            if tok.type != "text" or "[[" not in tok.content:
                out.append(tok)
                continue
            pos = 0
            for m in _WIKI.finditer(tok.content):
                if m.start() > pos:
                    out.append(_text(tok.content[pos : m.start()]))
                link = Token("link_open", "a", 1)
                link.attrs = {"href": "/entity/" + quote(m.group(1).strip(), safe=""), "class": "wiki"}
                out += [link, _text((m.group(2) or m.group(1)).strip()), Token("link_close", "a", -1)]
                pos = m.end()
            if pos < len(tok.content):
                out.append(_text(tok.content[pos:]))
        block.children = out


@lru_cache(maxsize=1)
def _md() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.disable("image")  # a note's image would be a request to wherever it points: shown as a link instead
    md.core.ruler.push("wiki_links", _wiki_links)
    return md


def parse_lines(text: str | None) -> tuple[int, int] | None:
    """``"12-20"``, ``"L12-L20"`` or ``"12"`` → ``(12, 20)``; anything else → ``None``."""
    m = re.fullmatch(r"L?(\d{1,7})(?:-L?(\d{1,7}))?", (text or "").strip())
    if not m:
        return None
    a = int(m.group(1))
    b = int(m.group(2) or a)
    return (min(a, b), max(a, b)) if a > 0 else None


def markdown_blocks(text: str, mark: tuple[int, int] | None = None, first_line: int = 1) -> list[Block]:
    """Render ``text`` block by block; blocks overlapping the ``mark`` lines are flagged."""
    md = _md()
    tokens = md.parse(text)
    lines = text.splitlines()
    groups: list[tuple[int, int, list[Token]]] = []
    depth = 0
    for tok in tokens:
        if depth == 0:
            a, b = tok.map if tok.map else (len(lines), len(lines))
            groups.append((a, b, []))
        groups[-1][2].append(tok)
        depth += tok.nesting
    out = []
    for a, b, group in groups:
        html = md.renderer.render(group, md.options, {})
        start, end = first_line + a, first_line + max(a, b - 1)
        marked = mark is not None and start <= mark[1] and mark[0] <= end
        out.append(Block(start, end, Markup(_safe_links(html)), marked))
    return out


def plain_blocks(text: str, mark: tuple[int, int] | None = None, first_line: int = 1) -> list[Block]:
    """One block per line, shown as preformatted text (transcripts, and any file in ``raw`` view)."""
    out = []
    for i, line in enumerate(text.splitlines(), first_line):
        marked = mark is not None and mark[0] <= i <= mark[1]
        out.append(Block(i, i, Markup("<pre>{}</pre>").format(line or " "), marked))
    return out


def _safe_links(html: str) -> str:
    """Links leave without a referrer or an opener (markdown-it already refused unsafe schemes)."""
    return html.replace("<a href=", '<a rel="noopener noreferrer nofollow" href=')


def highlight(text: str, terms: Sequence[str]) -> Markup:
    """``text`` escaped, with each query term (case-insensitive, word-prefix) wrapped in ``<mark>``."""
    words = sorted({t for t in terms if t and len(t) >= 2}, key=len, reverse=True)
    if not words:
        return escape(text)
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")", re.IGNORECASE)
    out = Markup("")
    pos = 0
    for m in pattern.finditer(text):
        out += escape(text[pos : m.start()]) + Markup("<mark>{}</mark>").format(m.group(0))
        pos = m.end()
    return out + escape(text[pos:])


def bar_chart(days: Sequence[tuple[str, int, int]], link: str = "/day/") -> Markup:
    """An SVG bar chart of ``(day, notes, turns)``; each day's bars link to that day's log."""
    if not days:
        return Markup("")
    top = max(1, max(max(n, t) for _, n, t in days))
    width, height, bar = 12, 120, 5
    parts = [
        Markup(
            '<svg class="chart" role="img" viewBox="0 0 {w} {h}" preserveAspectRatio="none" '
            'aria-label="notes and captured turns per day">'
        ).format(w=len(days) * width, h=height + 2)
    ]
    for i, (day, notes, turns) in enumerate(days):
        x = i * width
        hn = round(height * notes / top)
        ht = round(height * turns / top)
        parts.append(
            Markup(
                '<a href="{href}"><title>{day}: {n} notes, {t} turns</title>'
                '<rect class="bg" x="{x}" y="0" width="{w}" height="{h}"></rect>'
                '<rect class="notes" x="{x1}" y="{yn}" width="{b}" height="{hn}"></rect>'
                '<rect class="turns" x="{x2}" y="{yt}" width="{b}" height="{ht}"></rect></a>'
            ).format(
                href=link + day,
                day=day,
                n=notes,
                t=turns,
                x=x,
                w=width,
                h=height,
                x1=x + 1,
                x2=x + 1 + bar,
                b=bar,
                yn=height - hn,
                hn=hn,
                yt=height - ht,
                ht=ht,
            )  # fmt: skip
        )
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)
