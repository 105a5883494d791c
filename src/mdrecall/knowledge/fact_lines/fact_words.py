"""The wordings the fact reader reads (:mod:`mdrecall.knowledge.fact_lines.facts`): the attributes, labels,
cue expressions and word lists; the closed lexicon of change (:data:`CHANGE`) the change-line pairing reads
lives in :mod:`mdrecall.knowledge.fact_lines.change_lexicon` and is re-exported here. Constants only
(compiled patterns and word lists), English.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.change_lexicon import (
    ADDITION,
    CHANGE,
    CHANGE_HINT,
    CHANGE_HINTS,
    CHANGE_WEAK,
    CHANGE_WEAK_HINT,
    VISIT,
)
from mdrecall.knowledge.fact_lines.status_scales import STATUS, STATUS_OF, STATUS_SCALES

__all__ = [
    "ADDITION",
    "ATTRIBUTES",
    "CAPS",
    "CHANGE",
    "CHANGE_HINT",
    "CHANGE_HINTS",
    "CHANGE_WEAK_HINT",
    "CHANGE_WEAK",
    "CHOICE",
    "CHOICE_WORDS",
    "OPTION",
    "REVERT",
    "CHOSEN",
    "CLAUSE_END",
    "CLOCK",
    "CUE",
    "DAYS",
    "DAY_MONTH",
    "DECISION",
    "DONE_BY",
    "DIGIT",
    "FIRST_PERSON",
    "FULL_NAME",
    "HEADING",
    "ISO",
    "LABEL",
    "LABELS",
    "LEAVES_NAME",
    "MARKER",
    "MIN_OVERLAP",
    "MONTH",
    "MONTHS",
    "NOT_SUBJECT",
    "NOW_STATE",
    "FELT_NOW",
    "OUTCOME",
    "OUTCOME_WORDS",
    "OWNER",
    "OWNER_WORDS",
    "PLACE",
    "PLACE_VALUE",
    "PLACE_WORDS",
    "POSSESSIVE_OWN",
    "PRONOUNS",
    "QUESTION",
    "REJECTED",
    "SAID",
    "SENTENCE_BREAK",
    "SENTENCE_END",
    "STATE",
    "STATUS",
    "STATUS_OF",
    "STATUS_SCALES",
    "STATE_WORDS",
    "TERMINAL",
    "TIME_WORDS",
    "WEEKDAY",
    "WITHDRAW",
    "WORD",
    "WORD_KEPT",
]

#: The attributes a fact line may state: ``state`` is a condition of the subject ("limping", "back to
#: normal"), ``on`` what it is on or off ("on the diet food", "off call"), ``outcome`` says an event or a
#: thing came to an end state ("went fine", "broke down", "was cancelled"): it supersedes an earlier line
#: about that thing whatever the line states.
ATTRIBUTES = ("time", "owner", "place", "choice", "status", "state", "on", "outcome")
#: The attribute of a line that states no attribute read above but may be the older side of a change (any
#: short statement): its value is the line's typed value slots (``t:`` a time, ``n:`` a number, ``c:`` a
#: name), paired only by :func:`mdrecall.knowledge.changes.fact_pairs.supersessions`' change-line pass.
SAID = "said"
#: Shared subject words, as a share of the larger of the two subjects, for two lines to be one fact.
MIN_OVERLAP = 0.4

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january february march april may june july august september october november december"
    " jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
WEEKDAY = re.compile(r"\b(" + "|".join(DAYS) + r")s?\b", re.I)
DIGIT = re.compile(r"\d")
CLOCK = re.compile(r"\b(\d{1,2})(?:[:.]([0-5]\d))?\s*(am|pm)\b|\b(\d{1,2})[:.]([0-5]\d)\b", re.I)
MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\b", re.I)

#: Label words ("Owner: …") → the attribute the value after the colon states.
LABELS = {
    "owner": "owner",
    "owners": "owner",
    "owns": "owner",
    "lead": "owner",
    "status": "status",
    "location": "place",
    "where": "place",
    "based": "place",
    "venue": "place",
    "time": "time",
    "when": "time",
    "schedule": "time",
    "decision": "choice",
    "stack": "choice",
    "tool": "choice",
}
LABEL = re.compile(r"([A-Za-z][A-Za-z -]{0,19}):\s+")
OWNER = re.compile(
    r"\bown(?:s|er|ers|ed|ing)?\b|\bled by\b|\bin charge of\b"
    r"|\bresponsible for\b|\btakes? over\b|\btook over\b|\bhanded (?:over|to)\b"
    r"|\bmanag(?:e|es|ed|ing)\b|\bhandl(?:e|es|ed|ing)\b|\blook(?:s|ed|ing)? after\b"
    r"|\bcoordinat(?:e|es|ed|ing)\b",
    re.I,
)
#: A standing duty and who does it, in the passive ("Cash-up is done by the closing shift lead", "the gate
#: is locked by whoever leaves last", "rotas are kept by the duty manager"): the agent after "by", up to
#: three words, a determiner first, up to a preposition or the clause's end. A copula or "get" before the
#: participle: a duty held, not a deed told ("was written by Sam yesterday" is told, "is run by" holds).
DONE_BY = re.compile(
    r"\b(?:is|are|gets?|get)\s+(?:always\s+|usually\s+|now\s+)?"
    r"(?:done|run|handled|managed|covered|checked|led|organi[sz]ed|taught|kept|cleaned|staffed|supervised"
    r"|signed off|looked after|coordinated|locked|opened|closed|counted|booked|ordered|set up)"
    r"\s+by\s+((?:(?:the|a|an|our|my|their|one|two)\s+)?[a-z][\w-]*(?:\s+(?!(?:from|on|at|in|for|with|after"
    r"|before|until|till|every|each|and|or|but|now|only|so|if|when|while|since|as)\b)[a-z][\w-]*){0,2})",
    re.I,
)
#: A word each match of the expression above holds.
OWNER_WORDS = (
    "own",
    "led by",
    "in charge of",
    "responsible for",
    " over",
    "handed",
    "manag",
    "handl",
    "after",
    "coordinat",
)
#: A first person owning a thing ("I manage the rota", "we look after the keys"): the owner ``me``.
#: A person's full name as a line's label (a roster: "Tom Becker: treasurer, drives the van").
FULL_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}")
FIRST_PERSON = re.compile(r"\b(?:I|we|We|me|us)\b")
POSSESSIVE_OWN = re.compile(r"\b(?:my|our|your|his|her|its|their) own\b", re.I)
PLACE = re.compile(
    r"\bbased (?:in|at|out of)\b|\blives? in\b|\bliving in\b|\bmov(?:ed|ing|es?) (?:to|from)\b"
    r"|\brelocat\w*|\blocated\b|\bin the \w+ room\b|\broom\b|\boffice in\b"
    r"|\bwork(?:s|ing|ed)? (?:remotely )?from\b",  # "working from Lisbon now" (a name: PLACE_VALUE)
    re.I,
)
#: A word each match of the expression above holds.
PLACE_WORDS = ("based", "live", "living", "mov", "relocat", "located", "room", "office in", "from")
CHOICE = re.compile(
    r"\bus(?:e|es|ed|ing)\b|\bchose\b|\bchosen\b|\bpicked\b|\bdecided (?:on|to)\b|\bwent with\b"
    r"|\bgoing with\b|\b(?:went|go|goes|going|gone) back to(?= (?:option|plan|version) \w)"
    r"|\b(?:switch(?:ed|ing)?|mov(?:ed|ing))(?:\s+[\w'-]+){0,2}?\s+(?:to|from|off)\b"
    r"|\bmigrat\w*|\breplac\w*|\bdropp(?:ed|ing)\b" + VISIT + r"|\badopt\w*|\bvia\s+(?=(?-i:[A-Z]))"
    r"|\b(?:invoic|bill|pay|paid|host|stor|track|sync|back(?:ed|s)? up|keep|kept)\w*(?:\s+[\w'-]+){0,3}?"
    r"\s+(?:through|via|with|on|in|using)\s+(?=(?-i:[A-Z]))",
    re.I,
)
#: A return to an earlier choice ("went back to option A"), not to a place ("went back to the office").
REVERT = re.compile(
    r"\b(?:went|go|goes|going|gone) back to"
    r" (?:option|plan|version|the (?:old|original|previous|first|earlier))\b",
    re.I,
)
#: A lettered or numbered option named as the thing chosen ("went back to option A": "A" is no article).
OPTION = re.compile(r"\b(?:option|plan|version)\s+([A-Z0-9])\b")
#: A word each match of the expression above holds.
CHOICE_WORDS = (
    "use", "using", "chose", "picked", "decided", "went with", "going with", "switch", "migrat", "replac",
    "dropp", "adopt", "mov", "via", "invoic", "bill", "pay", "paid", "host", "stor", "track", "sync", "back",
    "keep", "kept",
)  # fmt: skip
TIME_WORDS = re.compile(
    r"\b(?:at|on|every|happens?|schedule\w*|plann\w*|due|deadline|slipp\w*|postponed"
    r"|rescheduled|pushed|delayed|moved|moves?|moving|start(?:s|ed|ing)?|begin(?:s|ning)?|began|ends?|ended"
    r"|finish(?:es|ed)?|opens?|closes?|until|till|from|kicks? off)\b",
    re.I,
)
#: A day of a month ("1 September", "Sept 1st", "the 18th of March"): the value ``sep1``.
DAY_MONTH = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + "|".join(MONTHS) + r")\b"
    r"|\b(" + "|".join(MONTHS) + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!:)",
    re.I,
)
#: A condition of the subject after a copula ("he's limping a bit", "the server is down", "Gus is on the
#: diet food") or a return to one ("back to normal walks"): the line states a ``state``. Not a comparison
#: ("the new shoes felt better than the old ones": no state of the subject).
STATE = re.compile(
    r"\b(?:is|are|was|were|been|be|seems?|looks?|gets?|got|feels?|felt|still|stays?|stayed|went|go|goes"
    r"|came|comes|taken|put)\s+(?:(?:a bit|a little|still|now|much|very|fully|all)\s+)?"
    r"(limping|lame|sick|ill|unwell|injured|hurt|broken|fine|better(?! than)|worse(?! than)|healed"
    r"|fixed|recovered|recovering|on hold"
    r"|(?:on|off)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+|my\s+|our\s+)?[a-z][\w-]*"
    r"(?:\s+(?!(?:and|but|or|for|to|at|on|in|since|until|from|with|now|again|today|this|next)\b)[a-z][\w-]*)?)"
    r"|['’]s\s+(?:(?:a bit|a little|still|now)\s+)?"
    r"(limping|sick|ill|unwell|injured|hurt|broken|fine|better(?! than)|worse(?! than))"
    r"|\bback (?:to|at|on|in) (?:the\s+|his\s+|her\s+|their\s+|its\s+|my\s+|our\s+)?([a-z][\w-]*)",
    re.I,
)
STATE_WORDS = (
    "limp", "lame", "sick", "ill", "unwell", "injur", "hurt", "broken", "fine", "better", "worse", "heal",
    "fixed", "recover", "on hold", " on ", " off ", "back ",
)  # fmt: skip
#: An event or a thing come to an end state ("the recheck went fine", "the van broke down", "the fair
#: was cancelled", "the sale raised £412"): the line states an ``outcome``.
OUTCOME = re.compile(
    r"\b(?:went (?:well|fine|ahead|badly|smoothly|great|ok|okay|off well)|took place|broke down|passed away"
    r"|died|shut down|closed down|called off|fell through|raised\s+[£$€]?\d[\d,.]*k?"
    r"|(?:was|were|got|has been|have been|is|are) (?:cancell?ed|scrapped|sold|written off|stolen|closed))\b",
    re.I,
)
#: An outcome that ends a thing for good (else it is an event's outcome: it ends a plan, not a standing
#: fact).
TERMINAL = re.compile(r"broke|passed|died|shut|closed|called|fell|cancel|scrapped|sold|written|stolen", re.I)
PRONOUNS = frozenset("he she it they him her them this that which who".split())
OUTCOME_WORDS = (
    "went", "took place", "broke down", "passed away", "died", "shut down", "closed", "called off",
    "fell through", "raised", "cancel", "scrapped", "sold", "written off", "stolen",
)  # fmt: skip
#: A line taking a value back ("no longer manages", "is off the diet food", "stopped using"): it
#: supersedes an earlier line stating that same value.
#: A line taking a value back ("no longer", "is off", "stopped"): a change even when it repeats the value.
WITHDRAW = re.compile(
    r"\bno longer\b|\bnot\b[^.;]{0,30}\bany ?more\b|(?<!\bwithout )\bstopp(?:ed|ing)\b" + VISIT + r"|\bquit\b"
    r"|\bg[ai]ve(?:n)? up\b"
    r"|\b(?:is|are|was|were|been|came|come|comes|taken|went|go|goes|got|now|stays?)\s+off\b",
    re.I,
)
#: A line leaving a named value ("Otterburn are leaving Squarespace", "went to Fenwick, not our Pavel"): a
#: verb of leaving, or a contrast, before a capitalised word. Such a log line is stored as a fact line
#: (:mod:`mdrecall.knowledge.changes.value_left` pairs it with the earlier lines stating that value).
LEAVES_NAME = re.compile(
    r"\b(?:[Ll]eav(?:e|es|ing)|[Ll]eft|[Nn]ot|(?:[Cc]om(?:e|es|ing)|[Cc]ame) off)"
    r"\s+(?:(?:the|our|my|their|his|her|its)\s+)?[A-Z]"
    # a name whose role ended, or is kept only in reserve ("Bitrise is gone", "Twilio stays as a fallback")
    r"|\b[A-Z][\w-]*\s+(?:is|are)\s+gone\b(?!\s+(?:for|until|till|on|to)\b)"
    r"|\b[A-Z][\w-]*\s+(?:stays?|remains?)\s+(?:on\s+)?as\s+(?:an?\s+|the\s+|our\s+)?(?:fallback|backup|spare)\b"
)
#: Wording that says a thing changed.
CUE = re.compile(
    r"\b(?:(?:is|are|was|were|it's|now) now|now (?:at|on|in|is|are|owns?|uses?|using|based|lives?)"
    r"|no longer|not \w+ any ?more|any ?more\b|changed?|moved|moving|switch(?:ed|ing)?|migrat\w*"
    r"|replac\w*|dropp(?:ed|ing)"
    + VISIT
    + r"|instead|from (?:today|now|tomorrow|next|this)\b|from now on|starting"
    r"|slipped|pushed (?:back|out)|postponed|rescheduled|delayed|brought forward|took over|takes over"
    r"|taking over|handed (?:over|to)|update[sd]?|new (?:time|owner|day|days|place|office|lead)|never)\b",
    re.I,
)
#: A choice verb that follows the thing chosen ("PostgreSQL chosen").
CHOSEN = re.compile(r"chosen|picked|adopted|selected|decided on")
DECISION = re.compile(r"\b(?:chose|chosen|picked|decided|decision|went with|going with)\b", re.I)
ISO = re.compile(r"(\d{4}-\d{2}-\d{2})")
#: Where a clause ends (a sentence's end, a comma, a dash between spaces), and where a sentence ends: an
#: attribute's value and the fact's subject are read from the clause stating it (a time from its sentence:
#: "on Friday, 3pm"), not from an aside after it ("…, our accountant Dev Shah recommended it").
CLAUSE_END = re.compile(r"[.;!?](?=\s|$)|,\s|\s[-–—]\s")
SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")
#: A state said to be the current one ("Halden now want us on retainer", "no longer on call"); "for now",
#: "right now", "just now" and "until now" say nothing changed.
NOW_STATE = re.compile(
    r"(?<!\bfor )(?<!\bright )(?<!\bjust )(?<!\buntil )(?<!\bby )\b(?:now|no longer)\b\s*", re.I
)
#: After "now" (:data:`NOW_STATE`), no state: "now that …" (a given, the clause after tells a reason), the
#: speaker's own feeling, wish, ability or next step ("now I'm ready to help", "now I want to …", "now I'm
#: gonna submit it", "now my friendships feel real"): a moment of a conversation, not a fact's value.
FELT_NOW = re.compile(
    r"that\b|(?:i|we)(?:'m|’m|'re|’re| am| are)?\s+(?:(?:really|so|even|more|much|also|just|totally|finally"
    r"|truly|super)\s+)*(?:want|wanna|wish|hope|feel|think|know|can|could|ready|gonna|going to|excited|happy"
    r"|glad|passionate|pumped|motivated|inspired|grateful|thankful|proud|love|enjoy|understand|reali[sz]e"
    r"|see)\b|(?:my|our) \w+ (?:feels?|seems?)\b",
    re.I,
)
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
#: Where a line's sentences part (after a sentence end, a semicolon or a colon), for :data:`QUESTION`.
SENTENCE_BREAK = re.compile(r"(?<=[.!?;:])\s+")
#: A sentence that asks ("Who is covering Tomasz's routes while he's off?"): it states no fact.
QUESTION = re.compile(r"\?+[\"'’”)\]]*$")
WORD = re.compile(r"[A-Za-z][\w'’-]*|\d[\w:.]*")
#: A fact line's words as stored (:attr:`~mdrecall.stores.views.FactRow.words`): case kept (names are told
#: by it), an amount's currency sign and thousands kept on its number ("NZ$650" → ``NZ $650``, "£1,900").
WORD_KEPT = re.compile(r"[A-Za-z][\w'’-]*|[£$€]?\d(?:[\d,]*\d)?[\w:.]*")
#: What a choice was made against ("chosen over CockroachDB", "instead of Jenkins").
#: Capitalised words, one space apart (each word starts after a space: no way to split a run two ways, so no
#: backtracking blow-up on a long run of capitals, e.g. gene names in an abstract).
CAPS = r"([A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*)"
REJECTED = re.compile(
    rf"\b(?:over|instead of|rather than|no longer (?:use|on|in|with|via))\s+{CAPS}"
    rf"|\b(?:from|dropp(?:ed|ing)|replac(?:ed|ing)|ditch(?:ed|ing)|swapp(?:ed|ing))\s+(?:the\s+)?{CAPS}"
    r"\s*(?:to|for|with|in favou?r of|->|→)\b"
    rf"|{CAPS}\s*(?:is|was|has been|got|gets)?\s*replaced (?:by|with)\b"
)
PLACE_VALUE = re.compile(r"\b(?:in|to|at|from|out of)\s+(?:the\s+)?([A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*)")
#: Words that are never a subject: the attributes' and the cues' own words, filler verbs, times of day.
NOT_SUBJECT = frozenset(
    """
    own owns owner owners owned owning lead leads led charge responsible based live lives living located
    location move moved moving moves relocated office use uses used using chose chosen pick picked decide
    decided decision went going switch switched switching migrate migrated migrating migration replace
    replaced replacing drop dropped dropping adopt adopted status time times schedule scheduled day days
    now no longer anymore any more change changed changes new instead today tomorrow yesterday next
    starting start started from since happen happens happened every week weeks month months year years
    morning mornings afternoon afternoons evening evenings night nights summer winter spring autumn fall
    slipped pushed postponed
    daily weekly fortnightly monthly quarterly yearly annually
    rescheduled delayed plan plans planned planning update updated updates never always usually still
    take takes took taking over
    manage manages managed managing handle handles handled handling look looks looked after coordinate
    coordinates coordinated coordinating begin begins began beginning end ends ended finish finishes
    finished open opens close closes until till kick kicks still bit little went back stopped quit
    handed will be been being is are was were am pm at on in to of the a an for with and or but not
    it its it's we i you they he she our my your their his her us them this that these those there here
    via per vs also just only back out off up
    """.split()
)
