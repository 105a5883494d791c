"""What kind of thing a capitalised name in prose is: cheap heuristics and small shipped lists, no model.

* a well-known name (``data/known_names.txt``: technologies, products, organisations, holidays);
* a known given name first (``data/first_names.txt``) and a surname after it: a person ("Dana Okafor");
* an organisation word last (Labs, Inc, Ltd, Trust, Fund, Foundation, Vets...): an organisation;
* a place word in the name (Street, Church, District, Airport, Osteria...) or a known city or country
  (``data/places.txt``), or a place cue before it ("lives in", "moved to", "trip to"): a place;
* a person cue: a verb people do right after it ("Dana said"), a family word or title before it ("my sister
  Hanna", "Dr. Amara Singh");
* a pet cue ("my dog Rex", "Rex (a beagle)", "Cat: Miso"), a work cue ("reading Dune", "finished Dune");
* a product head word after it ("the Atlas platform", "the Orbit app").

Each of these but the weakest is evidence strong enough to make the name an entity at once (``how`` =
``typed_name``); weaker hints (a lone given name, "in Paris") only set the kind. The lists are
:mod:`.name_lists`'s (loaded on first use); the words of a name that tell its kind are
:mod:`.name_words`'s, the cues around it :mod:`.name_cues`'s, and the labels :mod:`.label_kinds`'s. Which
words of a capitalised run are the name's own (a sentence's opening verb is not) is :mod:`.name_edges`'s.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.apposition import apposition_kind, predicate_kind
from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.legal_forms import legal_form
from mdrecall.knowledge.lexicon.mention_patterns import MODEL_BEFORE
from mdrecall.knowledge.lexicon.name_lists import (
    animal_words,
    common_word,
    composition_words,
    demonym,
    given_name,
    known_name,
    lower_noun,
    person_noun,
    places,
)
from mdrecall.knowledge.lexicon.name_words import (
    ACRONYM_TAILS,
    DRINK_LAST,
    EVENT_LAST,
    INSTITUTION_LAST,
    NOUN_SUFFIXES,
    ORG_LAST,
    ORG_SUFFIX,
    PLACE_FIRST,
    PLACE_LAST,
    PLACE_NOT_SURNAME,
    SHIRE,
    TEAM_LAST,
    WEAK_ORG,
    WORD_GIVEN_NAMES,
    club_word,
    head_kind,
    named_occasion,
)
from mdrecall.knowledge.lexicon.noun_words import venue_noun
from mdrecall.knowledge.mentions.family_order import custom_shaped_person, family_first_person, premises_on
from mdrecall.knowledge.mentions.name_cues import (
    ANIMAL_BEFORE,
    AT_BEFORE,
    AT_NOT_PLACE,
    CARRIER_BEFORE,
    CARRIER_LINE,
    CODED_IN,
    DOSE_AFTER,
    EVENT_AFTER,
    EVENT_BEFORE,
    HOME_AFTER,
    IN_BEFORE,
    KIND_AFTER,
    MADE_IN,
    MEDICINE_BEFORE,
    MEMBER_OF,
    MODEL_NUMBER_AFTER,
    NOUN_NEXT,
    ORG_BEFORE,
    ORG_VERB,
    OWNED,
    PACKED_BEFORE,
    PERSON_AFTER,
    PERSON_BEFORE,
    PERSON_VERB,
    PET_AFTER,
    PET_BEFORE,
    PET_OWNED,
    PLACE_BEFORE,
    PRODUCT_AFTER,
    RESIDE_BEFORE,
    STREAMED_ON,
    THING_BEFORE,
    TOOL_BEFORE,
    VERSION_AFTER,
    WORK_AFTER,
    WORK_BEFORE,
    may_cue,
)
from mdrecall.knowledge.mentions.trade_names import town_firm, trade_firm

__all__ = ["name_kind", "upper_kind"]

#: An animal's word, then "called" or "named", before a name ("a leopard gecko called ", "axolotls named ").
_CALLED = re.compile(r"\b([a-z]+)[ ](?:is[ ]|was[ ])?(?:called|named)[ ]$", re.IGNORECASE)


def _animal_called(tail: str) -> bool:
    """Does ``tail`` end with an animal's word (any in WordNet, :func:`~.name_lists.animal_words`) and
    "called" or "named": the name after it is a pet's ("Kuba has a leopard gecko called Fred")?"""
    if (m := _CALLED.search(tail)) is None:
        return False
    word = m.group(1).lower()
    return word in animal_words() or (word.endswith("s") and word[:-1] in animal_words())


