"""Fact lines: the attributes a line of a note states, with their values and subject. Pure.

A *fact line* states an attribute of a subject: a **time** ("standup is at 9:30", "deploys happen on
Tuesdays"), an **owner** ("Owner: Fatima", "Bo owns billing"), a **place** ("based in Manchester"),
a **choice** ("we use MySQL", "PostgreSQL 16 chosen over CockroachDB") or a **status** ("Status:
evaluation", "Halden now want a retainer"). :func:`line_facts` reads, per line, the attributes it states,
their values (weekdays and clock times, names, places, the things chosen, not those left: "from Xero to
FreeAgent"), its *subject* (the remaining content words of the label and of the clauses stating an
attribute, not of an aside after a comma; for a page about one thing, the page's title) and whether it
says the thing changed (a *change cue*: "is now", "no longer", "moved to", "dropped X for Y", "from
today", "slipped to", a decision). Verbs of use state a choice ("we use", "invoice through", "host on",
"pay with", "via").

Which of them a later line supersedes is :mod:`mdrecall.knowledge.fact_pairs`'s to say.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from mdrecall.stores.views import FactRow, Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "ADDITION",
    "ATTRIBUTES",
    "CHANGE",
    "CHANGE_WEAK",
    "MAX_FACT_CHARS",
    "SAID",
    "MIN_OVERLAP",
    "WITHDRAW",
    "slots",
    "subject_words",
    "Fact",
    "Supersession",
    "line_facts",
]

#: The attributes a fact line may state: ``state`` is a condition of the subject ("limping", "back to
#: normal"), ``on`` what it is on or off ("on the diet food", "off call"), ``outcome`` says an event or a
#: thing came to an end state ("went fine", "broke down", "was cancelled"): it supersedes an earlier line
#: about that thing whatever the line states.
ATTRIBUTES = ("time", "owner", "place", "choice", "status", "state", "on", "outcome")
#: The attribute of a line that states no attribute read above but may be the older side of a change (any
#: short statement): its value is the line's typed value slots (``t:`` a time, ``n:`` a number, ``c:`` a
#: name), paired only by :func:`mdrecall.knowledge.fact_pairs.supersessions`' change-line pass.
SAID = "said"
#: Shared subject words, as a share of the larger of the two subjects, for two lines to be one fact.
MIN_OVERLAP = 0.4

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "january february march april may june july august september october november december"
    " jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_WEEKDAY = re.compile(r"\b(" + "|".join(_DAYS) + r")s?\b", re.I)
_DIGIT = re.compile(r"\d")
#: Every month name and abbreviation holds one of these (a cheap test before the month patterns).
_MONTH_HINTS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_CLOCK = re.compile(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\b|\b(\d{1,2})[:.](\d{2})\b", re.I)
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")\b", re.I)

#: Label words ("Owner: …") → the attribute the value after the colon states.
_LABELS = {
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
_LABEL = re.compile(r"([A-Za-z][A-Za-z ]{0,19}):\s+")
_OWNER = re.compile(
    r"\bown(?:s|er|ers|ed|ing)?\b|\bled by\b|\bin charge of\b"
    r"|\bresponsible for\b|\btakes? over\b|\btook over\b|\bhanded (?:over|to)\b"
    r"|\bmanag(?:e|es|ed|ing)\b|\bhandl(?:e|es|ed|ing)\b|\blook(?:s|ed|ing)? after\b"
    r"|\bcoordinat(?:e|es|ed|ing)\b",
    re.I,
)
#: A word each match of the expression above holds.
_OWNER_WORDS = (
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
_FULL_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}")
_FIRST_PERSON = re.compile(r"\b(?:I|we|We|me|us)\b")
_POSSESSIVE_OWN = re.compile(r"\b(?:my|our|your|his|her|its|their) own\b", re.I)
_PLACE = re.compile(
    r"\bbased (?:in|at|out of)\b|\blives? in\b|\bliving in\b|\bmov(?:ed|ing|es?) (?:to|from)\b"
    r"|\brelocat\w*|\blocated\b|\bin the \w+ room\b|\broom\b|\boffice in\b",
    re.I,
)
#: A word each match of the expression above holds.
_PLACE_WORDS = ("based", "live", "living", "mov", "relocat", "located", "room", "office in")
_CHOICE = re.compile(
    r"\bus(?:e|es|ed|ing)\b|\bchose\b|\bchosen\b|\bpicked\b|\bdecided (?:on|to)\b|\bwent with\b"
    r"|\bgoing with\b|\b(?:switch(?:ed|ing)?|mov(?:ed|ing))(?:\s+[\w'-]+){0,2}?\s+(?:to|from|off)\b"
    r"|\bmigrat\w*|\breplac\w*|\bdropp(?:ed|ing)\b|\badopt\w*|\bvia\s+(?=(?-i:[A-Z]))"
    r"|\b(?:invoic|bill|pay|paid|host|stor|track|sync|back(?:ed|s)? up|keep|kept)\w*(?:\s+[\w'-]+){0,3}?"
    r"\s+(?:through|via|with|on|in|using)\s+(?=(?-i:[A-Z]))",
    re.I,
)
#: A word each match of the expression above holds.
_CHOICE_WORDS = (
    "use", "using", "chose", "picked", "decided", "went with", "going with", "switch", "migrat", "replac",
    "dropp", "adopt", "mov", "via", "invoic", "bill", "pay", "paid", "host", "stor", "track", "sync", "back",
    "keep", "kept",
)  # fmt: skip
_TIME_WORDS = re.compile(
    r"\b(?:at|on|every|happens?|schedule\w*|plann\w*|due|deadline|slipp\w*|postponed"
    r"|rescheduled|pushed|delayed|moved|moving|start(?:s|ed|ing)?|begin(?:s|ning)?|began|ends?|ended"
    r"|finish(?:es|ed)?|opens?|closes?|until|till|from|kicks? off)\b",
    re.I,
)
#: A day of a month ("1 September", "Sept 1st", "the 18th of March"): the value ``sep1``.
_DAY_MONTH = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + "|".join(_MONTHS) + r")\b"
    r"|\b(" + "|".join(_MONTHS) + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!:)",
    re.I,
)
#: A condition of the subject after a copula ("he's limping a bit", "the server is down", "Gus is on the
#: diet food") or a return to one ("back to normal walks"): the line states a ``state``.
_STATE = re.compile(
    r"\b(?:is|are|was|were|been|be|seems?|looks?|gets?|got|feels?|felt|still|stays?|stayed|went|go|goes"
    r"|came|comes|taken|put)\s+(?:(?:a bit|a little|still|now|much|very|fully|all)\s+)?"
    r"(limping|lame|sick|ill|unwell|injured|hurt|broken|fine|better|worse|healed|fixed|recovered"
    r"|recovering|on hold|(?:on|off)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+|my\s+|our\s+)?[a-z][\w-]*"
    r"(?:\s+(?!(?:and|but|or|for|to|at|on|in|since|until|from|with|now|again|today|this|next)\b)[a-z][\w-]*)?)"
    r"|['’]s\s+(?:(?:a bit|a little|still|now)\s+)?"
    r"(limping|sick|ill|unwell|injured|hurt|broken|fine|better|worse)"
    r"|\bback (?:to|at|on|in) (?:the\s+|his\s+|her\s+|their\s+|its\s+|my\s+|our\s+)?([a-z][\w-]*)",
    re.I,
)
_STATE_WORDS = (
    "limp", "lame", "sick", "ill", "unwell", "injur", "hurt", "broken", "fine", "better", "worse", "heal",
    "fixed", "recover", "on hold", " on ", " off ", "back ",
)  # fmt: skip
#: An event or a thing come to an end state ("the recheck went fine", "the van broke down", "the fair
#: was cancelled", "the sale raised £412"): the line states an ``outcome``.
_OUTCOME = re.compile(
    r"\b(?:went (?:well|fine|ahead|badly|smoothly|great|ok|okay|off well)|took place|broke down|passed away"
    r"|died|shut down|closed down|called off|fell through|raised\s+[£$€]?\d[\d,.]*k?"
    r"|(?:was|were|got|has been|have been|is|are) (?:cancell?ed|scrapped|sold|written off|stolen|closed))\b",
    re.I,
)
#: An outcome that ends a thing for good (else it is an event's outcome: it ends a plan, not a standing
#: fact).
_TERMINAL = re.compile(r"broke|passed|died|shut|closed|called|fell|cancel|scrapped|sold|written|stolen", re.I)
_PRONOUNS = frozenset("he she it they him her them this that which who".split())
_OUTCOME_WORDS = (
    "went", "took place", "broke down", "passed away", "died", "shut down", "closed", "called off",
    "fell through", "raised", "cancel", "scrapped", "sold", "written off", "stolen",
)  # fmt: skip
#: A line taking a value back ("no longer manages", "is off the diet food", "stopped using"): it
#: supersedes an earlier line stating that same value.
#: A line taking a value back ("no longer", "is off", "stopped"): a change even when it repeats the value.
WITHDRAW = re.compile(
    r"\bno longer\b|\bnot\b[^.;]{0,30}\bany ?more\b|\bstopp(?:ed|ing)\b|\bquit\b|\bg[ai]ve(?:n)? up\b"
    r"|\b(?:is|are|was|were|been|came|come|comes|taken|went|go|goes|got|now|stays?)\s+off\b",
    re.I,
)
_STATUS = re.compile(r"\bstatus\b", re.I)
#: A closed, general lexicon of change (no attribute's own words): wording that says a value was replaced,
#: moved, ended, taken over or taken back. A line holding it may supersede an earlier line on its subject.
CHANGE = re.compile(
    r"\b(?:instead|no longer|any ?more|any longer|no more|after all|as of|from now on"
    r"|switch(?:ed|es|ing)?|swapp?(?:ed|ing)?|shift(?:ed|s|ing)? (?:to|from|back|forward)"
    r"|mov(?:ed|es|ing)|relocat\w*|replac\w*"
    r"|chang(?:ed|es|ing)|cancell?(?:ed|ing)|called off|postpon\w*|pushed (?:back|out|to)|slipp(?:ed|ing)"
    r"|delayed|rescheduled|brought forward|t(?:ook|akes?|aking) (?:\w+ )?over"
    r"|hand(?:ed|ing|s)? (?:\w+ )?(?:over|off|on|to)|stepp(?:ed|ing) (?:down|back)"
    r"|left (?:the|his|her|their|our|my|its)|quit|stopp(?:ed|ing)|g[ai]ven? up"
    r"|dropp(?:ed|ing)|ditch(?:ed|ing)"
    r"|bail(?:ed|ing)|revert(?:ed|ing)|bump(?:ed|ing)|(?:down|up|cut|raised|lowered) to|last day"
    r"|(?:is|are|was|were|'s|’s) off|from (?:today|tomorrow|next|this|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october"
    r"|november|december)|starting (?:today|tomorrow|next|from|on|in))\b",
    re.I,
)
#: Weaker wording of change: it says what holds now ("now", "these days"); a line holding only
#: this supersedes an earlier one only where a value of the same kind differs (a time for a time).
CHANGE_WEAK = re.compile(
    r"(?<!\bfor )(?<!\bright )(?<!\bjust )(?<!\buntil )(?<!\bby )"
    r"\b(?:now|these days|nowadays|currently|at the moment)\b",
    re.I,
)
#: A substring of every wording :data:`CHANGE` or :data:`CHANGE_WEAK` reads (lower case): a cheap test
#: first, as most lines hold none.
_CHANGE_HINTS = (
    "instead", "longer", "more", "after all", "as of", "now", "switch", "swap", "shift", "mov", "relocat",
    "replac", "chang", "cancel", "called off", "postpon", "pushed", "slipp", "delayed", "reschedul",
    "brought", "took", "take", "taking", "hand", "stepp", "left", "quit", "stopp", "ve up", "en up",
    "dropp", "ditch", "bail", "revert", "bump", " to", "off", "from ", "starting", "last day", "these days",
    "currently", "at the moment",
)  # fmt: skip
#: Wording that adds to a fact rather than changes it ("too", "also", "as well", "still").
ADDITION = re.compile(r"\b(?:too|as well)\s*[.!]?$|\b(?:also|still|additionally|in addition)\b", re.I)
#: Wording that says a thing changed.
_CUE = re.compile(
    r"\b(?:(?:is|are|was|were|it's|now) now|now (?:at|on|in|is|are|owns?|uses?|using|based|lives?)"
    r"|no longer|not \w+ any ?more|any ?more\b|changed?|moved|moving|switch(?:ed|ing)?|migrat\w*"
    r"|replac\w*|dropp(?:ed|ing)|instead|from (?:today|now|tomorrow|next|this)\b|from now on|starting"
    r"|slipped|pushed (?:back|out|to)|postponed|rescheduled|delayed|brought forward|took over|takes over"
    r"|taking over|handed (?:over|to)|update[sd]?|new (?:time|owner|day|days|place|office|lead)|never)\b",
    re.I,
)
#: A choice verb that follows the thing chosen ("PostgreSQL chosen").
_CHOSEN = re.compile(r"chosen|picked|adopted|selected|decided on")
_DECISION = re.compile(r"\b(?:chose|chosen|picked|decided|decision|went with|going with)\b", re.I)
_ISO = re.compile(r"(\d{4}-\d{2}-\d{2})")
#: Where a clause ends (a sentence's end, a comma, a dash between spaces), and where a sentence ends: an
#: attribute's value and the fact's subject are read from the clause stating it (a time from its sentence:
#: "on Friday, 3pm"), not from an aside after it ("…, our accountant Dev Shah recommended it").
_CLAUSE_END = re.compile(r"[.;!?](?=\s|$)|,\s|\s[-–—]\s")
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")
#: A state said to be the current one ("Halden now want us on retainer", "no longer on call"); "for now",
#: "right now", "just now" and "until now" say nothing changed.
_NOW_STATE = re.compile(
    r"(?<!\bfor )(?<!\bright )(?<!\bjust )(?<!\buntil )(?<!\bby )\b(?:now|no longer)\b\s*", re.I
)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_WORD = re.compile(r"[A-Za-z][\w'’-]*|\d[\w:.]*")
#: What a choice was made against ("chosen over CockroachDB", "instead of Jenkins").
#: Capitalised words, one space apart (each word starts after a space: no way to split a run two ways, so no
#: backtracking blow-up on a long run of capitals, e.g. gene names in an abstract).
_CAPS = r"([A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*)"
_REJECTED = re.compile(
    rf"\b(?:over|instead of|rather than|no longer (?:use|on|in|with|via))\s+{_CAPS}"
    rf"|\b(?:from|dropp(?:ed|ing)|replac(?:ed|ing)|ditch(?:ed|ing)|swapp(?:ed|ing))\s+(?:the\s+)?{_CAPS}"
    r"\s*(?:to|for|with|in favou?r of|->|→)\b"
    rf"|{_CAPS}\s*(?:is|was|has been|got|gets)?\s*replaced (?:by|with)\b"
)
_PLACE_VALUE = re.compile(r"\b(?:in|to|at|from|out of)\s+(?:the\s+)?([A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*)")
#: Words that are never a subject: the attributes' and the cues' own words, filler verbs, times of day.
_NOT_SUBJECT = frozenset(
    """
    own owns owner owners owned owning lead leads led charge responsible based live lives living located
    location move moved moving moves relocated office use uses used using chose chosen pick picked decide
    decided decision went going switch switched switching migrate migrated migrating migration replace
    replaced replacing drop dropped dropping adopt adopted status time times schedule scheduled day days
    now no longer anymore any more change changed changes new instead today tomorrow yesterday next
    starting start started from happen happens happened every week weeks month months year years
    morning afternoon evening evenings night summer winter spring autumn fall slipped pushed postponed
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


