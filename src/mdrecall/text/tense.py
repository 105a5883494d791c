"""Whether a question asks about the present state of things ("where does Thabo work now", "who owns
billing", "production deploy days") rather than about the past ("where did Thabo work", "who used to own
billing", "what did we pick first"). English grammar only; pure."""

from __future__ import annotations

import re

from mdrecall.text.past_verbs import past_verb

__all__ = ["asks_about_present", "tells_of_past", "without_now_phrases"]

#: Words that ask for the state in force now, whatever the verb's tense ("the latest budget").
_NOW = frozenset({
    "now", "currently", "current", "still", "latest", "nowadays", "anymore", "presently", "today",
})  # fmt: skip
#: Two-word phrases that ask for now ("these days", "at the moment", "right now").
_NOW_PHRASES = (("these", "days"), ("at", "present"), ("the", "moment"), ("at", "the", "moment"))
#: Words that ask about a past state, whatever else the question says ("originally", "used to").
_PAST = frozenset({
    "ago", "originally", "initially", "previously", "formerly", "previous", "former", "yesterday",
    "earlier", "once",
})  # fmt: skip
#: Auxiliaries of the present (or of a plan in force now): "is", "does", "has ... been", "will".
_PRESENT_AUX = frozenset({
    "is", "are", "am", "what's", "who's", "where's", "when's", "how's", "it's", "do", "does", "has", "have",
    "will", "can", "isn't", "aren't", "doesn't",
    "don't", "hasn't", "haven't", "won't",
})  # fmt: skip
#: Modals of a guess or a wish ("would Caroline pursue writing?"): not a question about a state.
_MODAL = frozenset({"would", "could", "might", "should", "may", "wouldn't", "couldn't"})
#: Nouns of time after "last" that make it the past ("last week"), not the final one ("the last slot").
_LAST_OF = frozenset({
    "week", "weekend", "month", "year", "time", "night", "summer", "winter", "spring", "autumn", "fall",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "term", "season",
})  # fmt: skip
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


#: Phrases that say nothing but "now" (not "the moment", which is also a moment someone tells of).
_ONLY_NOW = (("these", "days"), ("at", "present"), ("at", "the", "moment"), ("right", "now"))
_ONLY_NOW_ENDS = frozenset(phrase[-1] for phrase in _ONLY_NOW)


def without_now_phrases(tokens: list[str]) -> list[str]:
    """``tokens`` (lowercase words) less the phrases that only say "now" ("these days", "at the moment",
    "at present"): they ask when, not what, and a note's "14 days before" does not answer "what is the
    cat eating these days"."""
    if len(tokens) < 2 or _ONLY_NOW_ENDS.isdisjoint(tokens):
        return tokens
    drop: set[int] = set()
    for phrase in _ONLY_NOW:
        n = len(phrase)
        for i in range(len(tokens) - n + 1):
            if tuple(tokens[i : i + n]) == phrase:
                drop.update(range(i, i + n))
    return [t for i, t in enumerate(tokens) if i not in drop] if drop else tokens


def asks_about_present(question: str) -> bool:
    """Whether ``question`` asks for the state in force now.

    "now", "currently", "still", "latest", "these days", "at the moment" say so, and so does a search of
    words with no verb ("production deploy days"); "ago", "originally", "used to", "at first", "last week"
    and a past auxiliary or verb ("did", "was", "moved") say not. A question built on a present auxiliary
    ("what does Tim write?", "is the kiln working?") is left alone: it asks as often of a standing fact as
    of a changed one, and lifting the latest line there lost three LoCoMo answers (single-hop -0.005) for
    two labelled pairs.
    A modal of a guess ("would", "could") asks for neither.
    """
    words = _WORD.findall(question[:500].lower().replace("’", "'"))
    if not words:
        return False
    pairs = list(zip(words, words[1:], strict=False))
    if any(w in _PAST for w in words) or ("used", "to") in pairs or ("at", "first") in pairs:
        return False
    if any(a == "last" and b in _LAST_OF for a, b in pairs):
        return False
    if any(w in _NOW for w in words) or any(_has(words, p) for p in _NOW_PHRASES):
        return True
    for i, w in enumerate(words):
        if w in _PRESENT_AUX:
            return False  # a plain present may ask of a standing fact: "what does Tim write?"
        if w in _MODAL:
            return False
        if past_verb(w, words[i - 1] if i else ""):
            return False
    return True


def _has(words: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1))


def tells_of_past(line: str) -> bool:
    """Whether ``line`` reports an act before the day it was written ("got her badge last night", "two
    days ago", "yesterday"): an event, not the state in force when it was written."""
    words = _WORD.findall(line[:2_000].lower())
    if any(w in _BACK for w in words):
        return True
    return any(a == "last" and b in _LAST_OF for a, b in zip(words, words[1:], strict=False))


#: Words of a line that point back from the day it was written.
_BACK = frozenset({"ago", "yesterday"})