#: A count or an owner, then animals' word and a comma or colon, before a list of names ("three hens, ",
#: "our two greyhounds: Bo and ", "two cats: Mo (tabby), ").
_ANIMALS_LISTED = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+|our|my|his|her|their)[ ](?:[a-z]+[ ]){0,2}"
    r"([a-z]+)[:,][ ](?:[A-Z][a-z]+(?:[ ]\([^()]{0,40}\))?(?:,[ ]and[ ]|,[ ]|[ ]and[ ]))*$"
)
#: A bracket after a name that opens with an animal's word ("Pip (whippet cross, 4)", "Nell (buff
#: orpington)").
_ANIMAL_BRACKET = re.compile(
    r"^[ ]\((?:a[ ]|an[ ]|our[ ]|my[ ])?(?:[a-z]+[ ])??([a-z]+)(?:[ ](?:mix|cross))?[,)]"
)


def _animal(word: str, plural: bool) -> bool:
    """Is ``word`` an animal's (any in WordNet, :func:`~.name_lists.animal_words`), or their plural?"""
    if plural:
        return word.endswith("s") and (word[:-1] in animal_words() or word[:-2] in animal_words())
    return word in animal_words()


def _animal_named(tail: str, after: str) -> bool:
    """Does an animal's word stand before a list the name opens ("three hens, Dolly, ...") or open the
    bracket after the name ("Pip (whippet cross, 4)")?"""
    if tail.endswith((", ", ": ", " and ")) and (m := _ANIMALS_LISTED.search(tail)) and _animal(m[1], True):
        return True
    return after.startswith(" (") and (b := _ANIMAL_BRACKET.match(after)) is not None and _animal(b[1], False)