#: One fact line (stored by the index as a view: :class:`~mdrecall.stores.views.FactRow`).
Fact = FactRow


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    w = word.lower().strip("'’-")
    for suffix in ("ings", "ing", "ies", "es", "ed", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return w[:-1] if w.endswith("e") and len(w) > 4 else w  # "invoice", "invoicing": one stem


def _content(words: Iterable[str], drop: set[str]) -> set[str]:
    out = set()
    for w in words:
        low = w.lower().replace("’", "'").split("'")[0]  # "he's" → he, "Biscuit's" → biscuit
        if low in STOP_WORDS or low in _NOT_SUBJECT or low in drop or len(low) < 2 or low[0].isdigit():
            continue
        if low.rstrip("s") in _DAYS or low in _MONTHS:
            continue
        out.add(_stem(low))
    return out


def subject_words(text: str) -> set[str]:
    """The content words of ``text`` that may name a subject (stems; no stop word, cue word, weekday,
    month or number)."""
    return _content(_WORD.findall(text), set())


def _times(text: str) -> set[str]:
    low = text.lower()
    found = {m.group(1).lower() for m in _WEEKDAY.finditer(text)} if "day" in low else set()
    digit = _DIGIT.search(text) is not None  # a clock time and a day of a month need one
    if not digit and not any(m in low for m in _MONTH_HINTS):
        return found
    for m in _CLOCK.finditer(text) if digit else ():
        if m.group(4):
            found.add(f"{int(m.group(4))}:{m.group(5)}")
        else:
            hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "pm" else 0)
            found.add(f"{hour}:{m.group(2) or '00'}")
    days = set()
    for m in _DAY_MONTH.finditer(text) if digit else ():
        month, day = (m.group(2), m.group(1)) if m.group(1) else (m.group(3), m.group(4))
        if month[0].isupper() and 1 <= int(day) <= 31:
            days.add((month.lower()[:3], int(day)))
    found |= {f"{month}{day}" for month, day in days}
    found |= {
        m.group(1).lower()[:3]
        for m in _MONTH.finditer(text)
        if m.group(1)[0].isupper() and not any(m.group(1).lower()[:3] == d[0] for d in days)
    }
    return found


