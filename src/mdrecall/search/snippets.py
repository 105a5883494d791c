"""Snippets an agent reads: a window of a chunk centred on its best-matching lines, and citations."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mdrecall.text.query import tokenize
from mdrecall.text.tokens import strip_accents

__all__ = [
    "LineScorer",
    "Snippet",
    "best_snippet",
    "citation",
    "headed_lines",
    "matching_lines",
    "pieced_snippet",
    "query_stems",
    "term_matches",
]

#: Scores each line of a passage against the query, 0..1 (e.g. the cosine of a line's vector to the
#: query's, from a cheap static embedder); added to the lines' keyword scores when choosing a snippet.
LineScorer = Callable[[Sequence[str]], Sequence[float]]

#: A passage line is taken for its own words only when it scores at least this share of its best line.
EVIDENCE_SHARE = 0.25

_SUFFIXES = ("ings", "ing", "ed", "es", "s", "ly")


@dataclass(frozen=True)
class Snippet:
    """Snippet text and the 1-based file lines it covers."""

    text: str
    start_line: int
    end_line: int
    #: the file lines shown, when the snippet skips some (``…``); empty means all of start..end
    lines: tuple[int, ...] = ()

    def shown_lines(self) -> range | tuple[int, ...]:
        """The file lines this snippet shows."""
        return self.lines or range(self.start_line, self.end_line + 1)


def citation(path: str, start_line: int, end_line: int) -> str:
    """``path#Lstart-Lend`` (``path#Ln`` for a single line)."""
    return f"{path}#L{start_line}" if start_line == end_line else f"{path}#L{start_line}-L{end_line}"


def headed_lines(text: str, heading: str = "") -> list[tuple[str, str]]:
    """Each line of ``text`` with the Markdown heading it stands under: the nearest ``#`` line above it
    in ``text``, else ``heading`` (the chunk's heading path). A line under "# The annex" is about the
    annex though it never says so ("Budget: €58,000"); a heading line stands under itself."""
    out: list[tuple[str, str]] = []
    under = heading
    for line in text.split("\n"):
        if line.startswith("#") and line.lstrip("#").startswith(" "):
            under = line.lstrip("#").strip()
        out.append((line, under))
    return out


def _stem(token: str) -> str:
    if len(token) < 5:
        return token
    for suf in _SUFFIXES:
        if len(token) > len(suf) + 3 and token.endswith(suf):
            return token[: -len(suf)]
    return token


def query_stems(terms: Sequence[str]) -> frozenset[str]:
    """The light stems :func:`term_matches` looks for."""
    return _stems_of(tuple(terms))


@lru_cache(maxsize=64)
def _stems_of(terms: tuple[str, ...]) -> frozenset[str]:
    """(cached: a search stems its terms for every passage, and a kind's instances are hundreds)"""
    return frozenset(_stem(t) for t in terms)


def term_matches(line: str, stems: frozenset[str]) -> frozenset[str]:
    """Which query stems occur in ``line`` (prefix match on light stems, so "decided" finds "decide"; a
    word of three letters and its plural of four are one word: "app" finds "Apps:")."""
    if not stems:
        return frozenset()
    return _line_hits(line, stems)


@lru_cache(maxsize=1 << 13)
def _line_hits(line: str, stems: frozenset[str]) -> frozenset[str]:
    """(cached: a search looks at the lines of its passages several times)"""
    words = _line_stems(line)
    found = words & stems  # exact forms; short words and CJK bigrams match only so
    for q, bare in _accented(stems):  # "zoé" finds "Zoe" as the keyword index does
        if bare in words:
            found |= {q}
    by_head = _heads(stems)
    for st in words:
        if len(st) >= 4:
            near = by_head.get(st[:4])  # two forms of one word share their first four letters
            if near:
                found |= {q for q in near if q != st and _same_word(st, q)}
    for q, other in _short_plurals(stems):
        if other in words:
            found = found | {q}
    return found


