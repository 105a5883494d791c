"""Which values a change line leaves and which it gives: a small grammar over a line's lower-case words,
read by the change lines' chooser (:func:`~mdrecall.knowledge.changes.change_pairs.evaluate`) to weigh first
an older line holding a value left, and last one holding only the values given. Pure.

A change line names two sides of one change: the value it ends and the one it starts. The chooser of the
change lines' pass weighs its candidates by the words they share, so a line that already states the *new*
value ("Venue: Riverside barn" for "booked the Riverside barn instead, the Old Mill is off") or tells a
step towards it shares as many words as the line stating the old one. This grammar reads, beside the
values :func:`~mdrecall.knowledge.fact_lines.leave_grammar.left_values` reads:

* left, after a verb ending a choice or a holding (:data:`ENDS_AFTER`: turned down, declined, cancelled,
  scrapped, shelved, abandoned, rejected, "took over … from X"), or before one of a holder or a thing
  ending its part (:data:`ENDS_BEFORE`: "X stepped back / down / aside", "X resigned", "X retired", "X is
  shelved / scrapped / cancelled / closed", "X's last day");
* given, after a verb of moving or choosing (:data:`GIVES_AFTER`: switched / moved / changed / migrated …
  to X, going / went with X, opted for X, settled on X, picked X, chose X, "hands … over to X", "only X"
  on a line of "from now on"), before "instead" that is not "instead of" ("taking the Aldgate offer
  instead"), or before a verb taking up a part (:data:`GIVES_BEFORE`: "X takes over", "X is the new …", "X
  is live", "X went live").

Each value is one or two words, read up to a function word, as the subject stems the pass compares
(:func:`~mdrecall.knowledge.fact_lines.line_subjects.subject_stems`). A verb denied or only wished ("won't
cancel", "might switch") tells no side (:func:`~mdrecall.knowledge.fact_lines.change_signal.unreal_before`).
Cost: a substring test, then a few regular expressions over the line, each match reading a bounded slice
(linear).
"""

from __future__ import annotations

import functools
import re
from itertools import islice

from mdrecall.knowledge.fact_lines.change_signal import unreal_before
from mdrecall.knowledge.fact_lines.line_subjects import subject_stems
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["ENDS_AFTER", "ENDS_BEFORE", "GIVES_AFTER", "GIVES_BEFORE", "Sides", "sides"]

#: (values left, values given), each a set of subject stems.
Sides = tuple[frozenset[str], frozenset[str]]

#: A determiner or possessive before a value ("turned down the Aldgate offer").
_DET = r"(?:(?:the|a|an|our|my|their|his|her|its|this|that|these|those)\s+)?"

#: A verb ending a choice or a holding; the words after it name the value left.
ENDS_AFTER = re.compile(
    r"\b(?:turn(?:ed|ing|s)? down|declin(?:ed|es|ing)|cancell?(?:ed|ing)|cancels?|scrapp(?:ed|ing)"
    r"|shelv(?:ed|ing)|abandon(?:ed|ing)|reject(?:ed|ing)"
    # "Nnamdi takes over as on-call lead from Davide": who had it
    r"|(?:tak(?:es|e|ing|en)|took) over(?: \S+){0,4}? from)\s+" + _DET,
    re.I,
)
#: A holder or a thing ending its part; the words before it name the value left ("Rhian stepped back",
#: "the Kettering depot is closed", "Sam's last day").
ENDS_BEFORE = re.compile(
    r"\b(?:(?:is|was|are|were|has|have|had|has been|is being|will be)\s+)?"
    r"(?:(?:officially|finally|now|just|formally|permanently)\s+)?"
    r"(?:stepp(?:ed|ing) (?:back|down|aside)|steps? (?:back|down|aside)|resign(?:ed|s|ing)|retir(?:ed|es|ing)"
    r"|shelved|scrapped|cancell?ed|closed|last day)\b",
    re.I,
)
#: A verb of moving or choosing; the words after it name the value given.
GIVES_AFTER = re.compile(
    r"\b(?:(?:switch(?:ed|es|ing)?|mov(?:e|ed|es|ing)|chang(?:e|ed|es|ing)|migrat(?:e|ed|es|ing)"
    r"|upgrad(?:e|ed|es|ing)|convert(?:ed|s|ing)?|hand(?:s|ed|ing)?(?: \S+){0,3}? over)"
    r"(?: (?!to\b)\S+){0,3}? to"
    r"|(?:go(?:es|ing|ne)?|went|stick(?:s|ing)?|stuck) with|opt(?:ed|s|ing)? for"
    r"|(?:settl|decid)(?:ed|es|ing) on"
    r"|pick(?:ed|s|ing)|chose|chosen|choos(?:e|es|ing))\s+" + _DET,
    re.I,
)
#: A holder or a thing taking up its part; the words before it name the value given ("Femi takes over",
#: "recommended Femi take over", "Ledger Plus is the new one", "the new portal went live").
GIVES_BEFORE = re.compile(
    r"\b(?:(?:is|are|has|have|will)\s+)?(?:(?:now|officially|finally)\s+)?"
    r"(?:(?:tak(?:es|ing|e)|took|taken) over|(?:is|are) (?:now )?(?:the|our) new|(?:is|are) (?:now )?live"
    r"|(?:went|goes|gone) live)\b",
    re.I,
)
#: "only X" on a line telling a standing change ("only oat milk from now on").
_ONLY = re.compile(r"\bonly\s+" + _DET, re.I)
_FOR_GOOD = ("from now on", "from here on", "these days", "going forward", " now")
#: "X instead", not "instead of": the words before name the value given.
_INSTEAD = re.compile(r"\binstead\b(?! of\b)", re.I)

