"""Relationships stated in one line of text ("Alice works at Acme", "we chose Postgres over Mongo").

Pure, pattern-based, no network: each pattern names its predicate and, where the pattern tells it, the
kinds of its two ends. Co-occurrence within a section is not found here: it is a view over stored
mentions (:mod:`mdrecall.knowledge.index`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mdrecall.knowledge.lexicon.address_words import address_word
from mdrecall.knowledge.lexicon.family_customs import PATRONYMS, called_names, customary_name
from mdrecall.knowledge.lexicon.name_lists import common_word, fold_accents, given_name, nicknames, places

__all__ = ["ALIAS", "CUE", "CUE_WORDS", "MARKUP", "PREDICATES", "Relation", "find_relations", "phrase"]

_NAME = r"[A-Z][\w.+-]*[\w+](?:\s+[A-Z][\w.+-]*[\w+]){0,2}|[A-Z]"
_VERSION = r"(?:\s+v?\d[\w.]*)?"  # "PostgreSQL 16": the version is not part of the name
#: What someone owns or moves to, when it is not a name: a few lower-case words ("billing", "the data team").
_THING = (
    r"(?:the\s+|our\s+)?[a-z][\w-]*"
    r"(?:\s+(?!from\b|to\b|in\b|on\b|by\b|until\b|since\b|for\b|and\b)[a-z][\w-]*){0,3}"
)
_SUBJ = rf"(?P<s>{_NAME}|[Ww]e|I)"
_OBJ = rf"(?P<o>{_NAME})"
_FAMILY = (
    "sister|brother|mother|father|mom|dad|wife|husband|partner|son|daughter|friend|boss|manager|"
    "colleague|cousin|aunt|uncle|grandmother|grandfather|girlfriend|boyfriend|mentor|roommate"
)


@dataclass(frozen=True)
class Relation:
    """``subject predicate object`` found on one line (1-based) of a file."""

    subject: str
    predicate: str
    object: str
    line: int
    subject_kind: str = "unknown"
    object_kind: str = "unknown"


#: predicate → (pattern, subject kind, object kind); ``{rel}`` predicates take the matched word.
_PATTERNS: list[tuple[str, re.Pattern[str], str, str]] = [
    ("works_at", re.compile(rf"{_SUBJ}\s+(?:works|worked|is working|started working)\s+(?:at|for)\s+{_OBJ}"),
     "person", "organisation"),
    ("{rel}_of", re.compile(rf"{_SUBJ}\s+is\s+{_OBJ}'s\s+(?:\w+\s+)?(?P<rel>{_FAMILY})\b"),
     "person", "person"),
    ("uses", re.compile(rf"{_SUBJ}\s+(?:uses|use|used|is using|are using|switched to)\s+{_OBJ}"),
     "unknown", "tool"),
    ("moved_to", re.compile(
        rf"{_SUBJ}\s+(?:moved|has moved|have moved|relocated|is moving|are moving|will move)\s+"
        rf"(?:\w+\s+)?to\s+(?P<o>{_NAME}|{_THING})"), "person", "unknown"),
    ("chosen_over", re.compile(
        rf"\b(?:[Ww]e|I|{_NAME})\s+(?:chose|picked|went with|preferred|prefer|selected)\s+{_OBJ}{_VERSION}\s+"
        rf"over\s+(?P<z>{_NAME})"), "unknown", "unknown"),
    ("chosen_over", re.compile(
        rf"(?P<o>{_NAME}){_VERSION}\s+(?:(?:was|is|has been|got)\s+)?(?:chosen|picked|selected|preferred)\s+"
        rf"over\s+(?P<z>{_NAME})"), "unknown", "unknown"),
    ("owns", re.compile(
        rf"{_SUBJ}\s+(?:owns|now owns|will own|owned|took over|takes over)\s+(?P<o>{_NAME}|{_THING})"),
     "person", "unknown"),
    ("left", re.compile(rf"{_SUBJ}\s+(?:left|has left|quit|is leaving|will leave)\s+{_OBJ}"),
     "person", "organisation"),
    ("joined", re.compile(rf"{_SUBJ}\s+(?:joined|has joined|will join|is joining)\s+{_OBJ}"),
     "person", "organisation"),
]  # fmt: skip

#: The predicate of a name given in words as another name of someone ("Katarzyna Nowak (everyone calls her
#: Kasia)", "Bo, aka Bodhi", "Kasia is short for Katarzyna"): the subject is the other name, the object the
#: name it stands for. The entity view folds the subject into the object's entity.
ALIAS = "alias_of"
_NICK = r"(?P<s>[A-Z][a-z\u00c0-\u024f'’]+)"  # one capitalised word: a nickname
_FULL = r"(?P<o>[A-Z][\w'’-]*[a-z\u00c0-\u024f](?:\s+[A-Z][\w'’-]*[a-z\u00c0-\u024f]){0,2})"
#: Who calls someone by another name, and how it is said ("everyone calls her", "we all call him").
_CALLS = (
    r"(?:everyone|everybody|we|they|people|friends|most\s+people|the\s+team|all)\s+(?:all\s+|just\s+)?"
    r"calls?\s+(?:her|him|them)\s+"
)
#: Another name stated in words right after a name (the name first, the other name in the group ``s``).
_ALIAS_AFTER = re.compile(
    rf"\b{_FULL}(?:\s*(?:\(\s*|,\s*|\s[-–—]\s*)(?:who\s+|whom\s+)?"
    rf"(?:{_CALLS}|(?:aka|a\.k\.a\.?|also\s+known\s+as|known\s+as|called|goes\s+by)\s+)"
    rf"|\s+(?:goes\s+by|a\.k\.a\.?|aka)\s+)['\"“‘]?{_NICK}\b"
)
#: "Everyone calls Kevin "Otieno"", "we all call Margarethe 'Grete'": who calls someone, the name, then the
#: other name in quotes (the quotes tell where the name ends).
_CALLS_QUOTED = re.compile(
    r"\b(?i:everyone|everybody|we|they|people|friends|most\s+people|the\s+team|all)\s+"
    rf"(?i:all\s+|just\s+|still\s+)?(?i:calls?|called)\s+{_FULL}\s+['\"“‘]{_NICK}['\"”’]"
)
#: "Kasia is short for Katarzyna", "Kasia (short for Katarzyna)".
_SHORT_FOR = re.compile(rf"\b{_NICK}\s*(?:\(\s*|,\s*|\s+is\s+|\s+was\s+)short\s+for\s+{_FULL}")
#: "Katarzyna Nowak (Kasia)", "Ananya Kulkarni ("Anu")": a full name and one capitalised word in brackets
#: (quoted or not), read as a nickname only when it begins as the given name does or is a listed nickname
#: of it (:func:`_nickname_of`), or is quoted after a given name ('Rebecca Moreau ("Bex")').
#: The full name may be three or four words, a surname's small words among them ("Jorrit ter Horst (Joop)",
#: "Ana Maria Pinto (Nini)"); the words before its given name are dropped (:func:`_from_given`).
_BRACKETED = re.compile(
    r"\b(?P<o>[A-Z][a-z\u00c0-\u024f'’-]+(?:\s+(?:(?:Ó|de|del|da|dos|das|van|von|der|den|ter|bin|ibn)\s+){0,2}"
    r"(?:(?:al|el)-)?[A-Z][\w'’-]*[a-z\u00c0-\u024f]){1,3})\s+"
    r"\([\"“‘']?(?P<s>[A-Za-z][a-z\u00c0-\u024f]+)[\"”’']?\)"
)
#: "Rosalinda Macaraeg (Ate Linda)", "Bernardo Ilagan (Tito Bernie)": a full name, then a form of address and
#: a name in brackets (:func:`~.address_words.address_word`).
_BRACKETED_ADDRESS = re.compile(
    r"\b(?P<o>[A-Z][a-z\u00c0-\u024f'’-]+\s+[A-Z][\w'’-]*[a-z\u00c0-\u024f])\s+"
    r"\((?P<a>[A-Z][a-z]+\.?)\s+(?P<s>[A-Z][a-z\u00c0-\u024f]+)\)"
)
#: "Ania (Anna Zielińska)": one capitalised word, then a full name in brackets that it is a nickname of
#: (:func:`_nickname_of`, by its shape).
_NICK_FIRST = re.compile(
    r"\b(?P<s>[A-Z][a-z\u00c0-\u024f]+)\s+"
    r"\((?P<o>[A-Z][a-z\u00c0-\u024f'’-]+\s+[A-Z][\w'’-]*[a-z\u00c0-\u024f])\)"
)
#: "Bernadette (Bernie) Coakley", "William (Bill) Gates", 'Robert "Bob" Smith': the other name in brackets
#: or quotes between the given name and the surname. Both "Bernie" and "Bernie Coakley" are other names of
#: Bernadette Coakley. The shape says enough: the other name need only be a listed nickname or begin as the
#: given name does.
_GIVEN_NICK = re.compile(
    r"\b(?P<g>[A-Z][a-z\u00c0-\u024f'’-]+)\s+(?:\([\"“‘']?(?P<s>[A-Z][a-z\u00c0-\u024f]+)[\"”’']?\)"
    r"|[\"“](?P<q>[A-Z][a-z\u00c0-\u024f]+)[\"”])\s+"
    r"(?P<f>[A-Z][\w'’-]*[a-z\u00c0-\u024f])\b"
)

#: "Vinh (Trần Quốc Vinh)", "Jenny (Nguyễn Ngọc Trâm)": one word, then in brackets a full name of two to four
#: words (any letters: Vietnamese ones too), read where the full name is a naming custom's
#: (:func:`~.family_customs.customary_name`) and the word the name it calls the person by or a given name
#: (an English name taken beside it).
_CUSTOM_FIRST = re.compile(r"\b(?P<s>[^\W\d_]+)\s+\((?P<o>[^\W\d_]+(?:\s+[^\W\d_][\w-]*){1,3})\)")
#: "Nguyễn Ngọc Trâm (Jenny)", "Lý Bích Ngọc (cô Ngọc)": a full name of two to four words, then in brackets
#: one word, perhaps after a form of address; read as :data:`_CUSTOM_FIRST` is.
_CUSTOM_AFTER = re.compile(
    r"\b(?P<o>[^\W\d_]+(?:\s+[^\W\d_][\w-]*){1,3})\s+\((?:(?P<a>[^\W\d_]+\.?)\s+)?(?P<s>[^\W\d_]+)\)"
)

#: A quoted capitalised word standing alone ('| Riccardo Galli | CEO | "Ricky"; ...'), not between a given
#: name and a surname (:data:`_GIVEN_NICK`) nor in brackets after a full name (:data:`_BRACKETED`).
_QUOTED_WORD = re.compile(r"(?<![\w(])[\"“](?P<q>[A-Z][a-z\u00c0-\u024f]+)[\"”](?![\s]*\))")
#: A given name and a surname on a line (the given name checked against the list).
_FULL_NAME = re.compile(r"\b(?P<g>[A-Z][a-z\u00c0-\u024f'’-]+)\s+(?P<f>[A-Z][\w'’-]*[a-z\u00c0-\u024f])\b")

#: Every predicate the patterns produce (``*_of`` for each family word).
PREDICATES = ("works_at", "uses", "moved_to", "chosen_over", "owns", "left", "joined", ALIAS) + tuple(
    f"{w}_of" for w in _FAMILY.split("|")
)
#: Words a line must hold for each pattern to be tried.
_CUES = {
    "works_at": ("work",),
    "{rel}_of": ("'s",),
    "uses": ("use", "using", "switched"),
    "moved_to": ("moved", "relocated", "moving", "move"),
    "chosen_over": (" over ",),
    "owns": ("own", "took over", "takes over"),
    "left": ("left", "quit", "leav"),
    "joined": ("join",),
    ALIAS: ("call", "aka", "a.k.a", "known as", "goes by", "short for", " (", ' "', " “"),
}
_PRONOUNS = {"we", "i"}
_NOT_ENDS = {"it", "them", "this", "that", "there", "here", "us", "me", "him", "her", "the", "a", "an"}
_MARKUP = re.compile(r"\*\*|__|\[\[|\]\]|(?<![\w@])@(?=\w)|`")
#: Markup that :func:`find_relations` ignores, and any word of ``_CUES`` (a line without one states none).
MARKUP = _MARKUP
CUE_WORDS = sorted({w for words in _CUES.values() for w in words})
CUE = re.compile("|".join(re.escape(w) for w in CUE_WORDS), re.IGNORECASE)


def find_relations(line: str, number: int) -> list[Relation]:
    """Relations stated in ``line`` (Markdown emphasis, wiki brackets and ``@`` are ignored)."""
    text = _MARKUP.sub("", line)
    low = text.lower()
    out: list[Relation] = []
    if any(word in low for word in _CUES[ALIAS]):
        out += _aliases(text, low, number)
    for predicate, pattern, s_kind, o_kind in _PATTERNS:
        if not any(word in low for word in _CUES[predicate]):
            continue  # a cheap check first: most lines state no relationship
        for m in pattern.finditer(text):
            obj = _clean(m.group("o"))
            if obj.casefold() in _NOT_ENDS or obj.casefold().split()[0] in ("it", "them", "this", "that"):
                continue  # "Fatima owns it": nothing named
            if predicate == "chosen_over":
                out.append(Relation(obj, predicate, _clean(m.group("z")), number, "unknown", "unknown"))
                continue
            subject = _clean(m.group("s"))
            pred = predicate.format(rel=m.group("rel").lower()) if "{rel}" in predicate else predicate
            if subject.lower() in _PRONOUNS:
                subject = subject.lower()
            kind = o_kind
            if predicate == "moved_to":  # a person moves to a place; "we moved to X" is a tool or a home
                kind = "unknown" if subject in _PRONOUNS or not obj[:1].isupper() else "place"
            out.append(Relation(subject, pred, obj, number, _subject_kind(subject, s_kind), kind))
    return out


_VERBS = {  # predicate → (after a third-person subject, after "I"/"we")
    "works_at": ("works at", "work at"),
    "uses": ("uses", "use"),
    "moved_to": ("moved to", "moved to"),
    "owns": ("owns", "own"),
    "left": ("left", "left"),
    "joined": ("joined", "joined"),
}


def phrase(subject: str, predicate: str, obj: str) -> str:
    """A relationship as a sentence a reader expects: "we use MySQL", "Dana works at Lumen Labs",
    "Postgres was chosen over Mongo", "Dana is Bob's sister" (the predicate stays the stored key)."""
    pronoun = subject.casefold() in _PRONOUNS
    if predicate in _VERBS:
        return f"{subject} {_VERBS[predicate][1 if pronoun else 0]} {obj}"
    if predicate == "chosen_over":
        return f"{subject} was chosen over {obj}"
    if predicate == ALIAS:
        return f"{subject} is another name for {obj}"
    if predicate.endswith("_of"):
        be = ("am" if subject.casefold() == "i" else "are") if pronoun else "is"
        return f"{subject} {be} {obj}'s {predicate[:-3]}"
    return f"{subject} {predicate.replace('_', ' ')} {obj}"


#: Words each alias pattern needs on the line (most lines with a bracket state no other name).
_ALIAS_CUES = (
    ("call", "aka", "a.k.a", "known as", "goes by"),
    ("call",),
    ("short for",),
    (" (",),
    (" (",),
)


def _aliases(text: str, low: str, number: int) -> list[Relation]:
    """Other names of someone stated on one line: "X (everyone calls her Y)", "X, aka Y", "X goes by Y",
    "Y is short for X", and "X (Y)" or "Given (Y) Surname" where Y is a nickname of the given name by its
    shape (then "Y Surname" is the person too)."""
    out: list[Relation] = []
    for rx, cues in zip(
        (_ALIAS_AFTER, _CALLS_QUOTED, _SHORT_FOR, _BRACKETED, _NICK_FIRST), _ALIAS_CUES, strict=True
    ):
        if not any(cue in low for cue in cues):
            continue
        for m in rx.finditer(text):
            nick, full = m.group("s"), _clean(m.group("o"))
            if rx is _BRACKETED:
                full = _from_given(full)
            first = full.split()[0]
            if (
                nick.casefold() == first.casefold()
                or nick.casefold() in _NOT_ENDS
                or full.casefold() in _NOT_ENDS
            ):
                continue  # "Dana Okafor (Dana)": nothing new
            shaped = rx is _BRACKETED or rx is _NICK_FIRST
            quoted = rx is _BRACKETED and _quoted(m.group(0)) and given_name(first) and nick not in places()
            stated = rx is _BRACKETED and _stated_nick(nick, full)
            if shaped and not quoted and not stated and not _nickname_of(nick, first):
                continue  # "Dana Okafor (Finance)", "Sofia Russo (Florence)": a team, a place, not a name
            weak = shaped or " called " in m.group(0)  # no word that says "another name"
            written = nick[:1].upper() + nick[1:]  # "(jules)": a nickname written in lower case
            if (" " not in full and rx is not _SHORT_FOR and not given_name(full)) or (
                weak and common_word(nick) and not given_name(written) and nick.casefold() not in nicknames()
            ):
                continue  # "Standup (called Huddle now)": one word alone is no one's full name
            kind = "person" if given_name(first) else "unknown"
            out.append(Relation(nick, ALIAS, full, number, kind, kind))
            if rx is _BRACKETED and kind == "person" and len(parts := full.split()) == 2 and written == nick:
                # "Katarzyna Nowak (Kasia)": "Kasia Nowak" is she too (as "Bernadette (Bernie) Coakley")
                out.append(Relation(f"{nick} {parts[1]}", ALIAS, full, number, kind, kind))
    if " (" in low or ' "' in low or " “" in low:
        for m in _GIVEN_NICK.finditer(text):
            given, nick, surname = m.group("g"), m.group("s") or m.group("q"), m.group("f")
            n, g = nick.casefold(), given.casefold()
            quoted = m.group("q") is not None and not common_word(n)  # 'Rebecca "Bex" Moreau'
            if n != g and given_name(given) and (quoted or g in nicknames().get(n, ()) or n[:2] == g[:2]):
                full = f"{given} {surname}"
                out.append(Relation(nick, ALIAS, full, number, "person", "person"))
                out.append(Relation(f"{nick} {surname}", ALIAS, full, number, "person", "person"))
        for m in _CUSTOM_FIRST.finditer(text):
            nick, full = m.group("s"), _clean(m.group("o"))
            if _custom_alias(nick, full):
                out.append(Relation(nick, ALIAS, full, number, "person", "person"))
        for m in _CUSTOM_AFTER.finditer(text):
            nick, words = m.group("s"), _clean(m.group("o")).split()
            if m.group("a") is not None and not address_word(m.group("a")):
                continue  # "(head of sales)": no form of address and a name
            tails = (" ".join(words[i:]) for i in range(len(words) - 1) if customary_name(words[i:]))
            named = next(tails, None)  # "Bookkeeper Huỳnh Thị Tâm": the name, not the word before it
            if named is not None and _custom_alias(nick, named):
                out.append(Relation(nick, ALIAS, named, number, "person", "person"))
        for m in _BRACKETED_ADDRESS.finditer(text):
            if address_word(m.group("a")):  # "Rosalinda Macaraeg (Ate Linda)": what she is called
                nick, full = f"{m.group('a')} {m.group('s')}", _clean(m.group("o"))
                out.append(Relation(nick, ALIAS, full, number, "person", "person"))
        if not out:
            out += _quoted_nicknames(text, number)
    return out


def _custom_alias(nick: str, full: str) -> bool:
    """Is ``nick`` (one word before ``full`` in brackets) another name of the person ``full`` names by a
    naming custom: the name the custom calls them by, or a given name beside it ("Jenny (Nguyễn Ngọc
    Trâm)")?"""
    words = full.split()
    if not nick[:1].isupper() or not all(w[:1].isupper() or w.casefold() in PATRONYMS for w in words):
        return False
    return customary_name(words) and (nick.casefold() in called_names(full.casefold()) or given_name(nick))


