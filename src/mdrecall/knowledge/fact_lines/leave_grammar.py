"""The values a line says it leaves: a small grammar over a line's lower-case words, read by the
value-left pairing (:mod:`mdrecall.knowledge.changes.value_left`) and the change lines' pass
(:mod:`mdrecall.knowledge.changes.change_pairs`). Pure.

The words after a verb of leaving (:data:`LEAVE`: from … to, dropping, ditching, leaving, left, replacing,
swapping, instead of, moved out of, no longer, quitting, giving up, not, stop taking/using/the; not "left"
before a side: "left ear"), or before "replaced by/with", up to the next function word (at most
:data:`MAX_VALUE_WORDS`; one after "not", "quit" or "give up"). "from" counts only before a "to" on a line
that signals a change (:func:`~mdrecall.knowledge.fact_lines.change_signal.signal`): "open from 9 to 5" is a
span, and "took over the inventory from Ruth" names who had it, not the value of a line naming Ruth. "chosen
over" and "rather than" name an option never held, not a value left. The words before "no longer" or "stepped
down" name a holder ending a role ("Fiona stepped down"), the words before "is off" or "is switched off" a
thing dropped, and so do the words between a verb of removal and its particle ("pulled Mapbox out of the app",
"phased Jira out"): a value left too. Those before "can't … any more" are read apart
(:func:`cannot_values`).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections import Counter

from mdrecall.knowledge.fact_lines.change_signal import signal, unreal_before
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.left_objects import dropped_off, time_after_from, time_of_leaving
from mdrecall.knowledge.lexicon.mention_patterns import TITLES
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "DEPARTS",
    "CANNOT",
    "ENDS_ROLE",
    "LEAVE",
    "MAX_VALUE_WORDS",
    "ROLE_LINE",
    "cannot_values",
    "closed_for_good",
    "closed_values",
    "departure",
    "ended_values",
    "forgone_values",
    "left_values",
    "may_depart",
]

#: Words that "left" qualifies as a side, not a verb of leaving ("an infection in the left ear", "left lane").
_SIDED = (
    "ear|ears|eye|eyes|arm|arms|hand|hands|leg|legs|foot|feet|knee|knees|hip|shoulder|elbow|wrist|ankle"
    "|toe|toes|finger|fingers|thumb|heel|calf|shin|thigh|hamstring|quad|glute|lung|kidney|cheek|nostril"
    "|paw|paws|side|wing|lane|turn|click|column|panel|margin|bank|wheel|tyre|tire|door|mirror|pocket"
    "|corner|flank|half|hand-side"
)
#: Between "left" and the part it sides with: an ordinal, a size or a position ("left 4th toe", "left
#: big toe", "left front tyre").
_SIDE_BEFORE = (
    r"(?:(?:\d+(?:st|nd|rd|th)|big|little|small|middle|index|ring|upper|lower|inner|outer|front|rear) )?"
)
#: Words after which a line names the value it leaves (lower case, on a line's words).
LEAVE = re.compile(
    r"\b(?:from|dropp(?:ed|ing)|ditch(?:ed|ing)|leav(?:e|es|ing)"
    rf"|left(?! {_SIDE_BEFORE}(?:{_SIDED})\b)"
    r"|replac(?:e|es|ed|ing)"
    r"|swapp(?:ed|ing)|instead of|mov(?:ed|es|ing) out of"
    # the writer's own withdrawal ("we're backing out of Vespa"; not "the sponsor backed out of the gala")
    r"|(?:we|i)(?:['’ ](?:re|m|ve)| are| am| have| had)? back(?:ed|ing)? out of"
    r"|(?:mov(?:e|es|ed|ing)|gets?|getting|got|com(?:e|es|ing)|came) (?:off|out of)"
    # (a thing's state of service, no value left: "out of service", "out of order", "out of use")
    r"|(?:is|are|was|were|'re|’re) out of"
    r"(?! (?:office|town|hours|time|stock|action|the office|service|order|use|commission)\b)"
    r"|no longer(?: on| use| uses| using| with| via| in| at)?|quit(?:s|ting)?|g(?:ive|ives|iving|ave|iven) up"
    # a thing no longer taken or used: "can stop the Metacam", "stopped using Trello" (not "stopped Bo")
    r"|stop(?:s|ped|ping)? (?:taking|using|giving|the)"
    # a value given up, told as an imperative ("forget sub-4, just finish", "forget the Airbnb, we stay at
    # Mum's"); not "don't forget the keys" (denied), nor "forgot" (a thing left behind)
    r"|forget(?: about)?"
    r"|not)\s+(?:(?:the|our|my|their|his|her|its|a|an)\s+)?"
)
#: The wordings of :data:`LEAVE` that are a verb's act, which a negation or a modal before may deny
#: (:func:`~mdrecall.knowledge.fact_lines.change_signal.unreal_before`).
_ACTS = ("dropp", "ditch", "leav", "left", "replac", "swapp", "mov", "quit", "giv", "gav", "stop", "forget")
#: "from X to Y": the value left lies between (at most three words: "from Read the Docs to GitHub Pages").
FROM_TO = re.compile(r"^(?:\S+\s+){1,3}?to\b")
#: Before "replaced by/with": the words before name the value left ("Jenkins replaced by Drone").
REPLACED_BY = re.compile(r"((?:\S+\s+){1,3})(?:(?:is|was|has been|got|gets|being)\s+)?replaced (?:by|with)\b")
#: Before "is off" / "is out" / "is switched off" (a value dropped: "Wwise is off, we stay on FMOD";
#: "Gippsland Greens is out"; "the old NAS is shut down"):
#: the words before name the value left (read backwards up to a function word); not "is off to Lisbon",
#: "is off sick", "is out of town", "is out today" (someone away, nothing dropped).
IS_OFF = re.compile(
    r"((?:\S+ ){1,2})(?:is|are) (?:(?:being |now )?"
    r"(?:(?:switched|turned|phased) (?:off|out)|shut (?:off|down))|off|out|gone)\b"
    r"(?! (?:of|to|on|for|at|in|with|from|until|till|sick|ill|work|today|tomorrow|tonight|this|next"
    # (days off: "the kids are off Fridays", "she's off Monday")
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?)\b)"
)
#: Before a business's end for good ("Ferro & Sons shut for good", "the Deli Cart closed permanently",
#: "Bloom Studio went bust", "Oakhill Farm shop went out of business", "ceased trading", "closed its
#: doors"): the words before name the value left, and its whole role ended (:func:`ended_values`). Not a
#: shutting of something else ("shut the gate for good": the words after the verb are no particle).
CLOSED_FOR_GOOD = re.compile(
    r"((?:\S+ ){1,2})(?:(?:has|have|had|is|are|was|were) )?"
    r"(?:(?:shut|closed)(?: down)? (?:for good|permanently)|(?:shut|closed) (?:its|their) doors"
    r"|(?:went|gone|goes) (?:bust|under|out of business)|(?:has |have )?ceased trading)\b"
)
_SHUT_HINTS = (" for good", "permanently", " doors", " bust", " under", "of business", "ceased trading")
#: A verb of removal whose object stands before its particle ("pulled Mapbox out of the app", "ripped the
#: old boiler out", "phased Jira out"): the words between name the value left. "pull"/"take" only with
#: "out of" ("took the kids out for pizza" is an outing, "took Kuba out of the club" is not); no pronoun.
TAKEN_OUT = re.compile(
    r"\b(?:(?:pull(?:s|ed|ing)?|took|tak(?:e|es|en|ing))\s+(?!(?:it|them|him|her|me|us|you)\b)"
    r"(?:(?:the|our|my|their|his|her|its)\s+)?((?:\S+\s+){1,2}?)out of\b"
    r"|(?:ripp(?:ed|ing)|rips?|phas(?:e|es|ed|ing))\s+(?!(?:it|them|him|her|me|us|you)\b)"
    r"(?:(?:the|our|my|their|his|her|its)\s+)?((?:\S+\s+){1,2}?)out\b)"
)
#: Before "can't … any more" (a holder or a thing that ends its part: "Impart can't give us the dates
#: anymore", "the school won't take him any more"): the words before name who or what can't go on.
CANNOT = re.compile(
    r"((?:\S+ ){1,2})(?:can't|can’t|cannot|can not|won't|won’t|couldn't|couldn’t) (?:\S+ ){1,6}?any ?more\b"
)
#: Before "stays as a fallback" (a value kept only in reserve: "Twilio stays as a fallback", "the old NAS
#: remains as backup"): its main role ended, the words before name the value left.
FALLBACK = re.compile(
    r"((?:\S+ ){1,2})(?:stays?|stayed|remains?|remained|is kept|kept) (?:on )?as (?:a |an |the |our )?"
    r"(?:fallback|backup|back-up|spare)\b"
)
#: Before "before that" / "before then" (a value named as a former one: "Ceres Fair Food since February
#: (Gippsland Greens before that)"): the words before name the value left.
BEFORE_THAT = re.compile(r"((?:\S+ ){1,2})before (?:that|then)\b")
#: An amount named as a former one ("came back at $39k (first quote was $48k)", "rent is 1,350 now, used to be
#: £1,200"): a past copula or "formerly" before an amount (a currency sign or "k"), on a line holding another
#: number; the value left is the amount's number as written (as its number slot: "$48k" → 48, "$2,300" →
#: 2,300). Not "was 3 days ago".
WAS_AMOUNT = re.compile(
    r"\b(?:was|were|used to be|previously|formerly)\s+(?:at\s+)?"
    r"(?:[$£€¥](\d+(?:,\d{3})*)(?:\.\d+)?k?|(\d+)k)\b"
)
_NUMBER = re.compile(r"(?<![\w.,])[$£€¥]?(\d+(?:,\d{3})*)")
#: Before "no longer" / "stepped down" (a holder who ends a role: "Lomond Lettings no longer manage the
#: flat", "Fiona stepped down"): the words before name the value left, the holder.
ENDS_ROLE = re.compile(r"((?:\S+ ){1,2})(?:no longer|stepp(?:ed|ing) down|has stepped down)\b")
#: A word ending as a verb's participle (after "not": a state, not a value).
_VERB_FORM = re.compile(r"..(?:ing|ed)$")
#: A "not" after a verb of being, an auxiliary or "still" (at the end of the words before it): it denies a
#: predicate ("we're not ready", "they still not finish the book", "can not come"), it names no value left
#: as "Zoom, not the Harbour room" does. Not "may": the month's name too ("by the end of May not June").
_NEGATED = re.compile(
    r"(?:['’](?:m|re|s|ll|d)|\b(?:am|is|are|was|were|be|been|do|does|did|will|would|can|could|shall|should"
    r"|might|must|have|has|had|still|just))\s+$"
)
#: At most this many words name the value left.
MAX_VALUE_WORDS = 2
#: How many characters after a wording of leaving are read for the value (a few words: reading the rest of
#: a 1 MB line for each wording on it was quadratic).
_AFTER = 200
#: Words that end a value ("from Travis to GitHub", "dropping MongoDB for DuckDB").
_AUX = frozenset(("is", "was", "has", "have", "been", "got", "gets", "being", "are", "were"))
#: ("one" after a value is the noun it stands for: "instead of the Sunday one", "not the old ones".)
_END = STOP_WORDS | {"now", "today", "tomorrow", "next", "this", "last", "after", "because", "one", "ones"}


#: After "dropping": its object, then "to" and an amount ("dropping the tees to $20", "dropped the fee to 5"):
#: a price or a number lowered, the thing kept.
_TO_AMOUNT = re.compile(r"(?:\S+\s+){1,3}?to\s+(?:[$£€¥]|\d|half\b)")


#: How many words before "instead of" its clause's verb may stand ("wants to try the new booking app instead
#: of", "might go with the Canon instead of").
INSTEAD_REACH = 4


def _unreal_clause(words: str, at: int) -> bool:
    """Is one of the :data:`INSTEAD_REACH` words before ``at`` (where "instead of" stands) under a negation,
    a modal of possibility or a wish (:func:`~mdrecall.knowledge.fact_lines.change_signal.unreal_before`): the
    choice "instead of" contrasts is only wished or imagined ("Tom wants to try FreeAgent instead of renewing
    Wave", "we might rent instead of buying")? A word further back belongs to another clause (the
    line's punctuation is not stored)."""
    start = at
    for _ in range(INSTEAD_REACH):
        start = words.rfind(" ", 0, start - 1) + 1 if start > 1 else 0
        if unreal_before(words, start):
            return True
        if start == 0:
            break
    return False


def left_values(words: str) -> frozenset[str]:
    """The values a line (its lower-case words, space-joined) says it leaves, as stems."""
    first = LEAVE.search(words)  # most lines hold none: one scan in C
    off = " off" in words or " out" in words or " gone" in words or "before th" in words or " shut " in words
    spare = "fallback" in words or "back" in words or "spare" in words
    ends = "no longer" in words or "stepp" in words
    was = any(h in words for h in ("was ", "were ", "used to", "formerly", "previously"))
    if first is None and not off and not ends and not spare and not was and not _closes(words):
        return frozenset()
    changes = None
    out: set[str] = set()
    for m in LEAVE.finditer(words, first.start()) if first is not None else ():
        if m.group().startswith("from"):
            if changes is None:
                changes = signal(words) is not None
            if not changes or not FROM_TO.match(words[m.end() : m.end() + _AFTER]):
                continue  # "from 9 to 5" on a line saying nothing changed; "took over X from Ruth"
        if m.group().startswith(_ACTS) and unreal_before(words, m.start()):
            continue  # a leaving denied or imagined: "won't quit", "don't ever give up", "might drop"
        if m.group().startswith("dropp") and _TO_AMOUNT.match(words, m.end()):
            continue  # "dropping the tees to $20": a price lowered, the thing kept
        if m.group().startswith("instead") and _unreal_clause(words, m.start()):
            continue  # "wants to try FreeAgent instead of renewing Wave": a wish, nothing left yet
        after = words[m.end() : m.end() + _AFTER].split()  # (a bounded slice: linear on a long line)
        if time_of_leaving(m.group(), after) or (m.group().startswith("dropp") and dropped_off(after)):
            continue  # "leaving 22/3 early", "dropped Xin Yi at school": a time, a lift, nothing left
        if m.group().startswith("from") and time_after_from(after):
            continue  # "takes over from March": when the change starts
        if m.group().startswith("not"):
            # one word: "Zoom, not the Harbour room"; "not our MiSeq, Ruth can't …"; a verb's form is a
            # state, no value ("it's not moving at $32", "not working"), and so is what a "not" after
            # a verb of being, an auxiliary or "still" denies, no article after it ("I'm not sure", "still
            # not paid"; not "it's not the Harbour room any more")
            if after and _VERB_FORM.search(after[0]):
                continue
            if m.group().rstrip() == "not" and _NEGATED.search(words, max(0, m.start() - 8), m.start()):
                continue
            out |= _value(after, 1)
            continue
        if m.group().startswith(("quit", "giv", "gav")):  # one word: "quitting football. Bouldering …"
            out |= _value(after, 1)
            continue
        out |= _value(after, MAX_VALUE_WORDS)
    for m in itertools.chain(IS_OFF.finditer(words), BEFORE_THAT.finditer(words)) if off else ():
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    for m in CLOSED_FOR_GOOD.finditer(words) if _closes(words) else ():
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    for m in TAKEN_OUT.finditer(words) if off else ():
        out |= _value((m.group(1) or m.group(2)).split(), MAX_VALUE_WORDS)
    for m in FALLBACK.finditer(words) if spare else ():
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    for m in ENDS_ROLE.finditer(words) if ends else ():  # one word: the holder's last
        out |= _value(list(reversed(m.group(1).split())), 1)
    numbers: list[tuple[int, str]] = []  # the line's numbers (where, which), read once
    count: Counter[str] = Counter()
    for m in WAS_AMOUNT.finditer(words) if was else ():
        amount = m.group(1) or m.group(2)
        if not count:
            numbers = [(n.start(), n.group(1)) for n in _NUMBER.finditer(words)]
            count.update(n for _, n in numbers)
        # another amount stands beside it (a number of another value outside it): the one it was is left
        lo = bisect.bisect_left(numbers, (m.start(), ""))
        hi = bisect.bisect_left(numbers, (m.end(), ""))
        inside = sum(1 for _, n in numbers[lo:hi] if n != amount)
        if len(numbers) - count[amount] - inside > 0:
            out.add(amount)
    for m in REPLACED_BY.finditer(words) if "replaced " in words else ():
        before = list(reversed(m.group(1).split()))
        while before and before[0] in _AUX:
            before.pop(0)
        out |= _value(before, MAX_VALUE_WORDS)
    return frozenset(out)


@functools.lru_cache(maxsize=1 << 12)
def cannot_values(words: str) -> frozenset[str]:
    """The words before "can't … any more" on a line (its lower-case words), as stems: who or what ends its
    part ("impart can't give us the dates anymore"). Weaker than :func:`left_values` (the one who can't may
    be a person ending a task, "bernie can't do wednesdays any more", not a value of the fact changed), so
    they only let the change lines' pass take an older line holding that name as a value past the word
    sets' cosine floor (:func:`~mdrecall.knowledge.changes.change_pairs.leaves_named`)."""
    if "more" not in words or not any(h in words for h in ("n't", "n’t", "cannot", "can not")):
        return frozenset()
    out: set[str] = set()
    for m in CANNOT.finditer(words):
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    return frozenset(out)


#: "not" and a verb's form before a value: the thing no longer done or used ("not doing Flutter after all",
#: "not using Figma any more"); a weaker reading than a verb of leaving (:func:`forgone_values`).
NOT_DOING = re.compile(r"\bnot (?:\w+ing|\w+ed) (?:(?:the|our|my|their|his|her|its|a|an|with|in|on) )?")


def forgone_values(words: str) -> frozenset[str]:
    """The values a line (its lower-case words) says are not done or used ("we're not doing flutter after
    all"): one word after "not" and a verb's form, as stems. Weaker than :func:`left_values` (a verb's
    object need not be a value held), so a line stating one supersedes only a line stating it as the value
    of an attribute (:mod:`mdrecall.knowledge.changes.value_left`)."""
    if "not " not in words:
        return frozenset()
    out: set[str] = set()
    for m in NOT_DOING.finditer(words):
        if _KEEPS.match(m.group()):
            continue  # "not leaving Millbrook after all": a leaving taken back, the value kept
        out |= _value(words[m.end() : m.end() + _AFTER].split(), 1)
    return frozenset(out)


#: "not" before a verb of leaving or changing ("not leaving", "not quitting", "not switching"): the value
#: after it is kept, not forgone.
_KEEPS = re.compile(
    r"not (?:leav|quitt|dropp|ditch|mov|switch|swapp|chang|cancell?|stopp|replac|giv|los)\w*", re.I
)


def ended_values(words: str) -> frozenset[str]:
    """Of :func:`left_values`, those whose whole role ended ("bitrise is gone", "twilio stays as a
    fallback"): no longer the value of any standing fact, whatever it was said of. Not a number."""
    closes = _closes(words)
    if (
        " gone" not in words
        and "fallback" not in words
        and "back" not in words
        and "spare" not in words
        and not closes
    ):
        return frozenset()
    out: set[str] = set()
    gone = (m for m in IS_OFF.finditer(words) if m.group().endswith("gone"))
    closed = CLOSED_FOR_GOOD.finditer(words) if closes else ()
    for m in itertools.chain(gone, FALLBACK.finditer(words), closed):
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    # a number gone is a day passed or a count, no role ended ("the 12/4 date is gone": not every line
    # holding a 12)
    return frozenset(v for v in out if not v[:1].isdigit())


def closed_for_good(words: str) -> frozenset[str]:
    """The values a line (its lower-case words) says closed for good as a business (:data:`CLOSED_FOR_GOOD`),
    as stems: they end the standing facts naming them, not the events a log told of them."""
    if not _closes(words):
        return frozenset()
    out: set[str] = set()
    for m in CLOSED_FOR_GOOD.finditer(words):
        out |= _value(list(reversed(m.group(1).split())), MAX_VALUE_WORDS)
    return frozenset(out)


def _closes(words: str) -> bool:
    """Might a line (its lower-case words) tell a business closed for good (:data:`CLOSED_FOR_GOOD`)?"""
    return any(h in words for h in _SHUT_HINTS)


def _value(words: list[str], most: int) -> set[str]:
    out = set()
    for w in words[:most]:
        w = w.replace("’", "'").split("'")[0]  # "aidan's" → aidan, as a name's slot; "we'll" → we
        w = w.rstrip(".:")  # a number's word keeps a sentence's stop ("not 45k."): the value is "45k"
        if not w or w in _END:
            break
        if w not in _TITLES:  # "mr pike is off": Pike left, not every "Mr"
            out.add(stem(w))
    return out


#: Titles before a surname (lower case): a word of no value left.
_TITLES = frozenset(t.lower() for t in TITLES)


#: A person leaving a job ("Lukas's last day is …", "Linh's last shift was yesterday", "Ben Aziz is leaving
#: at the end of the month", "Asha has resigned") or a home ("Theo's moved", "Mia is moving to Leeds"), on
#: a line's stored words (case kept, no punctuation): the person is one or two capitalised words before it.
#: Not a trip or an errand ("leaving for the airport", "left the keys", "leaving on Friday", "moved the
#: car"), nor a move inside a firm ("moving to the data team"): what follows must be no object, a move's
#: place a name.
DEPARTS = re.compile(
    r"(?:^|(?<=\s))(?P<who>[A-Z][a-z][\w-]*(?: [A-Z][a-z][\w-]*)?)(?:'s|’s)?"
    r"(?: (?P<job>last (?:day|shift)\b|(?:is |has |had )?(?:leaving|left|resigned|quit|retir(?:ed|ing))\b"
    r"(?! (?:for|on|early|late|now|soon|tomorrow|tonight|today|this|a|an|the|his|her|their|my|our|it|them"
    r"|home|work|school)\b))"
    r"| (?P<home>(?:has |have )?moved(?=$| [A-Z]| to [A-Z]| (?:away|out|abroad|house)\b)"
    r"|is moving (?:to [A-Z]|away\b|abroad\b|out\b)|relocated\b))"
)
#: A line opening with a departure and naming nobody ("Left in February to open a wine bar", "Moved to
#: Leeds in 2025") on a page: the page's subject left (a job, or a home for "Moved").
PAGE_DEPARTS = re.compile(
    r"^(?:(?P<job>Left|Resigned|Retired|Quit)|(?P<home>Moved|Relocated))"
    r" (?:in|on|at|to|after|last|this|from|when)\b"
)
#: A substring of every wording :data:`DEPARTS` or :data:`PAGE_DEPARTS` reads: a cheap test first.
_DEPARTS_HINTS = (
    "leaving",
    "left",
    "Left",
    "last day",
    "last shift",
    "oved",
    "moving",
    "esign",
    "quit",
    "Quit",
    "etir",
    "elocat",
)
#: The same hints as single words: a raw line holding none can hold no departure (tested before its words
#: are joined, which costs more than the test on most lines).
_RAW_HINTS = re.compile("|".join([h for h in _DEPARTS_HINTS if " " not in h] + ["last"]))


def may_depart(line: str) -> bool:
    """Could ``line`` (raw text) state a departure? False for most lines, cheaply."""
    return _RAW_HINTS.search(line) is not None


#: A line stating a person's job by a label ("Role: postdoc on the drought project", "Job: …").
ROLE_LINE = re.compile(r"^(?:Role|Job|Position|Title|Works at|Works for|Works as)\b", re.I)


def departure(words: str) -> tuple[str, str] | None:
    """What a line (its stored words, case kept) says a person left, ``("job" | "home", who)``: ``who`` is
    the person's name as written (its possessive dropped), empty for a page's own subject; None for none."""
    if not any(w in words for w in _DEPARTS_HINTS):  # most lines hold none
        return None
    page = PAGE_DEPARTS.match(words)
    if page:
        return ("job" if page.group("job") else "home", "")
    m = DEPARTS.search(words)
    if m is None:
        return None
    return ("job" if m.group("job") else "home", m.group("who"))


#: A value whose account ended ("Square account closed", "cancelled our Xero subscription"): the words
#: before the account word (or after the verb and its article) name the value left.
_ACCOUNT = r"(?:account|subscription|contract|membership)s?"
_ENDED = r"(?:closed|cancell?ed|terminated|ended)"
CLOSED = re.compile(
    rf"((?:\S+ ){{1,2}}){_ACCOUNT} (?:(?:is|was|has been|got|gets) )?{_ENDED}\b"
    rf"|\b{_ENDED} (?:the|our|my|their) ((?:\S+ ){{1,2}}){_ACCOUNT}\b",
    re.I,
)
_CLOSED_HINTS = ("account", "subscription", "contract", "membership")


def closed_values(words: str) -> frozenset[str]:
    """The names a line (its stored words, case kept) says were closed as accounts, as lower-case stems."""
    if not any(h in words for h in _CLOSED_HINTS):  # most lines hold none
        return frozenset()
    out: set[str] = set()
    for m in CLOSED.finditer(words):
        before, after = m.group(1), m.group(2)
        named = list(reversed(before.split())) if before else after.split()
        for w in named:  # read away from the account word: the capitalised words, a name
            if not w[0].isupper() or w.lower() in STOP_WORDS:
                break
            out.add(stem(w.lower()))
    return frozenset(out)
