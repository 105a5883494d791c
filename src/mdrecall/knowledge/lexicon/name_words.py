"""The words of a name that tell its kind, for :mod:`.names`: organisation words (Labs, Trust, Vets...),
place words first or last (Street, Church, Osteria...), event words last (Festival, Marathon...),
trade acronyms ending a name, and the lower-case nouns that make a capitalised word before them a place.
Pure data."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.name_lists import animal_words, common_word, given_name

__all__ = [
    "LEGAL_FORMS",
    "NOUN_SUFFIXES",
    "WORD_GIVEN_NAMES",
    "ABBREVIATED",
    "APP_NOUNS",
    "ACRONYM_TAILS",
    "DRINK_LAST",
    "ORG_LAST",
    "TEAM_LAST",
    "ORG_COMPOUND",
    "ORG_HEADS",
    "PHRASE_HEADS",
    "PLACE_COMPOUND",
    "PLACE_HEADS",
    "club_word",
    "head_kind",
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
    "SHIRE",
    "WEAK_ORG",
    "apposed_kind",
    "named_occasion",
]

ORG_WORDS = (
    "Inc|Corp|Corporation|Ltd|LLC|GmbH|Labs|University|College|School|Schools|Institute|Company|Bank|Group|Foundation|"
    "Agency|Team|Studio|Studios|Trust|Fund|Charity|Council|Society|Association|Club|Vets|Clinic|Library|"
    "Partners|Ventures|Capital|Holdings|Systems|Technologies|Software|Media|Press|Museum|Union|Committee|"
    "Department|Ministry|Services|Co|plc|PLC|AG|SA|Nursery|Primary|Academy|Kindergarten|Preschool|Analytics|"
    "Consulting|Consultancy|Solutions|Industries|Logistics|Bikes|Cycles|Brewery|Brewing|Roasters|Motors|"
    "Robotics|Therapeutics|Pharmaceuticals|Networks|Architects|Associates|Collective|Cooperative|Hospice|"
    "Lab|Laboratory|Laboratories|Genomics|Biosciences|Lettings|Estates|Insurance|Management|Transport|Print|"
    "Printing|Builders|Movers|Removals|Books|Joinery|Plumbing|Electrical|Dental|Surgery|Pharmacy|Sons|Brothers|Bros|Racing|"
    "Payments|Airlines|Airways|Telecom|Communications|Publishing|Publishers|Entertainment|Insurers|Bancorp|"
    "Freight|Haulage|Couriers|Coaches|Marine|Livery|Fisheries|Hospital|Bakery|Authority|Commission|Bureau"
)
#: Organisation words written abbreviated, with a dot that belongs to the name ("Spoke Print Co. in Halifax").
ABBREVIATED = frozenset({"Co", "Corp", "Inc", "Ltd", "Bros"})
ORG_SUFFIX = re.compile(rf"\b({ORG_WORDS})\.?$")
#: One organisation word, alone.
ORG_WORD = re.compile(rf"^(?:{ORG_WORDS})$", re.IGNORECASE)
#: Organisation words that do not make a multi-word name an entity on their own ("Platform Team").
WEAK_ORG = {"Team", "Group", "Services", "Department", "Committee"}
#: One word naming a county by its English ending ("Pembrokeshire", "Perthshire"), listed or not.
SHIRE = re.compile(r"[A-Z][a-z]{2,}shire")
#: Words that make a name a place, last ("St Anne's Church", "Peak District") or first ("Osteria Nonna").
PLACE_LAST = set(
    """Street St Road Rd Avenue Ave Lane Square Park Gardens Garden Church Cathedral Chapel Abbey Castle
    Palace Bridge Station Airport Harbour Harbor Port Beach Bay Island Islands Lake Loch River Valley Hill
    Hills Mountain Mountains Mount Forest Woods Heath Common District County Province State City Town
    Village Quarter Market Hall Arena Stadium Hotel Inn Pub Cafe Café Restaurant Bistro Bakery
    Tavern Bar Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Way Close Crescent Terrace
    Place Row Wharf Quay Pier Falls Canyon Coast Peninsula Building Buildings Estate Campus Links Green
    Moor Moss Marsh Trail Fort Drive Boulevard Parade Esplanade Highway Memorial Monument Dam Nek
    Kloof""".split()
)
PLACE_FIRST = set(
    """Osteria Trattoria Ristorante Taverna Cafe Café Hotel Hostel Casa Chez Bar Pizzeria Brasserie Mount
    Lake Loch Isle Cape Fort Port Lago Monte Rio Saint San Santa Mt""".split()
)
#: Words that make a name a place when they end it (the extraction keeps "Great" in "Great North Road").
PLACE_WORDS = frozenset(PLACE_LAST)
#: Place words that are hardly ever a surname: after a given name they still make a place ("the Vic
#: Market", "Victoria Station"), while "Sam Park" or "Ava Hill" stay people.
PLACE_NOT_SURNAME = frozenset(
    """Street Road Avenue Ave Square Gardens Cathedral Airport Harbour Harbor Beach Island Islands Valley
    Mountain Mountains Forest District County Province Quarter Market Arena Stadium Hotel Cafe Café
    Restaurant Bistro Bakery Tavern Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Wharf
    Quay Pier Falls Canyon Peninsula Building Buildings Campus Trail Sound Haven Firth Strait
    Estuary""".split()
)
#: Words that make a name an event, last ("Harrogate Folk Festival", "Leeds Marathon").
EVENT_LAST = set(
    """Festival Fest Conference Con Summit Marathon Expo Fair Hackathon Meetup Symposium Congress Convention
    Championship Championships Cup Games Olympics Triathlon Regatta Gala Carnival Week Tour""".split()
)
#: Last words that make a name of two words or more an organisation, though alone they are common words: a
#: newspaper's or magazine's ("Cape Times", "Helderberg Gazette", "Peninsula Weekly"), a league's, a
#: works' ("Brackenfell Print Works").
ORG_LAST = frozenset(
    """Times Gazette Herald Chronicle Tribune Weekly Courier Argus Mercury Sentinel League Works Express
    Troupe""".split()
)
#: Last words of a sports club's name ("Hout Bay United", "Bristol Rovers", "Salt River Stars"); a club is
#: also named by an animal's plural or a doer's ("Pinelands Pumas", "Lion's Head Striders": names.py).
TEAM_LAST = frozenset("United Athletic Rovers Wanderers Albion Rangers Stars Harriers Hotspur".split())
#: A drink's style ending a brew's name ("Buchu Pale Ale", "Rooibos Saison", "Harbour Pilsner"): a product.
DRINK_LAST = frozenset(
    """Ale IPA APA Lager Stout Pilsner Pils Saison Weissbier Hefeweizen Bock Dubbel Tripel Kölsch Gose
    Cider""".split()
)
#: An acronym ending a name, and the kind it gives ("Weta FX", "Sky TV", "Travis CI", "Flux CD" for continuous
#: delivery, "Lakeside HS" for a high school): a closed list of
#: trade abbreviations, read by the extraction as part of the name before them ("Observatory FC", a football
#: club; "Old Belvedere RFC", a rugby club).
ACRONYM_TAILS: dict[str, str] = {
    "FX": "organisation", "TV": "organisation", "FM": "organisation", "AI": "organisation",
    "CI": "product", "CD": "technology", "HS": "organisation", "FC": "organisation", "AFC": "organisation",
    "RFC": "organisation",
    # a company's legal form in French, Spanish, German, Dutch, Swedish usage ("Kestrel SA", "Brenner AG")
    "SA": "organisation", "AG": "organisation", "NV": "organisation", "BV": "organisation",
    "AB": "organisation",
}  # fmt: skip
#: The acronyms of :data:`ACRONYM_TAILS` that are a company's legal form, and a country's code after a place.
LEGAL_FORMS = frozenset("SA AG NV BV AB".split())
#: Lower-case words after a capitalised word that make the two a place ("the Harbour room").
PLACE_NOUNS = frozenset(
    "room hall street road lane park square station church garden gardens office building cafe café".split()
)
#: Words that end an institution's name but may be a building's too ("the John Innes Centre"): a cue of
#: work or study before it says it is the organisation.
INSTITUTION_LAST = frozenset(
    "Centre Center Hospital Infirmary Library Museum Gallery Theatre Theater".split()
)


#: Head nouns that make a name an organisation in the languages notes mix into English (German, French,
#: Spanish, Catalan, Portuguese, Italian, Dutch, Polish, Irish, Hindi and Marathi, Swedish, Norwegian and
#: Danish): first ("Kita Sonnenschein", "Banco Sabadell") or last ("Huber Logistik", "Jugendamt", "Vikas
#: Mandal"), lower-case. Common nouns of the languages only, never a name: English ones are :data:`ORG_WORDS`.
ORG_HEADS = frozenset(
    """schule grundschule gymnasium realschule hochschule universität kita kindergarten praxis arztpraxis
    amt behörde büro sparkasse volksbank kasse krankenkasse versicherung verein stiftung dienst
    logistik umzüge spedition rösterei kaffeerösterei bäckerei metzgerei konditorei apotheke klinik klinikum
    kanzlei verlag werkstatt gemeinde verband genossenschaft gesellschaft ministerium gericht polizei
    feuerwehr stadtwerke gmbh ag kg ev e.v. école lycée collège banque mairie cabinet société agence
    boulangerie pharmacie clinique atelier studio escuela colegio banco ayuntamiento farmacia clínica taller
    agencia asociación sociedad scuola banca comune clinica agenzia società associazione stichting
    gemeente constructora minera inmobiliaria coláiste scoil gaelscoil ollscoil raidió
    mandal samiti sangh sabha vidyalaya mahavidyalaya vidyapeeth sansthan parishad nigam prakashan bhandar
    udyog sahakari
    skola skolan skole skolen förskola förskolan gymnasiet universitet universitetet högskola högskolan
    kommun kommunen kommune förening föreningen forening foreningen stiftelse stiftelsen bolag bolaget
    firma firman apotek apoteket kliniken sjukhus sjukhuset sykehus sykehuset barnehage barnehagen
    børnehave vårdcentral vårdcentralen
    fundación universidad instituto cooperativa ministerio consejo empresa copistería fundació universitat
    institut ajuntament associació escola copisteria consell fundação universidade ministério câmara
    associação farmácia colégio fondazione università istituto ministero fondation université
    coopérative ministère universiteit hogeschool instituut coöperatie ministerie
    szkoła przedszkole fundacja stowarzyszenie urząd apteka klinika spółdzielnia uniwersytet
    politechnika
    syarikat sekolah kolej universiti klinik farmasi persatuan kelab majlis jabatan kementerian
    pertubuhan koperasi yayasan perbadanan politeknik tadika taska hospital""".split()
)
#: Head nouns that make a name a place, first ("Rue Cler", "Via Toledo", "Calle Mayor") or last
#: ("Obere Marktstraße", "Ostbahnhof", "Köln Hbf"), lower-case: street, square, station, quarter, hall,
#: market, hill and slope ("Mercado Central", "Cuesta del Obispo"); in Hindi and Marathi a town, a quarter,
#: a square, a garden, a road, a market, a temple ("Shastri Nagar", "Laxmi Chowk", "Sadar Bazaar"); in
#: Swedish, Norwegian and Danish a street, a road, a square, a harbour, a church ("Storgatan", "Strandvej");
#: in Catalan a square, a promenade, an avenue, a beach, a church, a market ("Plaça del Sol"); in Polish a
#: castle, a street, a square, a market square, an estate, a church, a station ("Zamek Książ", "Rynek").
#: In Malay a street, a lane, an estate, a village, a market, a hill, a river, an island, a town, a tower,
#: a temple, a restaurant ("Jalan Burma", "Taman Melati", "Pasar Chowrasta"); in Vietnamese a district, a
#: ward, a province, a street, an alley, a market, a pagoda, a bridge, a wharf, an eatery ("Quận 7", "Chợ
#: Bến Thành"); Malay's organisations (a company, a school, a clinic, a club, a council) are in
#: :data:`ORG_HEADS`.
PLACE_HEADS = frozenset(
    """straße strasse str. gasse weg platz allee damm ufer brücke bahnhof hauptbahnhof hbf markt viertel
    vorstadt garten friedhof kirche schloss rathaus saal halle zentrum rue avenue boulevard quai
    chemin impasse gare église pont lac château calle avenida plaza paseo carrer camino estación iglesia
    playa via viale piazza corso vicolo stazione chiesa ponte spiaggia straat gracht plein laan
    kade rua praça largo travessa estrada praia igreja ponta mercado mercato marché cuesta subida cerro
    bahía nagar peth chowk gaon wadi bagh marg ganj bazaar bazar mandi vihar kunj puram halli palya ghat
    maidan mandir masjid gurudwara dargah mohalla
    gata gatan väg vägen torg torget gränd gränden plats platsen hamn hamnen kyrka kyrkan stationen
    gaten vei veien veg vegen plass plassen brygge bryggen kirke kirken gade vej torv torvet plads
    pladsen havn
    plaça passeig avinguda platja església mercat estació rambla riera
    zamek ulica plac rynek osiedle kościół dworzec
    jalan lorong lebuh lebuhraya persiaran lingkaran taman kampung kampong pasar bukit sungai pulau
    gunung pantai padang simpang jambatan stesen tanjung teluk kuala bandar menara wisma dataran tokong
    kuil gereja restoran
    quận phường huyện tỉnh đường phố hẻm ngõ chợ chùa đền cầu bến núi sông đảo vịnh làng quán""".split()
)
#: Heads of two words opening a name in Vietnamese and Malay, lower-case ("Công ty", "Nhà hàng", "Kedai
#: kopi"): a company, a bank, a hospital, a clinic, a pharmacy, a university, a cooperative; a restaurant,
#: a coffee shop, a church, a park, an airport, a city.
PHRASE_HEADS: dict[str, str] = {
    **dict.fromkeys(
        ("công ty", "ngân hàng", "bệnh viện", "phòng khám", "nhà thuốc", "đại học", "hợp tác", "tập đoàn",
         "trường học"), "organisation"),
    **dict.fromkeys(
        ("nhà hàng", "cà phê", "nhà thờ", "công viên", "sân bay", "thành phố", "kedai kopi", "pasar malam"),
        "place"),
}  # fmt: skip
#: Place heads that are surnames too ("Amit Nagar"): after a given name the name is a person's.
SURNAME_HEADS = frozenset({"nagar"})
#: Ends of one-word compounds that name an organisation ("Tierarztpraxis", "Finanzamt") or a place
#: ("Lindenstraße", "Altstadt"; Dutch and Afrikaans "Stellenbosch", "Noordhoek", "Bloemfontein"; English
#: "Clydevale"; Swedish, Norwegian and Danish "Musikskolan", "Städfirma", "Storgatan", "Nyhavn"), read
#: only on words longer than the end by three letters or more.
ORG_COMPOUND = (
    "schule", "praxis", "behörde", "büro", "sparkasse", "kasse", "versicherung", "verein", "stiftung",
    "dienst", "logistik", "rösterei", "bäckerei", "apotheke", "klinik", "klinikum", "kanzlei", "verlag",
    "werkstatt", "gemeinde", "verband", "gesellschaft", "ministerium", "amt",
    "skola", "skolan", "skole", "skolen", "förening", "föreningen", "forening", "foreningen", "firma",
    "firman", "bolaget", "stiftelsen", "kommun", "kommune", "kommunen", "apotek", "apoteket", "kliniken",
    "sjukhus", "sjukhuset", "sykehus", "sykehuset", "barnehage", "barnehagen", "vårdcentral", "vårdcentralen",
)  # fmt: skip
PLACE_COMPOUND = (
    "straße", "strasse", "gasse", "weg", "damm", "markt", "platz", "allee", "bahnhof", "brücke", "viertel",
    "stadt", "ufer", "kirche", "friedhof", "saal", "halle", "zentrum", "straat", "gracht", "plein",
    "bosch", "hoek", "kloof", "fontein", "dorp", "vlei", "vale", "nagar", "abad", "gaon", "ganj",
    "gatan", "gata", "vägen", "torget", "gränd", "gränden", "platsen", "hamnen", "kyrkan", "gaten", "veien",
    "vegen", "plassen", "bryggen", "gade", "vej", "torvet", "pladsen", "havn", "kirken",
)  # fmt: skip


#: Small words of the Romance languages joining a head noun to its complement ("Banco de Chile").
_JOINERS = frozenset("de del della dei des du da do dos das".split())


def _word_head(word: str, whole: bool) -> str | None:
    low = word.lower()
    if common_word(low) and not whole:
        return None  # "Dreamt": an English word, no compound
    if whole and low in ORG_HEADS:
        return "organisation"
    if whole and low in PLACE_HEADS:
        return "place"
    # ``endswith`` of the whole tuple first: one C call for the many words that end in none of them
    if low.endswith(ORG_COMPOUND) and any(len(low) >= len(e) + 3 and low.endswith(e) for e in ORG_COMPOUND):
        return "organisation"
    if low.endswith("bank") and len(low) >= 7 and not common_word(low[:-4]):
        return "organisation"  # "Vietcombank", "Citibank": a bank's name joined to "bank" (not "Riverbank")
    if low.endswith(PLACE_COMPOUND) and any(
        len(low) >= len(e) + 3 and low.endswith(e) for e in PLACE_COMPOUND
    ):
        return "place"
    return None


def head_kind(words: list[str], opens: bool = False) -> str | None:
    """The kind a name's head noun gives: its last word, else its first ("Huber Logistik", "Kita
    Sonnenschein", "Obere Marktstraße", "Finanzamt"), in the languages of :data:`ORG_HEADS`,
    :data:`PLACE_HEADS` and :data:`PHRASE_HEADS` (two words, first); None when none is one. A one-word
    name counts only as a compound ("Lindenstraße"), not as the bare noun ("Platz"); a first word that is
    also an English word ("Via", "Place") only inside a sentence, where it is capitalised as a name's."""
    several = len(words) > 1
    if several and any(w.endswith(("'s", "’s")) for w in words[:-1]):
        return None  # "Felix's Kita": whose, not a name
    last = _word_head(words[-1], several)
    if last == "place" and words[-1].lower() in SURNAME_HEADS and given_name(words[0]):
        return None  # "Amit Nagar": a given name and a surname
    if last is not None or not several:
        return last
    if (phrase := PHRASE_HEADS.get(f"{words[0]} {words[1]}".lower())) is not None:
        return phrase  # "Công ty Minh Phát", "Nhà hàng Sen Vàng": a head of two words, first
    if opens and common_word(words[0]) and not (len(words) > 2 and words[1] in _JOINERS):
        return None  # ("Taller de Lutería Valdivia": a small word of another language says it is one's)
    return _word_head(words[0], True)


