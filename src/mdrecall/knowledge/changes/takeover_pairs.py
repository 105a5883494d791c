"""Supersession by a role taken over: a standing line naming who holds a role ("Newsletter editor: Fenna
Albers", "Owner of the rota: Kofi", a roster row "| Fenna Albers | newsletter |"), then a later line
saying another takes that role over without naming the one before ("Joost has taken over the newsletter",
"Ama takes over as editor"). Pure.

The role-end pass (:mod:`mdrecall.knowledge.changes.role_end_pairs`) reads a holder gone, or another taking
over
*from* them; a hand-over is as often told by the newcomer alone. This pass reads

* the **take-overs**: a capitalised name (past one word: "Marco's", "Ama A.") then a form of "take over"
  (:data:`TAKES_OVER`), not negated, and the role taken: the content words after it (:data:`ROLE_WORDS` at
  most, up to a time: "takes over the bakery books from April" → bakery, books);
* the **holder lines**, no take-over themselves: the role-end pass's (undated label lines and roster rows,
  the name opening their value: the role is the label's words, or the words right after a row's name) and
  the undated lines stating an owner of two words at most ("Owner of slideshow: Luca": the role is the
  line's subject, the holder its value).

A later take-over supersedes a holder line when its role names every word of the role taken ("takes over
the bakery books" is not "Home bakery: …"), the shared words are not told apart by another modifier on each
line (:func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.modified`: "the parish newsletter" is not
"Newsletter editor" of the allotments), the one taking over is not its holder, and it was written later
(:func:`~mdrecall.knowledge.changes.change_pairs.written_before`), the earlier rules leaving it unpaired. The
latest take-over wins. Cost: one substring test per line, then the few take-overs against the holder lines
sharing a role word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.knowledge.changes.change_pairs import written_before
from mdrecall.knowledge.changes.change_rules import Key, keep_latest
from mdrecall.knowledge.changes.role_end_pairs import NEAR, holder_label, named_people
from mdrecall.knowledge.fact_lines.fact_values import stem, subject_words
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["ROLE_WORDS", "TAKES_OVER", "takeover_pairs", "taken_over"]

_NAME = r"[A-ZÀ-Þ][\w-]*(?: [A-ZÀ-Þ][\w.-]*)?"
#: A person (past one lower-case word: "Nikhil's cousin Tejas" reads Tejas), then a form of "take over"
#: and the words after it.
TAKES_OVER = re.compile(
    rf"(?:^|(?<=\s))(?P<who>{_NAME})(?:'s|’s)? (?:has |had |is |was |will |'ll |’ll )?"
    r"(?:taken|takes|took|taking|take) over (?:as )?(?P<what>.{1,80})"
)
#: How many content words after "take over" name the role taken ("the bakery books").
ROLE_WORDS = 3
#: Words that end the role's words: a time, the one before, a reason.
_ROLE_END = re.compile(
    r"\b(?:from|until|till|starting|as of|after|before|while|since|because|so|but|and|on|in|at|for|this"
    r"|next|tomorrow|today|now|he|she|they|who|which)\b|\d"
)
#: A negation just before a take-over ("hasn't taken over", "won't take over").
_NEGATED = re.compile(r"\b(?:not|never|n't|won't|isn't|wasn't|hasn't)\s+(?:\w+\s+)?$")
#: Capitalised words that open a sentence without naming a person.
_NOT_PEOPLE = frozenset("The A An This That We I He She They It Our My From Update Today Decided Who".split())


def taken_over(words: str) -> dict[str, frozenset[str]]:
    """The people (as written) a line (its stored words) says take a role over → the role's words (stems;
    "Joost has taken over the newsletter from May" → {"Joost": {newslett}})."""
    if " over " not in words:
        return {}
    out: dict[str, frozenset[str]] = {}
    for m in TAKES_OVER.finditer(words):
        who = m.group("who")
        if who.split()[0] in _NOT_PEOPLE or _NEGATED.search(
            words[max(0, m.start("who") - 40) : m.start("who")]
        ):
            continue
        what = _ROLE_END.split(m.group("what"), maxsplit=1)[0]
        role = subject_words(" ".join(what.split()[: ROLE_WORDS + 2]))
        if role:
            out[who] = frozenset(role)
    return out


def _holding(f: FactRow) -> tuple[frozenset[str], frozenset[str]] | None:
    """A holder line's holder (their name's words, lower case) and role (stems), or None for another line."""
    if taken_over(f.words):
        return None  # a take-over itself (a chain of them is the role-end pass's: "takes over from")
    if f.attrs == ("owner",) and f.values:  # "Owner of slideshow: Luca"
        if f.day:
            return None  # a day's log
        holder = f.values[0].split()
        return (frozenset(holder), frozenset(f.subject.split())) if len(holder) <= 2 else None
    label = holder_label(f)
    if label is None:
        return None
    words = f.words.split()
    people = named_people(f)
    heads = len(label.split("-")) if label else 0
    holder = [w.lower() for w in words[heads : heads + 2] if w.lower() in people]
    if not holder or words[heads].lower() not in people:
        return None  # their name does not open the label's value ("Watchman complaints: Ramesh sleeps …")
    if label:
        return frozenset(holder), frozenset(stem(w) for w in label.split("-"))
    after = words[len(holder) : len(holder) + NEAR]  # a roster's row: the role right after the name
    return frozenset(holder), frozenset(subject_words(" ".join(w for w in after if w.islower())))


def takeover_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each holder line, left unpaired by ``pairs``, → the latest later line saying
    another takes its role over."""
    takes = [(f, t) for f in facts if (t := taken_over(f.words))]
    if not takes:
        return {}
    holders: dict[str, list[tuple[FactRow, frozenset[str], frozenset[str]]]] = {}  # a role word → lines
    for f in facts:
        if (f.path, f.line) not in pairs and (held := _holding(f)) is not None:
            for w in held[1]:
                holders.setdefault(w, []).append((f, *held))
    out: dict[Key, Supersession] = {}
    for new, people in takes:
        for who, role in people.items():
            mine = {p.lower() for p in who.split()}
            for w in role:
                for old, holder, old_role in holders.get(w, ()):
                    if old is new or holder & mine or not role <= old_role or not written_before(old, new):
                        continue
                    if modified(old.words.lower(), new.words.lower(), role & old_role):
                        continue
                    keep_latest(out, old, new)
    return out
