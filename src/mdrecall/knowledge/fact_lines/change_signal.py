"""Does a line of a note signal that a fact changed ("moved to", "no longer", "pulled out", "is now")? The
change-line pairing (:mod:`mdrecall.knowledge.changes.change_pairs`) and the leaving grammar
(:mod:`mdrecall.knowledge.fact_lines.leave_grammar`) read it: a closed lexicon of change
(:data:`~mdrecall.knowledge.fact_lines.change_lexicon.CHANGE`) and the one generated from WordNet
(:mod:`mdrecall.knowledge.fact_lines.change_words`), each wording told, not denied, imagined or wished, and
not a noun. Pure.
"""

from __future__ import annotations

import bisect
import re

from mdrecall.knowledge.fact_lines.asked_clauses import asked_before
from mdrecall.knowledge.fact_lines.change_lexicon import (
    ADDITION,
    CHANGE,
    CHANGE_HINT,
    CHANGE_WEAK,
    CHANGE_WEAK_HINT,
)
from mdrecall.knowledge.fact_lines.change_words import lexicon_changes
from mdrecall.knowledge.fact_lines.journey_stops import stop_on_way

__all__ = ["ADDITION_REACH", "lexicon_signal", "no_value_changed", "signal", "unreal_before"]


#: A word of addition this many words or more from every change wording of a line belongs to another clause
#: (the line's punctuation is gone from its stored words): it does not take the change back.
ADDITION_REACH = 8


def _word_numbers(words: str, at: list[int]) -> list[int]:
    """The word number of each position ``at`` on ``words`` (the spaces before it), sorted: the line's
    spaces read once, each position looked up (linear on a long line)."""
    gaps = [k for k, c in enumerate(words) if c == " "]
    return sorted(bisect.bisect_left(gaps, a) for a in at)


def _adds_near(words: str, adds: list[int]) -> bool:
    """Is a word of addition (at ``adds`` in ``words``) within :data:`ADDITION_REACH` words of a change
    wording of the line (or the line holding none)? Linear: each word of addition is looked up among the
    change wordings' word numbers, not compared with each."""
    if not adds:
        return False
    changes = [m.start() for m in CHANGE.finditer(words)] + [m.start() for m in CHANGE_WEAK.finditer(words)]
    if not changes:
        return True
    at = _word_numbers(words, changes)
    for here in _word_numbers(words, adds):
        k = bisect.bisect_left(at, here)  # the nearest change wordings on either side
        if any(abs(at[x] - here) < ADDITION_REACH for x in (k - 1, k) if 0 <= x < len(at)):
            return True
    return False


#: A negation before "since" ("hasn't eaten since Wednesday", "no hot water since Saturday"): a thing
#: lacking lately, not a value that took over.
_NEGATED = re.compile(r"(?:n't|n’t|\bnot|\bno|\bnever|\bnothing|\bnobody)\b(?:\s+\S+){0,4}\s*$", re.I)
#: Characters before "since" searched for :data:`_NEGATED` (its four words and more): a bound, so a line of
#: thousands of "since" is read in linear time.
_NEGATION_SPAN = 160


#: A wish by "would" ("he'd like to", "would rather") and the verbs of wanting: read by :data:`_UNREAL`
#: (right before the act) and :data:`_WISH` (anywhere earlier in its clause).
_WOULD_LIKE = r"(?:'d|’d|\bwould)\s+(?:like|love|prefer|rather)"
_WANTING = r"wants?|wanted|wanting|wish(?:es|ed)?|keen"


#: A verb of weighing an option before the act it weighs ("thinking of moving", "considering switching",
#: "should look at swapping", "toying with the idea of changing", "suggested moving"): the act is an option,
#: not a thing done. Not a verb of deciding ("agreed to move", "decided on switching"): those tell it.
_WEIGHED = (
    r"\b(?:(?:think(?:s|ing)?|thought|talk(?:s|ed|ing)?|wonder(?:s|ed|ing)?|dream(?:s|ed|ing)?)\s+(?:of|about)"
    r"|consider(?:s|ed|ing)?|contemplat(?:es?|ed|ing)|debat(?:es?|ed|ing)|mull(?:s|ed|ing)?(?:\s+over)?"
    r"|weigh(?:s|ed|ing)?(?:\s+up)?|toy(?:s|ed|ing)?\s+with|look(?:s|ed|ing)?\s+(?:at|into)"
    r"|suggest(?:s|ed|ing)?|propos(?:es?|ed|ing)|explor(?:es?|ed|ing)"
    r"|(?:idea|option|possibility|question)\s+of|float(?:s|ed|ing)?(?:\s+the\s+idea\s+of)?)"
)


