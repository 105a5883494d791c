"""A question about the present is answered by the latest line on its subject (stage ``current``).

"Where does Thabo work now?" is answered by "Thabo handed in his notice today! Starts at ESB Networks",
written after the page saying "Partner: Thabo Nkosi (civil engineer at Arup)"; when the index did not
pair the two lines as a change of one fact (:mod:`mdrecall.search.supersede`), the older line may rank
first. For a question asking about the present (:func:`~mdrecall.text.tense.asks_about_present`), among
the first :data:`WINDOW` candidates scoring at least :data:`CLOSE` of the best one, those whose line
answering the question holds its names and one of its subject words, the one written latest is lifted to
the place of the first of them (it takes that score; the others keep their order). A line's day is its
chunk's (the note's or its heading's date); an undated page's line is taken as older than any dated line
that shares its subject (a standing page states what held when it was written; a dated note on the same
subject reports since). Nothing is fetched; a question about the past is left as it is. English only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mdrecall.models import Scored
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.tense import tells_of_past

__all__ = ["CLOSE", "NOTES", "WINDOW", "lift_latest"]

#: The source whose lines state facts: a captured session or conversation is talk, where the latest line
#: on a subject is not the state in force ("which database for billing?" is MEMORY.md's decision, not the
#: last transcript that discussed it).
NOTES = "memory"
#: How many of the first candidates are looked at.
WINDOW = 5
#: How close to the best candidate's score a later line must score to be lifted (a share of it).
#: (labelled sets: 0.5 to 0.7 lift the same pairs; 0.8 loses a quarter of them, 0.5 one more)
CLOSE = 0.65


def lift_latest(
    items: Sequence[Scored],
    terms: Sequence[str],
    names: Sequence[str] = (),
    window: int = WINDOW,
    close: float = CLOSE,
) -> list[Scored]:
    """``items`` with the latest candidate on the question's subject lifted (see the module).

    ``terms``: the question's keywords; ``names``: the words it capitalises (lowercased), each of which
    the answering line must hold. Returns ``items`` re-ordered, or as they were."""
    out = list(items)
    if len(out) < 2 or not terms or out[0].score <= 0:
        return out
    stems = query_stems(terms)
    must = query_stems(names) & stems
    bar = out[0].score * close
    group: list[int] = []
    for i, s in enumerate(out[:window]):
        if s.score < bar:
            break
        if s.chunk.source == NOTES and _on_subject(s.chunk.text, stems, must):
            group.append(i)
    if len(group) < 2:
        return out
    days = {i: (out[i].chunk.date or "")[:10] for i in group}
    latest = max(group, key=lambda i: (days[i], -i))
    first = group[0]
    if latest == first or not days[latest] or days[latest] <= max(days[i] for i in group if i < latest):
        return out
    lifted = out[latest].with_score("current", out[first].score)
    rest = [s for i, s in enumerate(out) if i != latest]
    return [*rest[:first], replace(lifted), *rest[first:]]


def _on_subject(text: str, stems: frozenset[str], must: frozenset[str]) -> bool:
    """Whether a line of ``text`` holds every name of ``must`` and a subject word of ``stems``."""
    for line in text.split("\n"):
        found = term_matches(line, stems)
        if found and must <= found and (found - must or not stems - must) and not tells_of_past(line):
            return True
    return False