def club_word(last: str) -> bool:
    """Does ``last``, ending a name of two words or more, make it a club's: a sports club's word
    (:data:`TEAM_LAST`), an animal's plural ("Pinelands Pumas", "Obs Lionesses") or a doer's ("Lion's Head
    Striders": "stride" + "-rs")? Not a surname's ("Sanders", "Peters": no doer's word of six letters)."""
    if last in TEAM_LAST:
        return True
    low = last.lower()
    if not low.endswith("s") or len(low) < 5:
        return False
    if low[:-1] in animal_words() or (low.endswith("sses") and low[:-2] in animal_words()):
        return True  # "Pumas", "Lionesses" (not "Baths": a bat's)
    return low.endswith("ers") and len(low) > 6 and common_word(low[:-2])


#: Given names and surnames that are frequent words built with one of :data:`NOUN_SUFFIXES` (left out of
#: the given-name lists, or no given names): before a verb of speech or will ("Charity says", "Manning
#: wants") they are still someone.
WORD_GIVEN_NAMES = frozenset(
    "Crystal Marion Clement Vincent Laurent Constance Prudence Patience Charity Trinity Verity Felicity "
    "Sterling Manning Fleming Browning Harding Channing Hastings Percival Cyril Randal".split()
)


#: Endings of English nouns and adjectives of roles, fields and qualities ("accountant", "legal", "finance",
#: "security", "management", "marketing"): a frequent word so built is rarely a given name.
NOUN_SUFFIXES = tuple(
    "ant ent ance ence al ist ism ity ment ness ion ing ics ary ory ure ship hood ive ous".split()
)


