"""The name lists shipped in ``data/``, loaded on first use: given names and nicknames, cities and countries,
well-known names (technologies, products, organisations, holidays) with their kinds and aliases, and the
frequent English words (the static embedder's vocabulary). Each answers one look-up; what a name in prose
is, from these and the words around it, is :mod:`mdrecall.knowledge.mentions.names`'s."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from mdrecall.knowledge.lexicon.noun_words import animal_words, person_noun
from mdrecall.knowledge.lexicon.noun_words import word_set as _words

__all__ = [
    "DIMINUTIVE_ENDINGS",
    "KnownName",
    "animal_words",
    "kin_word",
    "lower_noun",
    "person_noun",
    "place_adjective",
    "common_word",
    "composition_words",
    "demonym",
    "diminutive_form",
    "family_first",
    "first_names",
    "fold_accents",
    "given_name",
    "listed_given_names",
    "known_alias",
    "known_name",
    "known_names",
    "known_words_max",
    "lower_known",
    "nicknames",
    "places",
    "unlexed_word",
]

_DATA = Path(__file__).parents[1] / "data"


@cache
def _kin_words() -> frozenset[str]:
    lines = (_DATA / "kin_words.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(
        w.strip()
        for line in lines
        if "|" in line and not line.startswith("#")
        for w in line.split("|")[1].split(",")
    )


@cache
def _kin_groups() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for line in (_DATA / "kin_words.txt").read_text(encoding="utf-8").splitlines():
        if "|" in line and not line.startswith("#"):
            words = tuple(w.strip() for w in line.split("|")[1].split(",") if w.strip())
            for w in words:
                out.setdefault(w.casefold(), words)
    return out


def kin_group(word: str) -> tuple[str, ...]:
    """The words naming the family relation ``word`` names ("mother" → mother, mama, mom, mum, ...), from
    ``data/kin_words.txt``; empty when ``word`` names none."""
    return _kin_groups().get(word.casefold(), ())


def kin_word(word: str) -> bool:
    """Is ``word`` (any case) a word naming a family relation ("Husband", "mum", "sis"), from WordNet
    (``data/kin_words.txt``, written by ``scripts/gen_kin_words.py``)?"""
    return word.casefold() in _kin_words()


@cache
def composition_words() -> frozenset[str]:
    """One-word English names of musical forms ("requiem", "sonata", "motet"), from WordNet
    (``data/composition_words.txt``, written by ``scripts/gen_composition_words.py``)."""
    return _words("composition_words.txt")


class KnownName(NamedTuple):
    """A well-known name: its kind, the name it is shown under, and whether it is also an ordinary word."""

    kind: str
    canonical: str
    ambiguous: bool


#: Endings that make a diminutive of a given name's opening (Tomek, Bartek, Grzesiu, Basia, Ania, Jadzia,
#: Hänschen, Juanito, Pepino), and hardly ever end a given name of another person (unlike "-a", "-ka",
#: "-ina", "-ita", "-ie", "-y": Dominika and Dominik, Juanita and Juan, Christina and Christian, or
#: Dougie the boiler engineer and Douglas Stuart the novelist; English nicknames are in ``nicknames.txt``).
DIMINUTIVE_ENDINGS = ("chen", "sia", "siu", "nia", "zia", "ito", "ino", "ek")


@cache
def listed_given_names() -> frozenset[str]:
    """The hand-kept given names and those of Faker's ~80 locales that are hardly anything else
    (``given_names.txt``, from ``scripts/gen_given_names.py``), capitalised."""
    return _words("first_names.txt") | _words("given_names.txt")


@cache
def first_names() -> frozenset[str]:
    """Common given names (capitalised): :func:`listed_given_names`."""
    return listed_given_names()


@cache
def _family_first() -> frozenset[str]:
    return _words("family_first.txt")


def family_first(word: str) -> bool:
    """Is ``word`` (capitalised) a Korean, Chinese or Hungarian family name, written before the given name
    ("Park" of "Park Ji-woo", "Nagy" of "Nagy Péter"; ``data/family_first.txt``)?"""
    return word in _family_first()


@cache
def nicknames() -> dict[str, frozenset[str]]:
    """Common nicknames (casefolded) → the given names (casefolded) each is short for ("izzy" → isobel…):
    the hand-kept ``nicknames.txt`` and ``nicknames_public.txt`` (``scripts/gen_nicknames.py``)."""
    out: dict[str, frozenset[str]] = {}
    for name in ("nicknames.txt", "nicknames_public.txt"):
        for line in (_DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                nick, *fulls = line.casefold().split()
                out[nick] = out.get(nick, frozenset()) | frozenset(fulls)
    return out


def given_name(word: str) -> bool:
    """Is ``word`` a common given name, accents aside ("Inês", "Tomás" and "Zoë" are Ines, Tomas, Zoe)?"""
    first = first_names()
    return word in first or (not word.isascii() and fold_accents(word) in first)


@cache
def _given_openings() -> frozenset[str]:
    """The openings (two to eight letters, lower case, accents folded) of the known given names."""
    out: set[str] = set()
    for name in first_names():
        low = fold_accents(name).casefold()
        out.update(low[:n] for n in range(2, min(len(low), 8) + 1))
    return frozenset(out)


def diminutive_form(word: str) -> bool:
    """Is ``word`` shaped as a diminutive of some known given name: a given name's opening (two letters or
    more) and a diminutive ending ("Ania", "Tomek", "Grzesiu", "Juanito")? Read from its form, not a list."""
    low = fold_accents(word).casefold()
    if not low.isalpha():
        return False
    for end in DIMINUTIVE_ENDINGS:
        if low.endswith(end) and len(low) > len(end):
            stems = {low[: -len(end)]}
            if end[0] not in "aeiou":  # "ania": the n of "-nia" is Anna's own
                stems.add(low[: -len(end) + 1])
            if any(len(stem) >= 2 and stem[:8] in _given_openings() for stem in stems):
                return True
    return False


@cache
def _demonyms() -> frozenset[str]:
    return _words("demonyms.txt")


def demonym(word: str) -> bool:
    """Is ``word`` a capitalised English adjective of a people, a language, a place or a creed ("Polish",
    "English", "Portuguese", "Victorian": ``demonyms.txt``, from WordNet by ``scripts/gen_demonyms.py``)?
    Alone it names no entity ("English titles", "a little Polish")."""
    if word in _demonyms():
        return True
    return place_adjective(word)  # "Maharashtrian", "Kenyan": a gazetteer's place and a usual ending


#: (ending of the adjective, what replaces it to give the place): Keny-an → Kenya, Maharashtr-ian →
#: Maharashtra, Brazil-ian, Ital-ian → Italy, Mexic-an → Mexico, Japan-ese, Chin-ese → China
#: ("-i" is left out: "Kalyani" is a given name as often as Kalyan's adjective).
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ian", ("", "a", "ia", "y")),
    ("an", ("a", "o")),
    ("ese", ("", "a")),
)


@lru_cache(maxsize=65536)
def place_adjective(word: str) -> bool:
    """Is ``word`` the adjective of a place of the gazetteer by a usual ending ("Maharashtrian", "Kenyan"),
    and nothing the workspace could mean by itself (a place, a given name, a well-known name, a noun never
    capitalised)?"""
    if len(word) < 5 or not word[:1].isupper() or not word.isalpha() or not word[1:].islower():
        return False
    if word in places() or given_name(word) or known_name(word) is not None or lower_noun(word):
        return False
    for ending, repl in _ENDINGS:
        if not word.endswith(ending):
            continue
        stem = word[: -len(ending)]
        if len(stem) >= 3 and any(stem + r in places() for r in repl if len(stem + r) >= 4):
            return True
    return False


#: Letters with a stroke or a ligature, which Unicode does not decompose ("Søren", "Łukasz", "Æsa"): the
#: letters a name is written with where a keyboard lacks them.
_UNDECOMPOSED = str.maketrans(
    {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H", "ı": "i", "ß": "ss"}
    | {"æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D"}
)


def fold_accents(text: str) -> str:
    """``"Inês Åberg"`` → ``"Ines Aberg"``, ``"Søren Łoś"`` → ``"Soren Los"``: letters without their
    diacritics or strokes."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).translate(
        _UNDECOMPOSED
    )


