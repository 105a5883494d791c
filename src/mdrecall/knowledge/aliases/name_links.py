"""Names that mean another accepted name: a first name alone for the one longer name it starts, a
nickname for the person whose given name it shortens, a business without its last word, a lake, a
mountain or a business without the head noun that opens its name ("Garda" for Lake Garda, "Meier" for
Umzüge Meier), and the other
names a note states in words ("Kasia is short for Katarzyna"). Read by
:class:`~mdrecall.knowledge.index.EntityIndex` when ``entities.auto_aliases`` is on.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from mdrecall.knowledge.aliases.custom_links import parent_named
from mdrecall.knowledge.aliases.diminutives import diminutive_stems
from mdrecall.knowledge.aliases.given_surnames import given_surname
from mdrecall.knowledge.lexicon.family_customs import (
    called_names,
    initialled_given,
    last_given_family,
    patronym_split,
)
from mdrecall.knowledge.lexicon.mention_patterns import PARTICLE_WORD
from mdrecall.knowledge.lexicon.name_lists import (
    DIMINUTIVE_ENDINGS,
    common_word,
    fold_accents,
    given_name,
    known_name,
    nicknames,
    places,
)
from mdrecall.knowledge.lexicon.name_words import (
    EVENT_LAST,
    INSTITUTION_LAST,
    ORG_HEADS,
    ORG_LAST,
    ORG_WORD,
    PLACE_LAST,
    club_word,
)
from mdrecall.knowledge.mentions.extract import entity_key
from mdrecall.knowledge.mentions.name_edges import name_word
from mdrecall.knowledge.mentions.relations import ALIAS
from mdrecall.knowledge.mentions.syllable_names import family_given
from mdrecall.stores.base import Store
from mdrecall.stores.views import RelationRow
from mdrecall.text.query import build_keyword_query

__all__ = [
    "DIMINUTIVE_ENDINGS",
    "GEO_HEADS",
    "LINKABLE",
    "LOWER_SAMPLE",
    "fold_stated_aliases",
    "link_first_names",
    "person_or_org",
    "link_surnames",
    "link_unwritten_given",
    "places_key",
    "roots_by_first",
    "surnames",
    "written_lower",
]


#: Geographic nouns that open a place's name ("Lake Garda", "Mount Kenya"): the rest alone names it too.
GEO_HEADS = frozenset("lake loch lough lago lac mount mt monte mont isle cape".split())

#: Kinds a one-word name may have and still be the first name of a longer name ("Halden" of Halden Bikes).
LINKABLE = frozenset({"person", "organisation", "unknown"})


def link_first_names(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    kinds: Mapping[str, str],
    written_lower: Callable[[str], bool] = lambda _: False,
) -> None:
    """Fold into ``out`` a one-word name alone that means the one longer name of a person or organisation
    it starts ("Fatima", "fatima" → Fatima Okafor) or a family name written first ends ("Ji-woo" → Park
    Ji-woo), or the one person whose given name it is a nickname of
    ("Izzy" → Isobel Marsh), whether or not it is an entity on its own evidence; a word that starts two
    such names means neither.

    A longer name is a person's or an organisation's by its words (a known given name first, an
    organisation word last) or by what the workspace says of it or of its first word alone ("Nnamdi said"
    makes Nnamdi Eze a person): the given-name list need not know the name.

    A thing's (not a person's) name of frequent words is not shortened to its first words where the
    workspace writes them in lower case (``written_lower``): "High" at a sentence's start is the adjective
    of "high risk", not "High AI" (an apoptotic index an abstract names), while "Riverside" for Riverside
    Food Bank is.
    """

    def ordinary(short: str, full: str) -> bool:
        first = short.split()[0]
        thing = (
            kinds.get(full) != "person"
            and kinds.get(first) != "person"
            and not given_name(first.capitalize())
        )
        return thing and all(common_word(w) for w in short.split()) and written_lower(short)

    firsts: dict[str, list[str]] = {}
    opened: dict[str, int] = {}  # a word → the accepted longer names of any kind that open with it
    initialled: set[str] = set()  # the given names of names written with initials first ("ramesh")
    for k in out:
        if " " in k and out[k] == k and stats.get(k, (0, False))[1] and not _INITIAL.search(k):
            opened[k.split()[0]] = opened.get(k.split()[0], 0) + 1
            if (after := initialled_given(k)) is not None:
                initialled.add(after)
            if parent_named(k):
                continue  # "Jia Hui Mummy": the child's mother, no longer name of Jia Hui
            if last_given_family(k.split()):
                continue  # "Mai Thị Thủy": called by the last part, never by the family name
            # "ji-woo" of "park ji-woo", "ramesh" of "k. ramesh": the given name is last
            first = family_given(k) or after or k.split()[0]
            if (
                person_or_org(k)
                or kinds.get(k) in ("person", "organisation")
                or kinds.get(first) == "person"
                or patronym_split(k.split()) is not None  # "Kavitha a/p Raman": a person, whatever a cue says
            ):
                firsts.setdefault(first, []).append(k)
    for first, fulls in firsts.items():
        if len(fulls) > 1 and any("&" not in f.split() for f in fulls):
            fulls = [f for f in fulls if "&" not in f.split()]  # "Kavitha & Ravi": a pair, not her name
        if first in initialled and opened.get(first):
            continue  # "R. Karthik" beside "Karthik Menon", whatever kind the longer name has: two people
        if (
            len(fulls) == 1
            and first in stats
            and out.get(first, first) == first
            and (kinds.get(first, "unknown") in LINKABLE or _persons_place(first, fulls[0], kinds))
            and not ordinary(first, fulls[0])
        ):
            out[first] = fulls[0]
    _link_initials(out, stats, firsts)
    stems: dict[str, list[str]] = {}  # "lantern moth" → ["lantern moth games"]
    for k in out:
        words = k.split()
        if len(words) > 2 and out[k] == k and kinds.get(k) == "organisation" and stats.get(k, (0, False))[1]:
            stems.setdefault(" ".join(words[:-1]), []).append(k)
    for stem, fulls in stems.items():
        if (
            len(fulls) == 1
            and stem in stats
            and out.get(stem, stem) == stem
            and stem not in places_key()
            and not club_word(fulls[0].split()[-1].capitalize())  # "Hout Bay" of Hout Bay United: the place
            and not ordinary(stem, fulls[0])
        ):
            out[stem] = fulls[0]  # "Lantern Moth" for Lantern Moth Games: a business without its last word
    features: dict[str, list[str]] = {}  # "garda" → ["lake garda"]
    for k in out:
        words = k.split()
        if len(words) != 2 or out[k] != k:
            continue
        if (
            (words[0] in GEO_HEADS and kinds.get(k) == "place")
            or (words[0] in ORG_HEADS and kinds.get(k) == "organisation")
            or (kinds.get(k) == "product" and _maker(words[0]))
        ):
            features.setdefault(words[1], []).append(k)
    for rest, fulls in features.items():
        if (
            len(fulls) == 1
            and rest in stats
            and out.get(rest, rest) == rest
            and rest not in places_key()
            and (not common_word(rest) or (stats[rest][1] and _maker(fulls[0].split()[0])))
        ):
            # "Garda" for Lake Garda, "Meier" for Umzüge Meier: without the head noun; "the Forester" for
            # a Subaru Forester (a model written capitalised on its own): without its maker
            out[rest] = fulls[0]
    _link_shorter_spans(out, stats, kinds, ordinary)
    nicks = nicknames()
    by_given: dict[str, list[str]] = {}
    for first, fulls in firsts.items():
        by_given.setdefault(fold_accents(first), []).extend(
            f for f in fulls if kinds.get(f) != "organisation"
        )
    opening = _openings(by_given)
    for k in stats:
        if k in firsts or " " in k or out.get(k, k) != k or kinds.get(k, "unknown") not in LINKABLE:
            continue
        if k in nicks:
            meant = {full for given in nicks[k] for full in by_given.get(given, ())}
        elif len(k) > 2 and k.isalpha():  # "Rafa" for Rafael Ortiz: a given name cut short
            bare = fold_accents(k)  # "Renée" for Renee Dubois, "Soren" for Søren Kvist: accents aside
            meant = {full for given in opening(bare) for full in by_given[given]}
            if not meant and kinds.get(k, "unknown") != "organisation" and not common_word(k):
                # "Tomek" for Tomasz Nowak: the given name's opening and a diminutive ending
                meant = {
                    f
                    for stem in diminutive_stems(k)
                    for given in opening(stem)
                    if given != bare
                    for f in by_given[given]
                }
        else:
            continue
        if len(meant) == 1:
            out[k] = meant.pop()


def _persons_place(first: str, full: str, kinds: Mapping[str, str]) -> bool:
    """Is ``first``, typed a place alone, a person's first name all the same: the one longer name it opens
    is a person's and it is no known place ("lunch at Arjun kaka's" types "Arjun" a place, Arjun Mehta is a
    person)? A known place ("Florence", "Sydney") is never linked to a person's name."""
    return kinds.get(first) == "place" and kinds.get(full) == "person" and first not in places_key()


