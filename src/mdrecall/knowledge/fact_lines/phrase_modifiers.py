"""Do two lines name a shared word with different modifiers before it ("hockey training" … "netball
training"): two subjects that share a word (:func:`modified`), read by the attribute rule
(:mod:`mdrecall.knowledge.changes.fact_pairs`) and the change lines' pass
(:mod:`mdrecall.knowledge.changes.change_candidate`). Pure."""

from __future__ import annotations

import functools
from collections.abc import Sequence, Set

from mdrecall.knowledge.fact_lines.facts import subject_words
from mdrecall.knowledge.lexicon.mention_patterns import TITLES
from mdrecall.knowledge.lexicon.name_lists import given_name

__all__ = ["for_others", "modified", "modified_stems"]


def modified(old: str, new: str, shared: Set[str]) -> bool:
    """Do the two lines name a shared word with different modifiers before it (:func:`modified_stems`)?"""
    return bool(_modified(old, new, shared, True) or for_others(old, new, shared))


def modified_stems(old: str, new: str, shared: Set[str]) -> frozenset[str]:
    """The shared words (stems) the two lines name with different modifiers before them, each a content word
    the other line lacks ("hockey training" … "netball training", "kitchen tap" … "bathroom tap"). A word of
    order or number is no such modifier ("kitchen quote" … "a second quote": another one of the same
    kind; "two cups" … "one cup"), nor a part of the other's hyphenated word ("friend-list endpoint" …
    "friend list"), nor a short form of the other's ("competition wall" … "comp wall"). A name's word
    before the shared one still counts ("Kestrel Studio" … "Lantern Studio"); where the shared word is a
    name's on both lines (capitalised past the line's first word: "Villa Sjötorp" … "bad news, Sjötorp
    cancelled"), a lower-case word before it is no part of that name (the lines' punctuation is not kept:
    the word ends a clause or a label, "Fuel supplier: Highland Fuels" … "awarded to Certas; Highland
    Fuels") (:func:`_one_phrase`). Also a shared word each line says is for another (:func:`_other_for`)."""
    return frozenset(_modified(old, new, shared, False) | for_others(old, new, shared))


def for_others(old: str, new: str, shared: Set[str]) -> set[str]:
    """The shared words each of the two lines says is for another (:func:`_other_for`: "Deposit for new
    members" … "deposit for under-25 drivers")."""
    a, stems_a = _read(old)[:2]
    b, stems_b = _read(new)[:2]
    return _other_for(a, stems_a, b, stems_b, shared)


def _modified(old: str, new: str, shared: Set[str], first: bool) -> set[str]:
    """The shared words named with different modifiers before them (:func:`modified_stems`); with ``first``,
    the first found only."""
    a, stems_a, set_a, parts_a = _read(old)
    b, stems_b, set_b, parts_b = _read(new)
    before_a = {s: k - 1 for k, s in enumerate(stems_a) if k and s in shared}
    out: set[str] = set()
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
            out.add(s)
            if first:
                break
    return out


def _other_for(
    a: Sequence[str], stems_a: Sequence[str], b: Sequence[str], stems_b: Sequence[str], shared: Set[str]
) -> set[str]:
    """The shared words that stand before "for" on one line and before "for" or after words of its own on the
    other, each line naming whom or what it is for with a word the other lacks ("Deposit for new members" …
    "deposit for under-25 drivers", "Wasp nest call-out fee" … "call-out fee for small animals")? Two of one
    kind, each for another."""
    for_a = _for_phrases(a, stems_a, shared)
    for_b = _for_phrases(b, stems_b, shared)
    out = set()
    for head in for_a.keys() | for_b.keys():
        qual_a = for_a[head] if head in for_a else _before(a, stems_a, head, shared)
        qual_b = for_b[head] if head in for_b else _before(b, stems_b, head, shared)
        if qual_a and qual_b and qual_a - qual_b and qual_b - qual_a:
            out.add(head)
    return out


def _before(words: Sequence[str], stems: Sequence[str], head: str, shared: Set[str]) -> frozenset[str]:
    """The subject stems right before the shared words that open ``head``'s phrase, up to two, none a
    person's name ("Wasp nest call-out fee" → wasp, nest; not "Karim interprets": a verb's subject)."""
    if head not in stems:
        return frozenset()
    k = stems.index(head)
    while k and stems[k - 1] in shared:
        k -= 1
    out: set[str] = set()
    for n in (k - 1, k - 2):
        if n < 0 or not stems[n] or _person_word(words, n) or words[n][-1:] in _CLOSES:
            break  # (not past a clause's end: "didn't renew (budget). ClickHouse questions …")
        out.add(stems[n])
    return frozenset(out)


#: The marks that end a clause or a label ("budget).", "Status:").
_CLOSES = frozenset(".;:,)!?")


def _for_phrases(words: Sequence[str], stems: Sequence[str], shared: Set[str]) -> dict[str, frozenset[str]]:
    """Each shared word before "for" → the stems of what it is for (up to :data:`_FOR_MOST` words,
    past an article, to a number, a verb or a preposition: "for the new drivers 20 April" → driver)."""
    out: dict[str, frozenset[str]] = {}
    for k in range(len(words) - 2):
        if words[k + 1].lower() != "for":
            continue
        # the shared word, or the one before a word of no subject ("training day for …")
        head = stems[k] if stems[k] in shared else stems[k - 1] if k and not stems[k] else ""
        if head not in shared:
            continue
        qual: set[str] = set()
        for n in range(k + 2, min(len(words), k + 2 + _FOR_MOST)):
            w = words[n].lower()
            if w in _FOR_SKIP and not qual:
                continue
            if w in _FOR_END or not w[:1].isalpha():
                break
            if stems[n]:
                qual.add(stems[n])
        out[head] = frozenset(qual)
    return out


#: The most words of a "for" phrase read (:func:`_for_phrases`).
_FOR_MOST = 5
#: Words before what a thing is for: articles and possessives.
_FOR_SKIP = frozenset(("the", "a", "an", "our", "my", "their", "his", "her", "its", "all", "each", "every"))
#: Words that end a "for" phrase: verbs of being and change, prepositions, "now".
_FOR_END = frozenset(
    (
        *("is", "are", "was", "were", "be", "will", "now", "has", "have", "had", "moved", "moves", "goes"),
        *("up", "down", "at", "on", "in", "from", "to", "by", "with", "and", "or", "until", "till", "since"),
        *("costs", "cost", "starts", "start", "instead", "not", "no", "per", "each", "every", "this", "next"),
    )
)


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
