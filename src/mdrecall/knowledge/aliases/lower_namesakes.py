"""A first name linked to a full name where a line written without capitals gives it another second word
("met daniel frost at the market" beside an accepted Daniel Ashby): the second word may be another
person's surname that the lower-case reader could not accept (an English word: "frost", "hill"), so the
bare first name is linked to neither. Read by :class:`~mdrecall.knowledge.index.EntityIndex` after the
other links, when ``entities.auto_aliases`` is on.

Only a doubt is read, never a name: the word after the first name must stand where a surname stands (the
first name after a word that governs a person: "met", "with", "told"; the word after it no stop word, no
verb's finite form or "-ing" form, no adverb in "-ly", no noun of time or place: "with daniel today", "met
daniel downtown" are no doubt) on an uncased line (:func:`~.lower_people.uncased`). A capitalised line is
never read: there the capitalised reader finds the full name itself.

Cost: one keyword search per linked first name of a person (the best :data:`SAMPLE` chunks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.lower_words import verb_sense
from mdrecall.knowledge.mentions.lower_people import uncased
from mdrecall.text.query import build_keyword_query
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["SAMPLE", "other_second_words", "unlink_lower_namesakes"]

#: Chunks the keyword search for a first name gives (best first) that are read.
SAMPLE = 16

#: Words that govern a person's name right after them on a dictated line.
_BEFORE = frozenset("with met told asked called texted emailed phoned visited".split())
#: Noun supersenses of words that follow a name and are no surname ("today", "downtown", "lunch").
_NOT_SURNAME = frozenset({"time", "location", "food", "event", "act", "quantity"})


def other_second_words(first: str, text: str) -> set[str]:
    """The words that stand in a surname's place after the lower-case ``first`` on the uncased lines of
    ``text`` ("met daniel frost at" → {"frost"})."""
    pattern = re.compile(rf"\b([a-z]+) {re.escape(first)} ([a-z]{{3,}})\b")
    found: set[str] = set()
    for line in text.splitlines():
        if first not in line or not uncased(line):
            continue
        for m in pattern.finditer(line):
            if m.group(1) in _BEFORE and _surname_place(m.group(2)):
                found.add(m.group(2))
    return found


def _surname_place(word: str) -> bool:
    if word in STOP_WORDS or word.endswith(("ly", "ing", "ed")) or verb_sense(word) is not None:
        return False
    return senses(word)[0] not in _NOT_SURNAME


def unlink_lower_namesakes(
    out: dict[str, str], kinds: Mapping[str, str], search: Callable[[Any, int], list[Any]]
) -> None:
    """Unlink each first name from the one person's full name it opens where an uncased line gives it
    another word in a surname's place (see the module); ``search`` is the store's keyword search."""
    for first, full in sorted(out.items()):
        if " " in first or first == full or kinds.get(full) != "person" or full.split()[0] != first:
            continue
        if not first.isalpha():
            continue
        second = full.split()[1]
        for hit in search(build_keyword_query(first), SAMPLE):
            if other_second_words(first, hit.chunk.text) - {second}:
                out[first] = first
                break
