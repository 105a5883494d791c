"""Pairs whose later line changes nothing of the older: it tells the same value again, or a change that is
another's. Read by :func:`~mdrecall.knowledge.changes.pair_vetoes.kept_pairs` on the rules' pairs. Pure.

A memory kept by an agent restates what it knows: a page's line and a log's say the same place, a later
line mentions a person where they live, a person's page and a log both tell that someone is leaving. None of
these supersedes the older line.

* **Another's departure** (:func:`others_departure`): a later line telling that a named person leaves a
  job or a home ("Dr Huang is leaving Clintonville Exotics") ends what that person held there, not an older
  line naming the place but not the person ("Dr Oyelaran: new vet at Clintonville Exotics"), unless both
  lines hold a count or an amount ("4 part-time setters" … "down to 3 setters since Jude left").
* **A place named again** (:func:`place_named_again`): an older line stating where a thing is ("lives in
  Dayton", "kept in the shed") is not superseded by a later line naming that very place without leaving it
  ("came up from Dayton for the weekend"; "the mower is back in the shed"), unless the later line states a
  place of its own that differs.
* **A town named again** (:func:`town_named_again`): two lines naming one town or country of the
  gazetteer (:func:`~mdrecall.knowledge.lexicon.name_lists.places`), the later naming no other, leaving
  none, telling no change in words and holding no time, count or amount ("Hector: Renee's brother,
  Dayton" … "grilled at Hector's in Dayton"), tell one place.
* **One departure told twice** (:func:`departure_again`): a later line telling a person's departure
  ("Dr Huang's last day is Friday") does not supersede an older line that tells that person leaving
  already ("Dr Huang is leaving Clintonville Exotics at the end of May").
* **A place put again** (:func:`in_place_again`): two lines putting a thing in or at one place ("now
  there's one in our basement" … "the machine is in the basement now"), holding no time, count or amount,
  the later naming no other place in or at which it is and leaving none, state one place.
* **Only a marker's word shared** (:func:`only_stop_stems`): two lines whose subjects share only stems
  that are stop words ("Noted" stems to "not") and no value share no subject; a value the later line
  leaves is no evidence of one either ("Noted: the Vault quote came in at $2,800" … "Noted: deposit on
  Heritage Hall instead. The Vault is off").
* **One instance, then a rule for every one** (:func:`one_then_every`): a later line changing every thing
  of a kind ("switched every reminder to email", "all invoices go out as PDF now") changes the standing way
  of them, not an older line telling of one of them ("set a reminder to renew the passport"): that one
  was done.
* **A rule for every one, then one** (:func:`every_then_one`): an older line giving a thing's rule for every
  time ("check-up every six months") is not superseded by a later line telling how one of them went ("the
  check-up was at the new clinic"), unless the later line moves the thing itself or gives a rule of its own.
* **Another thing moved** (:func:`other_thing_moved`): a later line moving a thing it names ("has moved
  Theo's pottery lessons") leaves standing an older line naming neither that thing nor a name the later line
  holds ("Members' preview: Friday 6 June at the Glasshouse Room").
"""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.fact_words import NOT_SUBJECT
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.leave_grammar import departure, left_values
from mdrecall.knowledge.fact_lines.value_kinds import value_slots
from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, TITLES
from mdrecall.knowledge.lexicon.name_lists import places
from mdrecall.knowledge.lexicon.noun_words import person_noun
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "departure_again",
    "in_place_again",
    "only_stop_stems",
    "others_departure",
    "one_then_every",
    "every_then_one",
    "other_thing_moved",
    "place_named_again",
    "town_named_again",
    "restated",
]

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _stems(text: str) -> set[str]:
    return {stem(w.split("'")[0].split("’")[0]) for w in _WORD.findall(text.lower())}


def others_departure(old: Fact, new: Fact) -> bool:
    """Does ``new`` tell a named person's departure, and ``old`` (its words and its page's) name them not?"""
    if not new.cue:
        return False
    who = _who(departure(new.words))
    if not who or who & (_stems(old.words) | set(old.context.split())):
        return False
    # a count or an amount on both lines: the later one may change it ("down to 3 setters since Jude left")
    return not _measured(old) & _measured(new)


def _measured(f: Fact) -> set[str]:
    """The kinds of count, amount and quantity on a line (``n``, ``m``, ``q``)."""
    return {v[0] for v in value_slots(f) if v[:2] in ("n:", "m:", "q:")}