#: A negation, or a modal of a thing only possible or advised, whose scope reaches the word after it across
#: auxiliaries and adverbs only ("won't quit", "don't ever quit", "never gonna give up", "not going to stop",
#: "nothing has changed", "we might switch", "should have moved"), or a wish ("he'd like to hand it over",
#: "wants to switch"): the act after it is denied, imagined or wished, not told. ("would" only after an
#: indefinite subject: reported speech tells a change with it, "said she would take over".)
_UNREAL = re.compile(
    r"(?:n't|n’t|\bnot|\bnever|\bnothing|\bnobody|\bcannot|\bcould|\bmight|\bshould"
    # "would" after an indefinite subject: a case imagined ("where anyone else would quit")
    r"|\b(?:anyone|anybody|someone|somebody|everyone|everybody|no one|(?:most |many )?people|others)"
    r"(?:\s+else)?\s+would"
    # a wish, not an act: "he'd like to hand it over", "wants to switch", "hoping to move"
    rf"|{_WOULD_LIKE}|\b(?:{_WANTING}|hop(?:es?|ed|ing))"
    # an act weighed, not done: "thinking of moving", "considering switching", "look at changing"
    rf"|{_WEIGHED})"
    r"(?:\s+(?:ever|even|really|actually|just|yet|be|been|being|have|has|had|get|got|gonna|going|to|wanna"
    r"|want|gotta))*\s+$",
    re.I,
)
#: Wordings of :data:`CHANGE` that are no act a negation or a modal could deny ("not … any more", "not
#: Tuesday, Thursday instead", "not going after all"): only a verb's wording is read as denied.
_NO_ACT = (
    "instead", "no ", "any", "after all", "in the end", "as of", "from ", "starting", "since", "last day"
)  # fmt: skip


#: A word before a change verb's form that makes it a noun ("her hands on her hips", "some moves", "the
#: changes"): an article, a possessive or a quantifier.
_DETERMINER = re.compile(
    r"\b(?:a|an|the|my|your|his|her|our|their|its|some|any|these|those|many|few|several|big|small)\s+$", re.I
)
#: The change wordings that are also a noun's form (read as a verb only without a determiner before).
_NOUN_FORMS = ("chang", "mov", "switch", "swap", "hand", "shift")
#: "up to" / "down to" as a change: before an amount ("went up to 40", "down to £30"), not "been up to" or
#: "it's up to you".
_TO_AMOUNT = re.compile(
    r"\s+(?:[$£€¥₹₫₱₩฿]|\d|one|two|three|four|five|six|seven|eight|nine|ten|half"
    # a currency written as its code or local sign before the number ("up to RM 250", "KES 1,900", "Rs 450")
    r"|(?-i:[A-Z]{3}|RM|Rs\.?|Rp|R)\s?\d)",
    re.I,
)
#: "down to" before a few said in words ("down to a single van", "down to just two", "down to a handful"):
#: a count fallen. Not after "up to" ("seats up to a dozen": a limit, no change).
_DOWN_TO_FEW = re.compile(r"\s+(?:a|just|only)\s+(?:single|couple|handful|few|one|two|three)\b", re.I)