def name_kind(
    name: str, words: list[str], before: str, after: str, *, opens: bool = False, technical: bool = False
) -> tuple[str, bool]:
    """(kind, strong) of a capitalised name, from the name itself and the text around it.

    ``before`` is the line's text up to the name, ``after`` a few characters after it; ``opens`` says the
    name opens a sentence, ``technical`` that its file names technologies (a context in which "Go" or
    "Rust" are languages).
    """
    known = known_name(name)
    if known is not None and (
        not known.ambiguous or (not opens and (technical or known.kind != "technology"))
    ):
        return known.kind, True
    if known is not None and known.kind == "technology" and CODED_IN.search(before[-40:]):
        return "technology", True  # "a service written in Rust", "ported to Go": the language, not the word
    last, head = words[-1].rstrip("."), words[0]
    several = len(words) > 1
    if several and _maker_model(words, opens):
        return "product", True  # "a Toyota Corolla", "Google Maps Platform": a maker's model
    if several and last in DRINK_LAST:
        return "product", True  # "Buchu Pale Ale", "Rooibos Saison": a brew named by its style
    if several and _branch(words):
        return "organisation", True  # "Kenya Red Cross", "Irish Red Cross": a well-known body's branch
    tail = before[-40:]
    cued = may_cue(tail)  # most names follow no cue word: skip the cue expressions
    if cued and STREAMED_ON.search(tail):
        return "product", True  # "watched it on Mubi": a streaming service
    if not several and tail.endswith((" the ", "The ")) and HOME_AFTER.match(after):
        return "place", True  # "selling the Karen house": the house in Karen (her house is "Karen's")
    if several and last in ACRONYM_TAILS:
        return ACRONYM_TAILS[last], True  # "Weta FX", "Travis CI": not a person though "Travis" is a name
    if several and last == "Games" and not tail.rstrip().endswith(("the", "The")):
        return "organisation", True  # "at Lantern Moth Games" (a studio); "the Commonwealth Games": an event
    if several and last in INSTITUTION_LAST and cued and ORG_BEFORE.search(tail):
        return "organisation", True  # "did her postdoc at the John Innes Centre"
    if (
        several
        and cued
        and not given_name(head)
        and name not in places()
        and not family_first_person(words)  # "invoice from Yeap Chin Hock": a person, as "from Sam Park"
        and (
            ((m := MEMBER_OF.search(tail)) and (" of " in m.group(0).lower() or last not in PLACE_LAST))
            or (ORG_BEFORE.search(tail) and last not in PLACE_LAST)
        )
    ):  # "treasurer of Rushbrooke Garden", "plays in Brass Tacks", "part-time at Leeds City Libraries"
        return "organisation", True
    coded = words[-1][-1:].isdigit() or _MODEL_TAIL.fullmatch(words[-1]) is not None
    if several and coded and MODEL_BEFORE.search(tail):
        return "product", True  # "on a Pixel 8", "my Galaxy S24", "a Voltara Form 3B": a device's model
    if (head_noun := head_kind(words, opens)) is not None:  # "Kita Sonnenschein", "Obere Marktstraße"
        return head_noun, several or not opens
    if ORG_SUFFIX.search(name) and (several or last in ("Inc", "Ltd", "LLC", "GmbH", "plc")):
        return "organisation", several and last not in WEAK_ORG
    if several and legal_form(words):
        return "organisation", True  # "Ah Seng Hardware Sdn Bhd", "Công ty TNHH Minh Phát": a legal form
    if several and trade_firm(words):
        return "organisation", True  # "Halloran Roofers", "Tresillian Upholsterers": a trade in the plural
    if several and named_occasion(words, places()):
        return "event", True  # "Victoria Day", "Harrogate Spring Show", "Día del Padre"; not "Doris Day"
    if cued and PACKED_BEFORE.search(tail):
        return "product", True  # "a bag of Marlow Country", "the dog eats Fenwick Senior": goods
    if len(words) == 1 and cued and name in places() and ANIMAL_BEFORE.search(tail):
        return "pet", True  # "Tortoise: Kobe", "our cat Paris": an animal named after a city
    if (name in places() or (SHIRE.fullmatch(name) and not _noun_next(after))) and not (
        len(words) == 1 and given_name(name) and not _place_cued(tail, cued)
    ):  # "Pembrokeshire": a county by its English ending; not "a Staffordshire terrier" (a breed)
        return "place", True  # "Sofia" is a city and a given name: a place only where a cue says so
    if several and len(words) == 2 and head.isupper() and len(head) <= 4 and words[1] in places():
        return "organisation", True  # "TU Munich", "UC Davis": an institution named after its city
    if several and _quoted_title(before, after):
        return "work", True  # I host "Blue Hour", Gjeilo "Ubi Caritas": a title in quotes
    if after.startswith((" (", ", ")) and (apposed := apposition_kind(after)) is not None:
        return apposed, True  # "Whetstone (our neighborhood school)", "TestFlow, an agency in Ghent": says so
    if (predicated := predicate_kind(before, after)) is not None:
        return predicated, True  # "Tessera Go is our merchant app", "Our app is Tessera Go": says so too
    if (
        several
        and (noun := NOUN_NEXT.match(after)) is not None
        and venue_noun(noun.group(1))
        and not (last in PLACE_LAST or head in PLACE_FIRST or head in places())
    ):  # "Fishy Fishy restaurant", "Pet Pro clinic": the business the noun names, whatever its words are
        return "organisation", True  # (one word may be a suburb: "Bunnings (Brunswick store)")
    if several and tail.endswith(" on ") and premises_on(tail):
        return "place", True  # "the pet shop on Jana Pawła", "a flat on Ahmed Maher": a street's name
    # "Sam Park" is a person, "Hyde Park" is not
    if (
        given_name(head)
        and not (cued and (PLACE_BEFORE.search(tail) or _venue_at(tail, after)))  # "at Siri Fort"
        and head not in PLACE_FIRST
        and 1 < len(words) <= 3
        and (head not in places() or places().isdisjoint(words[1:]))  # "Ben Harlow"; not "Santiago Chile"
        and not (len(words) == 3 and last in PLACE_LAST)  # "John Innes Centre", "Ada Lovelace Building"
        and last not in PLACE_NOT_SURNAME  # "the Vic Market": no surname is written so
        and last not in TEAM_LAST  # "Whitley Bay United", "Blackburn Rovers"
        and last not in ORG_LAST  # "Irish Times", "Glasgow Herald"
    ):  # but "owns a Williams Black Knight", "bought a Kia Ceed": a maker's model, no one's name
        return ("product" if THING_BEFORE.search(tail) and not _noun_next(after) else "person"), True
    if (
        several
        and custom_shaped_person(words)
        and not (cued and (PLACE_BEFORE.search(tail) or _venue_at(tail, after)))
    ):  # "Trần Minh Quân", "Tan Bee Hoon": a family name first, then given syllables; but "the shop on
        # Lê Văn Sỹ": a street named after someone, as Vietnam names its streets
        return ("place" if premises_on(tail) else "person"), True
    if several and MODEL_NUMBER_AFTER.match(after) and not common_word(head) and last not in PLACE_LAST:
        return "product", True  # "Garmin Forerunner 255,", "Hoka Clifton 9 (bought ...)": a model's number
    if several and (last in ORG_LAST or (club_word(words[-1]) and _club_named(words))):
        return "organisation", True  # "Cape Times", "Hout Bay United", "Pinelands Pumas": a paper, a club
    if several and _event_head(words) and last not in PLACE_LAST:
        return "event", True  # "Lagos Fashion Week", "Cape Town Marathon": an event named after its city
    if several and town_firm(words):
        return "organisation", True  # "Idaho Power", "Pune Sports": a town's name, a noun of no place
    if several and (last in PLACE_LAST or head in PLACE_FIRST or head in places()):
        return "place", True
    if len(words) == 2 and last.lower() in composition_words() and head not in places():
        return "work", True  # "the Fauré Requiem", "a Vivaldi Concerto": a composer's and a form's words
    if (cued and (PET_BEFORE.search(tail) or _animal_called(tail))) or PET_AFTER.match(after):
        return "pet", True
    if len(words) == 1 and _animal_named(before[-120:], after):
        return "pet", True
    if len(words) == 1 and (owned := OWNED.match(after)) and owned.group(1).lower() in PET_OWNED:
        return "pet", True  # "Mochi's vet is Dr Mori", "Bran's collar": an animal's things
    if cued and PERSON_BEFORE.search(tail) and not _role_title(name, words, after):
        return "person", True
    if PERSON_AFTER.match(after) or (
        PERSON_VERB.match(after) and not _common_opener(name, words, opens) and not _noun_modified(tail)
    ):
        return "person", True
    if cued and WORK_BEFORE.search(tail):
        return "work", False
    if PRODUCT_AFTER.match(after):
        return "product", False
    if WORK_AFTER.match(after):
        return "work", not opens
    noun = NOUN_NEXT.match(after)
    after_kind = KIND_AFTER.get(noun.group(1).lower()) if noun else None
    if after_kind is not None:  # "the Eddie cluster", "the old Neff oven", "Meadowbank pitch"
        return after_kind, after_kind == "technology" and not opens
    if VERSION_AFTER.match(after) and not common_word(name):  # not "Section 4.1"
        return "technology", False
    if len(words) == 1 and given_name(name):
        if cued and RESIDE_BEFORE.search(tail):  # "renting in Norwood": a given name, but a place here
            return "place", True
        if cued and TOOL_BEFORE.search(tail):  # "running on Eddie": the kind of a tool, weakly
            return ("technology" if technical else "product"), False
        if tail.endswith(" the ") and not after.startswith("'"):  # "booked the service for the Octavia"
            return "product", False  # a thing named so (a car's model, a boat): no one is "the Ada"
        return "person", False
    if tail.endswith((" on ", " with ")) and CARRIER_BEFORE.search(tail):
        return "organisation", False  # "flights booked on Aerolíneas": the airline
    if ORG_VERB.match(after):
        return "organisation", not opens
    if (owned := OWNED.match(after)) and KIND_AFTER.get(owned.group(1).lower()) == "organisation":
        return "organisation", False  # "HeatRight's bill" (after the given-name check: "Dana's team")
    if (cued and EVENT_BEFORE.search(tail)) or EVENT_AFTER.match(after):
        return "event", not opens
    if cued and ORG_BEFORE.search(tail):
        return "organisation", True
    if cued and TOOL_BEFORE.search(tail):
        return ("technology" if technical else "product"), not opens
    if before.endswith("(") and after.startswith(")") and CARRIER_LINE.search(before):
        return "organisation", False  # "flight from Oslo delayed (SkyNord)": the carrier
    if (cued and MEDICINE_BEFORE.search(tail)) or DOSE_AFTER.match(after):
        return "product", False  # "come off the Brivexol", "on Zendral twice a day": a medicine
    if technical and tail.endswith(" via "):  # "a Rust core via PyO3", on a line naming technologies
        return "technology", False
    if tail.endswith(" in ") and MADE_IN.search(tail):
        return ("technology" if technical else "product"), False
    if cued and PLACE_BEFORE.search(tail):
        return "place", True
    if cued and IN_BEFORE.search(tail):  # "in Paris", "visited Paris": the kind only
        return "place", False
    if cued and (at := AT_BEFORE.search(tail)) is not None:
        w = at.group("w")
        if w[:1].isupper() and (given_name(w) or not common_word(w)):  # "Hamish at Cairn": where one works
            return "organisation", False
        if w.islower() and (senses(w)[0] or ("person" if person_noun(w) else None)) == "person":
            # "nurse anesthetist at OhioHealth", "a vet at Pawprint": where one works, one's employer
            return "organisation", False
        if w.lower() not in AT_NOT_PLACE:
            return "place", False  # "erg test at Meadowbank", "drinks at the Old Bell": the kind only
    if several and cued and tail.endswith((" from ", " from the ")):
        return "organisation", not opens  # "adopted from the Lost Dogs Home", "castle from Bounce Kingdom"
    return "unknown", False