#: First words that make a name an occasion in the languages notes mix into English, lower-case: a week,
#: a feast, a fair ("Semana Santa", "Fiesta de San Juan", "Feria de Abril", "Fête de la Musique"), and
#: a day's word before a joining word ("Día del Padre", "Tag der Arbeit", "Dia de Portugal", "Giorno della
#: Memoria"; "Tag Heuer" is a maker); in Vietnamese and Malay a festival, a death anniversary, a ceremony,
#: a full-moon day, a fair ("Tết Trung Thu", "Giỗ Tổ Hùng Vương", "Lễ Vu Lan", "Pesta Ponggal"; not "Hari",
#: a day and a given name).
EVENT_HEADS = frozenset(
    """semana fiesta fiestas feria fête festa carnaval karneval carnevale rally rallye
    tết giỗ lễ rằm pesta""".split()
)
DAY_HEADS = frozenset("día dia tag jour giorno dag".split())
DAY_JOINS = frozenset("de del de la do da das dos der des du della dei van".split())
#: A weekday of Holy Week in Spanish, Italian, Portuguese, before "Santo" or "Santa" ("Viernes Santo").
HOLY_DAYS = frozenset("lunes martes miércoles jueves viernes sábado domingo giovedì venerdì sabato".split())


def named_occasion(words: list[str], places: frozenset[str]) -> bool:
    """Whether a name of two words or more is an occasion's: a day or show named after a place ("Victoria
    Day", "Harrogate Spring Show") or for someone ("Founder's Day", "Grandparents' Day"), or one written in
    another language (:data:`EVENT_HEADS`, :data:`DAY_HEADS`, :data:`HOLY_DAYS`). The days' well-known
    names ("Labour Day") are listed apart; "Doris Day" is a person (neither a place nor a possessive)."""
    head, last = words[0].lower(), words[-1]
    if head in EVENT_HEADS or (head in DAY_HEADS and words[1].lower() in DAY_JOINS):
        return True
    if last in ("Santo", "Santa") and head in HOLY_DAYS:
        return True
    if last == "Show":
        return words[0] in places
    return last == "Day" and (" ".join(words[:-1]) in places or words[-2].endswith(("'s", "’s", "s'", "s’")))


#: A bracket after a name saying what it is: an article or a possessive, a word or two, a noun.
_APPOSED = re.compile(r"^[ ]\((?:a|an|the|our|my|their|his|her)[ ](?:[a-z-]+[ ]){0,2}?([a-z]+)[,);]")


def apposed_kind(after: str) -> str | None:
    """The kind a bracket after a name gives by its noun: an organisation's word ("(our local school)", "(a
    small charity)") or a place's ("(the pub by the canal)" no; "(the corner pub)" yes)."""
    m = _APPOSED.match(after)
    if m is None:
        return None
    noun = m[1]
    if ORG_WORD.match(noun) and noun.capitalize() not in WEAK_ORG:
        return "organisation"
    if noun.capitalize() in PLACE_LAST:
        return "place"
    if noun in APP_NOUNS:
        return "product"  # "Jane (the booking app)", "Ollie (our rota tool)"
    return None


#: Nouns of software in a bracket after a name: a product, whatever the name looks like.
APP_NOUNS = frozenset("app apps software tool platform website plugin extension".split())
