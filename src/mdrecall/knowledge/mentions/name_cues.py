"""The words around a name that tell its kind, for :mod:`.names`: a person's verb after it ("Dana said")
or family word, title or role before it; a pet's animal word; a work's reading verb; a place's, an
organisation's, a tool's or an event's preposition and verb; the noun or version number after it. Pure
regular expressions, and :func:`may_cue`, which tells cheaply whether any cue before a name could match."""

from __future__ import annotations

import re

__all__ = [
    "ANIMALS",
    "AT_BEFORE",
    "AT_NOT_PLACE",
    "CODED_IN",
    "CARRIER_LINE",
    "ANIMAL_BEFORE",
    "CUE_LAST",
    "DOSE_AFTER",
    "EVENT_AFTER",
    "EVENT_BEFORE",
    "IN_BEFORE",
    "KIND_AFTER",
    "MADE_IN",
    "MEDICINE_BEFORE",
    "PACKED_BEFORE",
    "MEMBER_OF",
    "NOUN_NEXT",
    "ORG_BEFORE",
    "ORG_VERB",
    "OWNED",
    "PERSON_AFTER",
    "PERSON_BEFORE",
    "PERSON_VERB",
    "PET_AFTER",
    "PET_BEFORE",
    "PLACE_BEFORE",
    "PRODUCT_AFTER",
    "HOME_AFTER",
    "RESIDE_BEFORE",
    "STREAMED_ON",
    "THING_BEFORE",
    "TOOL_BEFORE",
    "VERSION_AFTER",
    "MODEL_NUMBER_AFTER",
    "WORK_AFTER",
    "WORK_BEFORE",
    "may_cue",
]