#: Words that open or end no part of a longer name that is a name itself ("of the", "& Co").
_SPAN_ENDS = frozenset("of the and & for de du la le van von da di a an at in on".split())
#: Head words (besides the organisation and place words) that make a longer name another thing than its
#: part ("Jane Austen" is not the Jane Austen Festival).
_OTHER_HEADS = frozenset(w.casefold() for w in PLACE_LAST | EVENT_LAST | INSTITUTION_LAST | ORG_LAST)


def _link_shorter_spans(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    kinds: Mapping[str, str],
    ordinary: Callable[[str, str], bool],
) -> None:
    """Fold into ``out`` a name of two words or more that opens or ends exactly one longer accepted name
    of three words or more ("Doblo Maxi Cargo" and "Fiat Doblo" → Fiat Doblo Maxi Cargo): a product, a
    firm or a place written in full once and shorter later is one thing. Not where the words the longer
    name adds hold a head noun that makes it another thing (an organisation's, a place's, an event's
    word: "Green Lane" beside Green Lane Primary); where the part is a person or a place and the longer
    name not of that kind (a district beside a choir named after it); where the part is a known place or
    ordinary words the workspace writes in lower case; nor where two longer names open or end so."""
    parts: dict[str, set[str]] = {}
    for k in out:
        words = k.split()
        if len(words) < 3 or out[k] != k or not stats.get(k, (0, False))[1]:
            continue
        for n in range(2, len(words)):
            for span, added in ((words[:n], words[n:]), (words[-n:], words[:-n])):
                if span[0] in _SPAN_ENDS or span[-1] in _SPAN_ENDS:
                    continue
                part = " ".join(span)
                if part not in stats:  # (first: no name of its own, it links nowhere; 100,000 titles)
                    continue
                if any(ORG_WORD.match(w) or w in _OTHER_HEADS or w in ORG_HEADS for w in added) or club_word(
                    added[-1].capitalize()
                ):
                    continue
                parts.setdefault(part, set()).add(k)
    for part, fulls in parts.items():
        if len(fulls) != 1:
            continue
        full = next(iter(fulls))
        if (
            out.get(part, part) == part
            and (kinds.get(part) not in ("person", "place") or kinds.get(part) == kinds.get(full))
            and not _locality(part, full, kinds)
            and part not in places_key()
            and not ordinary(part, full)
        ):
            out[part] = full