#: Words opening a note's sentence before a verb that are no one's name: an agent's roles ("User prefers
#: short bullets") and auxiliaries of a sentence whose subject is left out ("Has wanted one for years").
#: A closed class: an ordinary word that is a given name too stays a person ("Marc said": "marc" is a
#: word, and the given-name list leaves such names out).
_NOT_SUBJECTS = frozenset(
    "User Assistant System Agent Bot Has Had Have Is Was Were Does Did Gets Got".split()
)


#: A noun and a preposition before a name: "the vet at X", "a couple from X" (the verb after X is the noun's).
_NOUN_PREP = re.compile(r"\b([a-z]+)[ ](?:at|from|of|with)[ ](?:the[ ])?$")


def _noun_modified(tail: str) -> bool:
    """Does ``tail`` end with a lower-case noun and a preposition ("the vet at ", "a couple from ")? The name
    after it is the object of a phrase that modifies the noun, so a verb after the name has the noun for
    its subject ("the vet at Fernhill said", "a couple from Tromsø wants"): no cue that the name is a
    person's."""
    m = _NOUN_PREP.search(tail)
    return m is not None and senses(m.group(1))[0] not in (None, "Tops")


def _common_opener(name: str, words: list[str], opens: bool) -> bool:
    """Is the name one of :data:`_NOT_SUBJECTS`, a frequent word no given name built with a suffix of
    roles, fields and qualities ("Legal says", "Accountant wants", "Security signed off"; a short word may
    be a name the lists lack, "Marc said"), or a noun that is never a proper name ("Customer asked",
    "Committee agreed", "Dietitian says"; not "Hull", "Cook") opening a sentence: a role, a team, a thing
    or an auxiliary, not someone?"""
    if not opens or len(words) != 1:
        return False
    if name in _NOT_SUBJECTS:
        return True
    if given_name(name) or name in WORD_GIVEN_NAMES:
        return False
    return (len(name) > 4 and name.casefold().endswith(NOUN_SUFFIXES) and common_word(name)) or lower_noun(
        name
    )


