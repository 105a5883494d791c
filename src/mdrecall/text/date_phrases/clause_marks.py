"""The marks of grammar in a date phrase's clause that settle which way its day lies, whatever the tense
of the verbs around it: a passive's agent ("was covered by Dash"), a to-do ("Sam to send the deck"), a
plan told from the past ("said she'd drop them round"), what a verb of saying reported ("told Ana that
...", "Ana says ..."), a decision ("agreed: ..."), a present arrangement ("I'm on for ..."), what one was
let or chosen for, a reminder, the means an act was sent by. Read by
:func:`mdrecall.text.date_phrases.date_direction.direction_of`. Pure."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.text.past_verbs import BE, DETERMINERS, HAVE, past_verb
from mdrecall.text.verb_forms import verb_forms

__all__ = [
    "LET_FOR", "allowed_for", "by_means_on", "decided_at", "passive_agent", "present_arrangement",
    "report_colon", "report_start", "reminder", "todo_infinitive", "told_plan",
]  # fmt: skip

_WORD = re.compile(r"[a-z']+")


def passive_agent(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "by" after a past participle, the agent of a passive ("was covered by Dash
    on Friday"), no bound."""
    return words[k] == "by" and k > 0 and past_verb(words[k - 1], words[k - 2] if k > 1 else "")


#: Participles of letting or choosing before "for" and what they are for ("cleared for strides on Thursday",
#: "picked for Saturday", "approved for leave on the 9th"): the day is that of what they are for.
LET_FOR = {
    "cleared", "approved", "allowed", "picked", "selected", "chosen", "shortlisted", "named", "registered",
    "entered", "qualified", "eligible", "fit", "ready", "passed", "okayed", "ok'd", "greenlit", "authorised",
    "authorized", "signed",
}  # fmt: skip


def allowed_for(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "for" after a word of letting or choosing and at most one word ("cleared me
    for", "picked Bramble for"): what is allowed or chosen for is ahead."""
    prev = words[k - 1] if k else ""
    return words[k] == "for" and (prev in LET_FOR or (k > 1 and words[k - 2] in LET_FOR))


#: A verb in -ed and a means of sending right before "on" a day ("confirmed by email on Saturday", "booked
#: over the phone on Monday"): the day is the sending's, gone (not after "is", "will be": a plan).
_BY_MEANS_ON = re.compile(
    r"(?<!\bis )(?<!\bbe )(?<!\bare )\b[a-z]{3,}ed\s+(?:by|via|over\s+the|in)\s+"
    r"(?:e-?mail|phone|text|letter|post|writing|whatsapp|message)\s+on\s+$"
)


def by_means_on(head: str) -> bool:
    """Whether the clause ``head`` before a day ends in an act and the means it was sent by, then "on"."""
    return _BY_MEANS_ON.search(head, max(0, len(head) - 48)) is not None


#: Words of reminding: the day a reminder is about or of lies ahead.
_REMIND = {"remind", "reminds", "reminded", "reminding", "reminder", "reminders"}


def reminder(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "remind" ("asked me to remind her Monday night") or "about"/"of" after a
    word of reminding and at most one word ("parents reminded about Wednesday"): the day is ahead."""
    word, prev = words[k], words[k - 1] if k else ""
    if word in {"about", "of"}:
        return prev in _REMIND or (k > 1 and words[k - 2] in _REMIND)  # "reminded (the parents)"
    return word == "remind"


#: Words between "'d" and its verb ("she'd already sent it").
_ADVERBS = {"already", "just", "never", "always", "only", "also", "still", "not", "probably", "definitely"}


def told_plan(words: list[str], k: int) -> bool:
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


def present_arrangement(words: list[str], k: int, cut: int) -> bool:
    """Whether ``words[k]`` is a subject with a present "be" ("I'm", "she's") and no word up to ``cut``
    (the phrase) ties the day to something gone."""
    return words[k] in _NOW_SUBJECT and not _NOT_NOW.intersection(words[k + 1 : cut])


def report_colon(clause: str) -> int:
    """How many words of ``clause`` stand before its last colon (none: 0), the colon ending "Rang Ana:": a
    past verb before it reports what follows, not when."""
    colon = clause.rfind(":")
    return (
        len(_WORD.findall(clause[:colon]))
        if colon >= 0 and not clause[colon + 1 : colon + 2].isdigit()
        else 0
    )


#: Verbs in the present that report what someone says: the words before them are the report's, not the
#: cues of a day in what is said ("Rang the depot: Ana says the truck goes Weds").
_SAYS = {"says", "say", "reckons", "reckon", "thinks", "think"}


def report_start(words: list[str], cut: int) -> int:
    """The place of the last word before ``words[cut - 2]`` that opens what someone said ("says", "that"
    after a verb of saying: :func:`_reported`), or −1: what is said is read by its own cues, not by the
    report's ("Rang Ana: she says the truck goes Weds")."""
    return max((k for k in range(cut - 2) if words[k] in _SAYS or _reported(words, k)), default=-1)


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
_NOT_VERB_AFTER_TO = DETERMINERS | {
    "me", "us", "him", "them", "it", "you", "her", "work", "school", "bed", "town", "date", "day", "night",
    "noon", "midnight", "home", "be",
}  # fmt: skip


def todo_infinitive(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` is "to" marking an infinitive after a subject of one or two words opening its
    clause, a to-do ("Sam to send the deck", "Priya to review on Monday"): the word after it is a verb in
    its base form used mostly as a verb (``data/base_verbs.txt``: not "a trip to Paris in March"), no
    determiner comes before it ("a ladder to Ola": a noun's "to") and no verb before "to" governs it
    ("went to", "talked to Ana", "moved it to", "need to" are read by their own words)."""
    if words[k] != "to" or not 0 < k <= 2 or DETERMINERS.intersection(words[:k]):
        return False
    verb = words[k + 1]
    if verb in _NOT_VERB_AFTER_TO or verb not in _base_verbs():
        return False
    return not any(
        past_verb(w, words[j - 1] if j else "") or w.endswith(("ing", "ed")) or w in BE or w in HAVE
        for j, w in enumerate(words[:k])
    )  # (nor after any form in -ed: "moved the feed to X on Sunday" is no to-do)


#: Past verbs of deciding: before ":" or "to" and what was decided, a day after them is the decision's, ahead
#: ("agreed: switch suppliers from the April order", "decided to close on Fridays from the 11th").
_DECIDED = {"agreed", "decided", "resolved", "promised", "arranged", "settled", "voted", "chose"}
_DECIDED_AT = re.compile(r"\b(?:" + "|".join(sorted(_DECIDED)) + r")\b")
_DECISION = re.compile(
    r"\s*:|\s+to\s+(?!(?:the|a|an|my|our|your|his|her|their|its|this|that|it|me|us|him|them|on|in|at)\b)"
    # or a clause with its own subject: "agreed we stop legal aid work from April", "decided that they'd"
    r"|\s+(?:that\s+)?(?:we|they|he|she|i|you)(?:['’](?:d|ll|re))?\s+(?!(?:were|was|had|did)\b)[a-z]"
)


def decided_at(head: str) -> set[int]:
    """The places among ``head``'s words of a verb of deciding that opens what was decided ("agreed: ...",
    "decided to ...", "agreed we ...")."""
    if not _DECIDED_AT.search(head):
        return set()
    return {
        i
        for i, m in enumerate(_WORD.finditer(head))
        if m.group(0) in _DECIDED and _DECISION.match(head, m.end())
    }