#: The endings of a four-letter word that are not a plural's "s" ("boss", "thus", "this").
_NOT_PLURAL = ("ss", "us", "is")
#: Four-letter words ending in a plural's "s" that are not the plural of their first three letters.
_NOT_PLURAL_WORDS = frozenset({"news"})


@lru_cache(maxsize=64)
def _short_plurals(stems: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """The query stems that :func:`_stem` leaves apart from their other number, each with that form: a
    word of three letters and its plural of four, either way round ("app"/"apps", "cats"/"cat"); a
    longer plural loses its "s" there."""
    out: list[tuple[str, str]] = []
    for q in stems:
        if len(q) == 3 and q.isalpha():
            plural, other = q + "s", q + "s"
        elif len(q) == 4 and q.endswith("s"):
            plural, other = q, q[:3]
        else:
            continue
        if not plural.endswith(_NOT_PLURAL) and plural not in _NOT_PLURAL_WORDS:
            out.append((q, other))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _line_stems(line: str) -> frozenset[str]:
    """The distinct light stems of a line's tokens, each with its accents folded too ("Zoé" is found by
    "zoe", as the keyword index finds it: ``remove_diacritics``) (cached: lines recur across a search's
    stages)."""
    found = frozenset(_stem(t) for t in tokenize(line))
    if line.isascii():
        return found
    return found | frozenset(strip_accents(w) for w in found if not w.isascii())


@lru_cache(maxsize=64)
def _accented(stems: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """The query stems written with accents, each with its folded form."""
    return tuple((q, bare) for q in stems if not q.isascii() and (bare := strip_accents(q)) != q)


@lru_cache(maxsize=1 << 14)
@lru_cache(maxsize=64)
def _heads(stems: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The query stems of four letters or more, by their first four letters."""
    by_head: dict[str, list[str]] = {}
    for q in stems:
        if len(q) >= 4:
            by_head.setdefault(q[:4], []).append(q)
    return {h: tuple(qs) for h, qs in by_head.items()}


def _same_word(a: str, b: str) -> bool:
    """Word forms of one stem: one is a prefix of the other, a few letters apart ("decid"/"decide",
    "deploy"/"deployment"), but not two words that merely share a start ("data"/"database")."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return long_.startswith(short) and len(long_) - len(short) <= (4 if len(short) >= 6 else 2)


def best_snippet(text: str, first_line: int, terms: Sequence[str], max_chars: int = 700) -> Snippet:
    """The window of whole lines (≤ ``max_chars``) covering the most distinct query terms.

    Ties go to the window with more matching lines, then the earlier one; the window is then widened
    with neighbouring lines while it fits. A single line longer than ``max_chars`` is cut around its
    first match. With no terms (or no match) the chunk's head is returned.
    """
    lines = text.split("\n")
    stems = query_stems(terms)
    matches = [term_matches(line, stems) for line in lines]
    sizes = [len(line) + 1 for line in lines]
    best: tuple[int, int, int, int] | None = None  # (-covered, -hit_lines, start, end)
    for i in range(len(lines)):
        if not matches[i]:
            continue
        covered: set[str] = set()
        hit_lines, size = 0, 0
        for j in range(i, len(lines)):
            size += sizes[j]
            if size > max_chars + 1 and j > i:
                break
            if matches[j]:
                covered |= matches[j]
                hit_lines += 1
                key = (-len(covered), -hit_lines, i, j)
                if best is None or key < best:
                    best = key
    if best is None:
        start, end = 0, 0
    else:
        start, end = best[2], best[3]
    # Widen with context while it fits, alternating after and before.
    size = sum(sizes[start : end + 1])
    grew = True
    while grew:
        grew = False
        if end + 1 < len(lines) and size + sizes[end + 1] <= max_chars + 1:
            end += 1
            size += sizes[end]
            grew = True
        if start > 0 and size + sizes[start - 1] <= max_chars + 1:
            start -= 1
            size += sizes[start]
            grew = True
    body = "\n".join(lines[start : end + 1])
    if len(body) > max_chars:
        body = _cut_line(body, stems, max_chars)
    return Snippet(body.strip("\n"), first_line + start, first_line + end)


def _answer_line(lines: list[str], i: int) -> int | None:
    """The line that answers line ``i`` when it asks a question or is a heading: the next non-blank
    one (after a heading, the next that is not a heading: "# 2026-04-15" is answered by the first
    line of "## Session 7" below it)."""
    line = lines[i].rstrip()
    heading = line.lstrip().startswith("#")
    if "?" not in line and not heading:
        return None
    for j in range(i + 1, min(len(lines), i + (6 if heading else 4))):
        if lines[j].strip() and not (heading and lines[j].lstrip().startswith("#")):
            return j
    return None


def _cut_line(line: str, stems: frozenset[str], max_chars: int) -> str:
    low = line.lower()
    pos = min((low.find(s) for s in stems if s and low.find(s) >= 0), default=0)
    begin = max(0, min(pos - max_chars // 3, len(line) - max_chars))
    piece = line[begin : begin + max_chars]
    if begin > 0:
        piece = "…" + piece[1:]
    if begin + max_chars < len(line):
        piece = piece[:-1] + "…"
    return piece


def matching_lines(text: str, terms: Sequence[str]) -> list[str]:
    """The lines of ``text`` that hold at least one of the query ``terms`` (word forms included)."""
    stems = query_stems(terms)
    return [line for line in text.split("\n") if line != "…" and term_matches(line, stems)]


def pieced_snippet(
    text: str,
    first_line: int,
    terms: Sequence[str],
    max_chars: int = 700,
    shown: Collection[int] = (),
    line_scorer: LineScorer | None = None,
    context: bool = True,
    repeat_weight: float = 1.0,
    first: Collection[int] = (),
) -> Snippet:
    """The best-matching lines of a chunk (not necessarily adjacent), in file order, ≤ ``max_chars``.

    Lines are ranked by the query terms they hold, each weighted by its BM25 idf over the chunk's
    lines (rarer terms weigh more, a term on nearly every line about nothing); they are taken while
    they fit, each matching question or heading together with the line that answers it (the next
    non-blank one), then the budget left is spent on their neighbours.
    Gaps between the pieces are shown as a ``…`` line. ``line_scorer`` (when given) adds each
    line's 0..1 similarity to the query, weighted like the rarest term, so a line that answers in
    other words can be chosen too. ``context=False`` spends no budget on neighbours: more matching
    lines, less around them (for questions that gather several facts). ``repeat_weight`` < 1 offers
    the lines greedily, a term a line already offered holds counting only that share of its weight:
    the next line offered brings a term not yet shown (for questions asking for several things, whose
    answers are spread over lines that share few words). ``first``: file lines offered before every
    other (the superseded line a hit's mark is about: the snippet shows the line the mark speaks of).
    """
    lines = text.split("\n")
    if len(text) <= max_chars:  # the whole chunk fits: nothing to choose
        return Snippet(text.strip("\n"), first_line, first_line + len(lines) - 1)
    stems = query_stems(terms)
    matches = [term_matches(line, stems) for line in lines]
    sims = _similarities(lines, line_scorer)
    if not any(matches) and not any(sims):
        return best_snippet(text, first_line, terms, max_chars)
    df: dict[str, int] = {}
    for m in matches:
        for s in m:
            df[s] = df.get(s, 0) + 1
    n = len(lines)
    # BM25's idf over the passage's lines: a term on nearly every line (a speaker's name) weighs ~0
    weight = {s: math.log(1 + (n - c + 0.5) / (c + 0.5)) for s, c in df.items()}
    top = max(weight.values(), default=math.log(1 + n))
    # fsum: exact, so the same terms score the same whatever order a set of them is iterated in (that order
    # changes from one process to the next): lines that tie stay tied, and go to the earlier one
    score = [math.fsum(weight[s] for s in m) + top * sim for m, sim in zip(matches, sims, strict=True)]
    seen = {n_ - first_line for n_ in shown}
    if all(score[i] <= 0 or i in seen for i in range(n)):
        seen = set()  # an earlier hit shows every matching line already: this snippet shows them again
    # a line scoring under a share of the best line's (a speaker's name, a word on every line) is not
    # evidence: it comes in only as a neighbour of one that is
    floor = EVIDENCE_SHARE * max(score)
    order = sorted((i for i in range(n) if score[i] > floor and i not in seen), key=lambda i: (-score[i], i))
    if repeat_weight < 1.0:
        order = _novel_first(order, matches, weight, [top * sim for sim in sims], repeat_weight)
    if first:
        ahead = [i for i in sorted({n_ - first_line for n_ in first}) if 0 <= i < n and i not in seen]
        order = ahead + [i for i in order if i not in ahead]
    chosen: set[int] = set()
    budget = max_chars

    def cost(i: int) -> int:
        return len(lines[i]) + 1 + (2 if (i - 1 not in chosen and i + 1 not in chosen) else 0)

    for i in order:
        c = cost(i)
        if c <= budget:
            chosen.add(i)
            budget -= c
            j = _answer_line(lines, i)
            if j is not None and j not in chosen and j not in seen and len(lines[j]) + 1 <= budget:
                chosen.add(j)
                budget -= len(lines[j]) + 1
    if not chosen:  # the best line alone is too long: cut it around its match
        return best_snippet(text, first_line, terms, max_chars)
    grew = context
    while grew:
        grew = False
        for i in sorted(chosen):
            for j in (i + 1, i - 1):
                if (
                    0 <= j < n
                    and j not in chosen
                    and j not in seen
                    and lines[j].strip()
                    and len(lines[j]) + 1 <= budget
                ):
                    chosen.add(j)
                    budget -= len(lines[j]) + 1
                    grew = True
    picked = sorted(chosen)
    out: list[str] = []
    for k, i in enumerate(picked):
        if k and i != picked[k - 1] + 1:
            out.append("…")
        out.append(lines[i])
    shown_lines = tuple(first_line + i for i in picked)
    return Snippet("\n".join(out), first_line + picked[0], first_line + picked[-1], shown_lines)


def _novel_first(
    order: Sequence[int],
    matches: Sequence[frozenset[str]],
    weight: dict[str, float],
    bonus: Sequence[float],
    repeat_weight: float,
) -> list[int]:
    """``order`` re-ordered greedily: each next line the best by its score with the terms of the lines
    before it weighing ``repeat_weight`` of theirs (ties to the earlier line)."""
    left = list(order)
    covered: frozenset[str] = frozenset()
    out: list[int] = []
    while left:
        gains = {
            i: math.fsum(weight[s] * (repeat_weight if s in covered else 1.0) for s in matches[i]) + bonus[i]
            for i in left
        }
        best = max(left, key=lambda i: (gains[i], -i))
        out.append(best)
        left.remove(best)
        covered |= matches[best]
    return out


def _similarities(lines: Sequence[str], scorer: LineScorer | None) -> list[float]:
    """Each line's similarity to the query from ``scorer`` (0 for blank lines), or all 0."""
    if scorer is None:
        return [0.0] * len(lines)
    try:
        raw = list(scorer(lines))
    except Exception:  # noqa: BLE001 - a scorer (or a plugin's) must never fail a search
        return [0.0] * len(lines)
    if len(raw) != len(lines):
        return [0.0] * len(lines)
    return [max(0.0, min(1.0, float(v))) if line.strip() else 0.0 for v, line in zip(raw, lines, strict=True)]
