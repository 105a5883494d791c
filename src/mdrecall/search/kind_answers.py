"""A question asking which thing of a kind is answered by a line naming one with its subject (stage
``kinds``).

"Which design app do I make the menu card in?" is answered by "Menu card and posts are made in Canva."
on a long standing page; a short daily note saying "post the menu card tmrw", with an app named on
another line ("bills went out on MyGate"), shares as many words with the question and outranks it. The
entity kind lift (:func:`mdrecall.search.kinds.apply_entity_kinds`) counts a mention anywhere in the
chunk; here, as a question-answering system's answer type (a product for "which app", a work for
"which book", as a place for "where is X based": :mod:`mdrecall.search.places`), a candidate with a
line holding both a stored mention of an entity of the asked kind and a word of the question's
subject (its words less the kind's and the light verbs': "menu", "card", not "app" nor "make"; with the
heading the line stands under) is lifted by :data:`KIND_ANSWER_LIFT` (a share of its score), in full for
two of the subject's words (or its one), by half for one of several. Nothing is fetched: the stage
reorders the first :data:`WINDOW` candidates. Not for a question asking for several (each instance
one answer; the person stage reads those).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mdrecall.models import Chunk, Scored
from mdrecall.search.snippets import headed_lines, query_stems, term_matches
from mdrecall.text.kind_words import number_forms

__all__ = ["KIND_ANSWER_LIFT", "WINDOW", "apply_kind_answers", "kind_subject", "spans_one"]

#: How much a candidate whose line names an instance of the asked kind with the subject is lifted.
KIND_ANSWER_LIFT = 0.5
#: How many of the first candidates are looked at: the answer's type decides among the head, it does not
#: pull a line up from deep in the list (an older line naming the firm first chosen, which the index did
#: not pair with the newer one, came back into a supersession question's top 5 with 30).
WINDOW = 5
#: Words that ask for the kind, not its subject ("what kind of", "which type of").
_ASKING = frozenset("kind kinds type types sort sorts one ones".split())
#: Verbs that say little of what the thing is for ("which app do I *use*", "do I *make* the card in"):
#: a line holding one holds no subject ("Priya uses a ZWO camera" for "which app does Zoé use").
_LIGHT = frozenset(
    "use uses used using have has had having get gets got getting make makes made making do does did go"
    " goes went take takes took keep keeps kept".split()
)


def kind_subject(terms: Sequence[str], kind_words: Sequence[str]) -> frozenset[str]:
    """The stems of the question's subject: its ``terms`` less the words naming the asked kind
    (``kind_words``, in any number: "app", "apps"), those asking for a kind ("type") and light verbs
    ("use")."""
    leave = set(_ASKING | _LIGHT)
    for word in kind_words:
        leave.update(number_forms(word.lower()))
    return query_stems([t for t in terms if t.lower() not in leave])


def apply_kind_answers(
    items: Sequence[Scored],
    mention_lines: Mapping[str, Sequence[int]],
    stems: frozenset[str],
    weight: float = KIND_ANSWER_LIFT,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``kinds``) whose line, numbered in
    ``mention_lines`` (path → 1-based lines holding a mention of the asked kind), holds ``stems`` itself
    or in the heading it stands under (in full for two of them, by half for one of several); re-sorted
    when one was."""
    out = list(items)
    if not stems or not out or weight <= 0 or not mention_lines:
        return out
    head = out[:WINDOW]
    need = min(len(stems), 2)
    lifted = False
    for i, s in enumerate(head):
        at = {n - s.chunk.start_line for n in mention_lines.get(s.chunk.path, ())}
        held = 0
        for k, (line, under) in enumerate(headed_lines(s.chunk.text)):
            if k in at:
                held = max(held, len(set(term_matches(line, stems)) | set(term_matches(under, stems))))
        if held:
            head[i] = s.with_score("kinds", s.score * (1 + weight * min(held, need) / need))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]


def spans_one(lines: Mapping[str, Sequence[int]]) -> Callable[[Chunk], bool]:
    """A predicate: does a chunk span one of ``lines`` (path → lines holding a mention of the asked
    kind)? The chunk-wide lift's test (:func:`mdrecall.search.kinds.apply_entity_kinds`)."""

    def check(chunk: Chunk) -> bool:
        return any(chunk.start_line <= ln <= chunk.end_line for ln in lines.get(chunk.path, ()))

    return check