#: A change back or a choice reversed ("picked the quartz after all", "back to the Ilford film", "changed
#: our minds"): the value given was named before, as an option weighed or a state held, so a line holding
#: it may be the very line the change ends; no value given is read.
_RETURN = re.compile(
    r"\b(?:after all|back to|chang(?:e|ed|es|ing) (?:our|my|their|his|her) minds?"
    r"|revers(?:e|ed|es|ing)|again)\b",
    re.I,
)

#: Cheap tests before any expression runs (most lines hold none).
_HINTS = (
    "down", "declin", "cancel", "scrap", "shelv", "abandon", "reject", "over", "stepp", "step ", "steps ",
    "resign", "retir", "closed", "last day", "switch", "mov", "chang", "migrat", "upgrad", "convert",
    " with", "opt", "settl", "decid", "pick", "chose", "choos", "new", "live", "only", "instead",
)  # fmt: skip
#: At most this many matches of each wording are read on a line (a line telling more changes tells no one
#: change; the scan for further ones is the expression's, in C, and the line's words are read once).
_MATCHES = 16
#: At most this many words name a value.
MOST = 2
#: Characters read on either side of a match (a bounded slice: linear on a long line).
_REACH = 120
#: Words ending a value besides the function words.
_END = STOP_WORDS | {"now", "today", "tomorrow", "yesterday", "next", "last", "after", "from", "instead"}


@functools.lru_cache(maxsize=1 << 8)
def sides(words: str) -> Sides:
    """The values a line (its stored words, as written) leaves and gives, as subject stems."""
    low = words.lower()
    if not any(h in low for h in _HINTS):
        return frozenset(), frozenset()
    if len(low) != len(words):  # (a letter whose lower case is longer: read the lower case, no case)
        words = low
    left: set[str] = set()
    given: set[str] = set()
    for m in islice(ENDS_AFTER.finditer(words), _MATCHES):
        if not unreal_before(low, m.start()) and _object(words, m.end()):
            left |= _after(low, m.end())
    for m in islice(ENDS_BEFORE.finditer(words), _MATCHES):
        if not unreal_before(low, m.start()):
            left |= _before(low, m.start())
    for m in islice(GIVES_AFTER.finditer(words), _MATCHES):
        if not unreal_before(low, m.start()):
            given |= _after(low, m.end())
    for m in islice(GIVES_BEFORE.finditer(words), _MATCHES):
        if not unreal_before(low, m.start()):
            given |= _before(low, m.start())
    if "only" in low and any(h in low for h in _FOR_GOOD):
        for m in islice(_ONLY.finditer(words), _MATCHES):
            given |= _after(low, m.end())
    for m in islice(_INSTEAD.finditer(words), _MATCHES):
        given |= _before(low, m.start())
    if given and _RETURN.search(words):
        given.clear()
    return frozenset(left), frozenset(given - left)


def _object(words: str, at: int) -> bool:
    """Does the verb ending at ``at`` take an object: a name (a capital) or a determiner before it ("turned
    down Ashesi", "cancelled the booking")? A participle after its thing ("the fete cancelled, rain") is
    followed by another clause's words."""
    if words[at - 1 : at].isspace() and _DET_BEFORE.search(words, max(0, at - 8), at):
        return True
    return words[at : at + 1].isupper()


#: A determiner ending the match of a verb (:data:`_DET`).
_DET_BEFORE = re.compile(r"\b(?:the|a|an|our|my|their|his|her|its|this|that|these|those)\s+$", re.I)


def _after(words: str, at: int) -> set[str]:
    """The value read forwards from ``at``: up to :data:`MOST` words, to the first function word or the
    first word a stop follows ("turned down Whitcombe, she's …")."""
    tokens = words[at : at + _REACH].split()[:MOST]
    for k, t in enumerate(tokens):
        if t[-1] in _STOPS:
            tokens = tokens[: k + 1]
            break
    return _stems(tokens)


def _before(words: str, at: int) -> set[str]:
    """The value read backwards from ``at``: up to :data:`MOST` words, to the first function word or a
    stop ("treasurer, Oskar takes over")."""
    tokens = list(reversed(words[max(0, at - _REACH) : at].split()[-MOST:]))
    for k, t in enumerate(tokens):
        if k and t[-1] in _STOPS:
            tokens = tokens[:k]
            break
    return _stems(tokens)


#: Marks ending a clause, where the stored words keep them.
_STOPS = frozenset(",;:!?.")


def _stems(tokens: list[str]) -> set[str]:
    kept: list[str] = []
    for t in tokens:
        if t.rstrip(".,;:!?") in _END or not any(c.isalpha() for c in t):
            break
        kept.append(t)
    return subject_stems(" ".join(kept)) if kept else set()
