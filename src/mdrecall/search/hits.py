"""From ranked chunks to the hits a search returns: one hit per cited passage, its snippet chosen from
the whole passage, a title standing for the section it heads, one hit per fact, the query's character
budget shared among the snippets, and who said a captured snippet's lines (``origin``, read from the
index that made the hit: the last stages of :mod:`mdrecall.search.pipeline`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from mdrecall.errors import StoreError
from mdrecall.models import Hit, Scored
from mdrecall.search.citations import CitationGroup, fact_key, group_by_citation, repeats
from mdrecall.search.snippets import LineScorer, Snippet, citation, matching_lines, pieced_snippet
from mdrecall.search.supersede import marked_lines
from mdrecall.stores.base import Store
from mdrecall.text.chunking import heading_level
from mdrecall.text.provenance import captured, origin_stop, span_origins
from mdrecall.text.query import KeywordQuery

__all__ = ["LIST_REPEAT_WEIGHT", "SECTION_LINES", "build_hits"]

#: For a question asking for several things, the weight of a term a snippet line already offered holds
#: (:func:`~mdrecall.search.snippets.pieced_snippet`'s ``repeat_weight``): "pets" on five lines of a
#: chat is one answer shown five times; the line naming the dog, next to them, is another.
LIST_REPEAT_WEIGHT = 0.2
#: How many lines below a title-only hit (``# Project Atlas`` alone) its hit may cite and show.
SECTION_LINES = 20


def build_hits(
    ranked: Sequence[Scored],
    kq: KeywordQuery,
    k: int,
    max_chars: int,
    store: Store,
    *,
    off: frozenset[str] = frozenset(),
    intent: str | None = None,
    line_scorer: LineScorer | None = None,
    explain: bool = False,
    several: bool = False,
) -> list[Hit]:
    """The top ``k`` distinct hits in rank order, each with its snippet.

    One hit per citation (chunks citing overlapping lines of one file are one hit), its snippet made
    of the lines of the whole cited passage that best answer the query, and one hit per fact (a hit
    whose matching lines all repeat what an earlier hit shows is folded into it, its citation listed
    in that hit's ``also``); each time the slot goes to the next hit. A snippet does not repeat lines
    an earlier hit's snippet already shows. ``several``: the question asks for several things; each
    snippet offers its lines new terms first (:data:`LIST_REPEAT_WEIGHT`).
    """
    groups = (
        [CitationGroup([s], *s.chunk.cited_lines, [i]) for i, s in enumerate(ranked[:k])]
        if "citations" in off
        else group_by_citation(ranked, k + 8)
    )
    lines_of = getattr(store, "line_texts", None) if "passages" not in off else None
    context = intent != "gather"
    repeat = LIST_REPEAT_WEIGHT if several else 1.0
    shown: dict[str, set[int]] = {}
    cited: dict[str, dict[int, int]] = {}  # for each file, the group (its index) citing each line
    for i, g in enumerate(groups):
        cited.setdefault(g.path, {}).update(dict.fromkeys(range(g.start, g.end + 1), i))
    facts: list[frozenset[str]] = []
    owner: list[int] = []
    chosen: list[tuple[CitationGroup, str, int, Snippet]] = []
    firsts: list[tuple[int, ...]] = []  # for each hit chosen, the superseded lines its snippet shows first
    marks: list[str | None] = []  # for each hit chosen, its superseded mark (CitationGroup.mark)
    merged: set[int] = set()
    left = k * max_chars
    for index, group in enumerate(groups):
        if len(chosen) == k:
            break
        if index in merged:
            continue
        seen = shown.setdefault(group.path, set())
        text, first = _passage(group, lines_of)
        if lines_of is not None and _only_headings(text):  # a title alone: the section it heads
            group, text, below = _section_below(group, text, lines_of, cited.get(group.path, {}))
            if below is not None:  # another hit cites the section: one hit, at the better rank
                if below < index:
                    continue
                group = _joined(group, groups[below])
                merged.add(below)
                text, first = _passage(group, lines_of)
            elif _only_headings(text) and sum(1 for line in text.split("\n") if line.strip()) > 1:
                continue  # a skeleton of empty sections (a new MEMORY.md) holds no memory yet
        # a passage several of the top k chunks cite gets the characters those hits would have had
        picks = sum(1 for r in group.ranks if r < k) if "budget" not in off else 1
        reserve = (k - len(chosen) - 1) * max_chars // 2
        size = max(max_chars // 2, min(max_chars * max(1, min(3, picks)), left - reserve))
        mark = group.mark([(g.path, g.start, g.end) for g, *_ in chosen])
        older = _marked(group, mark, store, off)
        snip = pieced_snippet(text, first, kq.snippet_terms, size, seen, line_scorer, context, repeat, older)
        if "facts" not in off and facts:
            same = repeats(matching_lines(snip.text, kq.snippet_terms), facts)
            if same is not None:
                chosen[owner[same]][0].also.append(citation(group.path, group.start, group.end))
                continue
        seen.update(snip.shown_lines())
        for line in snip.text.split("\n"):
            facts.append(fact_key(line))
            owner.append(len(chosen))
        chosen.append((group, text, first, snip))
        firsts.append(older)
        marks.append(mark)
        left -= len(snip.text)
    if "budget" not in off:
        chosen = _spend_budget(chosen, kq, k * max_chars, max_chars, line_scorer, context, repeat, firsts)
    lines = line_scorer is not None
    texts = getattr(store, "line_texts", None)
    return [
        _hit(group, snip, mark, explain, lines, _origin(group, snip, texts))
        for (group, _, _, snip), mark in zip(chosen, marks, strict=True)
    ]


def _spend_budget(
    chosen: list[tuple[CitationGroup, str, int, Snippet]],
    kq: KeywordQuery,
    budget: int,
    max_chars: int,
    scorer: LineScorer | None,
    context: bool,
    repeat: float = 1.0,
    firsts: Sequence[tuple[int, ...]] = (),
) -> list[tuple[CitationGroup, str, int, Snippet]]:
    """Spend what the snippets left of the query's budget (``k × snippet_chars``) on more lines of
    their passages: first the hits whose passage the ranking chose more than once (several of its
    chunks ranked in the top ``2k``: up to ``snippet_chars`` more per extra chunk, 2 at most), then
    every other hit in rank order (up to ``snippet_chars`` more)."""
    left = budget - sum(len(s.text) for *_, s in chosen)
    window = 2 * len(chosen)
    picks = [sum(1 for r in g.ranks if r < window) for g, *_ in chosen]
    out = list(chosen)
    for i in sorted(range(len(out)), key=lambda i: (picks[i] < 2, i)):
        group, text, first, snip = out[i]
        if left <= 0 or len(text) <= len(snip.text):
            continue
        others = {
            n for j, (g, *_, s) in enumerate(out) if j != i and g.path == group.path for n in s.shown_lines()
        }
        size = min(max_chars * (1 + max(1, min(2, picks[i] - 1))), len(snip.text) + left)
        older = firsts[i] if i < len(firsts) else ()
        grown = pieced_snippet(text, first, kq.snippet_terms, size, others, scorer, context, repeat, older)
        if len(grown.text) > len(snip.text):
            left -= len(grown.text) - len(snip.text)
            out[i] = (group, text, first, grown)
    return out


def _marked(group: CitationGroup, mark: str | None, store: Store, off: frozenset[str]) -> tuple[int, ...]:
    """The lines of a marked hit's passage that its superseded ``mark`` speaks of (for its snippet to
    show them first: the hit's answer is the older line); none for an unmarked hit."""
    if mark is None or "supersede" in off:
        return ()
    try:
        return marked_lines(store, [(group.path, group.start, group.end, mark)])[0]
    except StoreError:
        return ()


def _passage(
    group: CitationGroup, lines_of: Callable[..., dict[tuple[str, int], str]] | None
) -> tuple[str, int]:
    """The text the group's snippet is chosen from, and its first line: the whole cited passage when
    the store can give its lines (``line_texts``), else the best chunk's own text."""
    best = group.best.chunk
    if lines_of is None or (group.start, group.end) == (best.start_line, best.end_line):
        return best.text, best.start_line
    if any(len(s.chunk.text.split("\n")) != s.chunk.end_line - s.chunk.start_line + 1 for s in group.items):
        return best.text, best.start_line  # a line split across chunks: the chunk's own text
    try:
        found = lines_of([(group.path, n) for n in range(group.start, group.end + 1)])
    except StoreError:
        return best.text, best.start_line
    for s in group.items:  # the chunks at hand are the passage as indexed: they win
        for i, line in enumerate(s.chunk.text.split("\n")):
            found[(group.path, s.chunk.start_line + i)] = line
    if not found:
        return best.text, best.start_line
    # a line no chunk holds is one the chunker skipped: a blank line between sections
    return "\n".join(found.get((group.path, n), "") for n in range(group.start, group.end + 1)), group.start


def _only_headings(text: str) -> bool:
    """True when a passage holds no line but headings (and blank lines): a title chunk."""
    return all(not line.strip() or heading_level(line) for line in text.split("\n"))


def _section_below(
    group: CitationGroup,
    text: str,
    lines_of: Callable[..., dict[tuple[str, int], str]],
    cited: dict[int, int],
) -> tuple[CitationGroup, str, int | None]:
    """A title-only group as the start of the section it heads: its range grown over the next
    :data:`SECTION_LINES` lines, up to the next heading of the same or a higher level, or up to a line
    another group cites — then that group's index is returned too (the title and it are one hit).
    The group unchanged when nothing but headings is below it (a note that is only a title) or the
    store cannot say.
    """
    level = min(heading_level(line) for line in text.split("\n") if line.strip())
    try:
        found = lines_of([(group.path, n) for n in range(group.end + 1, group.end + 1 + SECTION_LINES)])
    except StoreError:
        return group, text, None
    # a line between them no chunk holds is blank; the store may answer with more lines than asked
    last = min(max((n for _, n in found), default=group.end), group.end + SECTION_LINES)
    body: list[str] = []
    for n in range(group.end + 1, last + 1):
        line = found.get((group.path, n), "")
        if n in cited:
            return group, text, cited[n]
        if 0 < heading_level(line) <= level:
            break
        body.append(line)
    while body and not body[-1].strip():
        body.pop()
    if _only_headings("\n".join(body)):
        return group, text, None
    return dataclasses.replace(group, end=group.end + len(body)), "\n".join([text, *body]), None


def _joined(title: CitationGroup, section: CitationGroup) -> CitationGroup:
    """One group of a title and the section below it, ranked as the title."""
    return CitationGroup(
        title.items + section.items,
        title.start,
        max(title.end, section.end),
        title.ranks + section.ranks,
        title.also + section.also,
    )


def _origin(
    group: CitationGroup, snip: Snippet, lines_of: Callable[..., dict[tuple[str, int], str]] | None
) -> tuple[str, ...]:
    """Who said the snippet's lines when the hit is from a captured conversation and not all of them
    are the user's (:func:`mdrecall.text.provenance.span_origins`); ``()`` otherwise.

    Read from the store that made the hit (its indexed lines: the hit's own workspace, never the file
    again): line 1, then the lines above the snippet back to the record heading it sits under.
    """
    c = group.best.chunk
    if lines_of is None or not c.path.endswith(".md") or c.source not in ("conversations", "memory"):
        return ()
    if not (c.path.startswith("memory/conversations/") or c.heading.startswith("Session ")):
        return ()  # a session capture's every heading path starts at its "# Session …" title
    first = snip.start_line or group.start
    last = max(first, snip.end_line or group.end)
    try:
        got = {n: t for (_, n), t in lines_of([(c.path, 1)]).items()}
        if not captured(c.path, got.get(1, "")):
            return ()
        session = got.get(1, "").startswith("# Session ")
        top, step = first + 1, 32
        while top > 1:  # widen upwards until the heading the first line sits under is read
            low = max(1, top - step)
            got.update({n: t for (_, n), t in lines_of([(c.path, n) for n in range(low, top)]).items()})
            if any(origin_stop(got.get(n, ""), session) for n in range(low, first + 1)):
                break
            top, step = low, step * 2
        got.update({n: t for (_, n), t in lines_of([(c.path, n) for n in range(first, last + 1)]).items()})
    except StoreError:
        return ()
    return span_origins(got, first, last)


def _hit(
    group: CitationGroup,
    snip: Snippet,
    mark: str | None,
    explain: bool,
    lines: bool = False,
    origin: tuple[str, ...] = (),
) -> Hit:
    s = group.best
    c = s.chunk
    stages = dict(s.stages, final=s.score)
    if lines:  # the snippet's lines were also chosen by their vectors' similarity to the query
        stages["lines"] = 1.0
    if len(group.items) > 1:
        stages["citation_group"] = float(len(group.items))
    if group.end > c.end_line and _only_headings(c.text):  # a title standing for the section below
        stages["section"] = float(group.end - c.end_line)
    return Hit(
        path=c.path,
        start_line=group.start,
        end_line=group.end,
        score=max(0.0, min(1.0, s.score)),
        snippet=snip.text,
        source=c.source,
        citation=citation(c.path, group.start, group.end),
        date=c.date,
        heading=c.heading,
        snippet_start_line=snip.start_line,
        snippet_end_line=snip.end_line,
        explain=stages if explain else None,
        superseded=mark,
        also=tuple(group.also),
        origin=origin,
    )