def _names(text: str) -> set[str]:
    """Capitalised words that are not stop words (names, places, products), lowercased."""
    out = set()
    for w in _WORD.findall(text):
        if w.islower() and not any(c.isdigit() for c in w[1:]):
            continue  # no capital and no digit: no name (the test below, quicker, for most words)
        if not (
            w[0].isupper()
            or any(c.isdigit() for c in w[1:])
            or (w[0].islower() and any(c.isupper() for c in w))
        ):
            continue
        low = w.lower()
        if (
            low not in STOP_WORDS
            and low not in _NOT_SUBJECT
            and low not in _LABELS
            and low.rstrip("s") not in _DAYS
            and low not in _MONTHS
        ):
            out.add(low)
    return out


def _chosen(text: str, rejected: set[str]) -> set[str]:
    return {n for n in _names(_ISO.sub(" ", text)) - rejected if not n.isdigit()}


def _may(low: str | None, words: tuple[str, ...]) -> bool:
    """Could an expression needing one of ``words`` match the line (lower-cased ``low``; ``None``: the
    line is not ASCII, so yes)?"""
    return low is None or any(w in low for w in words)


def _clause(text: str, pos: int, ends: re.Pattern[str]) -> tuple[int, int]:
    """The span of the clause of ``text`` (clauses end where ``ends`` matches) holding position ``pos``."""
    start = 0
    for m in ends.finditer(text):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            return start, m.start()
    return start, len(text)