def _quoted_nicknames(text: str, number: int) -> list[Relation]:
    """A quoted word elsewhere on the line of one person's full name that is a short name of that person's
    given name by its shape ('| Riccardo Galli | CEO | "Ricky"; investor calls |', 'Guadalupe Ortega,
    "Lupe" on the phone tree'): the one full name it fits, else none."""
    out: list[Relation] = []
    nicks = dict.fromkeys(m.group("q") for m in _QUOTED_WORD.finditer(text))
    if not nicks:
        return out
    names: dict[tuple[str, str], None] = {}
    for x in _FULL_NAME.finditer(text):
        if given_name(x.group("g")):
            names[(x.group("g"), x.group("f"))] = None
            if len(names) > _NAMES_ON_A_ROW:
                return out  # a line naming this many people is no one person's row (and each pair costs)
    for nick in nicks:
        fits = {f"{g} {f}" for g, f in names if nick.casefold() != g.casefold() and _nickname_of(nick, g)}
        if len(fits) == 1:
            out.append(Relation(nick, ALIAS, fits.pop(), number, "person", "person"))
    return out


#: The most full names a line may hold for a quoted word on it to be read as one of them's short name.
_NAMES_ON_A_ROW = 12


def _quoted(bracket: str) -> bool:
    """Is the one word in a name's brackets quoted ('Rebecca Moreau ("Bex")'): a nickname, said so?"""
    return '"' in bracket or "“" in bracket or "‘" in bracket


