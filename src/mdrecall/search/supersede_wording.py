"""Supersession by a query's wording: a later line that says a thing changed outranks the earlier one.

"We use MySQL for bookings" (January) and "we moved bookings to PostgreSQL" (March) both match "what
database do bookings use?", and the stale one, holding more of the query's words, ranks first. Here a
dated chunk holding a *change line* — a line that says something changed ("moved to", "switched",
"migrated", "replaced", "no longer", "instead of", "now use", …) and holds query terms — is lifted just
above every earlier-dated candidate that ranks above it and holds those same terms; each of those is
marked superseded by the change line's citation (only where the index keeps no fact pairing:
:func:`marks_by_wording`; elsewhere :mod:`mdrecall.search.supersede` marks by the stored pairs). Nothing
else moves: no change line, no lift, so ordinary history (a conversation where every day mentions the same
topic) keeps its order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from mdrecall.knowledge.refresh import keeps_views
from mdrecall.models import Scored
from mdrecall.search.snippets import citation, query_stems, term_matches
from mdrecall.stores.base import Store

__all__ = [
    "CHANGE",
    "WINDOW",
    "apply_supersession",
    "change_line",
    "held_stems",
    "marks_by_wording",
    "query_names",
]

#: Wording that says a thing changed (English): the line holding it replaces what was said before.
CHANGE = re.compile(
    r"\b(?:(?:moved|switched|migrated|changed|upgraded)\b[^.;\n]{0,40}?\b(?:to|over|from|away)"
    r"|replac(?:ed|ing)|no longer|not \w+ any ?more|instead of|(?:we|i) now|now (?:use|using|on|prefer)"
    r"|from now on|stopped using|dropped|deprecated|retired)\b",
    re.IGNORECASE,
)
#: A word each of :data:`CHANGE`'s phrases holds.
_CHANGE_WORDS = (
    "moved",
    "switched",
    "migrated",
    "changed",
    "upgraded",
    "replac",
    "no longer",
    "more",
    "instead of",
    "now",
    "stopped using",
    "dropped",
    "deprecated",
    "retired",
)
#: Query stems other than names a change line must share with the question to be about its topic (one
#: shared word is as often a common one, "like" for "likely", as the topic).
MIN_TOPIC = 2
#: How many of the top candidates are looked at (the stage is quadratic in it).
WINDOW = 30


def change_line(
    text: str, stems: frozenset[str], names: frozenset[str] = frozenset()
) -> tuple[int, frozenset[str]] | None:
    """The first line of ``text`` that says something changed and holds query stems, one of them other
    than a name (written inside one of the line's sentences, or one of the question's ``names``, as
    stems): (index, stems)."""
    low = text.lower()
    if not any(w in low for w in _CHANGE_WORDS):  # a cheap look before the (slow) pattern
        return None
    done = -1
    for m in CHANGE.finditer(text):  # one pass over the text; each changed line looked at once
        i = text.count("\n", 0, m.start())
        if i == done:
            continue
        done = i
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        line = text[start : end if end >= 0 else len(text)]
        found = term_matches(line, stems)
        if len(term_matches(_unnamed(line), stems) - names) >= MIN_TOPIC:
            return i, frozenset(found)
    return None


#: A capitalised word inside a sentence (not after a line start, a list marker or a full stop): a name.
_NAME = re.compile(r"(?<![-*#>.!?:]\s)(?<![-*#>.!?:])(?<!^)(?<=\s)[A-Z][\w'’-]*")


def _unnamed(line: str) -> str:
    """The line without the names inside its sentences: what a change line must share with the question
    besides a name to be about its topic ("Hey John, … I dropped off the cakes" is not about John's
    earlier lines)."""
    return _NAME.sub(" ", line.strip())


def query_names(query: str) -> list[str]:
    """The words a question capitalises inside its sentences (its names: "Is Nate friends with
    Joanna?" → nate, joanna), lowercased."""
    return [m.group().lower() for m in _NAME.finditer(query.strip())]


def apply_supersession(
    items: Sequence[Scored],
    terms: Sequence[str],
    window: int = WINDOW,
    names: Sequence[str] = (),
    mark: bool = True,
) -> list[Scored]:
    """``items`` with each later change line lifted above the earlier candidates it supersedes.

    A candidate B (dated) with a change line holding query stems S supersedes every candidate A of
    another file, dated before it, holding all of S: A records ``superseded_by`` (B's line) unless
    ``mark`` is false, and when A ranked above B, B takes A's score (stage ``supersede``). Items are
    re-sorted; ties keep B first. A change line sharing only names with the question (``names``:
    :func:`query_names`) is not about its topic.

    An index that pairs its fact lines marks by them (:func:`apply_fact_supersession`,
    :func:`marks_by_wording`): sharing the query's words marks any earlier line on the topic ("Nora's
    swimming gala" for "Nora's swim class is Mondays from now on"), so there this stage only lifts.
    """
    out = list(items)
    if not terms or len(out) < 2:
        return out
    stems = query_stems(terms)
    name_stems = query_stems(names) if names else frozenset()
    head = out[:window]
    changed = False
    for b_pos in range(len(head)):
        b = head[b_pos]
        if not b.chunk.date:
            continue
        found = change_line(b.chunk.text, stems, name_stems)
        if found is None:
            continue
        line, topic = found
        where = citation(b.chunk.path, b.chunk.start_line + line, b.chunk.start_line + line)
        lifted = b.score
        for a_pos, a in enumerate(head):
            if not a.chunk.date or a.chunk.date[:10] >= b.chunk.date[:10] or a.chunk.path == b.chunk.path:
                continue
            if not topic <= held_stems(a.chunk.text, stems):
                continue
            if a_pos < b_pos:
                lifted = max(lifted, a.score)
            if mark and a.superseded_by is None:
                head[a_pos] = replace(a, superseded_by=f"{where} ({b.chunk.date[:10]})")
        if lifted > b.score:
            head[b_pos] = b.with_score("supersede", lifted + 1e-6)
            changed = True
    if not changed:
        return head + out[window:]  # only marks
    return sorted(head, key=lambda s: -s.score) + out[window:]


def held_stems(text: str, stems: frozenset[str]) -> frozenset[str]:
    """Which of ``stems`` the lines of ``text`` hold."""
    found: set[str] = set()
    for line in text.split("\n"):  # line by line: the lines' stems are cached for the snippets
        found |= term_matches(line, stems)
    return frozenset(found)


def marks_by_wording(store: Store) -> bool:
    """Does :func:`apply_supersession` mark what it lifts for a search of ``store`` (only where the index
    keeps no fact lines' pairing to mark by)?"""
    return not keeps_views(store)