class _Scopes:
    """Where on a line each attribute is stated: the clause holding the word that states it (a label
    before the colon states it for the whole line)."""

    def __init__(self, line: str, head: int) -> None:
        self.line, self.head = line, head
        self.spans: list[tuple[int, int]] = []  # every clause stating an attribute

    def of(
        self, matches: Iterable[re.Match[str]], ends: re.Pattern[str] = _CLAUSE_END
    ) -> list[tuple[int, int]]:
        """The spans of the clauses holding ``matches`` (positions on the line)."""
        parts: list[tuple[int, int]] = []
        for m in matches:
            if m.start() < self.head:  # the label's own word: the whole line after the label
                span = (self.head, len(self.line))
            else:
                a, b = _clause(self.line[self.head :], m.start() - self.head, ends)
                span = (self.head + a, self.head + b)
            if span not in parts:
                parts.append(span)
        return parts

    def whole(self) -> list[tuple[int, int]]:
        """The span of the line after its label."""
        return [(self.head, len(self.line))]

    def read(self, spans: list[tuple[int, int]]) -> str:
        """The text of ``spans``."""
        return " ; ".join(self.line[a:b] for a, b in spans)

    def stated(self, spans: list[tuple[int, int]]) -> None:
        """Record ``spans`` as stating an attribute (their words are the fact's subject)."""
        self.spans += spans

    def text(self) -> str:
        """The label and the clauses stating an attribute (the whole line when none was recorded)."""
        if not self.spans:
            return self.line
        return " ".join([self.line[: self.head], *(self.line[a:b] for a, b in sorted(set(self.spans)))])