def _nickname_of(nick: str, given: str) -> bool:
    """Could ``nick`` be a short name of the given name ``given``: a listed nickname of it, or a word no
    longer than it that begins as it does ("Kasia" for Katarzyna, "Rafa" for Rafael, "Ania" for Anna,
    "jules" for Julia) or that ends it, three letters or more, accents aside ("Lupe" for Guadalupe, "Tina"
    for Christina, "Sandro" for Alessandro), and is no frequent word, or is a given name itself?"""
    n, g = nick.casefold(), given.casefold()
    if g in nicknames().get(n, ()):
        return True
    tail = len(n) >= 3 and len(n) < len(g) and fold_accents(g).endswith(fold_accents(n))
    if (n[:2] != g[:2] and not tail) or len(n) > len(g) or nick in places():
        return False
    return not common_word(n) or given_name(n.capitalize())


def _from_given(full: str) -> str:
    """The words of ``full`` from its first given name on ("Met Ilse van Dam" → "Ilse van Dam"), keeping two
    words at least; its last two words where none is a given name (a name the lists do not know)."""
    words = full.split()
    for i, w in enumerate(words[:-1]):
        if given_name(w):
            return " ".join(words[i:])
    i = len(words) - 2
    while i > 0 and words[i][:1].islower():
        i -= 1  # "Jorrit ter Haar": the surname's small words and the word before them
    return " ".join(words[i:])


