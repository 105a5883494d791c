"""Which way a date phrase in a note points: forward ("by", "until", "next", a plan) or back ("since",
"last", "ago", a past verb), from the words around it in its clause. The marks of grammar that settle it
whatever the tense (a to-do, a passive's agent, a reported clause) are :mod:`clause_marks`'s; whether a word
is a past verb is :mod:`mdrecall.text.past_verbs`'s. Pure."""

from __future__ import annotations

import re

from mdrecall.text.date_phrases.clause_marks import (
    LET_FOR,
    allowed_for,
    by_means_on,
    decided_at,
    passive_agent,
    present_arrangement,
    reminder,
    report_colon,
    report_start,
    todo_infinitive,
    told_plan,
)
from mdrecall.text.past_verbs import BE, DETERMINERS, HAVE, NOT_PAST_AFTER, past_verb, progressive, wished

__all__ = [
    "BACK_PREP", "FORWARD_PREP", "RESCHEDULED", "direction_of", "ended_state", "called_off", "firm_direction",
    "paid_for", "starts_clause", "tally_back", "took_time",
]  # fmt: skip

#: Words right before a date that point forward / back.
FORWARD_PREP = {"by", "until", "till", "til", "before", "due", "next", "for", "to"}
BACK_PREP = {"since", "last"}
#: Words in the same clause that say the clause is a plan, or that it happened.
_FUTURE = {
    "will", "ll", "going", "gonna", "plan", "plans", "planning", "planned", "scheduled", "booked", "due",
    "until", "till", "by", "upcoming", "tomorrow", "starts", "start", "starting", "should", "must", "need",
    "needs", "want", "wants", "expect", "expected", "hope", "shall", "next", "then",
}  # fmt: skip
#: Words right before a day that say it is the one in force now ("hearing now 19 June", "deadline still 12
#: April"): a day still to come.
_STANDS = {"now", "still"}
#: Words that point back whatever surrounds them ("last" only right before a day, which :data:`BACK_PREP`
#: reads: before another word it is the final one, "the last delivery day", "last day is Friday").
_BACK_CUES = {"ago", "yesterday", "since"}
#: Verbs that move a date: the day after them is the thing's new day, not a plan beside a past act
#: ("the launch slipped to July", "deadline extended to Friday").
RESCHEDULED = frozenset({
    "moved", "pushed", "postponed", "delayed", "rescheduled", "slipped", "shifted", "bumped", "deferred",
    "extended", "changed", "rebooked", "rearranged",
})  # fmt: skip


_CLAUSE = re.compile(r"[.;!?,](?!\d)|[()\"“”—]|\s-\s|\band\b|\bbut\b")  # (not "1.240", "3,500")
_SENTENCE = re.compile(r"[.;!?](?=\s|$)|\(")
_WORD = re.compile(r"[a-z']+")

#: How far before and after a phrase its direction's cue words are looked for (characters).
_NEAR = 240