#: Lower-case words after a capitalised word that make it a product or project ("the Atlas platform").
PRODUCT_AFTER = re.compile(
    r"^[ ](?:platform|app|service|sdk|api|dashboard|plugin|extension|library|engine)\b"
)
PERSON_VERB = re.compile(
    r"[ ](?:said|says|prefers|signed|met|asked|asks|told|tells|wants|wanted|thinks|agreed|mentioned|emailed|"
    r"called|wrote|writes|suggested|joined|approved|likes|loves|decided|replied|confirmed|promised|"
    r"reported|explained|shared|recommended|complained|argued|insisted|admitted|owns|drafts|drafted|"
    r"checks|checked|borrowed|lives|lived|works|worked|leads|interviewed|hired|thought|handles|handled|drove|"
    r"booked|organised|organized|cooked|texted|messaged|rang|phoned)\b"
)
#: An indefinite article or an owner right before a name ("a Williams Black Knight", "my Kia Ceed"): no one's
#: full name is written so, a thing named after its maker is (a model of goods; but "a Wes Anderson film").
THING_BEFORE = re.compile(r"(?<![\w'’])(?:an?|another|my|his|her|our|their|your)[ ]$", re.IGNORECASE)
#: A family word, title or role right before a name ("my sister Hanna", "Dr. Singh", "Partner: Lena").
PERSON_BEFORE = re.compile(
    r"\b(?:sister|brother|mother|father|mum|mom|dad|wife|husband|partner|son|daughter|friend|boss|manager|"
    r"colleague|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|girlfriend|boyfriend|mentor|"
    r"roommate|flatmate|neighbour|neighbor|niece|nephew|fiancée?|interviewed|hired)[:,]?[ ]$"
    r"|\b(?:kids|children|sons|daughters|twins|grandkids|grandchildren|stepkids):[ ]$"
    r"|\b(?:parents|grandparents|in-laws|siblings|sisters|brothers|cousins),[ ]$"
    r"|\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Adv|Sir|Dame|Lady|Lord)\.?[ ]$"
    r"|\b(?-i:Pastor|Reverend|Rev|Revd|Fr|Bishop|Archbishop|Imam|Sheikh|Rabbi|Deacon|Professor|Coach)\.?[ ]$",
    re.IGNORECASE,
)
#: Whose relative or friend a name is, in brackets after it ("Lindiwe (Nomsa's friend)", "Ed (my cousin)")
#: or said with "is" ("Wren (14) is Theo's daughter").
PERSON_AFTER = re.compile(
    r"^(?:[ ]\(|(?:[ ]\(\d{1,2}\))?,?[ ](?:is|was)[ ])(?:[\w'’]+['’]s|my|our|his|her|their)[ ](?:\w+[ ])?"
    r"(?:sister|brother|mother|father|mum|mom|dad|"
    r"wife|husband|partner|son|daughter|friend|cousin|aunt|uncle|niece|nephew|neighbour|neighbor|colleague|"
    r"boss|flatmate|roommate|girlfriend|boyfriend|fiancée?|godmother|godfather|grandson|granddaughter)\b",
    re.IGNORECASE,
)
ANIMALS = (
    "dog|dogs|cat|cats|puppy|kitten|pup|rabbit|bunny|hamster|guinea pig|parrot|budgie|horse|pony|tortoise|"
    "turtle|goldfish|fish|ferret|gerbil|lizard|snake|beagle|labrador|spaniel|terrier|poodle|collie|"
    "retriever|dachshund|pug|husky|greyhound|whippet|lurcher|corgi|schnauzer|tabby|moggy"
)
#: The animal words of :data:`ANIMALS`, one word each, and their plurals.
ANIMAL_WORDS = frozenset(
    w for animal in ANIMALS.split("|") for w in (animal.split()[-1], animal.split()[-1] + "s")
)
PET_BEFORE = re.compile(
    rf"\b(?:{ANIMALS})s?\b[:,]?[ ](?:(?:is[ ]|was[ ]|'s[ ])?(?:called[ ]|named[ ])?)?$"
    r"|\b(?:walked|walking|walk|fed|feeding|feed|groomed|brushed|wormed|neutered|spayed)[ ]$",
    re.IGNORECASE,
)
#: An animal's word right before a name, as a label or a noun ("Tortoise: Kobe", "our cat Paris", "a dog
#: called Tokyo"): a pet's name though it is a city's too.
ANIMAL_BEFORE = re.compile(
    rf"\b(?:{ANIMALS})\b:?[ ](?:(?:is[ ]|was[ ])?(?:called[ ]|named[ ])?)?$", re.IGNORECASE
)
PET_AFTER = re.compile(
    rf"^(?::[ ]|[ ]\((?:a[ ]|an[ ]|the[ ]|our[ ]|my[ ])?(?:\w+[ ])?)(?:{ANIMALS})s?\b", re.IGNORECASE
)
WORK_BEFORE = re.compile(
    r"\b(?:reading|read|re-read|finished|started|watched|watching|watch|rewatched|listening to|listened to|"
    r"listen to|album|novel|book|film|movie|show|series|podcast|song|play|humming|hummed|hums|practising|"
    r"practicing)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: A home or an office after "the" and a name, no possessive ("the Karen house", "the Lisbon flat"): the
#: name is where it stands.
HOME_AFTER = re.compile(r"^[ ](?:house|flat|apartment|home|office|plot|cottage|bungalow)\b")
#: Watched or heard on a service ("watched on Mubi", "streaming it on Crunchyroll"): the service, a product.
STREAMED_ON = re.compile(
    r"\b(?:watched|watching|watch|streamed|streaming|stream|listened|listening|listen|binged|bingeing)"
    r"(?:[ ](?:it|them|this|that|the[ ]\w+))?[ ]on[ ]$",
    re.IGNORECASE,
)
PLACE_BEFORE = re.compile(
    r"\b(?:lives?|lived|living|based|born|grew up|flat|house|home|stay|stays|stayed|staying|holiday|trip|"
    r"flights?|fly|flying|flew|moved|moving|move|relocated|visit|visited|visiting|travel|travelled|"
    r"traveled|drive|driving|drove|walk|hike|hiked|back|went|going|arrived|landed|renting|rented)"
    r"[ ](?:in|to|at|from|around|"
    r"through|into)[ ](?:the[ ])?$|\b(?:visited|visiting|visit|left|leaving)[ ]$",
    re.IGNORECASE,
)
#: Being in or going to a name ("in Paris", "off to Jeju", "taking the kids to Lahinch"): a place, weakly.
IN_BEFORE = re.compile(
    r"\b(?:in|visited)[ ]$|\b(?:off|heading|headed|head)[ ]to[ ]$"
    r"|\b(?:taking|took|take|takes|bringing|brought|bring)[ ](?:the[ ]kids|him|her|them|us|me)[ ]to[ ]$"
)
#: Living in, or moving to, a place: a cue strong enough to make a given name a place ("renting in Norwood",
#: "moved to Florence"); visiting or meeting a given name is most often a person's.
RESIDE_BEFORE = re.compile(
    r"\b(?:lives?|lived|living|based|born|grew[ ]up|renting|rented|rents|rent|moved|moving|relocated|"
    r"relocating|emigrated|settled|flew|fly|flying|flights?)[ ](?:in|to|into|from)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: "at" and the word before it ("erg test at Meadowbank", "drinks at the Old Bell", "Hamish at Cairn").
AT_BEFORE = re.compile(r"(?:^|[ (])(?P<w>[\w'’]+)[ ]at[ ](?:the[ ])?$")
#: Words before "at" that say nothing of a place ("good at", "looked at", "starts at").
AT_NOT_PLACE = frozenset(
    """look looks looked looking good bad great better best worse poor aim aims aimed laugh laughed stare
    stared glance glanced point pointed shot hit angry mad surprised shocked starts start started begins
    began ends ended expert skilled""".split()
)
#: Where someone works or studies ("works at Quillmark", "hired by Cobalt Signal"): an organisation.
ORG_BEFORE = re.compile(
    r"\b(?:works|worked|working|work|job|engineer|developer|designer|manager|teaches|taught|teaching|studies|"
    r"studied|interned|internship|volunteers|volunteered|volunteering|intern)[ ](?:at|for)[ ](?:the[ ])?$"
    r"|\b(?:hired|employed|funded|sponsored|acquired|bought)[ ]by[ ](?:the[ ])?$"
    r"|\bteams?[ ]at[ ](?:the[ ])?$"  # "the dispatch team at Parcelo": an employer
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
    r"|\b(?:signed|contracted|partnered|banks|banked|banking|insured|registered|accredited|affiliated)"
    r"[ ]with[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: A role in a body, or playing in a band ("treasurer of the Allotment Society", "Chair of Rushbrooke
#: Garden", "plays in Brass Tacks"): the body is an organisation even when its last word is a place's.
MEMBER_OF = re.compile(
    r"\b(?:chair|chairs|chairman|chairwoman|chairperson|treasurer|secretary|president|member|members|"
    r"trustee|trustees|director|founder|co-founder|patron|committee|ceo|cfo|cto)[ ]of[ ](?:the[ ])?$"
    r"|\b(?:plays|played|playing|sings|sang|singing|drums|drummed|gigs|gigged)[ ](?:in|with)[ ](?:the[ ])?$",
    re.IGNORECASE,
)
#: Verbs after a name that a business does ("IDT don't sell it", "Hobco ships to Ireland").
ORG_VERB = re.compile(
    r"^[ ](?:(?:don'?t|doesn'?t|do[ ]not|does[ ]not|no[ ]longer|now|also|only|still)[ ])?"
    r"(?:sells?|sold|selling|ships?|shipped|stocks?|stocked|manufactures?|manufactured|invoiced|refunded|"
    r"charges?|charged|deliver|delivers|delivered|quoted)\b"
)
#: A lower-case noun right after a name that tells its kind ("the Slurm cluster", "a Bosch dishwasher",
#: "Meadowbank pitch", "the Figma team"): the kind only (the noun is not part of the name).
KIND_AFTER: dict[str, str] = {
    **dict.fromkeys(
        """pipeline pipelines cluster clusters server servers database databases db library libraries
        package packages framework parser script scripts repo repository wheel wheels notebook notebooks
        module modules container containers codebase backend frontend workflow workflows bindings binary
        export exporter importer writer reader format files driver drivers compiler interpreter runtime
        query queries schema cli bump upgrade""".split(),
        "technology",
    ),
    **dict.fromkeys(
        """pool pitch pitches gym astro court courts rink track velodrome branch campus site temple shrine
        monastery mosque synagogue beach""".split(),
        "place",
    ),
    **dict.fromkeys(
        """team staff headquarters hq account invoice invoices bill bills quote oven dishwasher fridge
        freezer hob washer dryer boiler kettle shirts shirt shoes boots trainers jacket jackets sticks
        bike bikes van helmet helmets reagents rep reps delivery deliveries flight flights internet broadband
        electricity mortgage""".split(),
        "organisation",
    ),
}
NOUN_NEXT = re.compile(r"[ ](?:[a-zA-Z]-)?([a-zA-Z]+)\b")  # "Kalkhoff e-bikes": the noun after "e-"
#: An animal's things after a name and "'s" ("Mochi's vet", "Bran's collar"): the name is a pet's.
PET_OWNED = frozenset("vet vets kennel kennels collar leash litter jabs worming flea groomer kibble".split())
#: Goods named by a pack of them or by what an animal eats ("a bag of Marlow Country", "two tins of Harbour
#: Gold", "the dog eats Fenwick Senior"): a product (its maker's name may be a person's, so it comes first).
PACKED_BEFORE = re.compile(
    r"\b(?:(?:bags?|box(?:es)?|tins?|cans?|bottles?|jars?|packs?|packets?|tubs?|sacks?|pouch(?:es)?|"
    r"cartons?|sachets?|tubes?)[ ]of|eats|ate|eating)[ ]$",
    re.IGNORECASE,
)
#: Taking a medicine, or coming off it ("come off the Brivexol", "stopped taking Zendral", "prescribed
#: Lumacort"): the name is a product's (the kind only: a cue this loose makes no entity).
MEDICINE_BEFORE = re.compile(
    r"\b(?:(?:come|comes|came|coming|go|goes|went|going|be|is|was|taken|take|takes|taking|wean|weaned|"
    r"weaning)[ ]off|stop|stops|stopped|stopping|prescribed|dose[ ]of|course[ ]of|tablets?[ ]of)[ ]"
    r"(?:the[ ]|taking[ ]|giving[ ]|him[ ]on[ ]|her[ ]on[ ])?$",
    re.IGNORECASE,
)
#: A dose after a name ("on Brivexol once a day", "Zendral 20 mg", "Lumacort drops"): a medicine.
DOSE_AFTER = re.compile(
    r"^[ ](?:(?:once|twice|three[ ]times)[ ](?:a|per)[ ](?:day|week)|once[ ]daily|twice[ ]daily|"
    r"\d+(?:\.\d+)?[ ]?(?:mg|mcg|µg|ml)\b|(?:tablets?|capsules?|drops|injections?)\b)"
)
#: A line about a flight or a ride, on which a name alone in brackets is the carrier's ("flight from Oslo
#: delayed (SkyNord)", "6/4 fly Riga → Tallinn (AirBalt)"): a business.
CARRIER_LINE = re.compile(
    r"\b(?:fly|flew|flying|flights?|airline|airlines|ferry|ferries|coach|train|trains|sailing)\b",
    re.IGNORECASE,
)
#: Flying on or with a name ("flights booked on Aerolíneas", "we fly with Skyrill"): the carrier, a business.
CARRIER_BEFORE = re.compile(
    r"\b(?:fly|flew|flying|flights?)(?:[ ][a-z]+){0,2}[ ](?:on|with)[ ]$", re.IGNORECASE
)
#: A version number after a name ("PyO3 0.21", "Node v20.11"): software.
VERSION_AFTER = re.compile(r"^[ ]v?\d+\.\d+(?:\.\d+)*\b")
#: A model's number after a name of two words, then a pause ("Garmin Forerunner 255,", "Hoka Clifton 9
#: (bought in May)"): no clock time ("16:30"), decimal, count of a unit ("27 L") or year (four digits).
MODEL_NUMBER_AFTER = re.compile(r"^[ ]\d{1,3}(?=[,;)]|[ ]\(|[ ][-–—][ ]|\.?$|\.[ ])")
OWNED = re.compile(r"['’]s[ ]([a-zA-Z]+)\b")
#: Software someone uses ("migrated to Dagster", "switched from Zencastr", "edited it in Descript").
TOOL_BEFORE = re.compile(
    r"\b(?:uses|use|used|using|migrated|migrating|migrate|switched|switching|switch|deployed|deploy|hosted|"
    r"hosting|installed|install|upgraded|adopted|subscribed|licence|license|runs|running)"
    r"(?:[ ](?:to|from|on|in|onto|off|for|with))?[ ]$",
    re.IGNORECASE,
)
#: A verb of making something and "in" a few words on ("edited the intro in Descript"): the kind only.
MADE_IN = re.compile(
    r"\b(?:edited|edit|editing|drew|drawn|draws|drawing|designed|designing|built|build|building|mixed|"
    r"mixing|sketched|modelled|modeled|prototyped|wrote|written|writing|works|worked|working|animated|"
    r"tracked|logged|typeset|scripted|coded|recorded|recording|made)(?:[ ][\w'’-]+){0,3}[ ]in[ ]$",
    re.IGNORECASE,
)
#: Code made in a language ("written in Rust", "ported to Go"): an ambiguous technology name is one here.
CODED_IN = re.compile(
    r"\b(?:written|rewritten|coded|implemented|programmed|ported|scripted)[ ](?:in|to)[ ]$", re.IGNORECASE
)
#: Going to, or speaking at, an event ("attended INTECOL", "talk accepted at LXCON").
EVENT_BEFORE = re.compile(
    r"\b(?:attended|attending|attend|attends|tickets?[ ](?:for|to)|registered[ ]for|keynote[ ]at|"
    r"(?:talk|paper|poster|workshop|abstract|proposal)(?:[ ]\w+)?[ ](?:at|for|to)|speaking[ ]at|"
    r"presenting[ ]at|presented[ ]at|spoke[ ]at|volunteering[ ]at[ ]the)[ ]$",
    re.IGNORECASE,
)
#: What an event's name is followed by ("LXCON 2027", "PyCon conference").
EVENT_AFTER = re.compile(
    r"^[ ](?:(?:19|20)\d\d\b|conference|summit|workshop|festival|meetup|hackathon|expo|marathon|symposium|"
    r"congress|convention|keynote|talks?)\b(?![ ]to\b)"
)
#: What a work's name is followed by ("the Low Tide podcast").
WORK_AFTER = re.compile(r"^[ ](?:podcast|album|novel|book|film|movie|documentary|series|boxset|audiobook)\b")
#: The last word of every cue before a name (``PET_BEFORE`` … ``IN_BEFORE``, ``MEDICINE_BEFORE``): a name
#: after any other word matches none of them.
CUE_LAST = frozenset(
    [w for animal in ANIMALS.split("|") for w in (animal.split()[-1], animal.split()[-1] + "s")]
    + """called named sister brother mother father mum mom dad wife husband partner son daughter friend boss
    manager colleague cousin aunt uncle grandma grandpa grandmother grandfather girlfriend boyfriend mentor
    roommate flatmate neighbour neighbor niece nephew dr mr mrs ms mx prof sir dame lady lord interviewed
    pastor reverend rev revd fr bishop archbishop imam sheikh rabbi deacon professor coach
    kids children sons daughters twins grandkids grandchildren stepkids parents grandparents laws siblings
    sisters brothers cousins hired reading read finished started watched watching watch rewatched to album
    novel book film movie
    show series podcast song play the in at from around through into visited visiting visit left
    leaving via walked walking walk fed feeding feed groomed brushed wormed neutered spayed by for uses use
    used using migrated migrating migrate switched switching switch deployed deploy hosted hosting
    installed install upgraded adopted subscribed licence license runs running on onto off with is
    of eats ate eating stop stops stopped stopping prescribed taking giving humming hummed hums practising
    practicing""".split()
)


def may_cue(tail: str) -> bool:
    """Could one of the cue expressions before a name match ``tail``? Each ends with a space after one of
    :data:`CUE_LAST` (and a dot, colon or comma): a look-up of that word instead of five searches."""
    if not tail.endswith(" "):
        return False
    end = len(tail.rstrip(" .:,"))
    start = end
    while start and (tail[start - 1].isalnum() or tail[start - 1] == "_"):
        start -= 1
    word = tail[start:end]
    return not word.isascii() or word.lower() in CUE_LAST
