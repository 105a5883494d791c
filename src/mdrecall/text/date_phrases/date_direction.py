"""Which way a date phrase in a note points: forward ("by", "until", "next", a plan) or back ("since",
"last", "ago", a past verb), from the words around it in its clause. Pure."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.text.verb_forms import verb_forms

__all__ = [
    "BACK_PREP", "FORWARD_PREP", "PAST_FORMS", "RESCHEDULED", "SAME_FORMS", "direction_of", "ended_state",
    "called_off", "firm_direction", "paid_for", "past_verb", "starts_clause", "tally_back", "took_time",
    "wished",
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
#: The simple past of common irregular English verbs (a regular one ends in -ed). Forms that are as often
#: a noun or a name ("rose", "drew", "bore", "lay", "ground", "sat", "bit", "fed") or the same as the present
#: ("put", "read", "set", "cut") are left out.
PAST_FORMS = frozenset({
    "was", "were", "did", "had", "went", "came", "became", "met", "saw", "got", "forgot", "gave", "forgave",
    "took", "shook", "mistook", "made", "said", "told", "sold", "held", "heard", "paid", "laid", "ran",
    "began", "rang", "sang", "sank", "swam", "drank", "bought", "brought", "caught", "fought", "sought",
    "taught", "thought", "felt", "dealt", "meant", "kept", "slept", "swept", "wept", "knelt", "left",
    "lent", "sent", "spent", "bent", "built", "lost", "won", "spun", "stuck", "struck", "hung", "swung",
    "dug", "led", "fled", "sped", "slid", "hid", "stood", "understood", "wrote", "rode", "drove", "woke",
    "spoke", "broke", "chose", "froze", "stole", "fell", "flew", "grew", "knew", "threw", "blew", "ate",
    "wore", "tore", "swore", "found", "overslept", "overheard", "withdrew", "undertook", "arose", "awoke",
    "forbade",
})  # fmt: skip
#: Verbs whose simple past is their present ("quit", "put"): a past act only after a subject in the third
#: person singular, which the present would give an -s ("he quit", "Leon quit"; not "I quit", "they put").
SAME_FORMS = frozenset({
    "quit", "put", "cut", "hit", "let", "shut", "split", "spread", "cast", "cost", "hurt", "upset", "burst",
})  # fmt: skip
_THIRD_PERSON = {"he", "she", "it"}
#: Of those, the ones seldom a noun after a noun ("price cut", "box-office hit" are nouns): after a singular
#: subject they report the act ("the bakery shut on Monday", "Omar quit on Friday").
_SAME_FORM_ACTS = frozenset({"quit", "shut", "put"})
#: Words before a verb that are no singular subject of a past act: other persons, auxiliaries and modals
#: (a plan: "we shut on Monday", "will quit"), joining words.
_NOT_SUBJECT = frozenset({
    "i", "we", "you", "they", "to", "will", "would", "can", "could", "should", "must", "may", "might",
    "shall", "do", "does", "did", "not", "never", "and", "or", "but", "then", "also", "just", "please",
})  # fmt: skip
#: Forms of "be": a day after them is stated, not the day of an act ("the meeting was 25/11").
_BE = {"was", "were", "been", "is", "are"}
#: Past participles that report a past act on their own ("done", "gone", "been"), and the past's auxiliaries
#: negated ("didn't happen Thursday", "wasn't in on Monday"; "didn" is "didn’t" split at its curly mark).
_PARTICIPLES = {
    "done", "gone", "been", "didn't", "didn", "wasn't", "wasn", "weren't", "weren", "hadn't", "hadn",
}  # fmt: skip
#: Words that point back whatever surrounds them ("last" only right before a day, which :data:`BACK_PREP`
#: reads: before another word it is the final one, "the last delivery day", "last day is Friday").
_BACK_CUES = {"ago", "yesterday", "since"}
_DETERMINERS = {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that"}
#: Words before a past form that make it no report of a past act: a passive or a plan ("gets switched off",
#: "is gone in July", "to be fixed", "will be moved"), or a determiner before an adjective ("a signed copy").
_NOT_PAST_AFTER = {
    "is", "are", "am", "be", "being", "get", "gets", "getting", "to", "will", "a", "an", "the", "my", "our",
    "your", "their", "his", "her", "its",
}  # fmt: skip
#: Words before "left" that make it a side ("back left", "top left").
_SIDES = {"back", "front", "top", "bottom", "upper", "lower", "far", "rear"}
#: "has got", "have got": a present state.
_HAVE = {"has", "have", "had"}
#: Words ending in -ed that are not past tense, or that announce a plan ("planned for Friday").
_NOT_PAST = {
    "need", "needed", "feed", "speed", "seed", "weed", "breed", "bleed", "proceed", "exceed", "succeed",
    "indeed", "hundred", "embed", "red", "bed", "shed", "scheduled", "planned", "booked", "expected",
    "supposed", "postponed", "moved", "pushed", "delayed", "rescheduled", "confirmed", "agreed", "based",
}  # fmt: skip
#: English verbs ending in "ee", whose past ends in "eed" (every other word in "-eed" is no past form).
_EE_VERBS = frozenset({
    "agree", "disagree", "free", "guarantee", "decree", "referee", "emcee", "knee", "pee", "tee", "oversee",
    "sightsee",
})  # fmt: skip
#: Verbs that move a date: the day after them is the thing's new day, not a plan beside a past act
#: ("the launch slipped to July", "deadline extended to Friday").
RESCHEDULED = frozenset({
    "moved", "pushed", "postponed", "delayed", "rescheduled", "slipped", "shifted", "bumped", "deferred",
    "extended", "changed", "rebooked", "rearranged",
})  # fmt: skip


def _singular_subject(prev: str) -> bool:
    """Whether ``prev`` (lower case) may end a singular subject in the third person ("the café", "Omar",
    "Smith & Co"): a word not a person, an auxiliary or a plural in -s ("shops shut on Sundays")."""
    return (
        prev.isalpha() and prev not in _NOT_SUBJECT and prev not in _DETERMINERS
        and not (prev.endswith("s") and not prev.endswith("ss"))
    )  # fmt: skip


def past_verb(word: str, prev: str = "") -> bool:
    """Whether lower-case ``word`` (after the word ``prev``) reports a past act: an irregular past form, a
    participle such as "done" or a verb in -ed, not after "is", "to", "gets" or a determiner (nor "got"
    after "has", "'s", "'ve": a state)."""
    if prev in _NOT_PAST_AFTER:
        return False
    if word == "left" and prev in _SIDES:
        return False  # "the back left leg": a side
    if word == "got" and (prev in _HAVE or prev.endswith(("'s", "'ve", "'d"))):
        return False  # "Theo's got an interview", "we've got the hall": has, not a past act
    if word in PAST_FORMS or word in _PARTICIPLES:
        return True
    if word in SAME_FORMS:
        return prev in _THIRD_PERSON or (word in _SAME_FORM_ACTS and _singular_subject(prev))
    if word.endswith("eed"):  # "agreed", "freed"; "screed", "tweed", "speed", "need" are no past forms
        return word[:-1] in _EE_VERBS
    return len(word) > 3 and word.endswith("ed") and word not in _NOT_PAST


#: Verbs of wanting: a participle after one and its object is a state wished for, no act done ("wants it
#: announced", "needs the car fixed by Friday").
_WISH = {"want", "wants", "need", "needs", "like", "prefer", "prefers", "expect", "expects"}


def wished(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` (lower case) is a participle in -ed after a verb of wanting and at most two
    words of its object ("wants it announced", "need the kit washed")."""
    return words[k].endswith("ed") and any(w in _WISH for w in words[max(0, k - 3) : k])