def direction_of(low: str, start: int, end: int, default: int = 0) -> int:
    """+1 (forward), −1 (back) or ``default`` for a date phrase at ``low[start:end]``: the word right
    before it ("by", "since"), else the nearest cue word before it in its clause, else one after it."""
    # a window: linear in the line's length; an aside in brackets closed before the phrase is left out, so
    # the clause it interrupts keeps its verb ("recorded ep 27 (the croissant one) with Kemal on Sunday")
    window = low[max(0, start - _NEAR) : start]
    head = _CLAUSE.split(_ASIDE.sub(" ", window) if ")" in window else window)[-1]
    tail = _CLAUSE.split(low[end : end + _NEAR])[0]
    before = head_words = _WORD.findall(head)
    if before and ended_state(low, start):
        return -1
    if before and (before[-1] in FORWARD_PREP or before[-1] in _STANDS):
        return 1
    if before and before[-1] in BACK_PREP:
        return -1
    if before[-1:] in (["is"], ["are"]) or (before[-2:-1] in (["is"], ["are"]) and before[-1] == "on"):
        return 1  # "the AGM is on the 25th", "last day is Friday": a day announced is ahead
    if before[-3:-2] in (["is"], ["are"]) and before[-1] == "on" and before[-2] not in _NOT_STATE:
        return 1  # "the flat is ready on the 1st", "the hall is free on Sunday": a state announced ahead
    if before[-1:] == ["on"] and by_means_on(head):
        return -1  # "entry confirmed by email on Saturday": the means names the act, its day the act's
    after = _WORD.findall(tail)
    said_on = before[-1:] == ["on"]
    if not before and window.rstrip().endswith("("):
        # a day opening an aside ("Marathon done (Sat night)"): the cues of the clause the aside is about
        before = _WORD.findall(_CLAUSE.split(window.rstrip()[:-1])[-1])
    elif not before and not _WORD.search(tail) and window.rstrip().endswith(","):
        # a day that is a clause of its own after a comma ("party booked at the Anchor, 12 Dec"): the cues
        # of the clause it dates
        before = _WORD.findall(_CLAUSE.split(window.rstrip()[:-1])[-1])
    words = [*before, *after]
    cut = len(before)
    # a day opening its own clause right after a past verb and a comma or colon ("the date fixed, 18 April",
    # "dates fixed: 16th and 17th April"; "Boiler fixed, 28 Jan") may be the value the act set or the act's
    # own day: that verb points neither way (the nearest day is read)
    bare = window.rstrip()[-1:] in (",", ":") and not _WORD.search(tail)
    # a past verb before a colon reports what follows, not when ("priya called: the date's fixed, 18 April")
    said_at = report_colon(head if before is head_words else _CLAUSE.split(window.rstrip()[:-1])[-1])
    # where a verb of deciding opens what was decided ("agreed: ...", "decided to")
    decided = decided_at(head) if before is head_words else set()
    # "Rang Ana: she says the truck goes Weds": what is said is read by its own cues, not by the report's
    said = report_start(words, cut)
    for k in [*range(cut - 1, said, -1), *range(cut, len(words))]:
        word = words[k]
        if passive_agent(words, k):
            continue  # "was covered by Dash on Friday": the passive's agent, no bound
        if word in _FUTURE or word.endswith("'ll"):  # "they'll"
            return 1
        if k + 1 < cut and todo_infinitive(words, k):
            return 1  # "Tess to present at Tuesday's meeting": a to-do, ahead
        if told_plan(words, k):
            return 1  # "said she'd drop the keys round on Friday": a plan told, ahead
        if k < cut and k in decided:
            return 1  # "agreed: switch to X from the April order", "decided to sort it from the 11th"
        prev = words[k - 1] if k else ""
        if progressive(word, prev):
            return 1  # "told us she's moving to Leeds at the end of June": the move is ahead
        if k < cut and allowed_for(words, k):
            return 1  # "cleared for strides on Thursday": what is allowed or chosen for is ahead
        if k < cut and reminder(words, k):
            return 1  # "parents reminded about Wednesday", "asked me to remind her Monday night": ahead
        if k < cut and said_on and present_arrangement(words, k, cut):
            return 1  # "told Sam I'm on for the finals on the weekend": a present arrangement, reported
        if word in _BACK_CUES and not (word == "last" and prev in DETERMINERS):
            return -1
        if past_verb(word, prev) and not wished(words, k) and not (bare and k == cut - 1) and k >= said_at:
            return -1
        home = k + 1 < len(words) and words[k + 1] in _HOME_WORDS
        if word in _MOVED and home and prev not in NOT_PAST_AFTER:
            return -1  # "moved into Flogsta on Saturday", "moved out": a move of home, done
        if word in _MOVED and k < cut and said_on and prev not in NOT_PAST_AFTER:
            return -1  # "moved the desk there on Monday": the day of the move ("moved to Friday": a new day)
    joined = _JOINED_NOUN.search(low, max(0, start - _NEAR), start)
    own_verb = joined is not None and _OWN_VERB.search(joined.group(0)) is not None
    if joined is not None and joined.start() > max(0, start - _NEAR) and not own_verb:
        # "test drove the Skoda and the Toyota on Saturday": a noun phrase joined by "and" shares the verb
        # of the clause before it ("... and the team meets Friday" has a verb of its own)
        return direction_of(low, joined.start(), end, default)
    return default