@cache
def _common_words() -> frozenset[str]:
    # The BERT-Base-Uncased WordPiece vocabulary the static embedder ships: its ~21,000 whole words of
    # letters are the frequent words of English (and a few very frequent names).
    from mdrecall import embedders

    vocab = Path(embedders.__file__).parent / "data" / "vocab.txt"
    words = vocab.read_text(encoding="utf-8").split()
    return frozenset(w for w in words if len(w) > 1 and w.isalpha() and w.isascii())


def common_word(word: str) -> bool:
    """Is ``word`` (any case) a frequent English word ("Wonder", "Approved")? A capitalised word that is
    not ("Triodos", "Snakemake") is a name wherever it stands."""
    return word.casefold() in _common_words()


@cache
def _lower_nouns() -> tuple[frozenset[str], frozenset[str]]:
    lines = (_DATA / "lower_nouns.txt").read_text(encoding="utf-8").splitlines()
    words = [line for line in lines if line and not line.startswith("#")]
    return frozenset(w for w in words if w[0] != "!"), frozenset(w[1:] for w in words if w[0] == "!")


def lower_noun(word: str) -> bool:
    """Is ``word`` (any case), or its singular, an English noun that no sense makes a proper name
    ("Customer", "Committees", "Pharmacy"; not "Hull", "Grace", "Mason", nor the surname "Waters"), from
    WordNet (``data/lower_nouns.txt``, written by ``scripts/gen_lower_nouns.py``)?"""
    w = word.casefold()
    nouns, surnames = _lower_nouns()
    if w in nouns:
        return True
    if w in surnames:
        return False
    if w.endswith("ies") and w[:-3] + "y" in nouns:
        return True
    return w.endswith("s") and (w[:-1] in nouns or (w.endswith("es") and w[:-2] in nouns))


