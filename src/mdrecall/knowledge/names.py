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
:mod:`.name_lists`'s (loaded on first use).
"""

from __future__ import annotations

import re

from mdrecall.knowledge.name_lists import common_word, given_name, known_name, known_names, places

__all__ = [
    "ABBREVIATED",
    "ORG_WORD",
    "PLACE_NOUNS",
    "PLACE_WORDS",
    "LineLabels",
    "header_kind",
    "label_kind",
    "name_kind",
    "trim_leading",
    "upper_kind",
]

_ORG_WORDS = (
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
_ORG_SUFFIX = re.compile(rf"\b({_ORG_WORDS})\.?$")
#: One organisation word, alone.
ORG_WORD = re.compile(rf"^(?:{_ORG_WORDS})$", re.IGNORECASE)
#: Organisation words that do not make a multi-word name an entity on their own ("Platform Team").
_WEAK_ORG = {"Team", "Group", "Services", "Department", "Committee"}
#: Words that make a name a place, last ("St Anne's Church", "Peak District") or first ("Osteria Nonna").
_PLACE_LAST = set(
    """Street St Road Rd Avenue Ave Lane Square Park Gardens Garden Church Cathedral Chapel Abbey Castle
    Palace Bridge Station Airport Harbour Harbor Port Beach Bay Island Islands Lake Loch River Valley Hill
    Hills Mountain Mountains Mount Forest Woods Heath Common District County Province State City Town
    Village Quarter Market Hall Arena Stadium Hotel Inn Pub Cafe Café Restaurant Bistro Bakery
    Tavern Bar Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Way Close Crescent Terrace
    Place Row Wharf Quay Pier Falls Canyon Coast Peninsula Building Buildings Estate Campus Links Green
    Moor Moss Marsh Trail""".split()
)
_PLACE_FIRST = set(
    """Osteria Trattoria Ristorante Taverna Cafe Café Hotel Hostel Casa Chez Bar Pizzeria Brasserie Mount
    Lake Loch Isle Cape Fort Port Lago Monte Rio Saint San Santa""".split()
)
#: Words that make a name a place when they end it (the extraction keeps "Great" in "Great North Road").
PLACE_WORDS = frozenset(_PLACE_LAST)
#: Place words that are hardly ever a surname: after a given name they still make a place ("the Vic
#: Market", "Victoria Station"), while "Sam Park" or "Ava Hill" stay people.
_PLACE_NOT_SURNAME = frozenset(
    """Street Road Avenue Ave Square Gardens Cathedral Airport Harbour Harbor Beach Island Islands Valley
    Mountain Mountains Forest District County Province Quarter Market Arena Stadium Hotel Cafe Café
    Restaurant Bistro Bakery Tavern Gallery Theatre Theater Cinema Hospital Centre Center Mall Plaza Wharf
    Quay Pier Falls Canyon Peninsula Building Buildings Campus Trail""".split()
)
#: Words that make a name an event, last ("Harrogate Folk Festival", "Leeds Marathon").
_EVENT_LAST = set(
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
#: Lower-case words after a capitalised word that make it a product or project ("the Atlas platform").
_PRODUCT_AFTER = re.compile(
    r"^[ ](?:platform|app|service|sdk|api|dashboard|plugin|extension|library|engine)\b"
)
_PERSON_VERB = re.compile(
    r"[ ](?:said|says|prefers|signed|met|asked|asks|told|tells|wants|wanted|thinks|agreed|mentioned|emailed|"
    r"called|wrote|writes|suggested|joined|approved|likes|loves|decided|replied|confirmed|promised|"
    r"reported|explained|shared|recommended|complained|argued|insisted|admitted|owns|drafts|drafted|"
    r"checks|checked|borrowed|lives|lived|works|worked|leads|interviewed|hired|thought|handles|handled|drove|"
    r"booked|organised|organized|cooked|texted|messaged|rang|phoned)\b"
)
#: A family word, title or role right before a name ("my sister Hanna", "Dr. Singh", "Partner: Lena").
_PERSON_BEFORE = re.compile(
    r"\b(?:sister|brother|mother|father|mum|mom|dad|wife|husband|partner|son|daughter|friend|boss|manager|"
    r"colleague|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|girlfriend|boyfriend|mentor|"
    r"roommate|flatmate|neighbour|neighbor|niece|nephew|fiancée?|interviewed|hired)[:,]?[ ]$"
    r"|\b(?:kids|children|sons|daughters|twins|grandkids|grandchildren|stepkids):[ ]$"
    r"|\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Lady|Lord)\.?[ ]$",
    re.IGNORECASE,
)
#: Whose relative or friend a name is, in brackets after it ("Lindiwe (Nomsa's friend)", "Ed (my cousin)").
_PERSON_AFTER = re.compile(
    r"^[ ]\((?:[\w'’]+['’]s|my|our|his|her|their)[ ](?:\w+[ ])?(?:sister|brother|mother|father|mum|mom|dad|"
    r"wife|husband|partner|son|daughter|friend|cousin|aunt|uncle|niece|nephew|neighbour|neighbor|colleague|"
    r"boss|flatmate|roommate|girlfriend|boyfriend|fiancée?|godmother|godfather|grandson|granddaughter)\b",
    re.IGNORECASE,
)
_ANIMALS = (
    "dog|dogs|cat|cats|puppy|kitten|pup|rabbit|bunny|hamster|guinea pig|parrot|budgie|horse|pony|tortoise|"
    "turtle|goldfish|fish|ferret|gerbil|lizard|snake|beagle|labrador|spaniel|terrier|poodle|collie|"
    "retriever|dachshund|pug|husky|greyhound|whippet|lurcher|corgi|schnauzer|tabby|moggy"
)
_PET_BEFORE = re.compile(
    rf"\b(?:{_ANIMALS})s?\b[:,]?[ ](?:(?:is[ ]|was[ ]|'s[ ])?(?:called[ ]|named[ ])?)?$"
    r"|\b(?:walked|walking|walk|fed|feeding|feed|groomed|brushed|wormed|neutered|spayed)[ ]$",
    re.IGNORECASE,
)
_PET_AFTER = re.compile(
    rf"^(?::[ ]|[ ]\((?:a[ ]|an[ ]|the[ ]|our[ ]|my[ ])?(?:\w+[ ])?)(?:{_ANIMALS})s?\b", re.IGNORECASE
)
_WORK_BEFORE = re.compile(
    r"\b(?:reading|read|re-read|finished|started|watched|watching|watch|rewatched|listening to|listened to|"
    r"listen to|album|novel|book|film|movie|show|series|podcast|song|play)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
_PLACE_BEFORE = re.compile(
    r"\b(?:lives?|lived|living|based|born|grew up|flat|house|home|stay|stays|stayed|staying|holiday|trip|"
    r"flights?|fly|flying|flew|moved|moving|move|relocated|visit|visited|visiting|travel|travelled|"
    r"traveled|drive|driving|drove|walk|hike|hiked|back|went|going|arrived|landed|renting|rented)"
    r"[ ](?:in|to|at|from|around|"
    r"through|into)[ ](?:the[ ])?$|\b(?:visited|visiting|visit|left|leaving)[ ]$",
    re.IGNORECASE,
)
_IN_BEFORE = re.compile(r"\b(?:in|visited)[ ]$")
#: Living in, or moving to, a place: a cue strong enough to make a given name a place ("renting in Norwood",
#: "moved to Florence"); visiting or meeting a given name is most often a person's.
_RESIDE_BEFORE = re.compile(
    r"\b(?:lives?|lived|living|based|born|grew[ ]up|renting|rented|rents|rent|moved|moving|relocated|"
    r"relocating|emigrated|settled|flew|fly|flying|flights?)[ ](?:in|to|into|from)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: "at" and the word before it ("erg test at Meadowbank", "drinks at the Old Bell", "Hamish at Cairn").
_AT_BEFORE = re.compile(r"(?:^|[ (])(?P<w>[\w'’]+)[ ]at[ ](?:the[ ])?$")
#: Words before "at" that say nothing of a place ("good at", "looked at", "starts at").
_AT_NOT_PLACE = frozenset(
    """look looks looked looking good bad great better best worse poor aim aims aimed laugh laughed stare
    stared glance glanced point pointed shot hit angry mad surprised shocked starts start started begins
    began ends ended expert skilled""".split()
)
#: Where someone works or studies ("works at Quillmark", "hired by Cobalt Signal"): an organisation.
_ORG_BEFORE = re.compile(
    r"\b(?:works|worked|working|work|job|engineer|developer|designer|manager|teaches|taught|teaching|studies|"
    r"studied|interned|internship|volunteers|volunteered|volunteering|intern)[ ](?:at|for)[ ](?:the[ ])?$"
    r"|\b(?:hired|employed|funded|sponsored|acquired|bought)[ ]by[ ](?:the[ ])?$"
    r"|\b(?:offer|grant|funding|invoice|contract)[ ]from[ ](?:the[ ])?$"
    # a job or place of study ("nurse at the Royal Infirmary", "did her postdoc at the John Innes Centre")
    r"|\b(?:qualified|graduated|trained|part-time|full-time)[ ](?:at|from)[ ](?:the[ ])?$"
    r"|\b(?:nurse|doctor|teacher|postdoc|student|lecturer|lectureship|professor|researcher|scientist|"
    r"fellow|fellowship|placement|apprenticeship|consultant|analyst|accountant|employee|staff|role|position|"
    r"account|policy|mortgage|loan|partnership|contract)[ ](?:at|with)[ ](?:the[ ])?$"
    # buying from a supplier ("ordered 96-well plates from Starlab", "£7,400 from Conviron")
    r"|\b(?:ordered|order|orders|ordering|bought|buy|buying|purchased|purchase|sourced|quote|quotes|quoted|"
    r"delivery|refund|invoice|invoiced|bill)(?:[ ][\w'’.,-]+){0,5}[ ]from[ ](?:the[ ])?$"
    r"|[£$€][\d.,]+[km]?[ ]from[ ](?:the[ ])?$"
    r"|\b(?:signed|contracted|partnered|banks|banked|banking|insured)[ ]with[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: A role in a body, or playing in a band ("treasurer of the Allotment Society", "Chair of Rushbrooke
#: Garden", "plays in Brass Tacks"): the body is an organisation even when its last word is a place's.
_MEMBER_OF = re.compile(
    r"\b(?:chair|chairs|chairman|chairwoman|chairperson|treasurer|secretary|president|member|members|"
    r"trustee|trustees|director|founder|co-founder|patron|committee|ceo|cfo|cto)[ ]of[ ](?:the[ ])?$"
    r"|\b(?:plays|played|playing|sings|sang|singing|drums|drummed|gigs|gigged)[ ](?:in|with)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: Words that end an institution's name but may be a building's too ("the John Innes Centre"): a cue of
#: work or study before it says it is the organisation.
_INSTITUTION_LAST = frozenset(
    "Centre Center Hospital Infirmary Library Museum Gallery Theatre Theater".split()
)
#: Verbs after a name that a business does ("IDT don't sell it", "Hobco ships to Ireland").
_ORG_VERB = re.compile(
    r"^[ ](?:(?:don'?t|doesn'?t|do[ ]not|does[ ]not|no[ ]longer|now|also|only|still)[ ])?"
    r"(?:sells?|sold|selling|ships?|shipped|stocks?|stocked|manufactures?|manufactured|invoiced|refunded|"
    r"charges?|charged|deliver|delivers|delivered|quoted)\b"
)
#: A lower-case noun right after a name that tells its kind ("the Slurm cluster", "a Bosch dishwasher",
#: "Meadowbank pitch", "the Figma team"): the kind only (the noun is not part of the name).
_KIND_AFTER: dict[str, str] = {
    **dict.fromkeys(
        """pipeline pipelines cluster clusters server servers database databases db library libraries
        package packages framework parser script scripts repo repository wheel wheels notebook notebooks
        module modules container containers codebase backend frontend workflow workflows bindings binary
        export exporter importer writer reader format files driver drivers compiler interpreter runtime
        query queries schema cli bump upgrade""".split(),
        "technology",
    ),
    **dict.fromkeys(
        """pool pitch pitches gym astro court courts rink track velodrome branch campus site""".split(),
        "place",
    ),
    **dict.fromkeys(
        """team staff headquarters hq account invoice invoices bill bills quote oven dishwasher fridge
        freezer hob washer dryer boiler kettle shirts shirt shoes boots trainers jacket jackets sticks
        bike bikes van helmet helmets reagents rep reps delivery deliveries""".split(),
        "organisation",
    ),
}
_NOUN_NEXT = re.compile(r"[ ]([a-zA-Z]+)\b")
#: A version number after a name ("PyO3 0.21", "Node v20.11"): software.
_VERSION_AFTER = re.compile(r"^[ ]v?\d+\.\d+(?:\.\d+)*\b")
_OWNED = re.compile(r"['’]s[ ]([a-zA-Z]+)\b")
#: A label opening a line and what it says the names in its value are ("- Bank: Triodos", "Stack: Rust,
#: DuckDB", "Venue: the Cameo"): the label's last word → kind. "tools" is a technology or a product by
#: the file (see :func:`label_kind`).
_LABEL_KINDS: dict[str, str] = {
    **dict.fromkeys(
        """bank banks insurer insurance supplier suppliers vendor vendors client clients customer customers
        sponsor sponsors funder funders employer employers landlord landlords agency agencies provider
        providers broker brokers manufacturer manufacturers maker makers brand brands company companies
        firm firms contractor contractors lender lenders publisher publishers courier couriers retailer
        retailers distributor distributors registrar accountants solicitors charity charities caterer caterers
        wholesaler wholesalers""".split(),
        "organisation",
    ),
    **dict.fromkeys(
        """venue venues location locations address destination destinations hotel hotels restaurant
        restaurants pub pubs gym pool hometown neighbourhood neighborhood area city cities town towns country
        countries station airport""".split(),
        "place",
    ),
    **dict.fromkeys(
        """stack language languages framework frameworks library libraries database databases db ci hosting
        cloud infra infrastructure editor ide os runtime orchestration scheduler cluster backend frontend
        pipeline pipelines tooling monitoring logging queue cache cms vcs""".split(),
        "technology",
    ),
    **dict.fromkeys("tools tool apps app software".split(), "tools"),
    **dict.fromkeys(
        """owner owners lead leads contact contacts teacher teachers coach coaches doctor gp dentist tutor
        mentor supervisor manager assignee assignees reviewer reviewers attendees captain chair treasurer
        secretary babysitter nanny cleaner plumber electrician kids children child son sons daughter daughters
        parents siblings author authors director coordinator organiser organizer president host hosts
        guest guests speaker speakers""".split(),
        "person",
    ),
    **dict.fromkeys(
        "book books novel novels film films movie movies album albums podcast podcasts show shows".split(),
        "work",
    ),
    **dict.fromkeys(
        """event events conference conferences festival festivals race races regatta regattas match matches
        fixture fixtures tournament tournaments gig gigs concert concerts""".split(),
        "event",
    ),
}
#: A label opening a line (after a bullet), its value up to the name: no sentence ends in between.
_LABEL = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z /&-]{0,28}?)(?:\*\*)?:[ \t]+(?:[^.;!?]|\.(?=\S))*$"
)
#: The label of :data:`_LABEL` alone, and where its value ends (a sentence end, or the line's): read once
#: per line by :class:`LineLabels` instead of once per name.
_LABEL_HEAD = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z /&-]{0,28}?)(?:\*\*)?:[ \t]+")
_VALUE_END = re.compile(r"[.;!?\n]")
#: Software someone uses ("migrated to Dagster", "switched from Zencastr", "edited it in Descript").
_TOOL_BEFORE = re.compile(
    r"\b(?:uses|use|used|using|migrated|migrating|migrate|switched|switching|switch|deployed|deploy|hosted|"
    r"hosting|installed|install|upgraded|adopted|subscribed|licence|license|runs|running)"
    r"(?:[ ](?:to|from|on|in|onto|off|for|with))?[ ]$",
    re.IGNORECASE,
)
#: A verb of making something and "in" a few words on ("edited the intro in Descript"): the kind only.
_MADE_IN = re.compile(
    r"\b(?:edited|edit|editing|drew|drawn|draws|drawing|designed|designing|built|build|building|mixed|"
    r"mixing|sketched|modelled|modeled|prototyped|wrote|written|writing|works|worked|working|animated|"
    r"tracked|logged|typeset|scripted|coded|recorded|recording|made)(?:[ ][\w'’-]+){0,3}[ ]in[ ]$",
    re.IGNORECASE,
)
#: Code made in a language ("written in Rust", "ported to Go"): an ambiguous technology name is one here.
_CODED_IN = re.compile(
    r"\b(?:written|rewritten|coded|implemented|programmed|ported|scripted)[ ](?:in|to)[ ]$", re.IGNORECASE
)
#: Going to, or speaking at, an event ("attended INTECOL", "talk accepted at LXCON").
_EVENT_BEFORE = re.compile(
    r"\b(?:attended|attending|attend|attends|tickets?[ ](?:for|to)|registered[ ]for|keynote[ ]at|"
    r"(?:talk|paper|poster|workshop|abstract|proposal)(?:[ ]\w+)?[ ](?:at|for|to)|speaking[ ]at|"
    r"presenting[ ]at|presented[ ]at|spoke[ ]at|volunteering[ ]at[ ]the)[ ]$",
    re.IGNORECASE,
)
#: What an event's name is followed by ("LXCON 2027", "PyCon conference").
_EVENT_AFTER = re.compile(
    r"^[ ](?:(?:19|20)\d\d\b|conference|summit|workshop|festival|meetup|hackathon|expo|marathon|symposium|"
    r"congress|convention|keynote|talks?)\b(?![ ]to\b)"
)
#: What a work's name is followed by ("the Low Tide podcast").
_WORK_AFTER = re.compile(r"^[ ](?:podcast|album|novel|book|film|movie|documentary|series|boxset|audiobook)\b")
#: The last word of every cue before a name (``_PET_BEFORE`` … ``_IN_BEFORE``): a name after any other
#: word matches none of them.
_CUE_LAST = frozenset(
    [w for animal in _ANIMALS.split("|") for w in (animal.split()[-1], animal.split()[-1] + "s")]
    + """called named sister brother mother father mum mom dad wife husband partner son daughter friend boss
    manager colleague cousin aunt uncle grandma grandpa grandmother grandfather girlfriend boyfriend mentor
    roommate flatmate neighbour neighbor niece nephew dr mr mrs ms mx prof sir dame lady lord interviewed
    kids children sons daughters twins grandkids grandchildren stepkids
    hired reading read finished started watched watching watch rewatched to album novel book film movie
    show series podcast song play the in at from around through into visited visiting visit left
    leaving via walked walking walk fed feeding feed groomed brushed wormed neutered spayed by for uses use
    used using migrated migrating migrate switched switching switch deployed deploy hosted hosting
    installed install upgraded adopted subscribed licence license runs running on onto off with is
    of""".split()
)
#: Words that open a sentence before a name ("Met Dana Okafor", "Ask Priya"): not part of the name.
_LEADERS = set(
    """met meet meeting called call asked ask told tell emailed email pinged ping thanked thank invited
    invite saw see visited visit with from for about per cc dear congratulate congrats lunch dinner
    coffee call sync chat talked spoke interviewed interview hired hire finished reading read watched
    picked chose welcomed fed walked""".split()
)


def trim_leading(words: list[str], sentence_start: bool) -> int:
    """How many leading words of a capitalised run are not part of the name: a sentence-opening verb or
    preposition ("Met Dana Okafor", "Interviewed Dev Anand"), or a capitalised sentence opener before a
    known given name or a well-known name."""
    n = 0
    while len(words) - n > 1:
        word, nxt = words[n], words[n + 1]
        if (
            (word.casefold() in _LEADERS and (sentence_start or n))  # "from Spoke Print Co." is a name
            or (
                sentence_start
                and n == 0
                and not given_name(word)
                and (given_name(nxt) or nxt in known_names())
            )
            or (sentence_start and not n and _verb_form(word))
        ):
            n += 1
            continue
        break
    return n


def _verb_form(word: str) -> bool:
    """A sentence-opening "Interviewed", "Finished", "Walking": a verb, not part of the name after it."""
    return len(word) > 4 and word.endswith(("ed", "ing")) and not given_name(word)


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
    if known is not None and known.kind == "technology" and _CODED_IN.search(before[-40:]):
        return "technology", True  # "a service written in Rust", "ported to Go": the language, not the word
    last, head = words[-1].rstrip("."), words[0]
    several = len(words) > 1
    tail = before[-40:]
    cued = _may_cue(tail)  # most names follow no cue word: skip the cue expressions
    if several and last in ACRONYM_TAILS:
        return ACRONYM_TAILS[last], True  # "Weta FX", "Travis CI": not a person though "Travis" is a name
    if several and last == "Games" and not tail.rstrip().endswith(("the", "The")):
        return "organisation", True  # "at Lantern Moth Games" (a studio); "the Commonwealth Games": an event
    if several and last in _INSTITUTION_LAST and cued and _ORG_BEFORE.search(tail):
        return "organisation", True  # "did her postdoc at the John Innes Centre"
    if (
        several
        and cued
        and not given_name(head)
        and name not in places()
        and (
            ((m := _MEMBER_OF.search(tail)) and (" of " in m.group(0).lower() or last not in _PLACE_LAST))
            or (_ORG_BEFORE.search(tail) and last not in _PLACE_LAST)
        )
    ):  # "treasurer of Rushbrooke Garden", "plays in Brass Tacks", "part-time at Leeds City Libraries"
        return "organisation", True
    if _ORG_SUFFIX.search(name) and (several or last in ("Inc", "Ltd", "LLC", "GmbH", "plc")):
        return "organisation", several and last not in _WEAK_ORG
    if name in places() and not (len(words) == 1 and given_name(name) and not _place_cued(tail, cued)):
        return "place", True  # "Sofia" is a city and a given name: a place only where a cue says so
    # "Sam Park" is a person, "Hyde Park" is not
    if (
        given_name(head)
        and head not in _PLACE_FIRST
        and 1 < len(words) <= 3
        and (head not in places() or places().isdisjoint(words[1:]))  # "Ben Harlow"; not "Santiago Chile"
        and not (len(words) == 3 and last in _PLACE_LAST)  # "John Innes Centre", "Ada Lovelace Building"
        and last not in _PLACE_NOT_SURNAME  # "the Vic Market": no surname is written so
    ):
        return "person", True
    if several and (last in _PLACE_LAST or head in _PLACE_FIRST or head in places()):
        return "place", True
    if several and last in _EVENT_LAST:
        return "event", True
    if (cued and _PET_BEFORE.search(tail)) or _PET_AFTER.match(after):
        return "pet", True
    if cued and _PERSON_BEFORE.search(tail):
        return "person", True
    if _PERSON_VERB.match(after) or _PERSON_AFTER.match(after):
        return "person", True
    if cued and _WORK_BEFORE.search(tail):
        return "work", False
    if _PRODUCT_AFTER.match(after):
        return "product", False
    if _WORK_AFTER.match(after):
        return "work", not opens
    noun = _NOUN_NEXT.match(after)
    after_kind = _KIND_AFTER.get(noun.group(1).lower()) if noun else None
    if after_kind is not None:  # "the Eddie cluster", "the old Neff oven", "Meadowbank pitch"
        return after_kind, after_kind == "technology" and not opens
    if _VERSION_AFTER.match(after) and not common_word(name):  # not "Section 4.1"
        return "technology", False
    if len(words) == 1 and given_name(name):
        if cued and _RESIDE_BEFORE.search(tail):  # "renting in Norwood": a given name, but a place here
            return "place", True
        if cued and _TOOL_BEFORE.search(tail):  # "running on Eddie": the kind of a tool, weakly
            return ("technology" if technical else "product"), False
        return "person", False
    if _ORG_VERB.match(after):
        return "organisation", not opens
    if (owned := _OWNED.match(after)) and _KIND_AFTER.get(owned.group(1).lower()) == "organisation":
        return "organisation", False  # "HeatRight's bill" (after the given-name check: "Dana's team")
    if (cued and _EVENT_BEFORE.search(tail)) or _EVENT_AFTER.match(after):
        return "event", not opens
    if cued and _ORG_BEFORE.search(tail):
        return "organisation", True
    if cued and _TOOL_BEFORE.search(tail):
        return ("technology" if technical else "product"), not opens
    if technical and tail.endswith(" via "):  # "a Rust core via PyO3", on a line naming technologies
        return "technology", False
    if tail.endswith(" in ") and _MADE_IN.search(tail):
        return ("technology" if technical else "product"), False
    if cued and _PLACE_BEFORE.search(tail):
        return "place", True
    if cued and _IN_BEFORE.search(tail):  # "in Paris", "visited Paris": the kind only
        return "place", False
    if cued and (at := _AT_BEFORE.search(tail)) is not None:
        w = at.group("w")
        if w[:1].isupper() and (given_name(w) or not common_word(w)):  # "Hamish at Cairn": where one works
            return "organisation", False
        if w.lower() not in _AT_NOT_PLACE:
            return "place", False  # "erg test at Meadowbank", "drinks at the Old Bell": the kind only
    if several and cued and tail.endswith((" from ", " from the ")):
        return "organisation", not opens  # "adopted from the Lost Dogs Home", "castle from Bounce Kingdom"
    return "unknown", False


def _place_cued(tail: str, cued: bool) -> bool:
    """Do the words before a name say it is a place ("lives in", "flew to", "in")?"""
    return cued and (_PLACE_BEFORE.search(tail) is not None or _IN_BEFORE.search(tail) is not None)


def label_kind(before: str, technical: bool = False) -> str | None:
    """The kind a label opening the line says the names of its value are ("- Bank: " → organisation,
    "Stack: Rust, " → technology, "Tools: " → technology or product by ``technical``), or None. ``before``
    is the line's text up to a name; a sentence end between the label and the name ends the value."""
    if ":" not in before:
        return None
    m = _LABEL.match(before)
    if m is None:
        return None
    kind = _LABEL_KINDS.get(m.group(1).split()[-1].lower())
    if kind == "tools":
        return "technology" if technical else "product"
    return kind


