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
    words; no article or possessive).
    ``None`` for any other line."""
    label = LABEL.match(line) if ":" in line else None
    if label is None:
        return None
    head = label.group(1).strip()
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
    value = re.split(r"[.;!?(]", line[label.end() :], maxsplit=1)[0]
    found = [w.lower() for w in WORD.findall(value)]
    if not found or len(found) > MAX_FIELD_WORDS:
        return None
    stems = frozenset(stem(w) for w in found if w not in _FILLER)
    if not stems:
        return None
    parts = [p for w in words for p in w.split("-") if p]  # "Out-of-hours" and "Out of hours": one key
    return "-".join(stem(w) for w in parts if w not in _LABEL_JOINS), stems


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
