"""What the text around a name says, for :func:`mdrecall.knowledge.mentions.extract.extract_entities`: the
kind a name takes from a list it is in, a label, the words around it or the page it titles; whether a label
opening a line is a person speaking; whether a run of words is rare, tool-like or a work's title; and the
small readers of a whole file's text (the text before a name, bullets and openers, spans already taken).
Pure; the patterns are :mod:`.mention_patterns`'s."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cache

from mdrecall.knowledge.lexicon.mention_patterns import (
    ACRONYM_IN,
    HUMP,
    LABEL_STOP,
    LOWER,
    LOWER_NOT_NAMES,
    OF_HEADS,
    OF_PLACES,
    STOP,
)
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    demonym,
    diminutive_form,
    family_first,
    first_names,
    given_name,
    known_name,
    lower_known,
    nicknames,
    places,
)
from mdrecall.knowledge.lexicon.name_words import EVENT_LAST, ORG_WORD, PLACE_WORDS, WEAK_ORG
from mdrecall.knowledge.mentions.firm_sites import firm_site
from mdrecall.knowledge.mentions.label_kinds import LineLabels
from mdrecall.knowledge.mentions.names import name_kind

#: Folders whose pages are each about one thing of a kind ("people/oona-hart.md").
_FOLDER_KINDS = {
    "people": "person", "person": "person", "persons": "person", "contacts": "person", "team": "person",
    "clients": "organisation", "customers": "organisation", "companies": "organisation",
    "orgs": "organisation", "organisations": "organisation", "organizations": "organisation",
    "vendors": "organisation", "suppliers": "organisation", "partners": "organisation",
    "projects": "project", "pets": "pet", "places": "place", "books": "work", "tools": "technology",
}  # fmt: skip
_SLUG = re.compile(r"[\W_]+")


def page_title(lines: list[str], headings: list[int], path: str) -> tuple[int, str | None] | None:
    """The first heading's line when it is a level-1 heading spelling the file's name (its slug starts with
    the file's stem or the other way round: "clients/halden.md" and "# Halden Bikes"), and the kind the
    file's folder tells (or None); None when the page is not named after its heading. A one-word title
    counts only in a folder that tells a kind ("# Retro" in "notes/retro.md" is not a name)."""
    i = headings[0]
    line = lines[i]
    if not line.startswith("# "):
        return None
    parts = path.replace("\\", "/").split("/")
    stem = _SLUG.sub("-", parts[-1].rsplit(".", 1)[0].casefold()).strip("-")
    slug = _SLUG.sub("-", line[2:].casefold()).strip("-")
    if len(stem) < 3 or not (slug.startswith(stem) or stem.startswith(slug)):
        return None
    kind = next(
        (_FOLDER_KINDS[p.casefold()] for p in reversed(parts[:-1]) if p.casefold() in _FOLDER_KINDS), None
    )
    if kind is None and " " not in line[2:].strip():
        return None
    return i, kind


#: What may stand between two names of one list ("Figma and Procreate", "from Zencastr to Riverside").
_LIST_GAPS = frozenset({" and ", " or ", ", and ", ", or ", " & ", "/", " / ", " + ", " and the ", ", the "})
#: What may stand between two names of a longer list: a comma, after a note in brackets or not
#: ("Fernhill Bakery (rebrand), Otterburn Cycles", "Ewan Grant, Priyanka Rao").
_LIST_COMMA = re.compile(r"(?:[ ]\([^()\n]{1,30}\))?(?:,[ ](?:and[ ]|or[ ])?|[ ]and[ ]|[ ]or[ ])")
#: Kinds that a name listed with a name of that kind takes (things come in lists of a kind; people and
#: places in a list are told by their own names).
_LIST_KINDS = frozenset({"technology", "product", "organisation", "work", "event"})
#: Kinds a name of unknown kind takes from a list it is in (without the strength: "Ewan Grant, Priyanka
#: Rao" and "in Stockbridge and Morningside" say the kind, not that the name is one).
_LIST_ONLY_KIND = frozenset({"person", "place", "pet"})


def listed_with(
    plain: str,
    typed: list[tuple[int, str, str, bool, bool, tuple[int, int]]],
    n: int,
    kind: str,
    strong: bool,
) -> tuple[str, bool]:
    """The kind and strength a name takes from a well-typed name next to it in a list on its line (a name of
    unknown kind takes the kind; one of the same kind, the strength): ("product", True) for Procreate in
    "works in Procreate and Figma"; else (``kind``, ``strong``)."""
    i, _, _, _, opens, (at, end) = typed[n]
    for m in (n - 1, n + 1):
        if not 0 <= m < len(typed) or typed[m][0] != i:
            continue
        _, _, other, other_strong, _, (o_at, o_end) = typed[m]
        gap = plain[o_end:at] if m < n else plain[end:o_at]
        if plain.startswith(("'s", "’s"), end):  # "Google Drive, Oona's idea"
            break
        listed = (
            gap in _LIST_GAPS
            or (gap == " to " and plain.endswith("from ", 0, min(at, o_at)))
            or _LIST_COMMA.fullmatch(gap) is not None
        )
        if m < n and other == "organisation" and kind == "unknown" and firm_site(plain, o_at, gap, end):
            return "place", strong  # "works at Thermax, Pimpri": where the firm is, not a second firm
        if listed and other in _LIST_KINDS and kind in ("unknown", other):
            return other, strong or (other_strong and not opens)
        if listed and kind == "unknown" and other in _LIST_ONLY_KIND:
            if other == "place" and m > n and _where_it_is(plain, at, gap, o_end):
                continue  # "Flights: Skyrill, Tallinn to Oslo", "(Brandvold Agency, Bergen)": its base
            return other, strong
        if m < n and gap == " (" and kind == "unknown" and other == "place":
            return other, strong  # "Franschhoek (Western Cape)": the region a place lies in
        if listed and kind == other == "person" and other_strong and given_name(plain[at:end].split()[0]):
            return kind, True  # "Kids: Oren (7) and Tali (4)": a given name listed with a person told so
    return kind, strong


#: A list going on after a name: a comma or "and"/"or", then a capital.
_LIST_ON = re.compile(r"(?:,[ ](?:and[ ]|or[ ])?|[ ]and[ ]|[ ]or[ ])[A-Z]")


def _where_it_is(plain: str, at: int, gap: str, place_end: int) -> bool:
    """Is a place after a comma where the name before it is based ("Skyrill, Tallinn", "(Brandvold Agency,
    Bergen)"), not the next of a list of places: the two stand alone, no list item before the name nor
    after the place?"""
    if not gap.startswith(", ") or gap.startswith((", and", ", or")):
        return False
    head = plain[max(0, at - 2) : at]
    return (
        not head.endswith((", ", "& "))
        and not plain.endswith(" and ", 0, at)
        and not _LIST_ON.match(plain, place_end)
    )


@cache
def lower_words() -> frozenset[str]:
    """Lower-case words worth a look: well-known names written so, and given names that are not mostly
    ordinary words."""
    given = {n.lower() for n in first_names() if len(n) > 2} - LOWER_NOT_NAMES
    return lower_known() | given


def find_lower_hits(plain: str, wanted: frozenset[str]) -> list[tuple[int, str]]:
    """Where the words ``wanted`` are found by ``LOWER``, in order: each occurrence is checked with a match
    at its position (a match there is a word ``LOWER.finditer`` yields, as the look-behind fails inside
    a word), instead of stepping through every lower-case word of the file."""
    hits = []
    for word in wanted:
        at = plain.find(word)
        while at >= 0:
            m = LOWER.match(plain, at)
            if m is not None and m.end() - at == len(word):
                hits.append((at, word))
            at = plain.find(word, at + 1)
    hits.sort()
    return hits


#: Kinds a mixed-case or all-capitals word takes from the words around it (people are written otherwise).
_THING_KINDS = frozenset({"organisation", "technology", "product", "place", "event", "work"})


def cued_kind(
    plain: str, labels: LineLabels, line_start: int, at: int, end: int, tech: bool
) -> tuple[str, bool]:
    """The kind of a mixed-case or all-capitals word no list knows ("OpenCV", "HeatRight") and whether a
    cue told it: what the words around it say ("ordered from HeatRight", "the PyO3 0.21 bump", a label),
    else (no cue: the shape's default, the weakest evidence of a kind) a technology in a file or on a line
    that names technologies ("Python + OpenCV": ``tech``) or a word with an acronym inside ("NetCDF", "qPCR":
    :data:`~.mention_patterns.ACRONYM_IN`), else a product."""
    word = plain[at:end]
    before, after = text_before(plain, line_start, at), plain[end : end + 24]
    kind = name_kind(word, [word], before, after, technical=tech)[0]
    if kind in _THING_KINDS and kind != "place":
        return kind, True
    label = labels.kind(line_start, at, tech)
    if label:
        return label, True
    return ("technology" if tech or ACRONYM_IN.search(word) else "product"), False


def joined_name_kind(words: list[str], amp: bool) -> tuple[str, str] | None:
    """The name and kind of words joined by "&" ("Farrow & Ball": an organisation; "Ana & Bo", two people:
    None), by "of" after an organisation's or a place's word ("University of Leeds", "Isle of Skye") or by
    "for" after an organisation's ("Institute for Fiscal Studies")."""
    while len(words) > 3 and (words[0] in STOP or words[0].casefold() in _LEADERS_OF):
        words = words[1:]  # "The University of Leeds", "At the Bank of England"
    name = " ".join(words)
    joins = [n for n, w in enumerate(words) if w in (("&", "n") if amp else ("of", "for"))]
    if not joins or joins[0] == 0 or joins[0] + 1 >= len(words):
        return None  # the joining word was trimmed with the verb opening the line ("Studying for the X")
    if amp:
        left, right = words[0], words[joins[0] + 1]
        if left in STOP and right in STOP:
            return None  # "Mon & Wed", "Oct & Nov", "Tuesdays & Thursdays": two days or months
        if _personal(left) and _personal(right):
            return None  # "Ana & Bo", "Ania & Marek": two people (a given name, a nickname or a diminutive)
        return name, "organisation"
    join = joins[0]
    head = words[join - 1]
    if words[join] == "for":  # "Corporation for Public Broadcasting": only an organisation's word
        if head in OF_PLACES or head in WEAK_ORG or not (head in OF_HEADS or ORG_WORD.match(head)):
            return None
        if all(w in STOP for w in words[join + 1 :]):
            return None  # "loaves from Tollgate Bakery for Saturday": a day, not the rest of the name
        return name, "organisation"
    if head not in OF_HEADS:
        return None
    return name, "place" if head in OF_PLACES else "organisation"


#: The surname after "Ana & Bo": a capitalised word, no other after it ("Deb & Carl Yoder: polka").
_SHARED_SURNAME = re.compile(r"[ ]([A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?![\w&'’-]|[ ][A-Z])")


def couple_names(words: list[str], after: str) -> tuple[str, str] | None:
    """Two people sharing the surname written after them ("Deb & Carl Yoder" → "Deb Yoder", "Carl Yoder"):
    a given name after "&", before it a first name or a word no dictionary or list knows, and one
    capitalised word after both that is no organisation's, place's or event's word. None otherwise."""
    if len(words) != 3 or words[1] != "&" or (m := _SHARED_SURNAME.match(after)) is None:
        return None
    left, right, surname = words[0], words[2], m[1]
    if (
        left == right
        or not _personal(right)
        or surname in STOP
        or name_kind(surname, [surname], "", "")[0] != "unknown"
    ):
        return None
    if ORG_WORD.match(surname) or surname in PLACE_WORDS or surname in EVENT_LAST:
        return None
    if not _personal(left) and (common_word(left.casefold()) or known_name(left) is not None):
        return None
    return f"{left} {surname}", f"{right} {surname}"


def _personal(word: str) -> bool:
    """Is ``word`` a person's first name: a known given name, a listed nickname or a diminutive by its
    form ("Ania", "Tomek")?"""
    return given_name(word) or word.casefold() in nicknames() or diminutive_form(word)


#: Words that may open a run before an "of" name but are not part of it.
_LEADERS_OF = frozenset("at in from to with for by via met visited joined left the".split())


def maker_kind(name: str) -> str:
    """The kind of a work's maker after "by": a person, unless the name reads as a group's or a business's:
    an organisation's word last ("by Paper Crane Games"), or frequent words ending in a plural whose singular
    is no given name, the first no given name either ("by Young Fathers", "by Arctic Monkeys"; not "by Sally
    Rogers", nor initials)."""
    words = name.split()
    if "." in name or given_name(words[0]):
        return "person"
    if name_kind(name, words, "", "")[0] == "organisation":
        return "organisation"
    last = words[-1]
    plural = len(last) > 3 and last.endswith("s") and not last.endswith("ss")
    if plural and all(common_word(w) for w in words) and not given_name(last[:-1]) and common_word(last[:-1]):
        return "organisation"
    return "person"


def is_rare(words: list[str]) -> bool:
    """Is a capitalised word no frequent English word, given name, calendar word or adjective of a people
    ("Triodos", "Slurm"; not "Keralan")? Several words: is any of them so (a name of frequent words only,
    "Hague Blue", is left to the cues)."""
    return any(
        w.isalpha() and w not in STOP and not common_word(w) and not given_name(w) and not demonym(w)
        for w in words
    )


def _surname_core(word: str) -> str:
    """A surname without its O'/D' ("O'Sullivan" → "Sullivan"), else the word."""
    return word[2:] if len(word) > 3 and word[0] in "OD" and word[1] in "'’" else word


def name_shaped(words: list[str]) -> bool:
    """Are ``words`` two words shaped as a person's name and nothing else: each a capital and lower-case
    letters, perhaps after O' ("Rangi Parata", "Tāne Ngata", "Fionn O'Sullivan"; not "Felix's"), neither a
    frequent English word, a given name the lists know (those are read by their kind), a calendar word or a
    known place? A Chinese or Korean family name of four letters or more written last ("Wen Zhao", "Minh
    Cheung") may be a frequent word of the vocabulary, as its given name may: the family name says it."""
    return _family_last(words) or (
        len(words) == 2
        and all(
            w[:1].isupper()
            and len(w) > 2
            and (core := _surname_core(w))[1:].isalpha()
            and core[1:].islower()
            and w not in STOP
            and not common_word(w)
            for w in words
        )
        and not given_name(words[0])
        and " ".join(words) not in places()
        and not places().intersection(words)
    )


#: Family names of the list that are English words too ("Song", "Moon", "Hung"): no evidence alone.
_FAMILY_WORDS = frozenset("Song Moon Tang Hung Sung Bang Pang Kong Gong Chow Chang Wong Chung Hong".split())


def _family_last(words: list[str]) -> bool:
    """ "Wen Zhao": a capitalised word, then a Chinese or Korean family name (:func:`family_first`) of four
    letters or more that is no English word, neither word a stop, calendar or place word."""
    return (
        len(words) == 2
        and len(words[1]) >= 4
        and family_first(words[1])
        and words[1] not in _FAMILY_WORDS
        and words[0][:1].isupper()
        and words[0][1:].isalpha()
        and words[0][1:].islower()
        and words[0] not in STOP
        and not demonym(words[0])
        and not places().intersection(words)
        and known_name(words[0]) is None
    )


def tech_like(name: str) -> bool:
    """A capital inside a word that is no surname's ("NanoDrop", "PyO3"; not "McKay", "DeLuca")."""
    return any(
        HUMP.search(w) and not w.startswith(("Mc", "Mac", "De", "Di", "Da", "La", "Le", "Van", "Von"))
        for w in name.split()
    )


def title_like(title: str) -> bool:
    """Could ``title`` (before "by <author>") be a work's title rather than "Approved" or "Fixed"?"""
    words = title.split()
    if not words or len(words) > 10 or words[0] in STOP and words[0] != "The" and len(words) == 1:
        return False
    if len(words) == 1 and (words[0].endswith(("ed", "ing")) or words[0].lower() in LABEL_STOP):
        return False
    if len(words) > 2 and words[-2].endswith(",") and words[-1].islower():
        return False  # "Kept at Harbour Stables, run by X", "the Mill Café, owned by X": a clause, no title
    caps = sum(1 for w in words if w[:1].isupper())
    return caps * 2 >= len(words)


def blank_out(m: re.Match[str]) -> str:
    """A match replaced by as many spaces (positions, and so line numbers, stay where they were)."""
    return " " * len(m.group(0))


def sentence_start(before: str, opening_only: bool) -> bool:
    """Does ``before`` (a line's text up to a name, or its end: :func:`text_before`) end a sentence, or (as
    ``opening_only`` says) does the line hold only opening punctuation before the name?"""
    tail = before.rstrip().rstrip("'\")]")
    if tail and tail[-1] in ".!?:;":
        return True
    return opening_only


#: How much of a line before a name is read for its cues (the cue expressions read its last 40
#: characters): a long line of many names is not copied from its start for each.
_BEFORE = 256
_CLOSING = re.compile(r"[\s'\")\]]*")


def text_before(plain: str, line_start: int, at: int) -> str:
    """The text of a line before a name at ``at``: its last :data:`_BEFORE` characters, or more where
    those are only spaces and closing punctuation (the :data:`_BEFORE` characters before them say whether
    a sentence ended)."""
    if at - line_start <= _BEFORE:
        return plain[line_start:at]
    tail = plain[at - _BEFORE : at]
    if not _CLOSING.fullmatch(tail):
        return tail
    run = at - _BEFORE  # the run of closing characters reaches further back: read _BEFORE before it
    while run > line_start and _CLOSING.fullmatch(plain[run - 1]):
        run -= 1
    return plain[max(line_start, run - _BEFORE) : at]


class Leads:
    """Whether a line's text up to a name is only ``rx``'s characters (bullets, opening punctuation), each
    line read once: where ``rx`` stops matching from the line's start."""

    def __init__(self, plain: str) -> None:
        self._plain = plain
        self._ends: dict[tuple[int, re.Pattern[str]], int] = {}

    def only(self, line_start: int, at: int, rx: re.Pattern[str]) -> bool:
        end = self._ends.get((line_start, rx))
        if end is None:
            m = rx.match(self._plain, line_start)
            end = self._ends[(line_start, rx)] = m.end() if m else line_start
        return end >= at


class Spans:
    """Spans of the text already read as a name: does a new one overlap any? In time that does not grow
    with their number (a long line of "&" names adds thousands)."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._longest = 0

    def add(self, start: int, end: int) -> None:
        at = bisect_right(self._starts, start)
        self._starts.insert(at, start)
        self._ends.insert(at, end)
        self._longest = max(self._longest, end - start)

    def overlaps(self, start: int, end: int) -> bool:
        """Does ``[start, end)`` overlap a span (a span ``[a, b)`` with ``a < end`` and ``start < b``)?"""
        j = bisect_right(self._starts, end - 1)  # the spans starting before ``end``
        lowest = start - self._longest  # a span starting at or before this ends at or before ``start``
        while j and self._starts[j - 1] > lowest:
            j -= 1
            if self._ends[j] > start:
                return True
        return False