def header_kind(header: str, technical: bool = False) -> str | None:
    """The kind a table column's header says its cells' names are ("Supplier" → organisation, "Contact" →
    person), as a label's last word would; None for any other header."""
    words = header.strip(" *_").split()
    kind = _LABEL_KINDS.get(words[-1].lower()) if words else None
    if kind == "tools":
        return "technology" if technical else "product"
    return kind


class LineLabels:
    """:func:`label_kind` for the names along the lines of one text, each line's label read once: a name at
    ``at`` on the line whose text starts at ``start`` gets ``label_kind(text[start:at])``, in time that does
    not grow with the line (a long line of many names is not read again from its start for each)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[int, tuple[str | None, int, int]] = {}  # start → (kind, value's start, its end)

    def kind(self, start: int, at: int, technical: bool = False) -> str | None:
        """The kind the label opening the line at ``start`` gives a name at ``at`` (None: no label, or
        a sentence ended before the name)."""
        got = self._lines.get(start)
        if got is None:
            got = self._lines[start] = self._read(start)
        kind, begin, end = got
        if kind is None or not begin <= at <= end or self._text[at - 1] == ".":
            return None  # a dot just before the name ends the value, as one at the end of ``before`` does
        if kind == "tools":
            return "technology" if technical else "product"
        return kind

    def _read(self, start: int) -> tuple[str | None, int, int]:
        text = self._text
        head = _LABEL_HEAD.match(text, start)
        if head is None:
            return None, 0, -1
        kind = _LABEL_KINDS.get(head.group(1).split()[-1].lower())
        if kind is None:
            return None, 0, -1
        at = begin = head.end()
        while (stop := _VALUE_END.search(text, at)) is not None:
            i = stop.start()
            if text[i] != "." or i + 1 >= len(text) or text[i + 1].isspace():
                return kind, begin, i  # ";!?", the line's end, or a dot before a space or the end
            at = i + 1  # a dot inside a word ("3.12", "v1.2"): the value goes on
        return kind, begin, len(text)


def upper_kind(before: str, after: str) -> str | None:
    """The kind an all-capitals word that is no well-known name has by the words around it ("talk
    accepted at LXCON", "INTECOL 2027": an event), or None (most such words are acronyms of no entity)."""
    tail = before[-40:]
    if (_may_cue(tail) and _EVENT_BEFORE.search(tail)) or _EVENT_AFTER.match(after):
        return "event"
    return None


def _may_cue(tail: str) -> bool:
    """Could one of the cue expressions before a name match ``tail``? Each ends with a space after one of
    :data:`_CUE_LAST` (and a dot, colon or comma): a look-up of that word instead of five searches."""
    if not tail.endswith(" "):
        return False
    end = len(tail.rstrip(" .:,"))
    start = end
    while start and (tail[start - 1].isalnum() or tail[start - 1] == "_"):
        start -= 1
    word = tail[start:end]
    return not word.isascii() or word.lower() in _CUE_LAST
