"""A name written with a kin term or an honorific ("Ate Lorna", "Kuya Ramil", "Tante Ilse", "Pak Budi",
"Rajesh bhai", "Dr Imelda") means the person the name without it means: read by
:class:`~mdrecall.knowledge.index.EntityIndex` after the other links, when ``entities.auto_aliases`` is on.

The capitalised run keeps a form of address before a given name no list knows ("Kuya Ramil"), so the form
was an entity of its own beside Ramil Dimaculangan, and the first name alone linked to it or to nobody. Here
the form folds into what the name alone means: the one accepted longer name it opens, or the one person
whose given name it shortens (a listed nickname, the given name's opening or a diminutive, or its ending,
as Filipino, Spanish and Italian short names take it: "Linda" of Rosalinda, "Nando" of Fernando); the name
alone follows it. Where the name opens no longer name, the form is that person's name and the name alone
another name of it. Two people the name could mean (two Ramils), neither. The words are
``data/kin_titles.txt`` (forms of address of many languages, hand-kept), the English honorifics, titles and
family words. Linear in the names.
"""

from __future__ import annotations

from collections.abc import Mapping

from mdrecall.knowledge.aliases.diminutives import diminutive_of
from mdrecall.knowledge.lexicon.address_words import address_word, kin_titles
from mdrecall.knowledge.lexicon.family_customs import (
    ADDRESS_GIVEN,
    called_names,
    custom_person,
    last_given_family,
)
from mdrecall.knowledge.lexicon.name_lists import common_word, fold_accents, given_name, kin_word, nicknames
from mdrecall.knowledge.mentions.name_edges import name_word
from mdrecall.knowledge.mentions.syllable_names import family_given

__all__ = ["address_parts", "link_kin_forms", "shortened_from"]

#: Kinds the name a form of address folds into may not have.
_NOT_PERSON = frozenset({"place", "event", "technology", "work", "pet"})
#: Kinds a form of address may not have: the kin word says a person is meant where a cue typed the form a
#: firm's, a product's or a place's ("Supplier: Ate Rica", "trays back from Ate Rica").
_NOT_FORM = frozenset({"technology", "work"})


def address_parts(key: str, strict: bool = True) -> str | None:
    """The name of ``key`` (an entity key) without the form of address before or after it ("kuya ramil"
    → "ramil", "rajesh bhai" → "rajesh"), or None where it has none. After a word that is a given name or
    an English word too ("Tito", "Thea", "Ate"), only a given name or a name's shape is read so ("tito
    bernie", not "thea brennan"), unless not ``strict`` (a form a note states is someone's other name)."""
    words = key.split()
    if len(words) < 2:
        return None
    if address_word(words[0]) or kin_word(words[0]):
        word, rest = words[0], words[1:]
    elif words[-1] in kin_titles()[1]:
        word, rest = words[-1], words[:-1]
    else:
        return None
    given = given_name(word.capitalize())
    if strict and (given or common_word(word)) and (len(rest) > 1 or not _names_someone(rest[0], given)):
        return None  # "Thea Brennan", "Partner Bank": a given name or a word, then a surname or a noun
    return " ".join(rest)


def _names_someone(word: str, listed: bool) -> bool:
    """Is ``word`` (an entity key's word) a given name or a listed nickname, or (not ``listed`` only) a
    name by its shape?"""
    written = word.capitalize()
    return given_name(written) or word in nicknames() or (not listed and name_word(written))


def shortened_from(short: str, given: str) -> bool:
    """Is ``short`` (lower case, accents folded) the ending of the given name ``given`` (likewise), four
    letters or more and three fewer than it at least ("linda" of "rosalinda", "nando" of "fernando"; not
    "anna" of "joanna", a given name of its own)?"""
    return len(short) >= 4 and len(given) >= len(short) + 3 and given.endswith(short)


