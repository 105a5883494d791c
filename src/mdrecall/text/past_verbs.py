"""Whether an English word reports a past act ("went", "fixed", "done"; not "need", "a signed copy", "is
gone"), and the near tests a date's direction and a line's tense share: a participle wished for ("wants
it fixed"), a present progressive ("she's moving"). Pure."""

from __future__ import annotations

__all__ = [
    "BE", "DETERMINERS", "HAVE", "NOT_PAST_AFTER", "PAST_FORMS", "SAME_FORMS", "past_verb", "progressive",
    "wished",
]  # fmt: skip

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
BE = {"was", "were", "been", "is", "are"}
#: Past participles that report a past act on their own ("done", "gone", "been"), and the past's auxiliaries
#: negated ("didn't happen Thursday", "wasn't in on Monday"; "didn" is "didn’t" split at its curly mark).
_PARTICIPLES = {
    "done", "gone", "been", "didn't", "didn", "wasn't", "wasn", "weren't", "weren", "hadn't", "hadn",
}  # fmt: skip
DETERMINERS = {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that"}
#: Words before a past form that make it no report of a past act: a passive or a plan ("gets switched off",
#: "is gone in July", "to be fixed", "will be moved"), or a determiner before an adjective ("a signed copy").
NOT_PAST_AFTER = {
    "is", "are", "am", "be", "being", "get", "gets", "getting", "to", "will", "a", "an", "the", "my", "our",
    "your", "their", "his", "her", "its",
}  # fmt: skip
#: Words before "left" that make it a side ("back left", "top left").
_SIDES = {"back", "front", "top", "bottom", "upper", "lower", "far", "rear"}
#: "has got", "have got": a present state.
HAVE = {"has", "have", "had"}
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


def _singular_subject(prev: str) -> bool:
    """Whether ``prev`` (lower case) may end a singular subject in the third person ("the café", "Omar",
    "Smith & Co"): a word not a person, an auxiliary or a plural in -s ("shops shut on Sundays")."""
    return (
        prev.isalpha() and prev not in _NOT_SUBJECT and prev not in DETERMINERS
        and not (prev.endswith("s") and not prev.endswith("ss"))
    )  # fmt: skip


def past_verb(word: str, prev: str = "") -> bool:
    """Whether lower-case ``word`` (after the word ``prev``) reports a past act: an irregular past form, a
    participle such as "done" or a verb in -ed, not after "is", "to", "gets" or a determiner (nor "got"
    after "has", "'s", "'ve": a state)."""
    if prev in NOT_PAST_AFTER:
        return False
    if word == "left" and prev in _SIDES:
        return False  # "the back left leg": a side
    if word == "got" and (prev in HAVE or prev.endswith(("'s", "'ve", "'d"))):
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


def progressive(word: str, prev: str) -> bool:
    """Whether ``word`` after ``prev`` is a present progressive ("is flying", "she's moving")."""
    return len(word) > 4 and word.endswith("ing") and (prev in _BE_NOW or prev.endswith(("'s", "'re", "'m")))
