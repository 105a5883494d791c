"""A page's free label lines ("Stage: pre-alpha, greybox levels"): the label as a key and the words of
its value (:func:`field_of`), and a label restated with another value further down the page, a change
(:func:`restated`). Pure."""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.fact_times import ATTRIBUTE_LABELS
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.fact_words import ADDITION, FULL_NAME, LABEL, LABELS, WORD
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import FactRow as Fact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["FIELD", "MAX_FIELD_WORDS", "field_of", "restated"]


#: The slot kinds of a page's free label line ("Stage: pre-alpha, greybox levels"): the label as an
#: attribute key (``k:stage``) and the words of its value (``v:pre-alpha``), read by
#: :func:`~mdrecall.knowledge.changes.state_pairs.field_pairs`, not by the change lines' pass.
FIELD = ("k:", "v:")
#: Words a label may hold between its first and last word ("Out of hours", "Terms and conditions").
_LABEL_JOINS = frozenset({"of", "and", "for", "on", "in"})
#: Prepositions a label of two or more words may open with ("Out of hours", "On call", "After hours",
#: "In stock"): a noun phrase still (a closed class of English).
_OPENING_PREPOSITIONS = frozenset(
    "out in on off after before under over at by within outside inside during above below".split()
)
#: Words of a value that name no value ("the", "our").
_FILLER = frozenset({"the", "a", "an", "our", "my", "your", "its", "their", "his", "her"})
#: The most words a free label's value holds (a longer one tells, not states a value).
MAX_FIELD_WORDS = 8


def field_of(line: str) -> tuple[str, frozenset[str]] | None:
    """A free label line's key and value ("Stage: pre-alpha, greybox levels." → ``("stage",
    {"pre-alpha", "greybox", "level"})``): a label of one to three words naming a thing (content words,
    lower-cased and singular, joined by "-"; no attribute label read otherwise, no person's name), and
    the words of its value up to its sentence's end, whatever they are (at most :data:`MAX_FIELD_WORDS`
    words; no article or possessive); or a label given its number or code by "is" (:func:`_number_field`).
    ``None`` for any other line."""
    label = LABEL.match(line) if ":" in line else None
    if label is None:
        return _number_field(line)
    key = _label_key(label.group(1).strip())
    if key is None:
        return None
    value = re.split(r"[.;!?(]", line[label.end() :], maxsplit=1)[0]
    found = [w.lower() for w in WORD.findall(value)]
    if not found or len(found) > MAX_FIELD_WORDS:
        return None
    stems = frozenset(stem(w) for w in found if w not in _FILLER)
    if not stems:
        return None
    return key, stems


def _label_key(head: str) -> str | None:
    """A label's key (its words lower-cased and singular, joined by "-": ``gate-code``), or None where
    ``head`` names no thing: more than three words, an attribute's label, a person, a clause."""
    words = head.lower().split()
    if not 1 <= len(words) <= 3 or head.lower() in LABELS or head.lower() in ATTRIBUTE_LABELS:
        return None
    if FULL_NAME.fullmatch(head) or (len(words) == 1 and given_name(head)):
        return None  # a person's line ("Tom Becker: treasurer"; "Dana: will do") is what they do or say
    opening = words[0] in _OPENING_PREPOSITIONS and len(words) > 1  # "Out of hours", "On call"
    if (
        (words[0] in STOP_WORDS and not opening)
        or words[-1] in STOP_WORDS
        or any(w in STOP_WORDS and w not in _LABEL_JOINS for w in words[1:])
    ):
        return None  # "We're out of pre-alpha: …", "Note to self: …": not a thing's label
    parts = [p for w in words for p in w.split("-") if p]  # "Out-of-hours" and "Out of hours": one key
    return "-".join(stem(w) for w in parts if w not in _LABEL_JOINS)


#: A whole line giving a thing's number or code by "is" ("the gate code is 4471", "Our locker number is
#: B12."): an optional determiner, one to three words (the label), "is" or "are", one word holding a digit,
#: the line's end. Said so in a log, it is the label's value as "Gate code: 4471" is.
_NUMBER_IS = re.compile(
    r"(?:(?:the|our|my|their|his|her)\s+)?([A-Za-z][\w-]*(?:\s[A-Za-z][\w-]*){0,2})\s+(?:is|are)\s+"
    r"(#?[A-Za-z]{0,3}\d[\w-]*)\s*[.!]?",
    re.I,
)


def _number_field(line: str) -> tuple[str, frozenset[str]] | None:
    """The label and value of a line that gives a thing's number or code by "is" (:data:`_NUMBER_IS`: "the
    gate code is 4471" → ``("gate-code", {"4471"})``); None for any other line."""
    if " is " not in line and " are " not in line:
        return None
    m = _NUMBER_IS.fullmatch(line.strip())
    if m is None:
        return None
    key = _label_key(m.group(1))
    return None if key is None else (key, frozenset((m.group(2).lower().lstrip("#"),)))


def restated(found: Fact, section: int, fields: dict[str, tuple[int, Fact]]) -> Fact:
    """A free label line (:func:`field_of`) as read, marked a change where it restates the label of the
    page's last line of that label with another value: each holds a value word the other lacks, and not
    one added to ("also", "too"); in the same section, or dated below an undated one (a page's log)."""
    values = found.values[0].split()
    key = next(v for v in values if v.startswith("k:"))
    was = fields.get(key)
    fields[key] = (section, found)
    if was is None or (was[0] != section and not (found.day and not was[1].day)):
        return found
    old = {v for v in was[1].values[0].split() if v.startswith("v:")}
    new = {v for v in values if v.startswith("v:")}
    if not (new - old and old - new) or ADDITION.search(found.words) is not None:
        return found
    return found._replace(cue=True)
