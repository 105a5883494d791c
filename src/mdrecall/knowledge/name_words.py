"""The words of a name that tell its kind, for :mod:`.names`: organisation words (Labs, Trust, Vets...),
place words first or last (Street, Church, Osteria...), event words last (Festival, Marathon...),
trade acronyms ending a name, and the lower-case nouns that make a capitalised word before them a place.
Pure data."""

from __future__ import annotations

import re

__all__ = [
    "ABBREVIATED",
    "ACRONYM_TAILS",
    "EVENT_LAST",
    "INSTITUTION_LAST",
    "ORG_SUFFIX",
    "ORG_WORD",
    "ORG_WORDS",
    "PLACE_FIRST",
    "PLACE_LAST",
    "PLACE_NOT_SURNAME",
    "PLACE_NOUNS",
    "PLACE_WORDS",
    "WEAK_ORG",
]

ORG_WORDS = (
    "Inc|Corp|Corporation|Ltd|LLC|GmbH|Labs|University|College|School|Institute|Company|Bank|Group|Foundation|"
    "Agency|Team|Studio|Studios|Trust|Fund|Charity|Council|Society|Association|Club|Vets|Clinic|Library|"
    "Partners|Ventures|Capital|Holdings|Systems|Technologies|Software|Media|Press|Museum|Union|Committee|"
    "Department|Ministry|Services|Co|plc|PLC|AG|SA|Nursery|Primary|Academy|Kindergarten|Preschool|Analytics|"
    "Consulting|Consultancy|Solutions|Industries|Logistics|Bikes|Cycles|Brewery|Brewing|Roasters|Motors|"
    "Robotics|Therapeutics|Pharmaceuticals|Networks|Architects|Associates|Collective|Cooperative|Hospice|"
    "Lab|Laboratory|Laboratories|Genomics|Biosciences|Lettings|Estates|Insurance|Management|Transport|Print|"
    "Printing|Builders|Joinery|Plumbing|Electrical|Dental|Surgery|Pharmacy|Sons|Brothers|Bros|Racing"
)
#: Organisation words written abbreviated, with a dot that belongs to the name ("Spoke Print Co. in Halifax").
ABBREVIATED = frozenset({"Co", "Corp", "Inc", "Ltd", "Bros"})
ORG_SUFFIX = re.compile(rf"\b({ORG_WORDS})\.?$")
#: One organisation word, alone.
ORG_WORD = re.compile(rf"^(?:{ORG_WORDS})$", re.IGNORECASE)
#: Organisation words that do not make a multi-word name an entity on their own ("Platform Team").
WEAK_ORG = {"Team", "Group", "Services", "Department", "Committee"}
#: Words that make a name a place, last ("St Anne's Church", "Peak District") or first ("Osteria Nonna").
PLACE_LAST = set(
    """Street St Road Rd Avenue Ave Lane Square Park Gardens Garden Church Cathedral Chapel Abbey Castle
    Palace Bridge Station Airport Harbour Harbor Port Beach Bay Island Islands Lake Loch River Valley Hill
    Hills Mountain Mountains Mount Forest Woods Heath Common District County Province State City Town
    Village Quarter Market Hall Arena Stadium Hotel Inn Pub Cafe Café Restaurant Bistro Bakery
    Tavern Bar Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Way Close Crescent Terrace
    Place Row Wharf Quay Pier Falls Canyon Coast Peninsula Building Buildings Estate Campus Links Green
    Moor Moss Marsh Trail Fort""".split()
)
PLACE_FIRST = set(
    """Osteria Trattoria Ristorante Taverna Cafe Café Hotel Hostel Casa Chez Bar Pizzeria Brasserie Mount
    Lake Loch Isle Cape Fort Port Lago Monte Rio Saint San Santa""".split()
)
#: Words that make a name a place when they end it (the extraction keeps "Great" in "Great North Road").
PLACE_WORDS = frozenset(PLACE_LAST)
#: Place words that are hardly ever a surname: after a given name they still make a place ("the Vic
#: Market", "Victoria Station"), while "Sam Park" or "Ava Hill" stay people.
PLACE_NOT_SURNAME = frozenset(
    """Street Road Avenue Ave Square Gardens Cathedral Airport Harbour Harbor Beach Island Islands Valley
    Mountain Mountains Forest District County Province Quarter Market Arena Stadium Hotel Cafe Café
    Restaurant Bistro Bakery Tavern Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Wharf
    Quay Pier Falls Canyon Peninsula Building Buildings Campus Trail""".split()
)
#: Words that make a name an event, last ("Harrogate Folk Festival", "Leeds Marathon").
EVENT_LAST = set(
    """Festival Fest Conference Con Summit Marathon Expo Fair Hackathon Meetup Symposium Congress Convention
    Championship Championships Cup Games Olympics Triathlon Regatta Gala Carnival""".split()
)
#: An acronym ending a name, and the kind it gives ("Weta FX", "Sky TV", "Travis CI"): a closed list of
#: trade abbreviations, read by the extraction as part of the name before them.
ACRONYM_TAILS: dict[str, str] = {
    "FX": "organisation", "TV": "organisation", "FM": "organisation", "AI": "organisation",
    "CI": "product",
}  # fmt: skip
#: Lower-case words after a capitalised word that make the two a place ("the Harbour room").
PLACE_NOUNS = frozenset(
    "room hall street road lane park square station church garden gardens office building cafe café".split()
)
#: Words that end an institution's name but may be a building's too ("the John Innes Centre"): a cue of
#: work or study before it says it is the organisation.
INSTITUTION_LAST = frozenset(
    "Centre Center Hospital Infirmary Library Museum Gallery Theatre Theater".split()
)