def place_named_again(old: Fact, new: Fact) -> bool:
    """Does ``new`` name ``old``'s place (a name) again, leaving it not and stating no other place?"""
    if "place" not in old.attrs:
        return False
    value = old.values[old.attrs.index("place")]
    words = value.split()
    if not words or not all(w[:1].isalpha() for w in words):
        return False
    if "place" in new.attrs and new.values[new.attrs.index("place")] != value:
        return False
    low = new.words.lower()
    if not all(re.search(r"\b" + re.escape(w) + r"\b", low) for w in words):
        return False
    if {stem(w) for w in words} & left_values(low):
        return False
    # a name: written with a capital on the older line
    return all(_capital(w, old.words) for w in words)


#: A capitalised word, perhaps followed by one more: a place's name as a line writes it.
_CAPITALS = re.compile(r"\b[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?")


def _towns(words: str) -> set[str]:
    """The gazetteer's places a line names (one or two capitalised words)."""
    known = places()
    out: set[str] = set()
    for m in _CAPITALS.finditer(words):
        name = m.group(0).replace("’s", "").replace("'s", "")
        if name in known:
            out.add(name)
        elif " " in name and name.split(" ", 1)[0] in known:
            out.add(name.split(" ", 1)[0])
        elif " " in name and name.split(" ", 1)[1] in known:
            out.add(name.split(" ", 1)[1])
    return out


def town_named_again(old: Fact, new: Fact) -> bool:
    """Do ``old`` and ``new`` name one place of the gazetteer, ``new`` telling no change in words, naming no
    other place, and neither holding a time, a count or an amount?"""
    if signal(new.words) is not None:
        return False  # "Omar inherits the Bush Estate field trials": a holder changed at one place
    here = _towns(new.words)
    if not here or not here <= _towns(old.words):
        return False
    if any(v[:2] in ("t:", "n:", "m:", "q:") for v in value_slots(old) | value_slots(new)):
        return False
    return not left_values(new.words.lower())


def _capital(word: str, text: str) -> bool:
    m = re.search(r"\b" + re.escape(word) + r"\b", text, re.I)
    return m is not None and m.group(0)[:1].isupper()


def only_stop_stems(old: Fact, new: Fact) -> bool:
    """Do ``old`` and ``new`` share subject stems, all of them stop words ("not" from "Noted"), and no
    value, besides a value ``new`` leaves (the value left is what the pair is about, not its evidence of
    one subject)?"""
    gone = left_values(new.words.lower())
    shared = (set(old.subject.split()) & set(new.subject.split())) - gone
    if not shared or not shared <= STOP_WORDS:
        return False
    return not {v for v in value_slots(old) & value_slots(new) if stem(v.partition(":")[2]) not in gone}


def _who(gone: tuple[str, str] | None) -> set[str]:
    """The words naming who departs (no title), as stems."""
    if gone is None or not gone[1]:
        return set()
    titles = {t.lower().rstrip(".") for t in HONORIFICS | TITLES}
    return {stem(w) for w in gone[1].lower().split() if w.rstrip(".") not in titles}


def departure_again(old: Fact, new: Fact) -> bool:
    """Does ``new`` tell a person's departure that ``old``, naming them, tells already?"""
    who = _who(departure(new.words)) if new.cue else set()
    if not who or not who <= _stems(old.words):
        return False
    if departure(old.words) is not None:
        return True
    return bool(left_values(old.words.lower()))  # "Dr Huang: … Leaving the clinic at the end of May"


#: "in" or "at", an article or a possessive, then a word: where a line puts a thing.
_IN_AT = re.compile(r"\b(?:in|at)\s+(?:(?:the|a|an|our|my|his|her|their|your)\s+)?([a-z][a-z'’-]+)\b")


def _places(words: str) -> set[str]:
    return {stem(m.group(1)) for m in _IN_AT.finditer(words.lower()) if m.group(1) not in STOP_WORDS}


def in_place_again(old: Fact, new: Fact) -> bool:
    """Do ``old`` and ``new`` put a thing in or at one place, ``new`` naming no other and leaving none, and
    neither hold a time, a count or an amount?"""
    there, here = _places(old.words), _places(new.words)
    if not there or not here or not here <= there:
        return False
    if any(v[:2] in ("t:", "n:", "m:", "q:") for v in value_slots(old) | value_slots(new)):
        return False
    return not left_values(new.words.lower())


#: "every" or "all", perhaps a determiner, then a noun: a rule over every thing of a kind.
_EVERY = re.compile(r"\b(?:every|all|each)\s+(?:(?:the|my|our|her|his|their|your)\s+)?([a-z][a-z'’-]+)")
#: "a", "an" or "one", perhaps one word, then a noun: one thing of a kind.
_ONE = re.compile(r"\b(?:a|an|one)\s+([a-z][a-z'’-]*)(?:\s+([a-z][a-z'’-]+))?")