#: Words between "is" and "on" that make no state of the day ("it is due on", "is back on"): left to the rest.
_NOT_STATE = {"not", "still", "also", "only", "always", "usually", "often", "back"}
#: An aside in brackets, closed: left out when the clause around it is read.
_ASIDE = re.compile(r"\([^()]*\)")
#: "moved" with "in", "into", "out", "away": a change of home or place, not a date moved ("moved to Friday").
_MOVED = {"moved"}
_HOME_WORDS = {"in", "into", "out", "away", "house", "home", "back"}


#: "and" before a determiner, then words with no clause break up to the phrase: a noun phrase joined to
#: the one before it ("... and the Toyota on Saturday"), which has no verb of its own.
_JOINED_NOUN = re.compile(
    r"\band\s+(?=(?:the|a|an|my|our|your|his|her|their|its|this|that|some)\s)[^.;!?,()\"“”—]*$"
)
#: A word in such a phrase that may be a verb of its own: one in -s ("meets"; also a plural, left alone).
_OWN_VERB = re.compile(r"\s[a-z]{2,}[^s']s\b")


#: Bounds that end a state: after a state in the past ("was treasurer until January") the bound is behind.
_UNTIL = {"until", "till", "til"}
_WAS = {"was", "were"}


def ended_state(low: str, start: int) -> bool:
    """Whether a phrase at ``start`` is the bound ("until", "till") of a state its clause puts in the past
    ("was treasurer until January", "were closed till Monday"): that day lies back, not ahead."""
    head = _CLAUSE.split(low[max(0, start - _NEAR) : start])[-1]
    words = _WORD.findall(head)
    if len(words) < 2 or words[-1] not in _UNTIL:
        return False
    state = words[:-1]
    return any(w in _WAS for w in state) and not any(w in _FUTURE or w in RESCHEDULED for w in state)


def firm_direction(low: str, start: int) -> bool:
    """Whether the word right before a phrase at ``start`` says its direction: a preposition or a word of a
    plan ("by", "until", "since", "starting") or a past verb whose act was done that day ("sent 2/3"); not the
    tense of a verb further off, which tells when the line's act was done rather than where the day it
    names lies ("cancelled the Boxing Day shift", "agreed last night to open from January", "was 25/11")."""
    before = _WORD.findall(low[max(0, start - 24) : start])
    if not before:
        return False
    word = before[-1]
    if word in FORWARD_PREP or word in BACK_PREP or word in _FUTURE or word in _STANDS:
        return True
    return word not in BE and past_verb(word, before[-2] if len(before) > 1 else "")


def starts_clause(low: str, start: int) -> bool:
    """Does a phrase at ``start`` open its clause: before it, only bullets, a checkbox or a colon since a
    sentence ended or a bracket opened (or the line began)?"""
    head = low[max(0, start - _NEAR) : start].rstrip(" *_-[]x:")
    return not head or head[-1] in '.;:!?("“-' or head.endswith("- [ ]")


_SENTENCE_BREAK = re.compile(r"[.;!?](?=\s|$)")
#: A clause that is a count and what was counted, up to "on" before the day ("14 groups on", "9 on").
_TALLY = re.compile(r"(?:^|[:,;(—]|\band\b|\s-\s)\s*\d+(?:\s+[a-z-]+){0,2}\s+on\s+$")


