"""A question about a past event is answered by the dated note that tells it (stage ``events``).

"What did the plumber say about the boiler?" asks of an act on a day, and the daily note written that
day tells it ("Boiler: pressure valve is shot, new one Thursday"); a standing page on the same subject
("Boiler: combi, under warranty till 2028") holds the question's words as often and outranks it by a
hair. When a question is built on a past auxiliary or verb ("what did ... decide", "who sold ..."; not
"when": the ``times`` stage reads those), a dated note (source ``memory``, no later line superseding it)
among the first :data:`WINDOW` candidates moves above each undated page just above it that it scores at
least :data:`CLOSE` of, with that page's score, unless the page itself tells a past act on the subject
(a line holding a question word, or under a heading holding one, with a past verb: "Why we dropped the
old boiler", "## Boiler" / "fitted by the previous owners"): such a page is the event's own record. A
standing page far ahead keeps its place. English only; pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.current import NOTES
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.past_verbs import past_verb

__all__ = ["CLOSE", "WINDOW", "asks_of_event", "lift_event_notes"]

#: How many of the first candidates are looked at.
WINDOW = 10
#: How close to an undated page's score a dated note must score to pass it (a share of it).
CLOSE = 0.9

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
#: Question words a past verb may follow directly ("who bought", "what happened").
_WH = frozenset({"who", "what", "which", "where", "why", "how"})
#: Past auxiliaries of an act ("what did the vet say").
_DID = frozenset({"did", "didn't"})


def asks_of_event(question: str) -> bool:
    """Whether ``question`` asks about a past act: "did" among its first words, or a past verb right
    after its question word ("who bought the van"). A "when" question is left to the ``times`` stage."""
    words = _WORD.findall(question[:300].lower().replace("’", "'"))
    if len(words) < 2 or words[0] == "when":
        return False
    if any(w in _DID for w in words[:4]):
        return True
    return words[0] in _WH and past_verb(words[1], words[0])


def lift_event_notes(
    items: Sequence[Scored], terms: Sequence[str], window: int = WINDOW, close: float = CLOSE
) -> list[Scored]:
    """``items`` with each dated note of the first ``window`` moved above the undated pages just above
    it that it scores at least ``close`` of and that tell no past act on ``terms`` (the question's
    keywords; see the module). Returns a new list."""
    out = list(items)
    stems = query_stems(terms)
    if not stems:
        return out
    for i in range(1, min(window, len(out))):
        s = out[i]
        if s.chunk.source != NOTES or not s.chunk.date or s.superseded_by:
            continue
        at = i
        while at > 0 and _states(out[at - 1], stems) and s.score >= out[at - 1].score * close > 0:
            at -= 1
        if at == i:
            continue
        lifted = s.with_score("events", out[at].score)
        out = [*out[:at], lifted, *out[at:i], *out[i + 1 :]]
    return out


def _states(page: Scored, stems: frozenset[str]) -> bool:
    """Whether ``page`` is an undated page whose lines holding a question word (or under a heading
    holding one: "## Pickle") tell no past act."""
    if page.chunk.date:
        return False
    heading = False
    for line in page.chunk.text.split("\n"):
        found = bool(term_matches(line, stems))
        if line.startswith("#"):
            heading = found
            continue
        if not (found or heading):
            continue
        words = _WORD.findall(line.lower())
        if any(past_verb(w, words[k - 1] if k else "") for k, w in enumerate(words)):
            return False
    return True
