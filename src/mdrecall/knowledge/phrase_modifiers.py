"""Do two lines name a shared word with different modifiers before it ("hockey training" … "netball
training"): two subjects that share a word (:func:`modified`), read by the attribute rule
(:mod:`mdrecall.knowledge.fact_pairs`) and the change lines' pass
(:mod:`mdrecall.knowledge.change_candidate`). Pure."""

from __future__ import annotations

import functools
from collections.abc import Sequence, Set

from mdrecall.knowledge.facts import subject_words
from mdrecall.knowledge.mention_patterns import TITLES
from mdrecall.knowledge.name_lists import given_name

__all__ = ["modified"]


def modified(old: str, new: str, shared: Set[str]) -> bool:
    """Do the two lines name a shared word with different modifiers before it, each a content word the
    other line lacks ("hockey training" … "netball training", "kitchen tap" … "bathroom tap")? A word of
    order or number is no such modifier ("kitchen quote" … "a second quote": another one of the same
    kind; "two cups" … "one cup"), nor a part of the other's hyphenated word ("friend-list endpoint" …
    "friend list"), nor a short form of the other's ("competition wall" … "comp wall"). A name's word
    before the shared one still counts ("Kestrel Studio" … "Lantern Studio"); where the shared word is a
    name's on both lines (capitalised past the line's first word: "Villa Sjötorp" … "bad news, Sjötorp
    cancelled"), a lower-case word before it is no part of that name (the lines' punctuation is not kept:
    the word ends a clause or a label, "Fuel supplier: Highland Fuels" … "awarded to Certas; Highland
    Fuels") (:func:`_one_phrase`)."""
    a, stems_a, set_a, parts_a = _read(old)
    b, stems_b, set_b, parts_b = _read(new)
    before_a = {s: k - 1 for k, s in enumerate(stems_a) if k and s in shared}
    for k, s in enumerate(stems_b):
        if not k or s not in shared or s not in before_a:
            continue
        m = before_a[s]
        x, y = stems_a[m], stems_b[k - 1]
        if a[m].lower() in _ORDER or b[k - 1].lower() in _ORDER:
            continue
        if not x or not y or x == y or x in set_b or y in set_a:
            continue
        if x in parts_b or y in parts_a or _short_form(x, y):
            continue
        if _one_phrase(a, m, b, k - 1):
            return True
    return False


#: How many lines' readings :func:`_read` keeps (~1 KB each): the recent candidates, whose rereads are most
#: of them (1,000 generated notes: 72% of the reads). 4,096 cost the change pass ~0.6 KB a line of peak
#: memory at 3,000 lines and, in collector time, more than it saved.
READ_KEPT = 512


#: Words of order or number before a noun: another one of the same kind, not another kind.
_ORDER = frozenset(
    (
        *("first", "second", "third", "fourth", "next", "last", "new", "old", "other", "another", "same"),
        *("extra", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve"),
        *("half", "dozen", "single", "double", "both"),
    )
)


@functools.lru_cache(maxsize=READ_KEPT)
def _read(line: str) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str], frozenset[str]]:
    """A line's words, each one's subject stem ("" for none), the stems as a set, and the stems of the
    parts of its hyphenated words ("friend-list": "friend", "list"). Kept: a line is read again for each
    line it is weighed against (the attribute rule's and the change pass's candidates), the last
    :data:`READ_KEPT` of them."""
    words = tuple(line.split())
    stems = tuple(_stem_of(w) for w in words)
    parts = frozenset(_stem_of(p) for s in stems if "-" in s for p in s.split("-"))
    return words, stems, frozenset(stems), parts


def _short_form(x: str, y: str) -> bool:
    """Is one stem a short form of the other, its first four letters or more ("comp" … "competit")?"""
    short, long = sorted((x, y), key=len)
    return len(short) >= 4 and long.startswith(short)


def _case(words: Sequence[str], k: int) -> str:
    """How a line writes its ``k``-th word: ``cap`` (a capital in it past the line's first word: a name's
    word, or a clause's first), ``low``, or ``any`` (the line's first word, a number)."""
    w = words[k]
    if k == 0 or not w[:1].isalpha():
        return "any"
    return "cap" if any(c.isupper() for c in w) else "low"


def _one_phrase(a: Sequence[str], m: int, b: Sequence[str], n: int) -> bool:
    """May the words ``a[m]`` and ``b[n]`` each modify the word after it as one phrase: not a lower-case
    word before a name's word (capitalised on both lines: "MV Corran" … "shore-side maintenance. Corran's
    new chief")? A name's word on one line and a common noun on the other are read as before ("Beanbag
    Coffee" … "cut coffee to one cup"): two subjects that share a word. A person's name is read as before
    (a given name, a title, or a word after one: "Attendees: Ngozi, Lukas" … "without Lukas", "Dr Ewa
    Bielecka" … "colic, Dr Bielecka"): people are named in passing on lines about other things, and two
    lines naming one are not one subject by that alone."""
    heads = {_case(a, m + 1), _case(b, n + 1)}
    if "cap" not in heads or "low" in heads or _person_word(a, m + 1) or _person_word(b, n + 1):
        return True
    return "low" not in (_case(a, m), _case(b, n))


def _person_word(words: Sequence[str], k: int) -> bool:
    """Is the ``k``-th word a person's name: a given name or a title, or after one?"""
    for n in (k - 1, k):
        w = words[n].strip("'’").removesuffix("'s") if n >= 0 else ""
        if w in TITLES or given_name(w):
            return True
    return False


@functools.lru_cache(maxsize=50_000)
def _stem_of(word: str) -> str:
    return next(iter(subject_words(word)), "")
