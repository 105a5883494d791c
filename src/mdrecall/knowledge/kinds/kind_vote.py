"""An entity's kind from all its mentions: a vote in tiers of how reliable each mention's evidence is.

Each stored mention carries the kind its context gave and how it was found (``how``). The tiers, strongest
first, each deciding only where every stronger one is silent:

1. a cue: front matter, a relationship, a speaker label, an ``@``, a kind told by the words around the name
   or its own words ("the NLnet Foundation", "Dana said", "Supplier: X"), weighted by ``how``
   (:data:`WEIGHT`);
2. a longer name's head noun (:func:`inherited_kinds`): "NLnet" beside "NLnet Foundation" is the
   foundation's short form, "Isar" beside "the Isar room" the room's;
3. the shape's default (``shape_name``: a capital inside a word and no cue, "NatureScot" → product): weakest,
   it never outvotes a cue (measured over the labelled sets: right for 0.64 of the mentions it typed, a
   typed name for 0.97; ``docs/entities.md``);
4. with no mention of any kind, the name alone (:mod:`.kind_guess`, the caller's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from mdrecall.knowledge.lexicon.name_words import PLACE_NOUNS, club_word
from mdrecall.knowledge.mentions.extract import SHAPE
from mdrecall.knowledge.mentions.names import name_kind

__all__ = ["CUED_KINDS", "WEIGHT", "inherited_kinds", "top_kind", "vote", "weak_cue"]

#: How much one mention counts for its kind, by how it was found (a cue's tier).
WEIGHT = {
    "front_matter": 3,
    "relation": 2,
    "speaker": 2,
    "mention": 2,
    "typed_name": 2,
    "wiki": 1,
    "name": 1,
}

#: Kinds told only by a cue of their own (an animal word, a reading verb, an event word): such a cue counts
#: twice, so it outweighs a kind guessed from a given-name list ("Our tortoise is called Gus" beside "Gus:").
CUED_KINDS = frozenset({"pet", "work", "event"})

#: Kinds a longer name's head noun passes to its short form (not a person's: "Sam" of "Sam Patel" is
#: linked to the person by the first-name rules, and a surname is no head noun).
_HEAD_KINDS = frozenset({"organisation", "place", "technology", "product", "event"})

Forms = Mapping[tuple[str, str, str], int]  # (written name, kind, how) → mentions


def _weight(kind: str, how: str) -> int:
    weight = WEIGHT.get(how, 1)
    return weight * 2 if how == "typed_name" and kind in CUED_KINDS else weight


def top_kind(kinds: Counter[str]) -> str:
    """The kind with the most weight; a tie goes to a cued kind (:data:`CUED_KINDS`): "Our tortoise is
    called Gus" says what Gus is, while "# Gus" and "Gus: vet check" only look like a person's name."""
    return max(kinds, key=lambda k: (kinds[k], k in CUED_KINDS))


#: The most words a short form of a longer name has ("Royal Botanic" of "Royal Botanic Garden Edinburgh").
SHORT_WORDS = 4


def vote(forms: Iterable[Forms]) -> tuple[str | None, bool]:
    """(kind, told by a cue) of the mentions ``forms`` (of one entity's keys): the cues' weighted vote (a tie
    broken by the shapes' default), else the shapes' default; ``(None, False)`` when no mention gives a
    kind."""
    cued: dict[str, int] = {}  # (plain dicts: a Counter's own costs count on 100,000 entities)
    shaped: dict[str, int] = {}
    forms = forms if isinstance(forms, list) else list(forms)
    shortened = _shortened(forms)
    for part in forms:
        for (name, kind, how), n in part.items():
            if kind == "unknown" or (shortened and kind not in shortened.get(name, (kind,))):
                continue
            if how == SHAPE:
                shaped[kind] = shaped.get(kind, 0) + n
            else:
                cued[kind] = cued.get(kind, 0) + n * _weight(kind, how)
    if len(cued) == 1:
        return next(iter(cued)), True  # one kind cued (most entities): no tie to break
    if cued:
        return max(cued, key=lambda k: (cued[k], k in CUED_KINDS, shaped.get(k, 0))), True
    return (top_kind(Counter(shaped)), False) if shaped else (None, False)