#: After a change verb: its object a person, a life or a view ("changed me", "changing lives", "changed my
#: outlook", "changed the game"), no value told. Not where a value follows ("changed them to Fridays").
_TRANSFORMED = re.compile(
    r"\s+(?:(?:me|him|us|them|you|everyone|everybody|people|lives|(?:the )?world)"
    r"|(?:(?:my|your|his|her|our|their|the|a|so many|many) )?(?:li(?:f|v)es?|perspectives?|outlooks?"
    r"|mind-?sets?|attitudes?|views? (?:on|of|about)|worldviews?|game|way (?:i|you|we|he|she|they|people)"
    r" (?:think|see|feel|look|live|do|view|approach)))\b(?!\s+(?:to|into|from|over|back|around)\b)",
    re.I,
)
#: Before a change verb: a vague quantity as its subject, or a degree asked ("a lot has changed", "so much
#: has changed", "things have changed", "how much it changed"): that things changed, no value told.
_VAGUE_SUBJECT = re.compile(
    r"(?:\b(?:a lot|lots|so much|much|everything|things|stuff|nothing|how much(?: \S+){0,3}"
    r"|how (?:\S+ )?things)"
    r"(?:'s|’s| has| have| had)?(?: (?:really|definitely|totally|truly|all|so))?)\s+$",
    re.I,
)
#: After a change verb, an idiom of varying or going on ("switch up the routine", "switch things up", "keep
#: moving ahead", "moving forward with the plan"): no value taken over. "moved forward to May" (a time,
#: an amount after) still changes.
_NO_VALUE_AFTER = {
    "switch": re.compile(r"(?:\s+\w+)?\s+up\b(?!\s+to\b)", re.I),
    "mov": re.compile(r"\s+(?:ahead|forward|on)\b(?!\s+(?:to|from|by|a|an|one|two|three|\d)\b)", re.I),
    # "dropped off some cakes at the shelter": a thing delivered, not a thing dropped
    "dropp": re.compile(r"\s+off\s+(?:that|this|those|these|some|a|an)\b", re.I),
}
#: Before a change verb, an infinitive of purpose or manner ("a great way to switch off", "how to move
#: ahead"): what a change is for, not one told.
_PURPOSE = re.compile(r"\b(?:ways?|how|chance|reason) to\s+$", re.I)
#: A plural change noun after one word (an adjective) that follows a plural quantifier ("some sweet moves", "a
#: few bold moves": a plural subject would take "move"), or a light verb or a preposition with its article
#: ("make some sweet moves", "towards positive changes", "for the big changes"); not a verb whose subject is
#: a noun ("the office moves downstairs", "the team moves to Leeds").
_MODIFIED_NOUN = re.compile(
    r"\b(?:some|any|these|those|many|few|several|no|more|other"
    r"|(?:make|makes|made|making|towards?|about|of|for|with|into|through)"
    r"(?:\s+(?:a|an|the|my|your|his|her|our|their|its))?)\s+[a-z][\w-]*\s+$",
    re.I,
)
_VERB_AFTER = re.compile(
    r"\s+(?:[0-9£$€]|(?:to|from|into|over|back|in|out|on|off|up|down|next|this|tomorrow|today)\b"
    r"|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\b)",
    re.I,
)


def _noun_after_modifier(words: str, start: int, end: int) -> bool:
    """Is the plural change word at ``words[start:end]`` a noun after a modifier (:data:`_MODIFIED_NOUN`)?"""
    if not words[start:end].lower().endswith("s"):
        return False
    return _MODIFIED_NOUN.search(words, max(0, start - 30), start) is not None and not _VERB_AFTER.match(
        words, end
    )


def no_value_changed(words: str, start: int, end: int) -> bool:
    """Does the change verb at ``words[start:end]`` tell no value changed: a person, a life or a view
    transformed, a vague quantity changed, an infinitive of purpose, or an idiom of varying or going on?"""
    wording = words[start:end].lower()
    if wording.startswith("chang") and (
        _TRANSFORMED.match(words, end) or _VAGUE_SUBJECT.search(words, max(0, start - 40), start)
    ):
        return True
    if _PURPOSE.search(words, max(0, start - 20), start):
        return True
    for head, after in _NO_VALUE_AFTER.items():
        if wording.startswith(head) and after.match(words, end):
            return True
    return False


def unreal_before(words: str, at: int) -> bool:
    """Is the word at ``at`` of ``words`` under a negation or a modal of possibility (:data:`_UNREAL`)?"""
    return _UNREAL.search(words, max(0, at - 60), at) is not None


def _changes(words: str) -> bool:
    """Does ``words`` hold a wording of :data:`CHANGE` told (:func:`_told`)?"""
    return any(_told(words, m) for m in CHANGE.finditer(words))


def _told(words: str, m: re.Match[str]) -> bool:
    """Is the wording ``m`` of :data:`CHANGE` on ``words`` a change told (a state begun "since Monday" only
    where not negated; a verb's only where not denied or imagined: "won't quit", "might switch")?"""
    wording = m.group().lower()
    if wording[:5] == "since":
        return _NEGATED.search(words, max(0, m.start() - _NEGATION_SPAN), m.start()) is None
    if wording.startswith(_NOUN_FORMS) and _DETERMINER.search(words, max(0, m.start() - 12), m.start()):
        return False  # a noun: "her hands on her hips", "some moves"
    if wording.startswith(_NOUN_FORMS) and _noun_after_modifier(words, m.start(), m.end()):
        return False  # a noun after an adjective: "some sweet moves", "towards positive changes"
    if no_value_changed(words, m.start(), m.end()):
        return False  # "it changed me", "so much has changed", "switch up the routine", "moving ahead"
    if (
        wording in ("up to", "down to")
        and _TO_AMOUNT.match(words, m.end()) is None
        and (wording == "up to" or _DOWN_TO_FEW.match(words, m.end()) is None)
    ):
        return False  # "what I've been up to", "up to you"
    if wording.startswith("instead") and _wished_in_clause(words, m.start()):
        return False  # "wants to try FreeAgent instead of renewing Wave": a choice wished, not made
    if wording.startswith("stop") and stop_on_way(words, m.end()):
        return False  # "Stopped Ipoh 9am for dim sum": a stop on a journey, nothing stopped
    if asked_before(words, m.start()):
        return False  # "Lan asked if I can do Sunday from April": a change asked about, not told
    return wording.startswith(_NO_ACT) or not unreal_before(words, m.start())