def tally_back(low: str, start: int, end: int) -> bool:
    """Whether a day at ``low[start:end]`` is that of a tally whose sentence reports the past ("Viewings went
    fine, 14 groups on Saturday and 9 on Sunday", "open day: 30 families on Sat, two signed up"): a count
    of what happened, on the day before the day written; its own clause has no cue of its own (see
    :func:`direction_of`). The nearest cue in the sentence's other clauses, before the phrase first, must
    point back."""
    near = max(0, start - _NEAR)  # (a window: linear in the line's length)
    lo = max((m.end() for m in _SENTENCE_BREAK.finditer(low, near, start)), default=near)
    if _TALLY.search(low, lo, start) is None:
        return False
    stop = _SENTENCE_BREAK.search(low, end, end + _NEAR)
    hi = stop.start() if stop else min(len(low), end + _NEAR)
    before = _CLAUSE.split(low[lo:start])[:-1]
    after = _CLAUSE.split(low[end:hi])[1:]
    for clause in [*reversed(before), *after]:
        words = _WORD.findall(clause)
        for k, word in enumerate(words):
            prev = words[k - 1] if k else ""
            if word in _FUTURE or word.endswith("'ll") or progressive(word, prev):
                return False
            if word in _BACK_CUES or (past_verb(word, prev) and not wished(words, k)):
                return True
    return False


#: A payment, a bill or a filing in the clause before "for" and a period: "paid the VAT for February",
#: "invoiced them for March", "the gas bill for January".
_PAID_FOR = re.compile(r"\b(?:paid|pay|pays|paying|invoiced|billed|bill|filed|charged)\b[^.;!?]*$")


def paid_for(low: str, start: int) -> bool:
    """Whether a period after "for" at ``start`` is what a payment, a bill or a filing in its clause is for
    ("paid the rent for March"), or what an act done right before "for" was for ("the report sent for
    June", "thanked them for Tuesday"): the period covered, the one nearest the day written, not one ahead
    (not after a verb of choosing or of a plan: "picked for May", "booked for June" look ahead)."""
    if _PAID_FOR.search(low, max(0, start - 60), start) is not None:
        return True
    before = _WORD.findall(low[max(0, start - 32) : start])
    if len(before) < 2 or before[-1] in LET_FOR or before[-1] in RESCHEDULED:
        return False
    return past_verb(before[-1], before[-2])


#: Words between a past verb and "in <count> <unit>" that make the count no time the act took: an
#: infinitive or a plan after it ("told him to come back in two weeks", "said he'll ring in 3 days").
_NOT_TOOK = {"to", "will", "would", "'ll", "'d", "and", "then", "for", "until", "till", "by", "next"}


def took_time(low: str, start: int) -> bool:
    """Whether "in <count> <unit>" at ``start`` is how long a past act took ("sold out in two days",
    "finished the quilt in three weeks", "healed in 10 days", "sent 300 letters to members in a week"): a
    past verb among the six words before it in its clause, with no infinitive or plan between ("to" before
    a determiner or a plural noun is no infinitive's); not a state ("was", "had") nor a day set after an
    act in another clause ("Fixed it, retest in two weeks")."""
    head = _CLAUSE.split(low[max(0, start - 60) : start])[-1]
    words = _WORD.findall(head)
    for k in range(len(words) - 1, max(-1, len(words) - 7), -1):
        word, prev = words[k], words[k - 1] if k else ""
        after = words[k + 1] if k + 1 < len(words) else ""
        if word == "to" and (after in DETERMINERS or (after.endswith("s") and not after.endswith("ss"))):
            continue  # "to members", "to the club": a preposition before a noun
        if word in _NOT_TOOK or word.endswith(("'ll", "'d")):
            return False
        if word not in BE and word not in HAVE and past_verb(word, prev) and not wished(words, k):
            return True
    return False


#: A verb that calls a thing off or moves it, before a day in its clause: the day is the thing's, which may
#: lie ahead ("training cancelled this Saturday", "the party called off this weekend").
_CALLED_OFF = re.compile(
    r"\b(?:cancell?ed|called\s+off|scrapped|axed|postponed|moved(?!\s+(?:in|into|out|away|house|home|back)\b)"
    r"|pushed|delayed|rescheduled|bumped)\b[^.;!?,]*$"
)


def called_off(low: str, start: int) -> bool:
    """Whether a verb that calls off or moves a thing comes before ``start`` in its clause (60 characters)."""
    return _CALLED_OFF.search(low, max(0, start - 60), start) is not None