#: A model's code ending a name: digits before capitals ("3B", "8SE"; a word ending in a digit is one too).
_MODEL_TAIL = re.compile(r"\d{1,4}[A-Z]{1,3}")


def _event_head(words: list[str]) -> bool:
    """Is the last word an event's ("Cape Town Marathon"), or the one before a word of its scope or place
    after it ("Seafood Expo Global", "Harbour Festival Online", "Dev Summit Berlin")?"""
    if words[-1] in EVENT_LAST:
        return True
    return len(words) > 2 and words[-2] in EVENT_LAST and (words[-1] in _SCOPES or words[-1] in places())


#: Words of an event's reach written after its name ("Seafood Expo Global").
_SCOPES = frozenset("Global International Worldwide Online Virtual".split())


def _club_named(words: list[str]) -> bool:
    """Do the words before a club's word name its place or emblem ("Lion's Head", "Pinelands"): all
    capitalised, no hotel's first word ("Hotel Eggers") and no small word ("Fox and Hounds", a pub)?"""
    return words[0] not in PLACE_FIRST and all(w[:1].isupper() for w in words[:-1])


def _maker_model(words: list[str], opens: bool) -> bool:
    """Are ``words`` a well-known maker's name and a model's ("Subaru Outback", "Skoda Fabia Estate"): the
    first an organisation's well-known name, the rest no organisation's, place's or event's word nor a
    known place ("Toyota Motors", "Honda Arena", "Renault Paris" are no models)?"""
    maker = known_name(words[0])
    if maker is None or maker.kind != "organisation" or (maker.ambiguous and opens):
        return False
    last = words[-1].rstrip(".")
    return (
        ORG_SUFFIX.search(last) is None
        and last not in PLACE_LAST
        and last not in EVENT_LAST
        and last not in INSTITUTION_LAST
        and not any(w in places() for w in words[1:])
        and head_kind(words[1:]) is None
    )


