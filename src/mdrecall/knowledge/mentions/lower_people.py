"""People (and businesses) written in lower case, as dictated notes and phone notes write them (for
:func:`mdrecall.knowledge.mentions.extract.extract_entities`). Pure.

Speech-to-text writes every name in lower case ("the new rep is susan jepkorir", "nyokabi drove first"), and
a capitalised-only reader misses them all. Two shapes are read, each only where the words are no English
words, so that lower-case prose stays prose:

* a **full name**: a known given name (:func:`~.mention_readers.lower_words`, less the given names that are
  mostly ordinary words) followed by a word no dictionary knows (not a frequent word, no WordNet noun or
  verb in any form, no well-known name): "susan jepkorir", "brian otieno". A person at once (``typed_name``);
* a **name in a person's slot**: a word no dictionary knows (or a given name that is mostly an ordinary
  word: "joy") as the subject of a verb a person does (a
  finite form whose WordNet supersense is communication, cognition, emotion, perception, social life or
  motion: "says", "agreed", "drove", "cried"), perhaps after one adverb ("nyokabi also moved"), and no
  determiner before it ("the kebs auditors came" is no person). Only a candidate (``name_start``): it
  counts toward a name the workspace finds on other evidence ("Nyokabi Githinji", "Nyokabi's tip") and
  says that name is a person's, never an entity on its own;
* a **business**: two such words (or a given name and one) before an organisation's word or a doer's
  plural ("maji safi drillers", "tamba kowa traders"): an organisation at once (``typed_name``);
* a **name told to**: such a word (one, no other such word after it) after a finite verb of telling or
  meeting ("told onyango he can come", "asked nyokabi"): a candidate too.
* a **name in a person's slot** (:func:`add_slot_people`): such a word after "with", "me and", a title
  ("dr", "mr"), before "and i", a possessive's "'s" or a form of address ("madam", "sir"): a candidate;
  two after "name is" ("his name is suhas pendse"): a person.

One pass of a regular expression over the file's lower-case words for each: linear in the text. A subject
right after another word no dictionary knows ("shubhangi kaku phoned") is no candidate: a surname or a kin
word of the name before it.

On a line written **without capitals** (:func:`uncased`: four words of letters or more, none capitalised;
an all-capital acronym may stand, "the ASK show"), the case of a word says nothing, so a word is looked up
as its capitalised form would be: the places gazetteer, the given-name list, the well-known names
(:func:`add_uncased_names`). A list hit alone is not enough: the word must stand in a name's slot too,
after a word that governs one ("to stavanger", "with ingrid", "on grafana") or before one a person's name
governs ("ingrid said", "tobias and i"); a given name and a surname no dictionary knows make a full name
("ingrid halvorsen said"). A capitalised line or a heading is never read so: capitalised pages cannot
move. Only slot words and given names are looked at: one tokenising pass per uncased line.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import cache, lru_cache
from itertools import islice

from mdrecall.knowledge.lexicon.address_words import kin_titles
from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.lower_words import person_verb, unlexed, verb_sense
from mdrecall.knowledge.lexicon.mention_patterns import LOWER_NOT_NAMES, PARTICLE_WORD, STOP
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    first_names,
    known_name,
    lower_noun,
    places,
    unlexed_word,
)
from mdrecall.knowledge.lexicon.name_words import ORG_WORD
from mdrecall.knowledge.lexicon.noun_words import person_noun
from mdrecall.knowledge.lexicon.titled_names import TITLE_KEYS
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.text.instructions import base_verb
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "add_lower_people",
    "add_slot_people",
    "add_uncased_names",
    "person_verb",
    "uncased",
    "unlexed",
    "verb_sense",
]

#: Two lower-case words and what follows them, spaces between: the pair may be a name ("susan jepkorir"),
#: the first word a subject and the second (or the third, after an adverb) its verb ("nyokabi drove").
_PAIR = re.compile(r"(?<![\w'’@/.#-])([a-z]{3,})(?= ([a-z]{3,})\b(?![’'@/-]\w)(?: ([a-z]{2,})\b)?)")
#: Adverbs that may stand between a subject and its verb in speech ("mutai finally came").
_ADVERBS = frozenset("also just finally already still never then only even again actually really".split())
#: Words before a subject that make it a modifier of a noun ("the kebs auditors came"): no person's name.
_DETERMINERS = frozenset(
    "the a an this that these those my our your his her their its some any each every no".split()
)
#: The WordNet verb supersenses of what is told or done to a person ("told", "asked", "met", "thanked").
_TOLD_SENSES = frozenset({"communication", "social"})


@cache
def _given() -> frozenset[str]:
    """Known given names in lower case, less those that are mostly ordinary words ("joy", "will"): the words
    :func:`~.shaped_names.add_lower` reads already."""
    return frozenset(n.lower() for n in first_names() if len(n) > 2 and n.isalpha()) - LOWER_NOT_NAMES


@cache
def _ordinary_given() -> frozenset[str]:
    """Given names that are mostly ordinary words (:data:`~.mention_patterns.LOWER_NOT_NAMES`: "joy",
    "grace"): a person's only as a person's subject."""
    return frozenset(LOWER_NOT_NAMES)


#: A capitalised word or the article "A" (not an all-capitals acronym, not "I"), the ends of sentences, and
#: a sentence's first word (after a list mark, a stamp or a time: "- [transcribed 08:14] so yeah").
_CAPITALISED = re.compile(r"\b(?!I\b)[A-Z](?:[a-z]|\b)")
_SENTENCE_END = re.compile(r"(?<!\b[A-Za-z])[.!?](?:\s|$)")  # not an initial: "C. elegans"
_FIRST_WORD = re.compile(r"[^\W\d_][\w'’-]*")


class _LineCasing:
    """Where one line's sentences start, which of them open with a capital letter, and where its capitalised
    words stand: built once per line, so a 1 MB line with many candidates stays linear."""

    def __init__(self, line: str) -> None:
        self.starts = [0, *(m.end() for m in _SENTENCE_END.finditer(line))]
        self.opens_capital = [_opens_capital(line, start) for start in self.starts]
        self.capitals = [m.start() for m in _CAPITALISED.finditer(line)]

    def dictated(self, at: int) -> bool:
        """Is the sentence holding ``at`` written without capitals up to it: its first word has no capital
        letter ("IL-33 reduced …", "cDNA analysis …" do) and no capitalised word stands between its start
        and ``at``? In capitalised prose a lower-case word is no name ("… among consumers", "inversely
        correlated"); a dictated sentence never opens with a capital."""
        k = bisect_right(self.starts, at) - 1
        if self.opens_capital[k]:
            return False
        j = bisect_left(self.capitals, self.starts[k])
        return j == len(self.capitals) or self.capitals[j] >= at


def _opens_capital(line: str, start: int) -> bool:
    first = _FIRST_WORD.search(line, start)
    return first is not None and first.group() != "I" and any(ch.isupper() for ch in first.group())


def add_lower_people(scan: FileScan) -> None:
    """Add the people the file writes in lower case (the module's three shapes) to ``scan``, in sentences
    written without capitals (:meth:`_LineCasing.dictated`)."""
    text = scan.plain
    given = _given()
    casing: dict[int, _LineCasing] = {}
    for m in _PAIR.finditer(text):
        first, second, third, at = m.group(1), m.group(2), m.group(3), m.start()
        i = scan.line_of(at)
        if i not in casing:
            start = scan.starts[i]
            casing[i] = _LineCasing(text[start : start + len(scan.lines[i])])
        if not casing[i].dictated(at - scan.starts[i]):
            continue
        if third is not None and _firm_word(third) and unlexed(second) and (first in given or unlexed(first)):
            if _determined(text, at, capital=True):
                continue
            name, kind, how = (
                f"{first} {second} {third}",
                "organisation",
                "typed_name",
            )  # "maji safi drillers"
        elif first in given:  # "susan jepkorir"
            if not unlexed(second) or not _alone(text, at, m.end(2)):
                continue
            name, kind, how = f"{first} {second}", "person", "typed_name"
        elif verb_sense(first) in _TOLD_SENSES:  # "told onyango he can come"
            if second in given or not unlexed(second) or (third is not None and unlexed(third)):
                continue
            name, kind, how, at = second, "person", "name_start", m.start(2)
        else:  # "nyokabi also moved"
            if not person_verb(third if second in _ADVERBS and third else second):
                continue
            ordinary = first in _ordinary_given()  # "joy came"; not "the Kia guy says"
            if not (ordinary or unlexed(first)) or _determined(text, at, capital=ordinary):
                continue
            if _after_unlexed(text, at):
                continue  # "shubhangi kaku phoned": a surname or a kin word after a name, never alone
            name, kind, how = first, "person", "name_start"
        i = scan.line_of(at)
        if i not in scan.skip and i not in scan.heads:
            scan.add(i, name, kind, how)


#: English forms of address written after a name ("kulkarni madam", "ogunleye sir").
_AFTER_ADDRESS = frozenset("madam sir aunty auntie uncle".split())


@cache
def _slot() -> re.Pattern[str]:
    """A person's slots around one lower-case word, in a dictated sentence: "with meenal to", "meenal and
    i", "me and meenal", "ishaan's mother", a form of address after it ("kulkarni madam", "patwardhan kaka",
    "rajesh bhai": English, and ``data/kin_titles.txt``'s words of either side) or a title before it ("dr
    mhatre"), and "his name is ganesh jadhav" (a second word, group ``s``, only after "name is" / "named")."""
    before, after = kin_titles()
    address = "|".join(sorted(w for w in before | after | _AFTER_ADDRESS if w.isalpha()))
    titles = "|".join(sorted(TITLE_KEYS - {"miss"}))
    return re.compile(
        r"(?<![\w'’@/.#-])(?:"
        r"(?:with|(?:me|i) and) (?P<a>[a-z]{3,})\b(?![\w'’@/-])"
        r"|(?P<b>[a-z]{3,}) and (?:i|me)\b"
        r"|(?P<c>[a-z]{3,})['’]s (?=[a-z])"
        rf"|(?P<d>[a-z]{{3,}}) (?:{address})\b(?![\w'’@/-])"
        rf"|(?:{titles})\.? (?P<t>[a-z]{{3,}})\b(?![\w'’@/-])"
        r"|(?:name is|named) (?P<n>[a-z]{3,})(?: (?P<s>[a-z]{3,}))?\b"
        r")",
        re.MULTILINE,
    )


def add_slot_people(scan: FileScan) -> None:
    """Add the words no dictionary knows that a dictated sentence writes in a person's slot (:func:`_slot`)
    to ``scan`` as candidates (``name_start``, a person's: they count toward a name found on other
    evidence); a name of two such words after "name is" is a person at once ("his name is suhas pendse")."""
    text = scan.plain
    casing: dict[int, _LineCasing] = {}
    address = kin_titles()
    for m in _slot().finditer(text):
        group = next(g for g in "abcdtn" if m.group(g) is not None)
        word, at = m.group(group), m.start(group)
        if not unlexed(word) or word in address[0] or word in address[1]:
            continue  # a kin word is no name: "kaka's house"
        if group in "cd" and (_determined(text, at) or _after_unlexed(text, at)):
            continue  # "his nani's house", "dilip kaka's house"
        i = scan.line_of(at)
        if i in scan.skip or i in scan.heads:
            continue
        if i not in casing:
            start = scan.starts[i]
            casing[i] = _LineCasing(text[start : start + len(scan.lines[i])])
        if not casing[i].dictated(at - scan.starts[i]):
            continue
        second = m.group("s") if group == "n" else None
        if second is not None and unlexed(second):
            scan.add(i, f"{word} {second}", "person", "typed_name")  # "his name is ganesh jadhav"
        else:
            scan.add(i, word, "person", "name_start")


def _firm_word(word: str) -> bool:
    """Does ``word`` end a business's name: an organisation's word ("ltd", "motors") or the plural of a
    doer ("traders", "drillers": a person's noun, or a verb and "-ers")?"""
    if ORG_WORD.match(word):
        return True
    if not word.endswith("ers"):
        return False
    return person_noun(word[:-1]) or base_verb(word[:-3]) or base_verb(word[:-2])


def _alone(text: str, start: int, end: int) -> bool:
    """Does the pair at ``text[start:end]`` stand alone in English words: no capitalised word right before
    it (a title runs on: "Visa vid vindens ängar") and no word of another language right after it?"""
    before = text[max(0, start - 30) : start].rstrip(" ").rsplit(maxsplit=1)
    if before and before[-1][:1].isupper() and before[-1] != "I":
        return False
    after = re.match(r" ([^\W\d_]+)", text[end : end + 30])
    return after is None or (after.group(1).isascii() and not unlexed(after.group(1).lower()))


def _determined(text: str, at: int, capital: bool = False) -> bool:
    """Does a determiner stand right before position ``at`` ("the kebs auditors"), or, with ``capital``, a
    capitalised word (a name's modifier: "the Kia guy says")?"""
    before = text[max(0, at - 30) : at].rstrip(" ").rsplit(maxsplit=1)
    if not before:
        return False
    word = before[-1]
    return word.lower() in _DETERMINERS or (capital and word[:1].isupper() and word != "I")


def _after_unlexed(text: str, at: int) -> bool:
    """Does a lower-case word no dictionary knows (or a known given name) stand right before ``at``, one
    space between?"""
    m = re.search(r"(?<![\w'’@/.#-])([a-z]{3,}) $", text[max(0, at - 30) : at])
    return m is not None and (m.group(1) in _given() or unlexed(m.group(1)))


#: A word of letters (the count that says a line is long enough to be uncased).
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
#: A word, a number or one mark of punctuation: the tokens of a line.
_TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")
#: A capitalised word: a capital, then a lower-case letter ("Maria", "McKay"; not "ASK", "I").
_TITLED = re.compile(r"\b[A-Z][a-z]")
#: Words before a name's slot, by what they may govern: a person, a place, a tool or a body.
_BEFORE_PERSON = frozenset("with called told met asked texted emailed phoned visited named and".split())
_BEFORE_PLACE = frozenset("in to from at near visited via".split())
_BEFORE_THING = frozenset("on via using with in through".split())
_ANY_SLOT = _BEFORE_PERSON | _BEFORE_PLACE | _BEFORE_THING
_SLOT_OR_COLON = _ANY_SLOT | {":"}
#: Words after a person's name ("maria said", "theo's", "maria and i").
_AFTER_PERSON = frozenset("said says told asks asked wants thinks called texted".split())


def uncased(line: str) -> bool:
    """Is ``line`` written without capitals: four words of letters or more, none capitalised?"""
    return _TITLED.search(line) is None and sum(1 for _ in islice(_WORD.finditer(line), 4)) == 4


@cache
def _places() -> dict[str, str]:
    """Lower-case place → its written form, for places of one to three words (one word only where it is no
    English word: asked at look-up, by :func:`_place`, not of all the gazetteer's words at once)."""
    out: dict[str, str] = {}
    for p in places():
        if len(p.split()) <= 3 and p[:1].isupper():
            out.setdefault(p.lower(), p)
    return out


def _place(key: str, gazetteer: dict[str, str]) -> str | None:
    """The written form of the lower-case place ``key`` of ``gazetteer``: a place of one word only where
    it is no English word."""
    place = gazetteer.get(key)
    return None if place is None or (" " not in key and _english(key)) else place


@lru_cache(maxsize=1 << 16)
def _english(word: str) -> bool:
    """Is the lower-case ``word`` an English word: a stop word, a noun no sense makes a name, a verb in any
    form ("reading", "barking", "with")?"""
    return (
        word in STOP_WORDS
        or word.capitalize() in STOP
        or lower_noun(word)
        or senses(word) != (None, None)
        and not unlexed_word(word)
        and senses(word)[0] not in _NAME_SENSES
        or verb_sense(word) is not None
    )


#: WordNet noun supersenses a name's word may have ("columbus": a location, "maria": an object).
_NAME_SENSES = frozenset({"location", "object", "person", None})


@lru_cache(maxsize=1 << 16)
def _known(word: str) -> tuple[str, str] | None:
    """The well-known name (its written form, its kind) the lower-case ``word`` is, if it is no English
    word ("kotlin", "opsgenie"; not "slack", "linear")."""
    if _english(word) or common_word(word) and not unlexed_word(word):
        return None
    for form in (word.capitalize(), word.upper()):
        known = known_name(form)
        if known is not None and not known.ambiguous:
            return known.canonical, known.kind
    return None


def add_uncased_names(scan: FileScan) -> None:
    """Add the list names in a name's slot on the file's uncased lines to ``scan``."""
    for i, line in enumerate(scan.lines):
        if i in scan.skip or i in scan.heads or not uncased(line):
            continue
        start = scan.starts[i]
        for name, kind in _line_names(scan.plain[start : start + len(line)]):
            scan.add(i, name, kind, "typed_name")


def _line_names(text: str) -> list[tuple[str, str]]:
    """The list names in a name's slot on one uncased line, each with its kind."""
    words = _TOKEN.findall(text)  # words, numbers and each mark between them: "to, maria" is no slot
    given, gazetteer = _given(), _places()
    if given.isdisjoint(words) and _SLOT_OR_COLON.isdisjoint(words):
        return []
    out: list[tuple[str, str]] = []
    for k in [k for k, w in enumerate(words) if w in given or (k and words[k - 1] in _SLOT_OR_COLON)]:
        word, before = words[k], _at(words, k - 1)
        if before == ":":  # "works with: maria"
            before = _at(words, k - 2)
        plain = _bare(word)
        place = _place_at(words, k, gazetteer) if before in _BEFORE_PLACE else None
        if place is not None and (plain not in given or before in ("in", "near")):
            out.append((place, "place"))
        elif plain in given and not _english(plain):
            rest = _rest_of_name(words, k + 1, given) if word == plain else []  # "with maria herrera"
            name = " ".join(w.capitalize() if not PARTICLE_WORD.fullmatch(w) else w for w in [plain, *rest])
            k_next = k + 1 + len(rest)
            if before in _BEFORE_PERSON or _at(words, k_next) in _AFTER_PERSON or _and_i(words, k_next):
                out.append((name, "person"))
        elif before in _BEFORE_THING and (known := _known(plain)) is not None:
            out.append(known)
    return out


#: Small words inside a name written in lower case ("sanne van dijk", "omar bin rashid al nuaimi"): the
#: capitalised path's particles, a bare Arabic article and Irish "ní", "nic", "mac", "uí".
_LOWER_PARTICLES = frozenset({"al", "el", "ní", "nic", "mac", "ua", "ui", "uí"})


def _rest_of_name(words: list[str], k: int, given: frozenset[str]) -> list[str]:
    """The words of a name after its given name, from word ``k``: surnames (:func:`_surname`), each perhaps
    after a name's small word ("van dijk", "bin rashid al nuaimi", "dela cruz"); at most four words. After
    a small word a given name may stand too (a father's: "bin rashid")."""
    rest: list[str] = []
    while len(rest) < 4:
        word = _bare(_at(words, k))
        smalls = 0
        while smalls < 2 and _small(_at(words, k + smalls)):
            smalls += 1  # "van der berg"
        if smalls:
            after = _bare(_at(words, k + smalls))
            if not after.isalpha() or _english(after) or common_word(after) and after in _AFTER_PERSON:
                break  # after a name's small word, any word no English word ("ter horst", "bin rashid")
            rest += [*words[k : k + smalls], after]
            k += smalls + 1
        elif _surname(word, given) or not rest and _given_surname(words, k, given):
            rest.append(word)
            k += 1
        else:
            break
        if _at(words, k - 1) != _bare(_at(words, k - 1)):
            break  # a possessive ends the name ("with ana lopez's team")
    return rest


def _given_surname(words: list[str], k: int, given: frozenset[str]) -> bool:
    """Is the given name at word ``k``, right after another, its surname ("niamh brennan", "esther
    moraa"): no English word, no verb's form, and an English word after it, not "and" nor a mark nor a
    third name (a list of first names: "with maria john and i", "maria john, tom")?"""
    word, after = _at(words, k), _at(words, k + 1)
    if word not in given or _english(word) or word in _AFTER_PERSON or verb_sense(word) is not None:
        return False
    return after.isalpha() and after != "and" and after not in given and _english(after)


def _small(word: str) -> bool:
    """Is the lower-case ``word`` a name's small word ("van", "bin", "dela", "al")?"""
    return PARTICLE_WORD.fullmatch(word) is not None or word in _LOWER_PARTICLES


def _surname(word: str, given: frozenset[str]) -> bool:
    """May the lower-case ``word`` after a given name be its surname: no given name, no verb's form, no
    well-known name, and no English word by any list ("jepkorir") or a frequent word WordNet does not
    know ("herrera", "rao")?"""
    if word[:3] in ("al-", "el-") and len(word) > 5:
        word = word[3:]  # an Arabic article glued to the surname: "al-zahrani"
    if (
        not word.isalpha()
        or word in given
        or word in _AFTER_PERSON
        or word.endswith(("ed", "ing"))
        or word == "i"
    ):
        return False
    if known_name(word.capitalize()) is not None or verb_sense(word) is not None:
        return False
    return unlexed(word) or unlexed_word(word) or not common_word(word) and not _english(word)


def _and_i(words: list[str], k: int) -> bool:
    """Do the words at ``k`` read "and i" ("maria and i went")?"""
    return _at(words, k) == "and" and _at(words, k + 1) == "i"


def _bare(word: str) -> str:
    """``word`` without a possessive "'s"."""
    return word.removesuffix("'s").removesuffix("’s")


def _at(words: list[str], k: int) -> str:
    return words[k] if 0 <= k < len(words) else ""


def _place_at(words: list[str], k: int, gazetteer: dict[str, str]) -> str | None:
    """The longest place of one to three words starting at word ``k``, its written form."""
    for n in (3, 2, 1):
        if k + n <= len(words):
            place = _place(" ".join(words[k : k + n]), gazetteer)
            if place is not None:
                return place
    return None