def _state_value(m: re.Match[str]) -> str:
    """A condition's value: its words ("limping", "diet food" for "on/off the diet food", "back-normal")."""
    if m.group(3):
        return "back-" + m.group(3).lower()
    words = (m.group(1) or m.group(2)).lower().split()
    if words[0] in ("on", "off") and words[1:] != ["hold"]:
        words = [w for w in words[1:] if w not in ("the", "his", "her", "their", "its", "my", "our")]
        words = [_stem(w) for w in words if w not in STOP_WORDS]
        return " ".join(words)
    return "-".join(words)


def _on_off(m: re.Match[str]) -> bool:
    """Is the condition matched being on or off something ("on the kidney diet"; not "on hold")? Such a
    line changes a fact only with a change cue (being "on the sofa" after "on the diet" is no change)."""
    words = (m.group(1) or "").lower().split()
    return bool(words) and words[0] in ("on", "off") and words[1:] != ["hold"]


def _is_time_value(m: re.Match[str]) -> bool:
    """ "is on Monday", "back at 9", "on the 18th": a time, not a condition."""
    words = m.group().lower().split()
    last = words[-1].strip(".,")
    return last.rstrip("s") in _DAYS or last in _MONTHS or last[:1].isdigit() or last in ("time", "track")


def _status(value: str) -> str:
    return " ".join(re.sub(r"[,()\[\]]", " ", value).lower().split())


