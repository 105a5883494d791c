"""A question about the present is answered by the line superseding its leading answer (stage ``current``).

"How big is the solar grant now?" is answered by "SEAI sent a revised grant offer: €2,400 now", a dated
note the index paired (:mod:`mdrecall.knowledge.changes.superseded`) with the older "SEAI grant letter says
€1,800". The supersession stage (:mod:`mdrecall.search.supersede`) marks the older line's chunk and lifts
the newer one just above it, yet notes naming the solar install as often ("€7,950 before grant") outrank
both. A question about the present asks for the state in force, which the newer line is: so, among the
first :data:`WINDOW` candidates, the first one marked superseded by a line of another chunk gives that line,
and when the line holds the question's names and a word of its subject its chunk is placed first (read from
the store when no candidate holds it), with the first candidate's score. The mark is the supersession
stage's verdict (its candidate's answering lines all superseded, the newer naming another value), so no
pair is read here; a question about the past is left as it is. English only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from mdrecall.models import Chunk, Scored
from mdrecall.search.news_lift import people_word
from mdrecall.search.snippets import query_stems, term_matches

__all__ = ["WINDOW", "lift_superseding"]

#: How many of the first candidates are looked at for a superseded mark (the tuned sets' present
#: questions: 5 and 7 lift the same answers; 10 lifted a mark of an eighth candidate on another subject).
WINDOW = 5

#: A superseded mark's citation (:func:`~mdrecall.search.supersede.supersession_note`): the newer line's
#: path and first line.
_CITED = re.compile(r"^(.+?)#L(\d+)")


def lift_superseding(
    items: Sequence[Scored],
    terms: Sequence[str],
    names: Sequence[str] = (),
    fetch: Callable[[str, int], Chunk | None] | None = None,
    window: int = WINDOW,
) -> list[Scored]:
    """``items`` with the chunk holding the line that superseded the first marked candidate placed first
    (see the module). ``terms``: the question's keywords; ``names``: the words it capitalises
    (lowercased), each of which the newer line must hold; ``fetch`` reads the chunk holding a file's line
    (``None``: only a candidate is placed). Returns ``items`` re-ordered, or as they were."""
    out = list(items)
    if len(out) < 2 or not terms or out[0].score <= 0:
        return out
    newer: tuple[str, int] | None = None
    for s in out[:window]:
        m = _CITED.match(s.superseded_by or "")
        if m is not None and not _holds(s.chunk, (m.group(1), int(m.group(2)))):
            newer = (m.group(1), int(m.group(2)))
            break
    if newer is None:
        return out
    at = next((i for i, s in enumerate(out) if _holds(s.chunk, newer)), None)
    if at == 0:
        return out
    chunk = out[at].chunk if at is not None else (fetch(*newer) if fetch is not None else None)
    if chunk is None or not _holds(chunk, newer) or not _on_subject(chunk, newer[1], terms, names):
        return out
    if at is None:
        return [Scored(chunk, out[0].score, {"current": out[0].score}), *out]
    lifted = out[at].with_score("current", out[0].score)
    return [lifted, *(s for i, s in enumerate(out) if i != at)]


def _holds(chunk: Chunk, line: tuple[str, int]) -> bool:
    return chunk.path == line[0] and chunk.start_line <= line[1] <= chunk.end_line


def _on_subject(chunk: Chunk, line: int, terms: Sequence[str], names: Sequence[str]) -> bool:
    """Does the chunk's ``line`` hold every name of the question (not an adjective of a people) and one
    of its words?"""
    stems = query_stems(terms)
    must = query_stems([n for n in names if not people_word(n)]) & stems
    text = chunk.text.split("\n")
    k = line - chunk.start_line
    found = term_matches(text[k], stems) if 0 <= k < len(text) else frozenset()
    return bool(found) and must <= found
