"""A question asking who is answered by a line naming someone with its subject (stage ``who``).

"Who looks after the hens when we're away?" is answered by "Aunt Bea feeds the hens while we're in
Crete": a person named beside the question's subject. A note saying only "the hens stopped laying"
shares as many of its words and names no one. As a question-answering system's answer type (a person
for "who", as a place for "where is X based": :mod:`mdrecall.search.places`; an instance of a kind for
"which app": :mod:`mdrecall.search.kind_answers`), a candidate with a line holding a stored mention of
a person who is not one the question names (on the line or in the heading it stands under: "# Fintan
Buckley" over "- Role: owner of the oyster farm"), and a word of the question's subject (itself or in
that heading), is lifted by :data:`PERSON_LIFT` (a share of its score): in full for
two of the subject's words (or its one), by half for one of several. Only a question that asks for one
party ("who", "whom", "to whom"; not a list: the person stage reads each answer of those). Nothing is
fetched but the mentions: the stage reorders the first :data:`WINDOW` candidates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mdrecall.models import Scored
from mdrecall.search.kind_answers import kind_subject
from mdrecall.search.snippets import headed_lines, term_matches

__all__ = ["PERSON_LIFT", "WINDOW", "apply_person_answers", "others_lines"]

#: How much a candidate whose line names someone with the question's subject is lifted.
PERSON_LIFT = 1.0
#: How many of the first candidates are looked at: the answer's type decides among the head.
WINDOW = 5


def others_lines(
    mentions: Mapping[str, Sequence[tuple[int, str]]], asked: Sequence[str], paths: Iterable[str]
) -> dict[str, set[int]]:
    """Path → the lines (of ``paths``) holding a mention of someone not asked about: ``mentions`` are
    the people's mentions (path → (line, key)), ``asked`` the question's names (lowercase); a key
    sharing a word with one of them is that person ("leo" for "Leo Brandt")."""
    names = {n.casefold() for n in asked}
    out: dict[str, set[int]] = {}
    for path in set(paths):
        for line, key in mentions.get(path, ()):
            if not (set(key.split()) & names):
                out.setdefault(path, set()).add(line)
    return out


def apply_person_answers(
    items: Sequence[Scored],
    person_lines: Mapping[str, set[int]],
    terms: Sequence[str],
    weight: float = PERSON_LIFT,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``who``) whose line, numbered in
    ``person_lines`` (path → 1-based lines naming someone the question does not), holds a word of the
    subject (``terms`` less light verbs) itself or in its heading; re-sorted when one was."""
    out = list(items)
    stems = kind_subject(terms, ())
    if not stems or not out or weight <= 0 or not person_lines:
        return out
    head = out[:WINDOW]
    need = min(len(stems), 2)
    lifted = False
    for i, s in enumerate(head):
        at = {n - s.chunk.start_line for n in person_lines.get(s.chunk.path, ())}
        if not at:
            continue
        held = 0
        titled = False  # the heading the line stands under names someone ("# Fintan Buckley")
        for k, (line, under) in enumerate(headed_lines(s.chunk.text)):
            if line.startswith("#") and line.lstrip("#").startswith(" "):
                titled = k in at
            if k in at or titled:
                held = max(held, len(term_matches(line, stems) | term_matches(under, stems)))
        if held:
            head[i] = s.with_score("who", s.score * (1 + weight * min(held, need) / need))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]