def _fact(path: str, number: int, raw: str, day: str | None, context: set[str]) -> Fact | None:
    line = _MARKER.sub("", raw).strip()
    if not line:
        return None
    attrs: dict[str, set[str]] = {}
    drop_too: set[str] = set()  # what a choice was made against: not the subject either
    colon = ":" in line  # a label needs one
    label = _LABEL.match(line) if colon else None
    label_attr = _LABELS.get(label.group(1).strip().lower()) if label else None
    scopes = _Scopes(line, label.end() if label else 0)
    # Each cue expression below is searched only when the line holds one of its words (in ASCII, where
    # the expressions' case-blind matching is the lower-case text's): most lines hold none.
    low = line.lower() if line.isascii() else None
    for m in _LABEL.finditer(line) if colon else ():  # "…. Status: migrating." later on the line
        a = _LABELS.get(m.group(1).strip().lower().split()[-1])
        if a == "status" and m.start() > 0:
            value = _status(re.split(r"[.;,(]", line[m.end() :], maxsplit=1)[0])
            if value:
                attrs["status"] = {value}
                scopes.stated(scopes.of([m]))
    if label_attr == "status":
        spans = scopes.whole()
        value = _status(re.split(r"[.;(]", scopes.read(spans), maxsplit=1)[0])  # "Status: on hold, waiting"
        if value:
            attrs["status"] = {value}
            scopes.stated(spans)
    spans = []
    if label_attr == "owner":
        spans = scopes.whole()
    elif label_attr is None and _may(low, _OWNER_WORDS):
        unpossessed = _POSSESSIVE_OWN.sub(lambda m: " " * len(m.group()), line)  # positions kept
        spans = scopes.of(_OWNER.finditer(unpossessed))
    roster = label is not None and label_attr is None and _FULL_NAME.fullmatch(label.group(1).strip())
    if spans:
        names = _names(_ISO.sub(" ", scopes.read(spans)))
        if not names and label_attr is None and _FIRST_PERSON.search(scopes.read(spans)):
            names = {"me"}
        if names:
            attrs["owner"] = names
            scopes.stated(spans)
    elif roster and label is not None:  # "Tom Becker: treasurer, drives the van": what Tom does
        attrs["owner"] = {w.lower() for w in label.group(1).split()}
        scopes.stated(scopes.whole())
    spans = (
        scopes.whole()
        if label_attr == "place"
        else scopes.of(_PLACE.finditer(line))
        if _may(low, _PLACE_WORDS)
        else []
    )
    if spans:
        where = {w.lower() for m in _PLACE_VALUE.finditer(scopes.read(spans)) for w in m.group(1).split()}
        where = {w for w in where - STOP_WORDS if w not in _MONTHS and w.rstrip("s") not in _DAYS}
        if where:
            attrs["place"] = where
            scopes.stated(spans)
    matches = [] if label_attr == "choice" or not _may(low, _CHOICE_WORDS) else list(_CHOICE.finditer(line))
    spans = scopes.whole() if label_attr == "choice" else scopes.of(matches)
    if spans:
        scope = scopes.read(spans)
        rejected = {w.lower() for m in _REJECTED.finditer(scope) for g in m.groups() if g for w in g.split()}
        # the thing chosen is named after the verb ("we use MySQL", "invoices go out via Xero"), not the
        # clause's opening word ("Contractors are paid with Wise"), save for "PostgreSQL chosen"
        after = [line[m.end() : b] for m in matches for a, b in spans if a <= m.start() < b]
        chosen = _chosen(" ; ".join(after), rejected) if matches else _chosen(scope, rejected)
        if not chosen and any(_CHOSEN.fullmatch(m.group().lower()) for m in matches):
            chosen = _chosen(scope, rejected)
        chosen -= attrs.get("owner", set())
        if chosen:
            attrs["choice"] = chosen
            drop_too = rejected
            scopes.stated(spans)
    spans = scopes.whole() if label_attr == "time" else scopes.of(_TIME_WORDS.finditer(line), _SENTENCE_END)
    if spans:
        times = _times(scopes.read(spans))
        if times:
            attrs["time"] = times
            scopes.stated(spans)
    if _may(low, _STATE_WORDS):
        found = [m for m in _STATE.finditer(line) if not _is_time_value(m)]
        for attr, ms in (
            ("state", [m for m in found if not _on_off(m)]),
            ("on", [m for m in found if _on_off(m)]),
        ):
            states = {_state_value(m) for m in ms} - {""}
            if states:
                attrs[attr] = states
                # whose condition: the clause's, or the sentence's when the clause names only a pronoun
                # ("walked Biscuit, he's limping": Biscuit's)
                for m in ms:
                    span = scopes.of([m])
                    begin = span[0][0]
                    if not _content(_WORD.findall(line[begin : m.start()]), set()) - _PRONOUNS:
                        span = scopes.of([m], _SENTENCE_END)
                    scopes.stated(span)
    if _may(low, _OUTCOME_WORDS):
        found = list(_OUTCOME.finditer(line))
        if found:
            spans = scopes.of(found)
            m, begin = found[0], spans[0][0]
            end = "=end" if _TERMINAL.search(m.group()) else "=done"
            # what came to that state: the words before it in its clause ("the van", "Biscuit's recheck")
            thing = _content(_WORD.findall(line[max(begin, scopes.head) : m.start()]), set())
            attrs["outcome"] = {end, *(w for w in thing if w not in _PRONOUNS)}
            scopes.stated(spans)
    now = False  # a state said to be the current one
    stated = "status" in attrs or not {"owner", "place", "choice"}.isdisjoint(attrs)
    if not stated and _may(low, ("now", "no longer")):
        for m in _NOW_STATE.finditer(line):  # "Halden now want us on retainer"
            rest = line[m.end() :]
            state = {w.lower() for w in _WORD.findall(rest[: _clause(rest, 0, _CLAUSE_END)[1]])}
            state = {w for w in state - STOP_WORDS if not w[0].isdigit()}
            if state:
                attrs["status"] = state
                scopes.stated(scopes.of([m]))
                now = True
                break
    if not attrs:
        return _said(path, number, line, day, context)
    words = _WORD.findall(line)
    # a value's words, and the parts of a state's ("back-normal"), are not its subject; neither are a thing
    # that came to an end ("the van": the subject), nor a roster line's person (what the line is about)
    drop = {w for a in attrs if a != "outcome" for v in attrs[a] for w in v.split()} | drop_too
    drop |= {w for v in attrs.get("state", ()) for w in v.split("-")}
    if roster:
        drop -= attrs["owner"]
    subject = _content(_WORD.findall(scopes.text()), drop)
    cue = (
        now
        or "state" in attrs
        or bool(WITHDRAW.search(line))
        or "outcome" in attrs
        or bool(_CUE.search(line))
        or ("choice" in attrs and bool(_DECISION.search(line)))
    )
    order = [a for a in ATTRIBUTES if a in attrs]
    return Fact(
        path,
        number,
        _own_day(line, day),
        tuple(order),
        tuple(" ".join(sorted(attrs[a])) for a in order),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(w.lower() for w in words),
    )


