"""Names read by their shape alone (for :func:`mdrecall.knowledge.mentions.extract.extract_entities`):
mixed-case words ("PostgreSQL", "NLnet"), a lower-case word with a capital inside ("iPhone", "qPCR"),
all-capitals words (well-known ones, or an event's or a business's acronym by its cue: "talk accepted at
LXCON"), and lower-case words the name lists know ("postgres", "priya"). A word of no cue takes its shape's
default kind (:data:`~.file_scan.SHAPE`)."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.legal_forms import legal_form_word
from mdrecall.knowledge.lexicon.mention_patterns import (
    CAMEL_LOW,
    HYPHEN_CODE,
    LOWER,
    MIXED,
    MODEL_BEFORE,
    MODEL_NUMBER,
    NOT_MIXED,
    NUMBER_PAUSE,
    ORG_NEXT,
    STOP,
    UNIT_SYMBOL,
    UPPER,
)
from mdrecall.knowledge.lexicon.name_lists import known_name, lower_known
from mdrecall.knowledge.mentions.acronym_slots import listed_with_technology, slot_kind
from mdrecall.knowledge.mentions.file_formats import format_kind
from mdrecall.knowledge.mentions.file_scan import SHAPE, FileScan
from mdrecall.knowledge.mentions.label_kinds import LineLabels
from mdrecall.knowledge.mentions.mention_readers import cued_kind, find_lower_hits, lower_words, text_before
from mdrecall.knowledge.mentions.name_cues import KIND_AFTER, NOUN_NEXT
from mdrecall.knowledge.mentions.names import name_kind, upper_kind
from mdrecall.knowledge.mentions.owned_codes import owned_code
from mdrecall.knowledge.mentions.tech_lines import TechLines

__all__ = ["add_hyphen_codes", "add_lower", "add_mixed", "add_upper_and_camel", "lower_hits"]


def add_mixed(scan: FileScan, tech: TechLines, labels: LineLabels) -> None:
    """Mixed-case words: a well-known name's kind, else the kind its cue gives, else the shape's default; an
    organisation's word after one names the organisation too ("the NLnet Foundation")."""
    plain, skip = scan.plain, scan.skip
    for mm in MIXED.finditer(plain):
        word = mm.group(0)
        i = scan.line_of(mm.start())
        if (
            i in skip
            or word in NOT_MIXED
            or (word.endswith("s") and word[:-1].isupper())
            or UNIT_SYMBOL.match(word)
        ):
            continue
        known = known_name(word)
        if known is None and (owned := _owned(scan, i, mm)):
            scan.add(i, owned, "product", "typed_name")  # "uses a ZWO ASI533 on": a thing someone has
            continue
        if known is None:
            nxt = ORG_NEXT.match(plain, mm.end())
            if nxt is not None:  # "the NLnet Foundation"
                scan.add(i, f"{word} {nxt.group(1)}", "organisation", "typed_name")
            kind, cued = cued_kind(plain, labels, scan.line_start(i), mm.start(), mm.end(), tech.on(i))
        scan.add(i, word, known.kind if known else kind, "typed_name" if known or cued else SHAPE)


def add_upper_and_camel(scan: FileScan, tech: TechLines, labels: LineLabels) -> None:
    """Lower-case words with a capital inside ("an iPhone 15": a device's model with its number), then
    all-capitals words."""
    for rx in (CAMEL_LOW, UPPER):
        for m in rx.finditer(scan.plain):
            i = scan.line_of(m.start())
            if i not in scan.skip:
                _add_shaped(scan, rx, m, i, tech, labels)


def add_hyphen_codes(scan: FileScan, tech: TechLines, labels: LineLabels) -> None:
    """Capitals, a hyphen and one capital ("WAL-G", "USB-C"): one name, of the kind its cue gives, else a
    technology (a standard's or a tool's name); after a capitalised word the maker's model ("a Mazda CX-V":
    a product), unless a longer name on the line holds it already ("Sky-Watcher EQ6-R")."""
    plain = scan.plain
    if "-" not in plain:
        return
    last_words: dict[int, set[str]] = {}  # line → the last words of the names read on it (once a line)
    for m in HYPHEN_CODE.finditer(plain):
        i = scan.line_of(m.start())
        code = m.group(0)
        if i in scan.skip or known_name(code) is not None:
            continue
        if i not in last_words:
            last_words[i] = {name.rsplit(" ", 1)[-1] for name, _kind, _how in scan.per_line.get(i, ())}
        if code in last_words[i]:
            continue  # "Sky-Watcher EQ6-R": read whole with its maker
        start = scan.line_start(i)
        maker = _MAKER_BEFORE.search(plain[max(start, m.start() - 32) : m.start()])
        if maker is not None and maker.group(1) not in STOP:
            scan.add(i, f"{maker.group(1)} {code}", "product", "typed_name")
            continue
        kind, cued = cued_kind(plain, labels, start, m.start(), m.end(), tech.on(i))
        # no cue: a standard's or a tool's name written alone ("USB-C", "WAL-G"), a model has its maker
        scan.add(i, code, kind if cued else "technology", "typed_name" if cued else SHAPE)


#: A capitalised word (a maker's name) right before a model's code: "Honda " in "our Honda CR-V".
_MAKER_BEFORE = re.compile(r"(?<![\w'’@/.-])([A-Z][\w'’-]*[a-z][\w'’-]*)[ ]$")


