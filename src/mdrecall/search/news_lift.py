"""A question about the present is answered by the note that tells its subject changed (stage ``current``).

"How many days a week am I at the office now?" is answered by "I'm back to zero office days from
Monday", a dated note's line telling a change; notes that name the office as often ("office smells of
coffee and panic", the standing page's "Office: Tue/Thu") outrank it on the question's words. When the
index paired no older line with it (:mod:`mdrecall.search.supersede`) and no latest line on the subject
was lifted (:mod:`mdrecall.search.current`), this stage looks at the first :data:`WINDOW` candidates
scoring at least :data:`CLOSE` of the best one: among the dated notes (source ``memory``, none a later
line superseded) with a line that tells a change (:func:`~mdrecall.knowledge.fact_lines.change_signal.signal`:
"moved to", "from now on", "switched", "is now") and holds the question's names (not an adjective of a
people: "the French buyer") and a word of its subject, the one whose change line holds the most of the
question's words (then the better ranked) is placed first, with the first candidate's score. Nothing is
fetched; a candidate that already ranks first is left. English only.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.current import NOTES
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.tense import tells_of_past

__all__ = ["CLOSE", "WINDOW", "change_line", "lift_news", "people_word"]

#: How many of the first candidates are looked at.
WINDOW = 10
#: How close to the best candidate's score a note must score to be lifted (a share of it).
CLOSE = 0.4


def lift_news(
    items: Sequence[Scored],
    terms: Sequence[str],
    names: Sequence[str] = (),
    window: int = WINDOW,
    close: float = CLOSE,
) -> list[Scored]:
    """``items`` with the dated note telling the question's subject changed placed first (see the
    module). ``terms``: the question's keywords; ``names``: the words it capitalises (lowercased), each
    of which the change line must hold. Returns ``items`` re-ordered, or as they were."""
    out = list(items)
    if len(out) < 2 or not terms or out[0].score <= 0:
        return out
    stems = query_stems(terms)
    must = query_stems([n for n in names if not people_word(n)]) & stems
    bar = out[0].score * close
    best: tuple[int, int] | None = None  # (words held, -rank)
    for i, s in enumerate(out[:window]):
        if s.score < bar:
            break
        if s.chunk.source != NOTES or not s.chunk.date or s.superseded_by:
            continue
        held = change_line(s.chunk.text, stems, must)
        if held and (best is None or (held, -i) > best):
            best = (held, -i)
    if best is None or best[1] == 0:
        return out
    at = -best[1]
    lifted = out[at].with_score("current", out[0].score)
    return [lifted, *(s for i, s in enumerate(out) if i != at)]


def change_line(text: str, stems: frozenset[str], must: frozenset[str]) -> int:
    """How many of ``stems`` the line of ``text`` telling a change on the subject holds (the most of any
    such line; 0 when none does): it holds every name of ``must`` and a subject word that is no name."""
    from mdrecall.knowledge.fact_lines.change_signal import (
        signal,  # here: only a question about the present reads it
    )

    most = 0
    for line in text.split("\n"):
        found = term_matches(line, stems)
        if not found or not must <= found or not found - must or len(found) <= most:
            continue
        words = line.strip().lstrip("-*+ ").strip()
        if signal(words) is not None and not tells_of_past(words):
            most = len(found)
    return most


def people_word(name: str) -> bool:
    """Is the question's capitalised word an adjective of a people or a language ("the French buyer"):
    it names no one the line must name."""
    from mdrecall.knowledge.lexicon.name_lists import demonym

    return demonym(name[:1].upper() + name[1:])
