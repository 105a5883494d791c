"""A question asking where someone is based is answered by their latest line naming a place (stage
``places``).

"Where is Rafael based?" is answered by "Rafael on Slack: I'm working from Florianópolis from now on",
which holds no word of the question but the name, while his page ("Based in Curitiba") holds "based"
and ranks far above it. As a question-answering system's answer type (a place for "where does X
live/work", "where is X based/now", "which city does X work from"), a candidate with a line holding a
name the question capitalises and a stored mention of a place entity (the entity view's kind ``place``;
or ``organisation`` when it asks where someone works, unless it names the kind of place: an employer
answers it) is lifted by :data:`PLACE_LIFT` (a
share of its score), and, as a person's place changes, the latest dated of them takes the place of the
first (an undated page counts as older, as in :mod:`mdrecall.search.current`). A question that names
no one but a family relation ("where does my mother live now") asks of every word for it ("Mum moved
into Haus Lindenhof today"; :func:`whereabouts_names`). Only a question in the
present about where someone lives, works or is based asks this: "where did they go camping" asks for an
event's place, which any line may name. Nothing is fetched: the stage reorders the first :data:`WINDOW`
candidates. English only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from mdrecall.models import Scored
from mdrecall.search.measures import latest_first
from mdrecall.search.snippets import query_stems, term_matches

__all__ = [
    "ASKS_WHEREABOUTS",
    "ASKS_WHICH_PLACE",
    "PLACE_LIFT",
    "WINDOW",
    "apply_place_lift",
    "asks_whereabouts",
    "whereabouts_kinds",
    "whereabouts_names",
]

#: How much a candidate answering with a place is lifted (a share of its score).
PLACE_LIFT = 1.0
#: How many of the first candidates are looked at.
WINDOW = 30
#: "where is X based", "where does X live/work", "where is X now", "where are they staying these days".
ASKS_WHEREABOUTS = re.compile(
    r"\bwhere(?:'s|’s| is| are| does| do)\b[^?.!]{1,60}?\b(?:based|live|lives|living|located|staying"
    r"|work|works|working|now|currently|these days)\b",
    re.I,
)


#: The same question naming the kind of place it asks for: "which city does X work from", "what town
#: is X based in now", "which country are they living in these days".
ASKS_WHICH_PLACE = re.compile(
    r"\b(?:which|what)\s+(?:city|town|village|country|county|state|region|suburb|neighbou?rhood)"
    r"(?:'s|’s| is| are| does| do)\b[^?.!]{1,60}?\b(?:based|live|lives|living|located|staying"
    r"|work|works|working|now|currently|these days)\b",
    re.I,
)


#: "where does X work": the answer may be an employer ("Starts at ESB Networks") as much as a town.
_ASKS_WORKPLACE = re.compile(r"\bwork(?:s|ing)?\b", re.I)


def whereabouts_kinds(query: str) -> tuple[str, ...]:
    """The entity kinds answering a whereabouts question: a place, and an organisation when it asks
    where someone works, unless it names the kind of place it asks for ("which city")."""
    head = query[:500]
    if ASKS_WHICH_PLACE.search(head) is None and _ASKS_WORKPLACE.search(head):
        return ("place", "organisation")
    return ("place",)


def whereabouts_names(query: str, names: Sequence[str]) -> tuple[str, ...]:
    """Whom a whereabouts question asks of: the words it capitalises (``names``), else the family
    relation it names; a relation in every word for it ("where does my mother live now", "where does Mum
    live now" → mother, mum, mom, ...: "Mum moved into Haus Lindenhof today", "My mother Ingrid lives in
    Augsburg")."""
    from mdrecall.knowledge.lexicon.name_lists import kin_group  # here: only a whereabouts question reads it

    if names:
        return tuple(dict.fromkeys(w for name in names for w in (kin_group(name) or (name,))))
    return tuple(w for word in re.findall(r"[a-z]+", query[:500].lower()) for w in kin_group(word))


def asks_whereabouts(query: str) -> bool:
    """Does ``query`` ask where someone is based now (``"where is Rafael based?"``, ``"which city does
    Rafael work from?"``)?"""
    head = query[:500]
    return ASKS_WHEREABOUTS.search(head) is not None or ASKS_WHICH_PLACE.search(head) is not None


def apply_place_lift(
    items: Sequence[Scored],
    names: Sequence[str],
    place_lines: Mapping[str, Sequence[int]],
    weight: float = PLACE_LIFT,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``places``) whose line holds one of
    ``names`` (the question's capitalised words) and a place (``place_lines``: path → lines with a
    stored place mention), re-sorted, the latest dated of them first; unchanged when none is."""
    out = list(items)
    stems = query_stems(names)
    if not stems or not out or weight <= 0 or not place_lines:
        return out
    head = out[:WINDOW]
    ids: set[str] = set()
    for i, s in enumerate(head):
        at = place_lines.get(s.chunk.path, ())
        if at and _names_at(s.chunk.text.split("\n"), [n - s.chunk.start_line for n in at], stems):
            head[i] = s.with_score("places", s.score * (1 + weight))
            ids.add(s.chunk.id)
    if not ids:
        return out
    head.sort(key=lambda s: -s.score)
    if len(ids) > 1:
        head = latest_first(head, ids)
    return head + out[WINDOW:]


def _names_at(text: Sequence[str], at: Sequence[int], stems: frozenset[str]) -> bool:
    """Whether a line of ``text`` numbered in ``at`` (0-based) names one of ``stems``, itself or by the
    heading it is under ("# Rafael Souza" then "Based in Curitiba": the heading is the line's subject)."""
    heading = ""
    wanted = set(at)
    for k, line in enumerate(text):
        if line.startswith("#"):
            heading = line
        if k in wanted and (term_matches(line, stems) or (heading and term_matches(heading, stems))):
            return True
    return False