def _locality(part: str, full: str, kinds: Mapping[str, str]) -> bool:
    """Is the place ``part`` the locality that ends a longer name, not a shorter form of it ("Bayan Baru"
    of a community hall or a sports arena named "<hall words> Bayan Baru"): a place ending the name, folded
    only where the longer name adds one geographic head or a place's modifier ("Burley Griffin" of Lake
    Burley Griffin, "Main Rd" of Lower Main Rd)?"""
    added = full.split()[: len(full.split()) - len(part.split())]
    return (
        kinds.get(part) == "place"
        and full.endswith(" " + part)
        and not (len(added) == 1 and (added[0] in GEO_HEADS or added[0] in _PLACE_MODIFIERS))
    )


#: Words that make a place's name another part of it ("Lower Main Rd", "North Point", "Old Town").
_PLACE_MODIFIERS = frozenset(
    "lower upper north south east west northern southern eastern western old new great little greater"
    " inner outer central far high".split()
)


#: A first name and a surname's initial ("piotr w.", as a key).
_INITIAL = re.compile(r"^\S+ \w\.$")


def _link_initials(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], firsts: Mapping[str, list[str]]
) -> None:
    """ "Piotr W." for Piotr Wójcik: a first name and an initial mean the one longer name that starts with
    the first name and whose next word starts with the initial (two Piotrs told apart by their surnames)."""
    for k in stats:
        if out.get(k, k) != k or not _INITIAL.match(k):
            continue
        first, initial = k.split()
        meant = {
            f for f in firsts.get(first, ()) if fold_accents(f.split()[1][0]) == fold_accents(initial[0])
        }
        if len(meant) == 1:
            out[k] = meant.pop()


