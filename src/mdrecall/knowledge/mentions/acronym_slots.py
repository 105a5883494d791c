"""Initials in a name's slot: "studies at UCC.", "switched the phone to WOM,", "sent over
MQTT and". An all-capitals word no list knows is most often an ordinary abbreviation (a role, a tax, a
meeting, a test: "the AGM", "VAT", "QA"); right after a preposition that takes a body, a place or a
channel, and closing its phrase (a mark, the line's end or a function word follows), it is a name.
Initials a body's act follows ("BXCA want the accounts", "the DVLA sent the form") are its subject: an
organisation.

Not where the initials are a frequent English word ("PDF", "MRI", "USB": the embedder's vocabulary), a
noun WordNet never spells with a capital, a class of things by WordNet or an office or time initial
(``data/plain_initials.txt``, from ``scripts/gen_plain_initials.py``: "ICU", "CPR", "EOD", "GMT"), a
currency's code ("in EUR", ``data/currencies.txt``), a role ("to the CTO") or a size ("XS to XXL")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.name_lists import common_word, known_name, lower_noun, places
from mdrecall.knowledge.lexicon.noun_words import person_noun
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "closes_phrase",
    "listed_with_name",
    "listed_with_technology",
    "placed_body",
    "plain_initials",
    "role_label_value",
    "slot_kind",
]

_DATA = Path(__file__).parents[1] / "data"

#: The preposition right before the initials, and the kind it gives the name: a body one is at, goes to or
#: deals with ("the" only where it marks no venue: "at the CTICC" is a place, "at the AGM" nothing); a
#: channel a thing is sent over or a format it is saved as ("contours as DWG"); a tool one works in or with
#: ("the plan in QGIS", "checked using LIMS": its kind left to the view's readers, a product or a
#: technology). Not "by" ("sorted by SKU", "checked by the HCA": an agent is often a role), nor "on", "via"
#: or a bare "from", whose initials are as often a firm, a platform or a channel. "from the" with initials
#: closing their phrase names a body ("a grant from the KSAB: they", "adopted from the KRSPA as a kitten");
#: not "at the", a venue or a meeting ("at the PTM.": a parents' meeting no list knows).
_SLOT = re.compile(
    r"(?:^|[\s(])(?:(at|with|to|joined|over|as|in|into|through|using)|(with|to|from)[ ]the)[ ]$"
)
_KINDS = {"over": "technology", "as": "technology"} | dict.fromkeys(
    ("at", "with", "to", "joined"), "organisation"
)
#: A body's noun right after the initials: "a DGAC course", "the SEAI grant", "the CRA portal".
_BODY_NOUN = re.compile(
    r"[ ](?:grants?|courses?|portal|inspection|inspectors?|website|membership|app|campus)\b"
)
#: A paper one files with or gets from the initials' holder right after them: "the KWRA registration",
#: "their EFRT number", "the CXPC record". The holder is a body, an exam or a service: its kind is left to
#: the view's readers. Not a receipt or a slip ("RRSP receipts": a plan's papers, no holder's).
_PAPER_NOUN = re.compile(r"[ ](?:registration|record|records|number|paperwork|licen[cs]e)\b")
#: A body's branch in a named place right after the initials: "the DVLA office in Swansea", "the RAC depot
#: at Leeds" (not a lab: "the PCR lab in Leeds" is a field's, no body's).
_BRANCH_AT = re.compile(r"[ ](?:office|offices|branch|depot|headquarters)[ ](?:in|at)[ ][A-Z][a-z]")
#: A body's act right after the initials, the initials its subject: "BXCA want the accounts by May", "the
#: DVLA sent the form back", "PTSA meets on Tuesdays" (a role's initials, "the CTO said", are kept out). A
#: past form only before its object: terse notes drop "was" ("BBQ cancelled", "ESTA approved": a thing).
_AGENT_AFTER = re.compile(
    r"[ ](?:wants?|gives|sends|meets|approves|rejects|asks|says|charges|pays|offers|refunds"
    r"|(?:wanted|gave|sent|approved|rejected|asked|said|announced|confirmed|charged|refunded|cancell?ed"
    r"|emailed|wrote|paid|offered|called|rang)[ ](?:the|a|an|her|him|them|us|me|my|our|your|his|their|it)"
    r")\b"
)
#: What may follow the initials for them to close their phrase: a mark, the line's end, or a lower-case
#: function word ("at JKUAT in the evenings", "to PEI under the bridge").
_CLOSE = re.compile(r"(?:[ ]?[.,;:!?)\]]|[ ]?$|[ ]+[–—][ ]|[ ]+([a-z]+)\b)")
#: A leg of a route of airports' codes ("Fly YHZ–YYZ–ICN", "LHR-JFK"): three capitals before or after a dash
#: or an arrow joining another three.
_LEG_BEFORE = re.compile(r"(?<![\w-])[A-Z]{3}[ ]?[–—→>-][ ]?$")
_LEG_AFTER = re.compile(r"[ ]?[–—→>-][ ]?[A-Z]{3}(?![\w])")
#: Roles written as initials ("reports to the CTO", "sent to HR", "back to ASM" in a theatre's crew).
_ROLES = frozenset(
    "CEO CTO CFO COO CMO CIO CPO CISO CRO CDO VP SVP EVP GM PM PO HR MD GP QA DJ MC PA EA SM ASM DSM".split()
)
#: A garment's size ("XS to XXL").
_SIZE = re.compile(r"X*[SML]|X+[SL]?")


@cache
def _plain() -> frozenset[str]:
    lines = (_DATA / "plain_initials.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if line and not line.startswith("#") for w in line.split())


@cache
def _currency_codes() -> frozenset[str]:
    lines = (_DATA / "currencies.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.split("\t")[1].strip() for line in lines if line.startswith("code\t"))


def plain_initials(word: str, wordnet: bool = True) -> bool:
    """Are the initials ``word`` an ordinary abbreviation or word rather than a name (``wordnet``: WordNet's
    common nouns' initials among them)?"""
    return (
        word in _ROLES
        or _SIZE.fullmatch(word) is not None
        or (wordnet and word in _plain())
        or word in _currency_codes()
        or common_word(word)
        or lower_noun(word)
        or word.lower() in STOP_WORDS
    )


def closes_phrase(after: str) -> bool:
    """Does the text ``after`` a word close its phrase: a mark, the line's end, or a lower-case function word
    ("at JKUAT in the evenings"), not a noun the word would modify ("the AGM checklist")?"""
    close = _CLOSE.match(after)
    return close is not None and (close.group(1) is None or close.group(1) in STOP_WORDS)


def slot_kind(word: str, before: str, after: str, technical: bool = False) -> str | None:
    """The kind of the all-capitals ``word`` (3-6 letters, no well-known name) in a name's slot, given the
    line's text ``before`` it and the text ``after`` it: an organisation ("at UCC.", "switched to WOM,", "the
    SEAI grant", "DVLA sent the form", "the DVLA office in Swansea"), a technology ("over MQTT"; any slot on
    a line or in a file that names technologies, ``technical``: "audio moves from FMOD to Wwise"),
    ``"unknown"`` (a tool worked in: "in QGIS"; a holder of papers: "the KWRA registration"), or None (no
    such slot, or an ordinary abbreviation)."""
    if len(word) == 3 and (_LEG_BEFORE.search(before[-6:]) or _LEG_AFTER.match(after)):
        return None if word in _currency_codes() or word in _plain() else "place"  # not "EUR–USD"
    if _BODY_NOUN.match(after) or _AGENT_AFTER.match(after) or _BRANCH_AT.match(after):
        return None if plain_initials(word) else "organisation"
    if _PAPER_NOUN.match(after):
        return None if plain_initials(word) else "unknown"
    slot = _SLOT.search(before[-12:])
    if slot is None:
        return None
    if not closes_phrase(after):
        return None
    # "PDFs to the printer over FTP": a channel may be a protocol WordNet holds as a common noun
    if plain_initials(word, wordnet=slot.group(1) != "over"):
        return None
    if technical:
        return "technology"
    if slot.group(2) == "from":
        return "organisation"  # "a grant from the KSAB:": a body
    return _KINDS.get(slot.group(1) or slot.group(2), "unknown")


#: A list's joint between two items: a comma, "and", "or", "&", "+" or a slash ("Django, HTMX", "Python and
#: SQL", "Modbus/DNP3").
_JOINT = r"(?:,[ ]|[ ](?:and|or|&|\+)[ ]|/)"
#: The item before the initials: a name, perhaps with its version ("Django 5.1, HTMX"), then a joint.
_ITEM_BEFORE = re.compile(rf"(?<![\w.-])([A-Za-z][\w.+#-]*?)(?:[ ]v?\d[\d.]*)?{_JOINT}$")
#: The item after the initials: a joint, then a name ("HTMX, Postgres 16").
_ITEM_AFTER = re.compile(rf"{_JOINT}([A-Za-z][\w+#-]*)")


def _technology(name: str) -> bool:
    known = known_name(name)
    return known is not None and known.kind == "technology" and not known.ambiguous


def listed_with_technology(word: str, before: str, after: str) -> bool:
    """Are the initials ``word`` an item of a list whose item next to them is a well-known technology
    ("Django 5.1, HTMX, Postgres", "Python and SQL"): a technology too, though they are a frequent word
    ("SQL", "PDF")? Never a role, a size, a currency, a noun WordNet never capitalises or a class of things
    by WordNet ("Python and QA", "Django, CPR")."""
    if plain_initials(word) and not common_word(word):
        return False
    if word in _ROLES or word in _currency_codes() or lower_noun(word) or word in _plain():
        return False
    item = _ITEM_BEFORE.search(before[-40:])
    if item is not None and _technology(item.group(1)):
        return True
    item = _ITEM_AFTER.match(after)
    return item is not None and _technology(item.group(1))


#: The item before the initials, up to four words, then a joint ("Civic Hall or "), and the item after
#: them ("and Flickr"): each item's last or first words are looked up among the line's names.
_WORDS_BEFORE = re.compile(rf"((?:[\w.'’&-]+[ ]){{0,3}}[\w.'’&-]+){_JOINT}$")
_WORDS_AFTER = re.compile(rf"{_JOINT}([\w.'’&-]+(?:[ ][\w.'’&-]+){{0,3}})")


def listed_with_name(word: str, before: str, after: str, names: Mapping[str, str]) -> str | None:
    """The kind of the initials ``word``, closing their phrase, listed right next to a name already read on
    their line (``names``: name → kind), a body's, a place's or a thing's: an organisation beside a body
    ("Barclays or KRTA"), else ``"unknown"`` ("uploads to Flickr and QXR", "at Civic Hall or KRTA": a
    product, a body or a service, left to the view's readers); None where they
    are an ordinary abbreviation, or the name beside them is a person's or of no kind ("Sam and CJW": a
    person's initials, most often). A few words each side are looked up: linear on a long line."""
    if plain_initials(word) or not names or not closes_phrase(after):
        return None  # "College, VWO 6", "Ryzen 9, RTX 4080": a grade's or a model's code, no item
    items: list[str] = []
    if (m := _WORDS_BEFORE.search(before[-60:])) is not None:
        words = m.group(1).split(" ")
        items += [" ".join(words[k:]) for k in range(len(words))]
    if (m := _WORDS_AFTER.match(after[:60])) is not None:
        words = m.group(1).split(" ")
        items += [" ".join(words[: k + 1]) for k in range(len(words))]
    for item in items:
        kind = names.get(item)
        if kind is not None and kind not in ("person", "unknown") and item != word:
            return "organisation" if kind == "organisation" else "unknown"
    return None


#: A label of one word opening its line (a bullet or none) and its colon: "- Auditor: ", "Landlord: ".
_ROLE_LABEL = re.compile(r"^[ \t]*(?:[-*+][ ]+)?([A-Z][a-z]+):[ ]+$")


def role_label_value(word: str, before: str, after: str) -> bool:
    """Are the initials ``word`` the whole value of a label naming a role ("Auditor: KWBS, two of them",
    "- Landlord: HMPL."): a body filling that role, an organisation? The label is a noun of a person by
    WordNet (:func:`~.noun_words.person_noun`: auditor, supplier, landlord, client); the initials close
    their phrase and are no ordinary abbreviation ("Owner: TBD", "Contact: HR")."""
    label = _ROLE_LABEL.match(before[-40:]) if before.endswith(" ") else None
    return (
        label is not None
        and person_noun(label.group(1))
        and closes_phrase(after)
        and not plain_initials(word)
    )


#: A place's name of one or two capitalised words right before the initials: "Idaho " in "Idaho DEQ".
_PLACE_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][a-z]+(?:[ ][A-Z][a-z]+)?)[ ]$")
#: A possessive right after the initials: "Idaho DEQ's survey".
_POSSESSIVE = re.compile(r"['’]s\b")


def placed_body(word: str, before: str, after: str) -> str | None:
    """The place whose body the initials ``word`` name with it ("Idaho DEQ's survey", "Kerry ETB sent the
    forms", "the Ohio DMV portal"): a city, a region or a country right before them, and a body's sign
    after them (a possessive, a body's act, a body's noun); None otherwise ("Texas BBQ.", "Denver MST")."""
    place = _PLACE_BEFORE.search(before[-40:])
    if place is None or plain_initials(word):
        return None
    name = place.group(1)
    if name not in places():
        name = name.split(" ", 1)[-1]  # "Visit Idaho DEQ": the place is the last word
        if name not in places():
            return None
    if _POSSESSIVE.match(after) or _AGENT_AFTER.match(after) or _BODY_NOUN.match(after):
        return name
    return None
