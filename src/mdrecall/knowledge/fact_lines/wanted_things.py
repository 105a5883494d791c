"""What a line of a preference says is wanted ("User now wants *reminders* the day before", "prefers *the
usage report* monthly"): the thing after a verb of wanting or preferring. Two such lines of one person
change one preference only where they want one thing; "now wants the invoices in Xero" does not supersede
"now prefers reminders by text". Read by the attribute rule (:mod:`mdrecall.knowledge.changes.fact_pairs`).
Pure."""

from __future__ import annotations

import functools
import re

from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified

__all__ = ["other_things_wanted", "wanted_things"]

#: A verb of wanting or preferring, with the words that may stand between it and its object.
_WANTS = re.compile(
    r"\b(?:wants?|wanted|prefers?|preferred|likes?|liked|(?:would|'d|’d)\s+(?:rather|like|prefer)"
    r"|asks?\s+for|asked\s+for|needs?|needed)\b",
    re.I,
)
_WORD = re.compile(r"[\w'’-]+")
#: Words before the wanted thing: articles, possessives, pronouns, adverbs, "to" of an infinitive.
_BEFORE = frozenset(
    (
        *("a", "an", "the", "his", "her", "their", "our", "my", "your", "its", "to", "just", "only"),
        *("all", "also", "them", "it", "him", "us", "me", "any", "some", "every", "each", "now", "be", "get"),
        *("daily", "weekly", "monthly", "first"),
    )
)
#: Words that end the wanted thing: prepositions, conjunctions, words of time, manner and negation.
_AFTER = frozenset(
    (
        *("in", "on", "at", "by", "as", "for", "with", "from", "to", "after", "before", "via", "into"),
        *("over",),
        *("instead", "not", "no", "only", "and", "or", "but", "than", "straight", "every", "each", "per"),
        *("daily", "weekly", "monthly", "first", "always", "never", "then", "when", "if", "so", "rather"),
        *("up", "out", "off", "back", "down", "is", "are", "be", "go", "goes", "sent", "signed", "shared"),
    )
)
#: The verb of wanting opens the line's predicate: it stands among the line's first this many words ("User
#: now wants …", "Priya prefers …"), not in a clause further on.
_HEAD = 4
#: The most words of the wanted thing read.
_MOST = 3


def wanted_things(words: str) -> frozenset[str]:
    """The stems of the thing a line says is wanted or preferred (empty when it names none): the content
    words right after the verb of wanting that opens its predicate, up to a preposition or a word of time or
    manner."""
    low = words.lower()
    if not any(w in low for w in _HINTS):
        return frozenset()  # (most lines want nothing: no reading kept)
    return _wanted(words)


#: Letters every verb of :data:`_WANTS` holds (a cheap test before the grammar).
_HINTS = ("want", "prefer", "like", "rather", "ask", "need")


@functools.lru_cache(maxsize=128)
def _wanted(words: str) -> frozenset[str]:
    m = _WANTS.search(words)
    if m is None or words.count(" ", 0, m.start()) >= _HEAD:
        return frozenset()  # (a wish in a later clause, "… pushed back; Dan would rather …")
    out: list[str] = []
    for w in _WORD.findall(words[m.end() :]):
        low = w.lower()
        if not out and low in _BEFORE:
            continue
        if low in _AFTER or any(c.isdigit() for c in low) or len(out) >= _MOST:
            break
        out.append(stem(low))
    return frozenset(out)


def other_things_wanted(old_words: str, new_words: str) -> bool:
    """Do the two lines each say a thing is wanted or preferred, two things: no word of them shared
    ("wants reminders the day before" … "prefers motion briefs split in halves"), or the shared word with
    other modifiers before it ("the team sheet" … "job sheets",
    :func:`~mdrecall.knowledge.fact_lines.phrase_modifiers. modified`)?"""
    a, b = wanted_things(old_words), wanted_things(new_words)
    if not a or not b:
        return False
    return a.isdisjoint(b) or modified(old_words, new_words, a & b)