def link_unwritten_given(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` a known given name the notes never write alone ("Rajesh" of "Dr Rajesh Iyer") for
    the one person it opens, where the workspace types the name a person and no one-word name is hers
    already (a nickname, a diminutive, a stated alias: "Ania" for Anna Zielińska): a note to come, or a
    question, may say "Rajesh" alone. Read after :func:`fold_stated_aliases`; a thing's first word
    ("Harbour" of Harbour Dental) and a given name two people share are left out."""
    for first, full in lone_openers(out, stats):
        if (
            kinds.get(full) == "person"
            and (given_name(first.capitalize()) or name_word(first.capitalize()))
            and _name_shaped(full)
        ):
            out[first] = full


def lone_openers(out: Mapping[str, str], stats: Mapping[str, tuple[int, bool]]) -> list[tuple[str, str]]:
    """``(first word, name)`` for each first word, never written alone, that opens one accepted name only,
    where no one-word name is that name's already, the name is no family name written first ("Park
    Ji-ho") and the word is no known place: the candidates of :func:`link_unwritten_given` and
    :func:`~.given_shape.link_untyped_given`. Linear in the names."""
    called = {root for k, root in out.items() if " " not in k and root != k}
    return [
        (first, fulls[0])
        for first, fulls in roots_by_first(out, stats).items()
        if len(fulls) == 1
        and first not in out
        and first not in stats
        and fulls[0] not in called
        and family_given(fulls[0]) is None
        and first not in places_key()
    ]


def _name_shaped(full: str) -> bool:
    """A person's name by its length: a given name and a surname, perhaps a short word or a surname's
    particles between ("Seán Óg Hayes", "Niamh Ní Bhriain", "Jun dela Cruz", "Rosa de la Peña"); not a
    business's longer name ("Kerry Reefer Freight")."""
    words = full.split()
    return (
        len(words) == 2
        or (len(words) == 3 and len(words[1]) <= 3)
        or (len(words) in (3, 4) and all(PARTICLE_WORD.fullmatch(w) for w in words[1:-1]))  # "Ana dela Cruz"
    )


def link_surnames(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    kinds: Mapping[str, str],
    placed: Callable[[str], bool] = lambda _: False,
) -> None:
    """Fold into ``out`` a surname alone that ends the one accepted person's name ("Nowak" for Katarzyna
    Nowak, once "Kasia Nowak" is hers); no ordinary word or place, a given name only as
    :func:`~.given_surnames.given_surname` allows and where the workspace never writes it as a place's or
    a relative's (``placed``: "drove to Preston", "my brother Kamau"), and nothing the workspace gives a
    kind other than a person's. Read after the other names are folded (:func:`link_first_names`,
    :func:`fold_stated_aliases`): a surname two people share means neither."""
    for last, fulls in surnames(roots_by_first(out, stats), kinds).items():
        if (
            len(fulls) == 1
            and last in stats
            and out.get(last, last) == last
            and kinds.get(last, "person") == "person"
            and not (given_name(last.capitalize()) and placed(last))
        ):
            out[last] = fulls[0]


def roots_by_first(
    out: Mapping[str, str], stats: Mapping[str, tuple[int, bool]] | None = None
) -> dict[str, list[str]]:
    """The accepted names of several words that are their own entity (found on strong evidence where
    ``stats`` is given), by their first word."""
    by_first: dict[str, list[str]] = {}
    for k, root in out.items():
        if (
            " " in k
            and root == k
            and (stats is None or stats.get(k, (0, False))[1])
            and not _INITIAL.search(k)
        ):
            by_first.setdefault(k.split()[0], []).append(k)
    return by_first


def surnames(firsts: Mapping[str, list[str]], kinds: Mapping[str, str]) -> dict[str, list[str]]:
    """The surnames of the people's longer names in ``firsts`` (first word → the names it starts) → those
    names (a Korean or Chinese family name written first is the first word: "Park" of Park Ji-woo); a word
    that could be no one's surname alone (a given name, a place, a frequent word not typed a person alone,
    as "Dr. Rao" is) is left out."""
    out: dict[str, list[str]] = {}
    called: dict[str, set[str]] = {}  # the names a custom calls a person by → those people
    for fulls in firsts.values():
        for full in fulls:
            for form in called_names(full):
                called.setdefault(form, set()).add(full)
    for first, fulls in firsts.items():
        for full in fulls:
            if initialled_given(full) is not None:
                continue  # "K. Ramesh": linked by his given name (:func:`link_first_names`), no surname
            if called.get(full.split()[-1], {full}) != {full}:
                continue  # "Salmah Hidayah": "Hidayah" is what Nur Hidayah binti Osman is called
            if family_given(full) is not None:  # "Park Ji-woo": the family name is written first
                family = full.split()[0]
                if kinds.get(full) == "person" and len(family) > 2 and family not in places_key():
                    out.setdefault(family, []).append(full)
                continue
            last = full.split()[-1]
            if patronym_split(full.split()) is not None:
                continue  # "binti Hassan": the father's given name, no surname of hers
            if (
                (kinds.get(full) == "person" or given_name(first.capitalize()))
                and (len(last) > 2 or kinds.get(last) == "person")  # "Dr. Ng": two letters typed a person
                and last.isalpha()
                and (not common_word(last) or kinds.get(last) == "person")  # "Dr. Rao", "Baker said"
                and (not given_name(last.capitalize()) or given_surname(full, last, firsts, kinds))
                and last not in places_key()
            ):
                out.setdefault(last, []).append(full)
    return out


def _openings(by_given: Mapping[str, object]) -> Callable[[str], list[str]]:
    """A look-up of the keys of ``by_given`` that open with a prefix, by bisection in their sorted list:
    each lone name reads only the given names it may shorten, not every given name of the workspace (a
    page of thousands of names stays near linear)."""
    keys = sorted(by_given)

    def opening(prefix: str) -> list[str]:
        lo = bisect.bisect_left(keys, prefix)
        hi = bisect.bisect_left(keys, prefix + "\U0010ffff")
        return keys[lo:hi]

    return opening


def fold_stated_aliases(out: dict[str, str], rows: Sequence[RelationRow], fixed: set[str]) -> None:
    """Fold into ``out`` each other name a note states in words ("Katarzyna Nowak (everyone calls her
    Kasia)", "Kasia is short for Katarzyna": an :data:`~.relations.ALIAS` relationship): later mentions of
    "Kasia" alone are Katarzyna Nowak's, and Kasia is no entity of its own. A name the alias table sets, or
    one already linked to another entity (the first name of someone else), is left as it is. Linear in
    the names and the rows (a page of thousands of "Given (Nick) Surname" states thousands of aliases)."""
    members: dict[str, list[str]] = {}  # a name → the names folded into it
    for k, v in out.items():
        members.setdefault(v, []).append(k)
    for r in rows:
        if r.predicate != ALIAS:
            continue
        nick, full = entity_key(r.subject), entity_key(r.object)
        root = out.get(full)
        if root is None or nick in fixed or out.get(nick, nick) != nick or nick == root:
            continue
        # the nickname, and the names that were folded into it, follow it
        moved = list(dict.fromkeys([*members.pop(nick, ()), nick]))
        for k in moved:
            out[k] = root
        members.setdefault(root, []).extend(moved)


def written_lower(store: Store, words: str) -> bool:
    """Does the workspace write ``words`` in lower case, as ordinary words ("high", "gene expression" in
    abstracts), in at least two of the chunks its keyword search finds first?"""
    kq = build_keyword_query(words)
    if not kq.terms:
        return False
    lower = re.compile(rf"(?<![\w'’-]){re.escape(words.lower())}(?![\w'’-])")
    return sum(1 for c in store.search_text(kq, LOWER_SAMPLE) if lower.search(c.chunk.text)) >= 2


#: Chunks :func:`written_lower` reads (the best keyword matches of the words).
LOWER_SAMPLE = 8


def _maker(key: str) -> bool:
    """Is ``key`` (an entity key's word) a well-known organisation's name, a maker of models ("subaru")?"""
    known = known_name(key.capitalize()) or known_name(key.upper())
    return known is not None and known.kind == "organisation"


@cache
def places_key() -> frozenset[str]:
    """Known cities and countries, as entity keys (a place is never another name of a business)."""
    return frozenset(entity_key(p) for p in places())


def person_or_org(key: str) -> bool:
    """Does a multi-word name read as a person's (a known given name first) or an organisation's (an
    organisation word last)? Only those take their first word as another name."""
    words = key.split()
    return given_name(words[0].capitalize()) or ORG_WORD.search(words[-1].capitalize()) is not None