def weak_cue(forms: Iterable[Forms], kind: str) -> bool:
    """Whether the cues for ``kind`` are a single mention found by a way of the least weight (:data:`WEIGHT`:
    a rare word after "at" or "in", a name alone on a line), the cues the labelled sets measure least
    reliable (right for 0.74-0.84 of names, against 0.93-0.94 for a name's own words or a speaker label)."""
    n = 0
    for part in forms:
        for (_name, k, how), count in part.items():
            if k != kind or how == SHAPE:
                continue
            if WEIGHT.get(how, 1) > 1:
                return False
            n += count
    return n == 1


def _shortened(forms: list[Forms]) -> dict[str, set[str]]:
    """The written names that open a longer name of the same entity typed by its own words, each with the
    kinds the longer names were typed ("Mercy Valley" → {organisation} beside "Mercy Valley Clinic"): a
    short form has lost the head noun that told the kind, so the words left may tell another ("Valley", a
    place); its mentions of another kind do not vote. Empty for most entities."""
    if len(forms) == 1 and len(forms[0]) == 1:
        return {}  # one written name: no other it opens (most entities)
    longer: dict[str, set[str]] = {}
    for part in forms:
        for name, kind, how in part:
            if how == "typed_name" and kind != "unknown" and " " in name:
                longer.setdefault(name, set()).add(kind)
    if not longer:
        return {}
    names = {name for part in forms for (name, _kind, _how) in part}
    out: dict[str, set[str]] = {}
    for name, kinds in longer.items():
        words = name.split()
        for n in range(1, min(len(words), SHORT_WORDS + 1)):
            if (short := " ".join(words[:n])) in names:  # only the openings written as a name of their own
                out.setdefault(short, set()).update(kinds)
    return out


def inherited_kinds(keys: Mapping[str, Forms]) -> dict[str, str]:
    """Short key → the kind a longer name's head noun gives it: "nlnet" → organisation where the workspace
    writes "NLnet Foundation", "isar" → place beside "Isar room". A longer name counts when its own words
    tell a thing's kind (a head noun, a suffix, a known name: :func:`~.names.name_kind` without context),
    its mentions' cues agree, and the short key is its first word(s); a short key longer names of different
    kinds start ("Granton" of Granton Harbour and Granton Rowing Club) gets none. A club's last word alone
    ("the Striders" beside Lion's Head Striders: :func:`~.name_words.club_word`) is an organisation too."""
    out: dict[str, str] = {}
    clash: set[str] = set()
    for key, forms in keys.items():
        if " " not in key:
            continue
        parts = key.split()  # (once: a run of thousands of capitalised words is one key, fault round 7)
        opens = [
            (n, s) for n in range(1, min(len(parts), SHORT_WORDS + 1)) if (s := " ".join(parts[:n])) in keys
        ]
        if club_word(parts[-1].capitalize()):  # "Lion's Head" of Lion's Head Striders: what it is named after
            club = parts[-1] in keys and vote([forms])[0] == "organisation"
            if club and out.setdefault(parts[-1], "organisation") != "organisation":  # "the Striders" alone
                clash.add(parts[-1])
            continue
        if not opens:
            continue  # no shorter key it opens (most keys): its written forms need no reading
        words = max(forms, key=lambda f: (f[0][:1].isupper(), forms[f]))[0].split()
        shorts = [s for n, s in opens if n < len(words)]
        if not shorts:
            continue
        kind, strong = (
            ("place", True) if words[-1] in PLACE_NOUNS else name_kind(" ".join(words), words, "", "")
        )
        if not strong or kind not in _HEAD_KINDS or vote([forms])[0] not in (kind, None):
            continue
        for short in shorts:
            n = short.count(" ") + 1
            if name_kind(" ".join(words[:n]), words[:n], "", "")[1]:
                continue  # the short name tells a kind of its own ("Oslo" of "Oslo Airport")
            if out.setdefault(short, kind) != kind:
                clash.add(short)
    for short in clash:
        del out[short]
    return out