def _add_shaped(
    scan: FileScan, rx: re.Pattern[str], m: re.Match[str], i: int, tech: TechLines, labels: LineLabels
) -> None:
    """One match of ``rx`` (:data:`CAMEL_LOW` or :data:`UPPER`) on line ``i``."""
    plain, starts = scan.plain, scan.starts
    known = known_name(m.group(0))
    if (
        rx is CAMEL_LOW
        and (num := MODEL_NUMBER.match(plain, m.end()))
        # the line's last characters only (a match is at most 8 long): linear on a long line
        and (
            MODEL_BEFORE.search(plain[max(starts[i], m.start() - 16) : m.start()])
            # a device's number before a pause, not a system's version ("iOS 17,": the system's mention)
            or (NUMBER_PAUSE.match(plain, m.end()) and (known is None or known.kind != "technology"))
        )
    ):  # "an iPhone 15", "Phone: iPhone 13.": the device's model
        scan.add(i, f"{m.group(0)} {num.group(1)}", "product", "typed_name")
        return
    if known is None and rx is UPPER and not MIXED.fullmatch(m.group(0)) and (owned := _owned(scan, i, m)):
        scan.add(i, owned, "product", "typed_name")  # "my ED80 on the mount": a thing someone has
        return
    if known is None and rx is UPPER:
        _add_acronym(scan, m, i, tech.on(i))
        return
    if known is None and UNIT_SYMBOL.match(m.group(0)):
        return  # "5.2 kWh", "4.5 kWp": a unit
    two = rx is UPPER and known is not None and len(m.group(0)) == 2 and known.canonical != m.group(0)
    if two and known is not None and known.kind == "technology" and not tech.on(i):
        return  # "the Corolla TS hybrid": two capitals stand for a technology only among technologies
    if known is not None:
        kind, cued = known.kind, True
    else:  # "qPCR", "iPad": by the words around it, else a tool or a product
        kind, cued = cued_kind(plain, labels, scan.line_start(i), m.start(), m.end(), tech.on(i))
    scan.add(i, m.group(0), kind, "typed_name" if cued else SHAPE)


def _owned(scan: FileScan, i: int, m: re.Match[str]) -> str | None:
    """The model's code ``m`` on line ``i`` after a word of owning, with its maker's initials
    (:func:`~.owned_codes.owned_code`), or None."""
    plain = scan.plain
    start = max(scan.line_start(i), m.start() - 16)
    return owned_code(m.group(0), plain[start : m.start()], plain[m.end() : m.end() + 24])


def _add_acronym(scan: FileScan, m: re.Match[str], i: int, technical: bool) -> None:
    """An acronym no list knows, named as an event ("talk accepted at LXCON", "INTECOL 2027") is the event;
    one a business's cue surrounds ("ordered from IDT", "IDT don't sell it"), an organisation; one before a
    technology's noun ("the SFTP server"), a technology; one in a name's slot
    (:func:`.acronym_slots.slot_kind`: "studies at UCC.", "the SEAI grant"), an organisation or a
    technology; a file format's extension ("exports as CSV", "masters to MP3"), a technology; an item of a
    list beside a well-known technology ("Django, HTMX, Postgres"), a technology."""
    word = m.group(0)
    plain = scan.plain
    if fmt := format_kind(word, plain[m.end() : m.end() + 4]):
        scan.add(i, word, fmt, "typed_name")
        return
    if not (3 <= len(word) <= 6 and word.isalpha() and word not in STOP) or legal_form_word(word):
        return  # "Harbor Pixel LLC": a legal form is the name's, no name alone
    before = text_before(plain, scan.line_start(i), m.start())  # its last 256 characters: linear on one line
    after = plain[m.end() : m.end() + 24]
    if upper_kind(before, after) == "event":
        scan.add(i, word, "event", "typed_name")
    elif name_kind(word, [word], before, after)[0] == "organisation":
        scan.add(i, word, "organisation", "typed_name")
    elif (noun := NOUN_NEXT.match(after)) and KIND_AFTER.get(noun[1].lower()) == "technology":
        scan.add(i, word, "technology", "typed_name")  # "the SFTP server", "a gRPC schema"
    elif slot := slot_kind(word, before, after, technical):
        scan.add(i, word, slot, "typed_name")  # "studies at UCC.", "switched to WOM,"
    elif listed_with_technology(word, before, after):
        scan.add(i, word, "technology", "typed_name")  # "Django 5.1, HTMX, Postgres", "Python and SQL"


def lower_hits(plain: str) -> list[tuple[int, str]]:
    """The lower-case words of ``plain`` a name list knows, with their positions."""
    wanted = lower_words().intersection(LOWER.findall(plain))  # most files hold none: no second pass
    return find_lower_hits(plain, wanted) if wanted else []


def add_lower(scan: FileScan, hits: list[tuple[int, str]]) -> None:
    """The lower-case known words: a well-known name of its kind ("postgres"), else a given name, only a
    candidate ("priya drafts it": linked only to a known person)."""
    lower = lower_known()
    for at, word in hits:
        if (i := scan.line_of(at)) in scan.skip:
            continue
        if word in lower:
            known = known_name(word)
            scan.add(i, word, known.kind if known else "unknown", "typed_name")
        else:
            scan.add(i, word, "person", "name_start")  # "priya drafts it": linked only to a known person