def one_then_every(old: Fact, new: Fact) -> bool:
    """Does ``new`` change every thing of a kind ("every reminder") that ``old`` names only as one ("a
    reminder")?"""
    # (not a unit of time: "£200 a week" … "extra every week" is a rate)
    kinds = {stem(w) for m in _EVERY.finditer(new.words.lower()) if (w := m.group(1)) not in NOT_SUBJECT}
    kinds -= STOP_WORDS
    if not kinds:
        return False
    low = old.words.lower()
    one = {stem(w) for m in _ONE.finditer(low) for w in m.groups() if w}
    named = _stems(old.words)
    return any(k in one and k in named and not re.search(r"\b(?:every|all|each)\b", low) for k in kinds)


#: A noun, then "every": the thing a rule is for ("recheck every three months").
_RULE_FOR = re.compile(r"\b([a-z][a-z'’-]{2,})\s+every\b")
#: A later line's wording of a rule or of the thing itself changed, not of one time of it.
_STANDING = re.compile(
    r"\b(?:every|each|all|always|usually|from now on|going forward|now on|anymore|any more|no longer)\b"
)
#: A verb of the thing itself moved or changed, after "was"/"were".
_MOVED = (
    r"(?:moved|changed|shifted|switched|pushed|brought|put|made|cut|increased|reduced|extended|set"
    r"|cancell?ed)"
)


def every_then_one(old: Fact, new: Fact) -> bool:
    """Does ``old`` give the rule for every time of a thing ("recheck every three months") and ``new`` only
    tell how one time of it went ("the recheck was at Broomfield"), neither moving it nor giving a rule?"""
    low = new.words.lower()
    if _STANDING.search(low):
        return False
    for m in _RULE_FOR.finditer(old.words.lower()):
        thing = m.group(1)
        if thing in STOP_WORDS or thing in NOT_SUBJECT:
            continue
        if re.search(rf"\b{re.escape(thing)}\s+(?:was|were)\b(?!\s+{_MOVED}\b)", low):
            return True
    return False


#: A verb moving a thing, then the thing: a determiner or an owner, then one or two words.
_MOVES_THING = re.compile(
    r"\b(?:moved|rescheduled|reschedules|shifted)\s+(?:the|our|my|his|her|their|its|"
    r"[a-z][a-z-]*'s|[a-z][a-z-]*’s)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?"
)


def other_thing_moved(old: Fact, new: Fact) -> bool:
    """Does ``new`` move a thing it names ("has moved Orla's classes") that ``old`` does not name ("Academy
    show: Sunday 13 December at the Crucible Studio")?"""
    m = _MOVES_THING.search(new.words.lower())
    if m is None:
        return False
    said = [w for w in m.groups() if w and w not in STOP_WORDS]
    if any(_being(w) for w in said):
        return False  # a person or an animal moved is a place changed ("moved the children to St Anne's")
    thing = {stem(w) for w in said} - {stem(w) for w in NOT_SUBJECT}
    if not thing or not thing.isdisjoint(_stems(old.words)):
        return False
    # (a name both lines hold is the thing under another word: "Swimming: Thursdays at Brunswick Baths" …
    # "Brunswick Baths moved Ivy's squad to Saturdays")
    return _names(old.words).isdisjoint(_names(new.words))


def _being(word: str) -> bool:
    """Is ``word``, or its singular, a noun of a person or an animal (WordNet's, ``person_noun``)?"""
    forms = {word, word[:-1] if word.endswith("s") else word, word[:-3] if word.endswith("ren") else word}
    return any(person_noun(f) for f in forms)


def _names(words: str) -> set[str]:
    """The capitalised words of a line past its first, less the days and months."""
    return {w.lower() for w in words.split()[1:] if w[:1].isupper()} - _CALENDAR_WORDS


#: Days and months, capitalised in every line that names them.
_CALENDAR_WORDS = {
    *(d + "day" for d in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")),
    *(d + "days" for d in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")),
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
}  # fmt: skip


def restated(old: Fact, new: Fact) -> bool:
    """Is the pair (``old`` superseded by ``new``) one of :func:`others_departure`,
    :func:`departure_again`, :func:`place_named_again`, :func:`town_named_again`, :func:`in_place_again`,
    :func:`only_stop_stems`, :func:`one_then_every`, :func:`every_then_one` or
    :func:`other_thing_moved`?"""
    return (
        others_departure(old, new)
        or departure_again(old, new)
        or place_named_again(old, new)
        or town_named_again(old, new)
        or in_place_again(old, new)
        or only_stop_stems(old, new)
        or one_then_every(old, new)
        or every_then_one(old, new)
        or other_thing_moved(old, new)
    )