def _stated_nick(nick: str, full: str) -> bool:
    """Is ``nick``, one word in brackets right after the person's full name ``full``, another name of theirs
    that its shape does not tell (:func:`_nickname_of`): a given name or a listed nickname ("Ingrid Dahl
    (Inka)", "Joost ter Haar (Hans)"), or a word whose consonants come in order from the given names
    ("Podge" for Pádraig, "Katya" for Yekaterina, "Malou" for Maria Lourdes, "Hamoudi" for Mohammed)? Not a
    place, nor a frequent word that is no given name ("(Finance)", "(Stripe)")."""
    if nick in places() or (common_word(nick.casefold()) and not given_name(nick.capitalize())):
        return False
    if given_name(nick.capitalize()) or nick.casefold() in nicknames():
        return True
    given = fold_accents(" ".join(full.split()[:-1])).casefold()
    consonants = [c for c in fold_accents(nick).casefold() if c.isalpha() and c not in "aeiouy"]
    head = fold_accents(nick[:2]).casefold()  # "Ka" in Yekaterina, "Ha" in Mohammed; "Ac" not in Cameron
    opens = any(w.startswith(head[0]) for w in given.split()) or head in given
    if len(consonants) < 2 or not opens:
        return False
    at = 0
    for c in consonants:
        at = given.find(c, at) + 1
        if at == 0:
            return False
    return True


def _subject_kind(subject: str, kind: str) -> str:
    return "unknown" if subject in _PRONOUNS else kind


def _clean(name: str) -> str:
    name = " ".join(name.split())
    return name[:-2] if name.endswith("'s") else name.rstrip(".")
