"""A question about the present answered by a standing page's labelled slot: the latest note naming the
slot's value is shown with it (stage ``current``).

"Who is the service crew chief now?" is answered on MEMORY.md by "- Service crew chief: Pancho", written
when the page was; a later note saying "Kike runs service from Curicó on, Pancho has a job in Rancagua"
tells whether it still holds. When the index paired the two lines as a change of one fact, the
supersession stage shows the newer one (:mod:`mdrecall.search.supersede`); when it did not, this stage
reads the undated candidate's answering line as a slot ("Label: value", its label naming the asked
attribute: two words of the question), takes the value's name ("Pancho"; "Firebase Crashlytics"; of a
list, the item holding a word of the question), and places the latest dated note naming it just above the
page (it takes the page's score). The page stays, marked by nothing: what the note says is for the reader
to weigh. Not for a question asking for a time or an amount ("when is sprint planning now": the slot's
time answers it, not a name beside it). Only the first :data:`WINDOW` candidates are looked at; one
keyword query per question that has such a slot. A slot is read by its colon, in any language; a name by
its capitals, one of its words no frequent English word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from mdrecall.models import Chunk, Scored
from mdrecall.search.answering_lines import asked_value
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.stores.base import Store
from mdrecall.text.query import KeywordQuery
from mdrecall.text.tokens import tokenize

__all__ = ["VALUE_POOL", "WINDOW", "ValueNotes", "lift_slot_news", "slot_value", "value_notes"]

#: How many of the first candidates are looked at for a standing page's slot.
WINDOW = 6
#: How many chunks naming a value are read to find the latest one (BM25's best: a value named in more
#: notes than this may have a later one left out).
VALUE_POOL = 50
#: The kinds of value (:func:`~mdrecall.search.answering_lines.asked_value`) a slot's name answers.
_NAMED = frozenset({"c:", "h:"})
#: Reads the dated chunks whose lines name a value (its name's words), best first.
ValueNotes = Callable[[str], Sequence[Chunk]]

#: A labelled slot: a list item or a line opening with a short label and a colon, then its value.
_SLOT = re.compile(r"^\s*(?:[-*+]\s+)?(?P<label>[^:\n]{2,40}?):\s+(?P<value>\S.*)$")
#: A name in a value: a run of words each holding a capital letter ("Pancho", "Firebase Crashlytics",
#: "ezyVet"), at most four.
_NAME = re.compile(r"\b[\w'’.-]*[A-Z][\w'’.-]*(?:\s+[\w'’.-]*[A-Z][\w'’.-]*){0,3}")


def slot_value(line: str, stems: frozenset[str]) -> str | None:
    """The value's name of ``line`` read as a slot whose label names the asked attribute (it holds two
    query stems, or every one of fewer): ``"- Service crew chief: Pancho (Francisco Lagos)."`` →
    ``"Pancho"``. A value listing several things ("Map apps: KakaoTalk, Naver Map, Coupang") gives the
    item holding a query word, else its first. A name is capitalised words one of which is no frequent
    English word: "Closed Mondays" opens a sentence, "Organic Maps" may be a name or not (when unsure, the
    stage says nothing). ``None`` when the line is no such slot or names no one."""
    m = _SLOT.match(line)
    if m is None or len(term_matches(m.group("label"), stems)) < min(2, len(stems)):
        return None
    from mdrecall.knowledge.lexicon.name_lists import (
        common_word,  # here: only a slot the question names reads it
    )

    items = [part.strip() for part in _ITEMS.split(m.group("value")) if part.strip()]
    asked = [part for part in items if term_matches(part, stems)]
    for part in (*asked, *items):
        for found in _NAME.finditer(part):
            name = found.group(0).strip(".")
            if any(not common_word(w) for w in _name_words(name)):
                return name
    return None


#: Where a value's list parts: a comma or a semicolon, not inside brackets ("Pancho (Francisco Lagos)").
_ITEMS = re.compile(r"[,;]\s*(?![^()]*\))")
#: A day's or a month's word, which a capital does not make a name ("Mondays", "Sept").
_DATE_WORD = re.compile(
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:days?)?|jan|feb|mar|apr|may|jun|jul|aug|sept?"
    r"|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december",
    re.IGNORECASE,
)


def _name_words(name: str) -> tuple[str, ...]:
    """The words of ``name`` a note names it by: three letters or more, no day's or month's word."""
    return tuple(w for w in tokenize(name) if len(w) >= 3 and not _DATE_WORD.fullmatch(w))


def lift_slot_news(
    items: Sequence[Scored], terms: Sequence[str], notes: ValueNotes, query: str = "", window: int = WINDOW
) -> list[Scored]:
    """``items`` with the latest dated note naming the value of the first undated candidate's answering
    slot placed just above it (see the module); as they were when there is none, or when ``query`` asks
    for a time or an amount (:func:`~mdrecall.search.answering_lines.asked_value`: "when is sprint
    planning" is answered by the slot's time, not by a name in it, "Mondays in the Portico room")."""
    if set(asked_value(query)) - _NAMED:
        return list(items)
    out = list(items)
    stems = query_stems(terms)
    if len(out) < 2 or not stems:
        return out
    for i, s in enumerate(out[:window]):
        if s.chunk.date or s.superseded_by:
            continue
        value = _answering_value(s.chunk.text, stems)
        if value is None:
            continue
        latest = _latest(notes(value), value)
        if latest is None:
            return out
        at = next((k for k, o in enumerate(out) if o.chunk.id == latest.id), None)
        if at is not None and at < i:
            return out  # shown above the page already
        lifted = (out[at] if at is not None else Scored(latest, 0.0)).with_score("current", s.score)
        rest = [o for k, o in enumerate(out) if k != at]
        return [*rest[:i], lifted, *rest[i:]]
    return out


def value_notes(
    store: Store,
    sources: Sequence[str] | None = None,
    allowed: Callable[[Chunk], bool] | None = None,
    limit: int = VALUE_POOL,
) -> ValueNotes:
    """:data:`ValueNotes` read from the keyword index: the ``limit`` chunks holding the value's words
    best, those ``allowed`` (the search's scope)."""

    def read(value: str) -> list[Chunk]:
        words = _name_words(value)
        if not words:
            return []
        found = [c.chunk for c in store.search_text(KeywordQuery(value, words), limit, sources)]
        return [c for c in found if allowed is None or allowed(c)]

    return read


def _answering_value(text: str, stems: frozenset[str]) -> str | None:
    """The slot value of the chunk's line holding the most query words, when that line is a slot."""
    best, value = 0, None
    for line in text.split("\n"):
        n = len(term_matches(line, stems))
        if n > best:
            best, value = n, slot_value(line, stems)
    return value if best >= min(2, len(stems)) else None


def _latest(chunks: Sequence[Chunk], value: str) -> Chunk | None:
    """The latest dated chunk with a line naming one of ``value``'s name words (:func:`_name_words`)."""
    words = query_stems(_name_words(value))
    if not words:
        return None
    named = [c for c in chunks if c.date and any(term_matches(ln, words) for ln in c.text.split("\n"))]
    return max(named, key=lambda c: (c.date or "", -c.start_line), default=None)