def _wished_in_clause(words: str, at: int) -> bool:
    """Does the clause before ``at`` (back to a sentence's end, at most 80 characters) say a wish ("wants to
    try X", "would rather", "hoping to go with X")?"""
    clause = _CLAUSE_END.split(words[max(0, at - 80) : at])[-1]
    return _WISH.search(clause) is not None


_CLAUSE_END = re.compile(r"[.;!?]")
#: A wish or a preference not acted on: "wants to", "hoping to", "would rather", "'d like to".
_WISH = re.compile(rf"\b(?:{_WANTING}|hop(?:es|ed|ing))\s+to\b|{_WOULD_LIKE}\b", re.I)


def signal(words: str) -> str | None:
    """``"strong"`` when ``words`` (a line) signals a change, ``"weak"`` when only "now"-like words do,
    ``None`` when neither does or when it adds to a fact ("too", "also", "still") near its change wording:
    a word of addition :data:`ADDITION_REACH` words or more from every change wording belongs to another
    clause ("Ticket price goes up to 30 zł - the hall costs more than planned. Under-12s still free").
    A word of addition takes back only the change wordings near it: a change wording of the hand-kept
    lexicon beyond every word of addition's reach still tells its change ("Rosa cancelled Hilltop; the
    Mill Kitchen crew cook now, they did the harvest supper too": "cancelled", not "now")."""
    adds = [m.start() for m in ADDITION.finditer(words)]
    if _adds_near(words, adds):
        return "strong" if _changes_beyond(words, adds) else None
    if words.isascii():  # a cheap test of each wording's words first (most lines hold none)
        low = words.lower()
        if (CHANGE_HINT.search(low) is not None and _changes(words)) or _lexicon_change(words):
            return "strong"
        return "weak" if CHANGE_WEAK_HINT.search(low) is not None and CHANGE_WEAK.search(words) else None
    if _changes(words) or _lexicon_change(words):
        return "strong"
    return "weak" if CHANGE_WEAK.search(words) else None


def _changes_beyond(words: str, adds: list[int]) -> bool:
    """Does ``words`` hold a wording of :data:`CHANGE` told (:func:`_changes`) at least
    :data:`ADDITION_REACH` words from each word of addition (at ``adds``): one of another clause than
    theirs? Linear in the line: each position's word number read off the line's spaces once."""
    gaps = [k for k, c in enumerate(words) if c == " "]
    added = _word_numbers(words, adds)
    for m in CHANGE.finditer(words):
        here = bisect.bisect_left(gaps, m.start())
        k = bisect.bisect_left(added, here)  # the nearest words of addition on either side
        near = [added[x] for x in (k - 1, k) if 0 <= x < len(added)]
        if all(abs(here - at) >= ADDITION_REACH for at in near) and _told(words, m):
            return True
    return False


def lexicon_signal(words: str) -> bool:
    """Does a line (its words) tell a change in the generated lexicon's words (:func:`_lexicon_change`),
    with no word of addition near it (:func:`signal`'s test)? The fact reader's cue for a line stating no
    attribute ("Beanbag has pulled out, we run the kiosk ourselves")."""
    return _lexicon_change(words) and not _adds_near(words, [m.start() for m in ADDITION.finditer(words)])


def _lexicon_change(words: str) -> bool:
    """Does ``words`` hold a wording of the generated lexicon of change
    (:func:`~mdrecall.knowledge.fact_lines.change_words.lexicon_changes`) told, not denied or imagined ("won't
    resign", "might pull out"), and not a noun after a determiner ("the deceased", "the dead")?"""
    return any(
        not unreal_before(words, m.start())
        and not asked_before(words, m.start())
        and _DETERMINER.search(words, max(0, m.start() - 12), m.start()) is None
        for m in lexicon_changes(words)
    )
