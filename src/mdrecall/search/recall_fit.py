"""The recall budget shared by the memories that cleared the gate: each snippet re-cut from its passage.

The search cuts every candidate's snippet before the gate has judged any of them, to the size that
``recall.max_hits`` of them would share. When fewer clear the gate, that leaves characters unspent
while the lines that answer sit just beside the snippet in the same passage (a reply below the line
that matched). So the memories that cleared the gate share ``recall.max_chars`` between them here:
each snippet is cut again from the hit's whole cited passage (the file's lines, as the index knows
them) to its share, centred on the lines that best match the prompt
(:func:`mdrecall.search.snippets.pieced_snippet`), leaving out the lines another memory in the
block shows and the lines this session was already shown. A hit whose passage cannot be read as
the index saw it, or that holds local-only text, keeps the snippet the search gave it. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from mdrecall.models import Hit
from mdrecall.search.recall_gate import HEAD, entry
from mdrecall.search.snippets import LineScorer, pieced_snippet
from mdrecall.text.provenance import captured, span_origins

__all__ = ["Piece", "matches_index", "relabel", "share"]

#: Characters kept back per memory for what flattening a snippet onto one line may add.
_SLACK = 4


@dataclass(frozen=True)
class Piece:
    """One memory in the block: its hit, the text shown, a note, and the file lines it shows.

    ``passage`` is the hit's whole cited passage (file lines ``hit.start_line`` on) when the snippet
    may be cut again from it, ``None`` when it keeps its text.
    """

    hit: Hit
    text: str
    note: str
    lines: tuple[str, ...]
    passage: tuple[str, ...] | None = None


def matches_index(hit: Hit, passage: Sequence[str]) -> bool:
    """Whether ``passage`` (the file's lines now) still holds every line of the hit's snippet, where the
    index had them: a file changed since it was indexed keeps the search's snippet."""
    if not passage or len(passage) != hit.end_line - hit.start_line + 1:
        return False
    lines = set(passage)
    return all(ln in lines for ln in hit.snippet.split("\n") if ln.strip() and ln != "…")


def share(
    pieces: Sequence[Piece],
    budget: int,
    terms: Sequence[str],
    scorer: LineScorer | None = None,
    seen: Callable[[str], bool] = lambda _line: False,
) -> list[Piece]:
    """``pieces`` with their snippets cut again so that together they fill ``budget`` characters.

    Each piece's share is an equal part of what the header and the entries' heads leave; a passage
    shorter than its share gives the rest to the others. ``seen`` says whether the session was already
    shown a line (such lines are left out when the passage has others to show).
    """
    if not pieces:
        return []
    room = budget - len(HEAD) - sum(len(entry(p.hit, "", p.note)) + 1 + _SLACK for p in pieces)
    sizes = _sizes([_capacity(p) for p in pieces], max(0, room))
    owned = [_numbers(p) for p in pieces]  # the file lines each piece shows
    out: list[Piece] = []
    for j, (p, size) in enumerate(zip(pieces, sizes, strict=True)):
        if p.passage is None or size <= 0:
            out.append(p)
            continue
        others = {n for k, q in enumerate(pieces) if k != j and q.hit.path == p.hit.path for n in owned[k]}
        cut = _cut(p, size, terms, scorer, others, seen)
        if cut is None:
            out.append(p)
            continue
        owned[j] = _numbers(cut)
        out.append(cut)
    return out


def _numbers(p: Piece) -> set[int]:
    """The file lines a piece shows (as numbers; none when it has no passage)."""
    if p.passage is None:
        return set()
    mine = set(p.lines)
    return {p.hit.start_line + i for i, ln in enumerate(p.passage) if ln.strip() and ln in mine}


def relabel(piece: Piece, file_lines: Sequence[str]) -> Piece:
    """The piece with who said its lines read again, for the lines its snippet now spans, from its file's
    lines (``file_lines``, line 1 first): a snippet cut again from a captured conversation may take in
    another speaker's lines, and the block must say so."""
    if not file_lines or not captured(piece.hit.path, file_lines[0]):
        return piece
    a = piece.hit.snippet_start_line or piece.hit.start_line
    b = piece.hit.snippet_end_line or piece.hit.end_line
    origin = span_origins(dict(enumerate(file_lines[:b], 1)), a, b)
    return replace(piece, hit=replace(piece.hit, origin=origin))


def _capacity(p: Piece) -> int:
    """The most characters a piece's snippet can use: its whole passage (its own text when fixed)."""
    if p.passage is None:
        return len(p.text)
    return len("\n".join(p.passage).strip("\n"))


def _sizes(caps: Sequence[int], room: int) -> list[int]:
    """Equal shares of ``room`` for pieces that can use at most ``caps``: what a small one leaves goes to
    the others (water-filling)."""
    sizes = [0] * len(caps)
    left, todo = room, sorted(range(len(caps)), key=lambda i: caps[i])
    for n, i in enumerate(todo):
        sizes[i] = min(caps[i], left // (len(todo) - n))
        left -= sizes[i]
    return sizes


def _cut(
    p: Piece,
    size: int,
    terms: Sequence[str],
    scorer: LineScorer | None,
    others: Collection[int],
    seen: Callable[[str], bool],
) -> Piece | None:
    """The piece with its snippet cut to ``size`` from its passage (``None``: keep it as it is)."""
    assert p.passage is not None
    first = p.hit.start_line
    avoid = set(others) | {first + i for i, ln in enumerate(p.passage) if ln.strip() and seen(ln)}
    snip = pieced_snippet("\n".join(p.passage), first, terms, max(80, size), avoid, scorer)
    shown = [n for n in snip.shown_lines() if 0 <= n - first < len(p.passage)]
    if not snip.text.strip() or not shown:
        return None
    a, b = snip.start_line, snip.end_line
    hit = replace(p.hit, snippet=snip.text, snippet_start_line=a, snippet_end_line=b)
    return replace(p, hit=hit, text=snip.text, lines=tuple(p.passage[n - first] for n in shown))
