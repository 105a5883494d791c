"""The verbs of change generated from WordNet (``data/change_words.txt``, :mod:`scripts.gen_change_words`),
beside the hand-kept :data:`~mdrecall.knowledge.fact_lines.fact_words.CHANGE`: where a line says a value ended
or was replaced in a sense's other words ("the rewrite is shelved", "the sponsor pulled out", "the old cat
died", "Decision: move the backups to Wasabi"). Read by
:func:`mdrecall.knowledge.fact_lines.change_signal.signal`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from mdrecall.knowledge.fact_lines.change_lexicon import VISIT

__all__ = ["DATA", "ends_value", "lexicon_changes"]

DATA = Path(__file__).parents[1] / "data" / "change_words.txt"
_VISIT = re.compile(VISIT, re.I)
#: A line that decides or agrees before a verb's present form: the change is decided, not only weighed
#: ("Decision: move telemetry to ClickHouse", "we agreed to drop the paper forms").
_DECIDES = re.compile(r"\b(?:decided|decision|decide|agreed|agree)\b", re.I)
#: Before "dead" said of a thing (a life, a battery, a plan), a copula, a finding or a count ("the old
#: router is dead", "found dead", "hives 3 and 9 dead"): a predicate, not a word modifying the next ("a
#: dead end", "dead simple"). Lines are read without their punctuation, so what follows tells nothing.
_DEAD_BEFORE = re.compile(r"\b(?:is|are|was|were|been|be|found|now|\d+)\s+$", re.I)
#: A thing put into service ("Sentry is live on both apps", "the new site went live"): a value that takes
#: over; not a home ("we now live in Leeds", "are live with the family").
_IN_SERVICE = re.compile(
    r"\b(?:is|are|went|gone|goes|going|now)\s+live\b(?!\s+(?:in|with|at|near|here|there|together|alone|on\s+(?:a|an|the|my|our)\b))",
    re.I,
)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The ``ended`` class of the data file, ``replaced`` with it, ``act`` and ``dead``, each as one
    whole-word pattern."""
    words: dict[str, list[str]] = {"ended": [], "replaced": [], "act": [], "dead": []}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cls, _, w = line.partition("\t")
            words[cls].append(re.escape(w).replace(r"\ ", r"\s+"))

    def one(ws: list[str]) -> re.Pattern[str]:
        return re.compile(r"\b(?:" + "|".join(sorted(ws, key=lambda w: (-len(w), w))) + r")\b", re.I)

    done = words["ended"] + words["replaced"]
    return one(words["ended"]), one(done), one(words["act"]), one(words["dead"])


@functools.cache
def _done_openings() -> frozenset[str]:
    """The first words (lower case) of the ``ended`` and ``replaced`` wordings: on an ASCII line, a wording
    matches only where one of them is a whole word of the line (the file's wordings are words of letters)."""
    out: set[str] = set()
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cls, _, w = line.partition("\t")
            if cls in ("ended", "replaced"):
                out.add(w.split()[0].lower())
    return frozenset(out)


#: A line's words, for the test of :func:`_done_openings` and :data:`_DECIDE_WORDS`.
_WORD = re.compile(r"\w+")
#: The words :data:`_DECIDES` reads.
_DECIDE_WORDS = frozenset({"decided", "decision", "decide", "agreed", "agree"})


def lexicon_changes(words: str) -> Iterator[re.Match[str]]:
    """The wordings of change of the generated lexicon in ``words``, in order: a past form; a present
    form after a word of deciding or agreeing on the line; "dead" as a predicate; a thing gone live. The
    caller tests each for negation and modals."""
    _, done, act, end = _patterns()
    # an ASCII line's whole words first (a set test many times quicker than the long alternations): a
    # wording opens with one of them, and so does a word of deciding (each pattern below only in that case)
    line_words = frozenset(_WORD.findall(words.lower())) if words.isascii() else None
    may_decide = line_words is None or not line_words.isdisjoint(_DECIDE_WORDS)
    decided = _DECIDES.search(words) if may_decide else None
    may_end = line_words is None or not line_words.isdisjoint(_done_openings())
    found = list(done.finditer(words)) if may_end else []
    if decided is not None:
        # "drop" not of a visit ("agreed to drop in on Mum"):
        # :data:`~mdrecall.knowledge.fact_lines.change_lexicon.VISIT`
        found += [m for m in act.finditer(words, decided.end()) if _VISIT.match(words, m.end())]
    low = words.lower()
    if "dead" in low:
        found += [m for m in end.finditer(words) if _DEAD_BEFORE.search(words[: m.start()][-12:])]
    if "live" in low:
        found += list(_IN_SERVICE.finditer(words))
    yield from sorted(found, key=lambda m: m.start())


def ends_value(words: str) -> bool:
    """Does ``words`` end the value it names in a past form of the generated lexicon ("the sponsor
    pulled out", "Rex died", "the contract expired")? Then naming the older line's value again takes it
    back, it does not confirm it."""
    return _patterns()[0].search(words) is not None