@cache
def places() -> frozenset[str]:
    """Cities, countries and regions (multi-word names joined by one space): the hand-kept list and the
    GeoNames cities and countries that are hardly anything else (``gazetteer.txt``, from
    ``scripts/gen_places.py``)."""
    out: set[str] = set()
    for name in ("places.txt", "gazetteer.txt"):
        lines = (_DATA / name).read_text(encoding="utf-8").splitlines()
        out.update(" ".join(line.split()) for line in lines if line.strip() and not line.startswith("#"))
    # Written without their accents too ("Maharashtra" for Mahārāshtra, "Malaga"), unless that makes an
    # English noun or a given name (an ASCII name folds to itself: only the others are folded).
    folded = {fold_accents(p) for p in out if not p.isascii()} - out
    out.update(p for p in folded if not lower_noun(p) and not given_name(p))
    return frozenset(out)


@cache
def known_names() -> dict[str, KnownName]:
    """Every well-known name as written (each alias too) → :class:`KnownName`: ``known_names.txt``, then
    the initials of countries and organisations WordNet knows (``acronyms.txt``), then the languages and
    formats of Pygments' lexers (``tech_names.txt``, from ``scripts/gen_tech_names.py``)."""
    out: dict[str, KnownName] = {}
    _read_known(out, "known_names.txt")
    for raw in (_DATA / "acronyms.txt").read_text(encoding="utf-8").splitlines():
        if raw and not raw.startswith("#"):  # initials of countries and bodies ("UK", "FCC"), from WordNet
            name, kind = raw.split()
            out.setdefault(name, KnownName(kind, name, False))
    _read_known(out, "tech_names.txt")
    return out


def _read_known(out: dict[str, KnownName], file: str) -> None:
    """Add the names of a list in ``known_names.txt``'s form (``[kind]`` sections; ``name | alias``, a ``?``
    after an ambiguous name) to ``out``, where it has none of them yet."""
    kind = "unknown"
    for raw in (_DATA / file).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            kind = line[1:-1]
            continue
        names = [" ".join(n.split()) for n in line.split(" | ")]
        ambiguous = names[0].endswith("?")
        canonical = names[0].rstrip("?")
        for name in [canonical, *names[1:]]:
            out.setdefault(name, KnownName(kind, canonical, ambiguous and name == canonical))


@cache
def _lower_known() -> frozenset[str]:
    return frozenset(n for n in known_names() if n.islower() or not n[:1].isalpha())


@cache
def _aliases() -> dict[str, str]:
    out: dict[str, str] = {}
    for name, known in known_names().items():
        if not known.ambiguous:
            out.setdefault(" ".join(name.split()).casefold(), " ".join(known.canonical.split()).casefold())
    return out


def known_alias(key: str) -> str | None:
    """The normalised name of the well-known thing a normalised name ``key`` is another name of, or None."""
    return _aliases().get(key)


@cache
def known_words_max() -> int:
    """How many words the longest well-known name has (a longer name is none of them)."""
    return max((len(name.split()) for name in known_names()), default=0)


def known_name(name: str) -> KnownName | None:
    """The well-known name ``name`` is (as written), or None."""
    return known_names().get(name)


def lower_known() -> frozenset[str]:
    """Well-known names written in lower case ("k6", "postgres"): found in lower-case text too."""
    return _lower_known()


@cache
def _unlexed() -> frozenset[str]:
    lines = (_DATA / "unlexed_words.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


def unlexed_word(word: str) -> bool:
    """Is ``word`` (any case) a frequent word that is no English word of WordNet's in any form ("Prakash",
    "Telangana"; not "Fresh", "Golden"): ``unlexed_words.txt``, from ``scripts/gen_unlexed_words.py``?"""
    return word.casefold() in _unlexed()