def _own_day(line: str, day: str | None) -> str | None:
    """The day a line was written: a date at its start ("Update 2026-11-20: …"), else ``day``."""
    own = _ISO.match(line) or re.match(r"(?:update|updated|edit|edited)\s+(\d{4}-\d{2}-\d{2})", line, re.I)
    return own.group(1) if own else day


_NUMBER = re.compile(r"(?<![\w:.#/-])[£$€]?(\d[\d,]*(?:\.\d+)?)(?![\d:])")
#: What every value :func:`slots` reads needs: a digit, a capital past a line's first letter, a weekday.
_MAY_HOLD_VALUE = re.compile(r"\d|(?<=.)[A-Z]|(?i:" + _WEEKDAY.pattern + ")", re.S)
#: A line longer than this states no :data:`SAID` fact (a paste or a paragraph, not one statement).
MAX_SAID_CHARS = 240


def slots(line: str) -> set[str]:
    """A line's typed value slots: times (``t:``), numbers and amounts (``n:``), names (``c:``; a
    capitalised word not opening a sentence)."""
    out = {"t:" + t for t in _times(line)}
    if _DIGIT.search(line) is not None:
        out |= {"n:" + n for n in _NUMBER.findall(line)}
    for sentence in re.split(r"(?:[.;!?]|\s[-–—])\s+", line):
        names = {n.replace("’", "'").split("'")[0] for n in _names(" ".join(sentence.split()[1:]))}
        out |= {"c:" + n for n in names if len(n) > 1 and not n[0].isdigit() and n not in STOP_WORDS}
    return out