def _branch(words: list[str]) -> bool:
    """Are ``words`` a place's or a people's name and a well-known organisation's ("Kenya Red Cross",
    "Swiss Alpine Club"): the organisation's branch there?"""
    for n in range(1, min(len(words), 4)):  # a place's name of three words at most: linear in a long run
        body = known_name(" ".join(words[n:]))
        if body is not None:
            lead = " ".join(words[:n])
            return body.kind == "organisation" and not body.ambiguous and (lead in places() or demonym(lead))
    return False


#: The words before a name in quotes that make it someone's nickname: a bracket or a given name ("Lou
#: Ferraro ("DJ Lou")", "Rebecca "Big Bex" Moreau"), or a verb of naming ("known as", "we call him").
_NICKNAME_BEFORE = re.compile(
    r"(?:\(|\b(?:as|call(?:s|ed)?(?:[ ](?:him|her|them|it|me|us))?|nicknamed|aka|a\.k\.a\.)[ ]"
    r"|[A-Z][a-z]+[ ])$"
)


def _quoted_title(before: str, after: str) -> bool:
    """Does a name of several words stand alone in quotes, as a title does (I host "Porch Light"), not as a
    nickname ("DJ Lou" in brackets or after a given name)?"""
    if not (before.endswith(('"', "“")) and after.startswith(('"', "”"))):
        return False
    lead = _NICKNAME_BEFORE.search(before[-20:-1])
    return lead is None or (lead[0][:1].isupper() and not given_name(lead[0].strip()))


def _role_title(name: str, words: list[str], after: str) -> bool:
    """A frequent word before "of" ("my manager, Director of Engineering", "Head of Design"): a role's
    title, not the person's name."""
    return len(words) == 1 and after.startswith(" of ") and common_word(name.lower()) and not given_name(name)


def _venue_at(tail: str, after: str) -> bool:
    """Does a name stand where a place does after "at" ("badminton at Siri Fort", "the sangeet at Taj Lands
    End"), not someone's ("at Dana Okafor's"), nor after "looked at" or "Hamish at"?"""
    at = AT_BEFORE.search(tail)
    if at is None or after.startswith(("'s", "’s")):
        return False
    w = at.group("w")
    return w.islower() and w not in AT_NOT_PLACE


def _noun_next(after: str) -> bool:
    """Does a lower-case noun follow the name ("a Wes Anderson film", "a Taylor Swift fan": the name is a
    person's, the noun the thing)?"""
    m = NOUN_NEXT.match(after)
    return m is not None and m.group(1).islower() and senses(m.group(1))[0] is not None


def _place_cued(tail: str, cued: bool) -> bool:
    """Do the words before a name say it is a place ("lives in", "flew to", "in")?"""
    return cued and (PLACE_BEFORE.search(tail) is not None or IN_BEFORE.search(tail) is not None)


def upper_kind(before: str, after: str) -> str | None:
    """The kind an all-capitals word that is no well-known name has by the words around it ("talk
    accepted at LXCON", "INTECOL 2027": an event), or None (most such words are acronyms of no entity)."""
    tail = before[-40:]
    if (may_cue(tail) and EVENT_BEFORE.search(tail)) or EVENT_AFTER.match(after):
        return "event"
    return None
