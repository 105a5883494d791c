"""A question asking what was chosen favours the lines that state that choice (stage ``decisions``).

"What database did we pick and why?" matches, by its words, the page where the candidates were listed
and every note naming a database ("Options: PostgreSQL 16, CockroachDB, stay on MySQL"); the answer,
"Decision: PostgreSQL 16 chosen over CockroachDB", shares no word with it. When the question asks for a
choice (:func:`~mdrecall.text.decisions.asks_for_choice`), a candidate holding a line that states a
choice (:func:`~mdrecall.text.decisions.states_choice`) *about what the question asks* — the line also
holds an instance of the kind asked for ("database" → PostgreSQL) or one of its other words — has its
score multiplied by :data:`DECISION_BOOST`, like a stated preference for a preference question. A
choice line about something else ("Picked LaunchDarkly for feature flags") is not lifted. Nothing is
fetched: the stage reorders the first candidates the legs found.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.decisions import CHOICE_TERMS, states_choice

__all__ = ["DECISION_BOOST", "apply_decision_boost"]

#: How much a candidate stating the choice asked for is lifted (the statement boost's factor).
DECISION_BOOST = 1.5


def apply_decision_boost(
    items: Sequence[Scored],
    terms: Sequence[str],
    instances: Sequence[str] = (),
    factor: float = DECISION_BOOST,
    window: int = 30,
) -> list[Scored]:
    """``items`` with each of the first ``window`` candidates that holds a choice line about the query
    (an instance of the asked kind, or a query term other than the choice's own words) lifted by
    ``factor`` (stage ``decision``), re-sorted; unchanged when none does."""
    about = query_stems([t for t in terms if t.lower() not in CHOICE_TERMS] + list(instances))
    out = list(items)
    if not about or not out:
        return out
    head = out[:window]
    lifted = False
    for i, s in enumerate(head):
        if any(states_choice(line) and term_matches(line, about) for line in s.chunk.text.split("\n")):
            head[i] = s.with_score("decision", s.score * factor)
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[window:]