def _said(path: str, number: int, line: str, day: str | None, context: set[str]) -> Fact | None:
    """A line stating no attribute read by :func:`_fact`, as a :data:`SAID` fact: a short statement with
    at least two subject words that says a thing changed or holds a value (a time, a number, a name)."""
    if len(line) > MAX_SAID_CHARS:
        return None
    low = line.lower()
    cue = any(h in low for h in _CHANGE_HINTS) and bool(CHANGE.search(line) or CHANGE_WEAK.search(line))
    if not cue and day is not None:
        return None  # a dated line (a log's) that says nothing changed: an event, not a standing fact
    if not cue and _MAY_HOLD_VALUE.search(line) is None:
        return None  # no digit, no capital after the first letter, no weekday: no value (most lines)
    values = slots(line)
    if not cue and not values:
        return None  # no value to change, and no change: no fact
    words = _WORD.findall(line)
    subject = _content(words, set())
    if len(subject) < 2:
        return None
    return Fact(
        path,
        number,
        _own_day(line, day),
        (SAID,),
        (" ".join(sorted(values)),),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(w.lower() for w in words),
    )


#: A fact is read from a line's first characters: a longer line is a paste, not a statement, and some
#: wordings cost the reader time in the square of the length it reads.
MAX_FACT_CHARS = 1_000


def line_facts(path: str, text: str, file_date: str | None) -> list[Fact]:
    """The fact lines of one file (1-based line numbers), each with the day it was written."""
    out: list[Fact] = []
    day = file_date
    context: set[str] = set()
    fence = False
    section = 0  # the non-date headings seen: a label restated in the same section updates it
    labels: dict[str, tuple[int, str]] = {}  # attribute → (section, value) of the section's label lines
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence or not stripped:
            continue
        heading = _HEADING.match(stripped)
        if heading:
            title = heading.group(2).strip()
            iso = _ISO.match(title)
            if iso:
                day = iso.group(1)
            else:
                section += 1
                if len(heading.group(1)) == 1 and file_date is None and not context:
                    context = _content(_WORD.findall(title), set())
            continue
        found = _fact(path, number, raw[:MAX_FACT_CHARS], day, context)
        if found is None:
            continue
        if not found.subject:  # a label line ("Status: migrating"): restating one above it is a change
            for attr, value in zip(found.attrs, found.values, strict=True):
                was = labels.get(attr)
                if was is not None and was[0] == section and was[1] != value and value:
                    found = found._replace(cue=True)
                labels[attr] = (section, value)
        out.append(found)
    return out