def link_kin_forms(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` each accepted name with a form of address that is its own entity into what the
    name without it means (see the module); the name alone follows it, as it follows a form a note states
    is someone's other name ("Rosalinda Macaraeg (Ate Linda)")."""
    forms: dict[str, str] = {}  # "kuya ramil" → "ramil"
    stated: dict[str, str] = {}  # a form a note states is another name of someone → its name alone
    fulls_by_first: dict[str, list[str]] = {}
    for key, root in out.items():
        if " " not in key or kinds.get(key, "unknown") in _NOT_FORM:
            continue
        if root != key:
            if (rest := address_parts(key, strict=False)) is not None and " " not in rest:
                stated[key] = rest  # "Rosalinda Macaraeg (Ate Linda)": "Linda" is hers too
            continue
        rest = address_parts(key)
        if rest is not None:
            forms[key] = rest
        elif stats.get(key, (0, False))[1]:
            words = key.split()
            opening = (
                [] if last_given_family(words) else [family_given(key) or words[0]]
            )  # "mai" of "mai thị thủy": her family name
            for first in dict.fromkeys([*opening, *called_names(key)]):
                fulls_by_first.setdefault(first, []).append(key)  # "hạnh" of "võ thị hạnh" too
    for key, root in out.items():
        words = key.split()
        if (
            root == key
            and len(words) == 2
            and words[0] in ADDRESS_GIVEN
            and words[1] in fulls_by_first
            and key not in fulls_by_first
        ):
            forms[key] = words[1]  # "Anh Hùng" for Đặng Văn Hùng: "anh" is a form of address here
    if not forms and not stated:
        return
    by_given: dict[str, list[str]] = {}
    for first, fulls in fulls_by_first.items():
        by_given.setdefault(fold_accents(first), []).extend(fulls)
    givens = _Givens(by_given)
    rests: dict[str, list[str]] = {}
    for key, rest in [*forms.items(), *stated.items()]:
        rests.setdefault(rest, []).append(key)
    members: dict[str, list[str]] = {}  # a root → the names pointing at it
    for k, v in out.items():
        if k != v:
            members.setdefault(v, []).append(k)
    for key, rest in forms.items():
        word = key.split()[0] if key.endswith(rest) else key.split()[-1]
        if word in stats and out.get(word) == key:
            if word not in ADDRESS_GIVEN:
                continue  # "Nonno" written alone is Nonno Sal: the workspace's name for them is the form's
            if stats[word][1] or members.get(word):
                out[word] = word  # "anh" alone is a pronoun of address ("anh hung will fix it")
            else:
                del out[word]  # no one's name on its own evidence: it was only the form's
        target = _meant(rest, key, out, fulls_by_first, givens, kinds)
        if target is None:
            if len(rests[rest]) == 1 and out.get(rest, rest) == rest:
                if rest in out:
                    _fold(out, members, key, rest)  # "Ramil" and "Kuya Ramil", no surname: one person
                elif " " not in rest:
                    _fold(out, members, rest, key)  # the name alone, never written so, is the form's
            continue
        _fold(out, members, key, target)
        if out.get(rest, rest) in (rest, key):
            _fold(out, members, rest, target)
    for key, rest in stated.items():
        if len(rests[rest]) == 1 and out.get(rest, rest) == rest:
            _fold(out, members, rest, out[key])


def _meant(
    rest: str,
    key: str,
    out: Mapping[str, str],
    fulls_by_first: Mapping[str, list[str]],
    givens: _Givens,
    kinds: Mapping[str, str],
) -> str | None:
    """The one accepted name ``rest`` (a name without its form of address ``key``) means, or None."""
    root = out.get(rest)
    if root is not None and root not in (rest, key):
        return root if kinds.get(root, "unknown") not in _NOT_PERSON else None
    fulls = fulls_by_first.get(rest, [])  # "siew ling" of Yeoh Siew Ling: two words a custom calls her by
    if not fulls and " " in rest:
        return None
    if not fulls:
        fulls = [f for given in givens.shortened(fold_accents(rest)) for f in givens.by_given[given]]
        # A custom calling a person by the last part gives its names exactly ("Bích" is not Lý Bích Ngọc's,
        # "Thành" not Nguyễn Chí Thanh's): no shortening, no accent folded.
        fulls = [f for f in fulls if not last_given_family(f.split())]
    fulls = [f for f in fulls if kinds.get(f, "unknown") not in _NOT_PERSON or custom_person(f)]
    return fulls[0] if len(fulls) == 1 else None


#: How many given names of one opening are read (two or more mean no one name already).
_BUCKET = 8


class _Givens:
    """The given names of the workspace's longer names (accents folded) → those names, indexed by their
    openings and endings, so that each short name is looked up, not compared with every given name."""

    def __init__(self, by_given: dict[str, list[str]]) -> None:
        self.by_given = by_given
        self.opening: dict[str, list[str]] = {}
        self.ending: dict[str, list[str]] = {}
        for given in by_given:
            for n in range(2, len(given) + 1):
                self.opening.setdefault(given[:n], []).append(given)
            for n in range(4, len(given) - 2):
                self.ending.setdefault(given[-n:], []).append(given)

    def _opening(self, stem: str) -> list[str]:
        return self.opening.get(stem, [])[:_BUCKET]

    def shortened(self, short: str) -> set[str]:
        """The given names ``short`` may shorten: a listed nickname's (or its Romance form), the given
        name's opening, its ending, or its opening and a diminutive ending."""
        found = {g for g in self.ending.get(short, [])[:_BUCKET] if shortened_from(short, g)}
        if len(short) > 2:
            found.update(self._opening(short))
        for listed in nicknames().get(short, frozenset()):
            found.update(g for g in self._opening(listed) if g == listed or _romance_form(g, listed))
        for n in range(2, len(short)):
            found.update(g for g in self._opening(short[:n]) if diminutive_of(short, g))
        return found


def _romance_form(given: str, listed: str) -> bool:
    """Is ``given`` a listed given name with a Romance ending added ("bernardo" of "bernard", "roberta" of
    "robert"): the nickname table's names are English ones?"""
    return len(listed) >= 4 and given.startswith(listed) and len(given) - len(listed) <= 2


def _fold(out: dict[str, str], members: dict[str, list[str]], key: str, target: str) -> None:
    """Point ``key`` and every name pointing at it (``members``: a root → those names) to ``target``."""
    moved = [k for k in members.pop(key, ()) if out.get(k) == key]
    for k in moved:
        out[k] = target
    out[key] = target
    members.setdefault(target, []).extend([*moved, key])