#: A present progressive ("she's moving", "we're meeting", "is flying"): with a day, an arrangement ahead.
_BE_NOW = {"is", "are", "am"}


def _progressive(word: str, prev: str) -> bool:
    return len(word) > 4 and word.endswith("ing") and (prev in _BE_NOW or prev.endswith(("'s", "'re", "'m")))


_CLAUSE = re.compile(r"[.;!?,](?!\d)|[()\"“”—]|\s-\s|\band\b|\bbut\b")  # (not "1.240", "3,500")
_SENTENCE = re.compile(r"[.;!?](?=\s|$)|\(")
_WORD = re.compile(r"[a-z']+")

#: How far before and after a phrase its direction's cue words are looked for (characters).
_NEAR = 240


#: Participles of letting or choosing before "for" and what they are for ("cleared for strides on Thursday",
#: "picked for Saturday", "approved for leave on the 9th"): the day is that of what they are for.
_LET_FOR = {
    "cleared", "approved", "allowed", "picked", "selected", "chosen", "shortlisted", "named", "registered",
    "entered", "qualified", "eligible", "fit", "ready", "passed", "okayed", "ok'd", "greenlit", "authorised",
    "authorized", "signed",
}  # fmt: skip
#: A verb in -ed and a means of sending right before "on" a day ("confirmed by email on Saturday", "booked
#: over the phone on Monday"): the day is the sending's, gone (not after "is", "will be": a plan).
_BY_MEANS_ON = re.compile(
    r"(?<!\bis )(?<!\bbe )(?<!\bare )\b[a-z]{3,}ed\s+(?:by|via|over\s+the|in)\s+"
    r"(?:e-?mail|phone|text|letter|post|writing|whatsapp|message)\s+on\s+$"
)
#: Words of reminding: the day a reminder is about or of lies ahead.
_REMIND = {"remind", "reminds", "reminded", "reminding", "reminder", "reminders"}


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
    if before and before[-1] in FORWARD_PREP:
        return 1
    if before and before[-1] in BACK_PREP:
        return -1
    if before[-1:] in (["is"], ["are"]) or (before[-2:-1] in (["is"], ["are"]) and before[-1] == "on"):
        return 1  # "the AGM is on the 25th", "last day is Friday": a day announced is ahead
    if before[-3:-2] in (["is"], ["are"]) and before[-1] == "on" and before[-2] not in _NOT_STATE:
        return 1  # "the flat is ready on the 1st", "the hall is free on Sunday": a state announced ahead
    if before[-1:] == ["on"] and _BY_MEANS_ON.search(head, max(0, len(head) - 48)):
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
    said_at = _said_at(head if before is head_words else _CLAUSE.split(window.rstrip()[:-1])[-1])
    decided: set[int] = set()  # where a verb of deciding opens what was decided ("agreed: ...", "decided to")
    if before is head_words and _DECIDED_AT.search(head):
        decided = {
            i
            for i, m in enumerate(_WORD.finditer(head))
            if m.group(0) in _DECIDED and _DECISION.match(head, m.end())
        }
    # "Rang Ana: she says the truck goes Weds": what is said is read by its own cues, not by the report's
    said = max((k for k in range(cut - 2) if words[k] in _SAYS or _reported(words, k)), default=-1)
    for k in [*range(cut - 1, said, -1), *range(cut, len(words))]:
        word = words[k]
        if word == "by" and k and past_verb(words[k - 1], words[k - 2] if k > 1 else ""):
            continue  # "was covered by Dash on Friday": the passive's agent, no bound
        if word in _FUTURE or word.endswith("'ll"):  # "they'll"
            return 1
        if k + 1 < cut and _infinitive(words, k):
            return 1  # "Tess to present at Tuesday's meeting": a to-do, ahead
        if _would(words, k):
            return 1  # "said she'd drop the keys round on Friday": a plan told, ahead
        if k < cut and k in decided:
            return 1  # "agreed: switch to X from the April order", "decided to sort it from the 11th"
        prev = words[k - 1] if k else ""
        if _progressive(word, prev):
            return 1  # "told us she's moving to Leeds at the end of June": the move is ahead
        let = prev in _LET_FOR or (k > 1 and words[k - 2] in _LET_FOR)  # "cleared me / Bramble for"
        if word == "for" and let and k < cut:
            return 1  # "cleared for strides on Thursday": what is allowed or chosen for is ahead
        reminded = prev in _REMIND or (k > 1 and words[k - 2] in _REMIND)  # "reminded (the parents)"
        if word in {"about", "of"} and reminded and k < cut:
            return 1  # "parents reminded about Wednesday": a reminder is of what is ahead
        if word == "remind" and k < cut:
            return 1  # "asked me to remind her Monday night": the day to remind on is ahead
        if k < cut and said_on and word in _NOW_SUBJECT and not _NOT_NOW.intersection(words[k + 1 : cut]):
            return 1  # "told Sam I'm on for the finals on the weekend": a present arrangement, reported
        if word in _BACK_CUES and not (word == "last" and prev in _DETERMINERS):
            return -1
        if past_verb(word, prev) and not wished(words, k) and not (bare and k == cut - 1) and k >= said_at:
            return -1
        home = k + 1 < len(words) and words[k + 1] in _HOME_WORDS
        if word in _MOVED and home and prev not in _NOT_PAST_AFTER:
            return -1  # "moved into Flogsta on Saturday", "moved out": a move of home, done
        if word in _MOVED and k < cut and said_on and prev not in _NOT_PAST_AFTER:
            return -1  # "moved the desk there on Monday": the day of the move ("moved to Friday": a new day)
    joined = _JOINED_NOUN.search(low, max(0, start - _NEAR), start)
    own_verb = joined is not None and _OWN_VERB.search(joined.group(0)) is not None
    if joined is not None and joined.start() > max(0, start - _NEAR) and not own_verb:
        # "test drove the Skoda and the Toyota on Saturday": a noun phrase joined by "and" shares the verb
        # of the clause before it ("... and the team meets Friday" has a verb of its own)
        return direction_of(low, joined.start(), end, default)
    return default


#: Words between "'d" and its verb ("she'd already sent it").
_ADVERBS = {"already", "just", "never", "always", "only", "also", "still", "not", "probably", "definitely"}


def _would(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "would", or "'d" meaning it, before a verb: a plan or an outcome told from the
    past ("said it would arrive on Tuesday", "told Hana I'd cover her shift on the 3rd"), ahead; not "would
    have" (what did not happen), nor "'d" before a participle ("she'd sent it on Monday": had)."""
    word = words[k]
    if word != "would" and not (word.endswith("'d") and len(word) > 2):
        return False
    j = k + 1
    while j < len(words) and words[j] in _ADVERBS:
        j += 1
    verb = words[j] if j < len(words) else ""
    if not verb or verb in {"have", "'ve", "been", "had"}:
        return False
    return word == "would" or not past_verb(verb, "")


#: A subject and a present "be" in one word ("I'm", "she's"): a day after "on" in its clause is that of an
#: arrangement ahead ("I'm on for the final on the weekend", "she's in court on the 12th"), even after a past
#: verb that reports it ("told Sam I'm ..."); not with a word that ties the day to something gone ("I'm
#: sore from the run on Saturday", "she's fine after the fall on Monday").
_NOW_SUBJECT = {"i'm", "we're", "you're", "they're", "he's", "she's"}
_NOT_NOW = {"from", "after", "since", "about", "over", "of"}


def _said_at(clause: str) -> int:
    """How many words of ``clause`` stand before its last colon (none: 0), the colon ending "Rang Ana:"."""
    colon = clause.rfind(":")
    return (
        len(_WORD.findall(clause[:colon]))
        if colon >= 0 and not clause[colon + 1 : colon + 2].isdigit()
        else 0
    )


def _reported(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "that" opening what a past verb of saying, thinking or perceiving up to
    three words before it reported ("reminded Maddie that the entries close Friday", "confirmed that ...";
    :func:`_reports`): what follows has its own tense, and the report's is not the day's. After any other
    verb "that" is a determiner ("fixed that leak on Monday")."""
    if words[k] != "that":
        return False
    return any(
        past_verb(words[j], words[j - 1] if j else "") and _reports(words[j]) for j in range(max(0, k - 3), k)
    )


@cache
def _base_verbs() -> frozenset[str]:
    """English verbs used mostly as verbs (``data/base_verbs.txt``, as :mod:`mdrecall.text.instructions`)."""
    text = (Path(__file__).parents[1] / "data" / "base_verbs.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))


@cache
def _report_verbs() -> frozenset[str]:
    text = (Path(__file__).parents[1] / "data" / "report_verbs.txt").read_text(encoding="utf-8")
    return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))


def _reports(past: str) -> bool:
    """Whether the past form ``past`` is of a verb of saying, thinking or perceiving (WordNet's
    communication, cognition or perception verbs: ``data/report_verbs.txt``, written by
    ``scripts/gen_report_verbs.py``): "told", "reminded", "confirmed", "heard"; not "fixed", "sold"."""
    verbs = _report_verbs()
    # the verb's stem: "noted", "warned", "committed", "replied", "heard", "learnt", "said"; else the table
    stems = {past[:-1], past[:-2], past[:-3], past[:-3] + "y", past[:-2] + "y"}
    return any(s in verbs for s in stems | verb_forms(past))


#: Words after "to" that make it no infinitive's mark: a determiner, a pronoun, a place's or a time's word.
_NOT_VERB_AFTER_TO = _DETERMINERS | {
    "me", "us", "him", "them", "it", "you", "her", "work", "school", "bed", "town", "date", "day", "night",
    "noon", "midnight", "home", "be",
}  # fmt: skip


def _infinitive(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "to" marking an infinitive after a subject of one or two words opening its
    clause, a to-do ("Sam to send the deck", "Priya to review on Monday"): the word after it is a verb in
    its base form used mostly as a verb (``data/base_verbs.txt``: not "a trip to Paris in March"), no
    determiner comes before it ("a ladder to Ola": a noun's "to") and no verb before "to" governs it
    ("went to", "talked to Ana", "moved it to", "need to" are read by their own words)."""
    if words[k] != "to" or not 0 < k <= 2 or _DETERMINERS.intersection(words[:k]):
        return False
    verb = words[k + 1]
    if verb in _NOT_VERB_AFTER_TO or verb not in _base_verbs():
        return False
    return not any(
        past_verb(w, words[j - 1] if j else "") or w.endswith(("ing", "ed")) or w in _BE or w in _HAVE
        for j, w in enumerate(words[:k])
    )  # (nor after any form in -ed: "moved the feed to X on Sunday" is no to-do)


#: Verbs in the present that report what someone says: the words before them are the report's, not the
#: cues of a day in what is said ("Rang the depot: Ana says the truck goes Weds").
_SAYS = {"says", "say", "reckons", "reckon", "thinks", "think"}

#: Past verbs of deciding: before ":" or "to" and what was decided, a day after them is the decision's, ahead
#: ("agreed: switch suppliers from the April order", "decided to close on Fridays from the 11th").
_DECIDED = {"agreed", "decided", "resolved", "promised", "arranged", "settled", "voted", "chose"}
_DECIDED_AT = re.compile(r"\b(?:" + "|".join(sorted(_DECIDED)) + r")\b")
_DECISION = re.compile(
    r"\s*:|\s+to\s+(?!(?:the|a|an|my|our|your|his|her|their|its|this|that|it|me|us|him|them|on|in|at)\b)"
    # or a clause with its own subject: "agreed we stop legal aid work from April", "decided that they'd"
    r"|\s+(?:that\s+)?(?:we|they|he|she|i|you)(?:['’](?:d|ll|re))?\s+(?!(?:were|was|had|did)\b)[a-z]"
)

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
    if word in FORWARD_PREP or word in BACK_PREP or word in _FUTURE:
        return True
    return word not in _BE and past_verb(word, before[-2] if len(before) > 1 else "")


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
            if word in _FUTURE or word.endswith("'ll") or _progressive(word, prev):
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
    if len(before) < 2 or before[-1] in _LET_FOR or before[-1] in RESCHEDULED:
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
        if word == "to" and (after in _DETERMINERS or (after.endswith("s") and not after.endswith("ss"))):
            continue  # "to members", "to the club": a preposition before a noun
        if word in _NOT_TOOK or word.endswith(("'ll", "'d")):
            return False
        if word not in _BE and word not in _HAVE and past_verb(word, prev) and not wished(words, k):
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
