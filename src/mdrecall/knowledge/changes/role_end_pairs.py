"""Supersession by a role's holder gone: a standing line naming who holds a role ("Treasurer: Joan Ribas",
"Gear officer: Kirra Dawson (keys to the shed)", a team table's row "| Tunde Bakare | contractor |"),
then a later line saying that person ends it ("Joan Ribas is out", "Kirra's stepping back from the gear
shed", "Tunde's last day today", "Mele's handing the nippers over", "Nnamdi takes over as on-call lead
from Davide"). Pure.

The departure rule (:func:`mdrecall.knowledge.changes.value_left.departure_pairs`) ends the lines stating a
person's own role ("Role: …", an owner); a page's roster states roles by label lines and table rows
instead, and a role is more often handed on than left with the job. This pass reads

* the **holder lines**: undated lines (a page's or MEMORY.md's standing facts, not a day's log) that
  state a label ("Postdoc: Lukas Brandt") or open with a person's full name (a roster's row, "Aileen
  MacNeil — outreach"), and the people they name (their capitalised names);
* the **role ends**: a person named, then within one word (a title: "Sameer sir") a wording of ending a
  role (:data:`ROLE_END`: stepping down or back, out, handing it over, handing in their notice, moved to,
  on leave, can't make it), a departure (:func:`~mdrecall.knowledge.fact_lines.leave_grammar.departure`: last
  day, leaving, retiring), or "takes over … from" them (:data:`TAKES_FROM`); not negated.

A later line ending the role of a person supersedes a holder line naming that person in full or by the
one word written (a first name only where the workspace writes it before one surname at most, as the
departure rule reads it; "Attendees:", "Present:", "Where:" lines are no holder lines) when

* the name opens the line's value or row (they hold its label: "Treasurer: Joan Ribas"), the label ends
  in a noun of a person (:func:`~mdrecall.knowledge.lexicon.name_lists.person_noun`: treasurer, coach,
  watchman) or the later line names every word of it ("Mehendi: Shabana" … "Rukhsar does the mehendi
  now"; not "Watchman complaints: Ramesh sleeps at the gate"), and a wording that ends one role only
  (stepping down, handing over, taken over from them) names another word of the line that is no name
  ("Nipper coordinator: Mele" … "Mele's handing the nippers over"); or
* a word right after the name (:data:`NEAR` words, lower case: "Daan Mulder (treasurer)") is named on
  the later line ("Daan is stepping down as treasurer").

Each holder line is superseded by the latest such line after it (the hand-over done: "Niamh stepping back
after the festival" … "Eimear is librarian from today, Niamh handed over the folders"). Cost: one
substring test per line, then the few role-end lines against the holder lines naming their person, each
holder line read once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from mdrecall.knowledge.changes.change_pairs import written_before
from mdrecall.knowledge.changes.change_rules import Key, keep_latest
from mdrecall.knowledge.fact_lines.fact_values import stem, subject_words
from mdrecall.knowledge.fact_lines.leave_grammar import departure
from mdrecall.knowledge.lexicon.name_lists import person_noun
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["NEAR", "ROLE_END", "TAKES_FROM", "holder_label", "named_people", "role_end_pairs", "role_ended"]

_NAME = r"[A-ZÀ-Þ][\w-]*(?: [A-ZÀ-Þ][\w-]*)?"
#: A word after "out" that says a person is away a while or out of a thing, not gone ("out sick", "out of").
_NOT_GONE = r"(?:sick|of|for|today|tonight|on|at|until|till|with|and|in|to|there|here|now)"
#: A time after "moved to": a thing rescheduled ("the review moved to Friday"), not a person gone.
_WHEN = r"(?i:\d|next|the \d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
#: A person, then (past one word: a title, "Sameer sir") a wording of ending their role.
ROLE_END = re.compile(
    rf"(?:^|(?<=\s))(?P<who>{_NAME})(?P<own>'s|’s)?(?: [a-z]+)?"
    r" (?:is |has |had |was |will be )?(?:"
    r"(?P<role>stepp(?:ing|ed) (?:down|back)|steps (?:down|back)|step down|step back"
    r"|(?:handing|hands|handed|hand) (?:\S+ ){0,4}?over\b)"
    rf"|(?<=is |'s |’s )out\b(?! {_NOT_GONE}\b)"
    rf"|handed in (?:his|her|their) notice|(?:moved|moving) to\b(?! {_WHEN})"
    r"|on (?:maternity |paternity |parental |sick |long-term )?leave\b"
    r"|can't make it|cannot make it|can’t make it"
    r")"
)
#: Another taking a role over from a person ("Nnamdi takes over as on-call lead from Davide").
TAKES_FROM = re.compile(rf"\b(?:takes|took|taking|taken|take) over\b(?: \S+){{0,6}}? from (?P<who>{_NAME})")
#: A substring of every wording above or :func:`departure` reads: a cheap test first.
_HINTS = ("stepp", "steps", "step ", "out", "hand", "mov", "leave", "make it", "over", "last", "left",
          "leaving", "esign", "quit", "etir")  # fmt: skip
#: A negation just before a wording ("isn't stepping down", "won't be moving to").
_NEGATED = re.compile(r"\b(?:not|never|n't|won't|isn't|wasn't)\s+(?:\w+\s+)?$")
#: Capitalised words that open a line without naming a person.
_NOT_PEOPLE = frozenset("The A An This That We I He She They It Our My From Update Today Decided".split())


def role_ended(words: str) -> dict[str, bool]:
    """The people (as written: "Joan Ribas", "Kirra") a line (its stored words) says end a role → whether
    the wording ends one role only (stepping down, handing it over, another taking it over from them), not
    their part altogether (a last day, out, moved, on leave)."""
    if not any(h in words for h in _HINTS):
        return {}
    out: dict[str, bool] = {}
    for m in ROLE_END.finditer(words):
        if not _negated(words, m.start("who")):
            out[m.group("who")] = out.get(m.group("who"), True) and m.group("role") is not None
    for m in TAKES_FROM.finditer(words):
        if not _negated(words, m.start()):
            out.setdefault(m.group("who"), True)
    gone = departure(words)
    if gone is not None and gone[0] == "job" and gone[1]:
        out[gone[1]] = False
    return {w: one for w, one in out.items() if _person(w)}


def _negated(words: str, at: int) -> bool:
    """Is the wording at ``at`` negated by the words just before it (a few: a 1 MB line is not read again
    for each wording on it)?"""
    return _NEGATED.search(words[max(0, at - 40) : at]) is not None


def _person(who: str) -> bool:
    """Could ``who`` be a person's name (not a word opening a sentence: "The", "Today")? The holder line
    says whether it is one (:func:`_ended`)."""
    return who.split()[0] not in _NOT_PEOPLE


def named_people(f: FactRow) -> frozenset[str]:
    """The capitalised names a line names (lower case), from its stored values' names (``c:``)."""
    if f.attrs != ("said",):
        return frozenset()
    return frozenset(v[2:] for v in f.values[0].split() if v.startswith("c:"))


#: Labels of a meeting's attendance or a place, not of a role ("Present: …", "Where: Niamh's kitchen").
_NOT_ROLES = frozenset("who where with cc".split())
_NOT_ROLE_STEMS = ("present", "attend", "apolog", "guest")


def holder_label(f: FactRow) -> str | None:
    """A standing line's label key (``k:``), "" for a line opening with a full name (a roster's row), None
    for another line: dated (a day's log), a line stating no label, or one of attendance."""
    if f.day or f.attrs != ("said",):
        return None
    key = next((v[2:] for v in f.values[0].split() if v.startswith("k:")), None)
    if key is not None:
        return None if key.split("-")[0] in _NOT_ROLES or key.startswith(_NOT_ROLE_STEMS) else key
    first = [w.lower() for w in f.words.split()[:2]]
    return "" if len(first) == 2 and all(w in named_people(f) for w in first) else None  # "Tunde Bakare | …"


#: Two capitalised words in a row (a first name and the word after it).
_FOLLOWS = re.compile(r"(?:^|(?<=\s))([A-ZÀ-Þ][\w-]*)(?= ([A-ZÀ-Þ][\w-]*))")


def _surnames(facts: Sequence[FactRow]) -> dict[str, set[str]]:
    """Each capitalised word → the capitalised words written right after it (one pass over the lines)."""
    out: dict[str, set[str]] = {}
    for f in facts:
        for m in _FOLLOWS.finditer(f.words):  # (every pair: "Ruth Adeyemi Callum Reid" has three)
            out.setdefault(m.group(1), set()).add(m.group(2))
    return out


#: How many words after a person's name on a holder line name their role ("Daan Mulder (treasurer)").
NEAR = 2


class _Holder(NamedTuple):
    """A holder line, read once (a roster of thousands of names is not split again for each role end)."""

    line: FactRow
    label: str  # its label key, "" for a roster's row
    people: frozenset[str]  # the capitalised names it names (lower case)
    words: list[str]  # its stored words
    first: dict[str, int]  # each word (lower case, possessive dropped) → where it first stands
    subject: frozenset[str]

    @classmethod
    def of(cls, f: FactRow, label: str) -> _Holder:
        words = f.words.split()
        first: dict[str, int] = {}
        for i, w in enumerate(words):
            first.setdefault(w.lower().split("'")[0].split("’")[0], i)
        return cls(f, label, named_people(f), words, first, frozenset(f.subject.split()))


def _ended(old: _Holder, parts: list[str], one_role: bool, new_words: set[str]) -> bool:
    """Does a role end of the person ``parts`` (lower case) end the holder line ``old``: the person holds
    its label (their name opens its value, or the line) and leaves altogether or the later line names the
    role; or a word beside their name on ``old`` names the role and the later line names it too?"""
    at = old.first.get(parts[0], -1)
    if at < 0:
        return False
    heads = len(old.label.split("-")) if old.label else 0  # the label's words before its value
    if at <= heads + 1:  # their name opens the label's value or the row: they hold it
        label_words = old.words[:heads]
        if (
            label_words
            and not person_noun(label_words[-1])
            and not subject_words(" ".join(label_words)) <= new_words
        ):
            return False  # a label not of a holder, unnamed later ("Watchman complaints: Ramesh sleeps …")
        # "Treasurer: Joan Ribas" … "Joan Ribas is out"; "Nipper coordinator: Mele" … "Mele's handing the
        # nippers over"
        named = old.people | {stem(n) for n in old.people}  # (another name shared is no role)
        return not one_role or bool(old.subject & new_words - named)
    # "Board: …, Daan Mulder (treasurer)" … "Daan stepping down as treasurer": the role right after the name
    after = old.words[at + len(parts) : at + len(parts) + NEAR]
    role = subject_words(" ".join(w for w in after if w.islower())) - set(parts)  # (not the next name)
    return bool(role & new_words)


def role_end_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each holder line, left unpaired by ``pairs``, → the latest later line saying the
    person holding its role ends it."""
    ends = [(f, gone) for f in facts if (gone := role_ended(f.words))]
    if not ends:
        return {}
    holders: dict[str, list[_Holder]] = {}  # a name (lower case) → the holder lines naming it
    for f in facts:
        if (f.path, f.line) not in pairs and (label := holder_label(f)) is not None:
            held = _Holder.of(f, label)
            for n in held.people:
                holders.setdefault(n, []).append(held)
    surnames: dict[str, set[str]] | None = None  # read once, where a first name alone is written
    out: dict[Key, Supersession] = {}
    for new, people in ends:
        new_words = subject_words(new.words)
        for who, one_role in people.items():
            parts = [p.lower() for p in who.split()]
            if parts[0] not in holders:
                continue
            if len(parts) == 1:
                surnames = _surnames(facts) if surnames is None else surnames
                if len(surnames.get(who, ())) > 1:
                    continue  # "Daniel" beside "Daniel Ochieng" and "Daniel Mutua": neither
            for held in holders[parts[0]]:
                old = held.line
                if old is new or not written_before(old, new) or not all(p in held.people for p in parts):
                    continue
                if not _ended(held, parts, one_role, new_words):
                    continue
                keep_latest(out, old, new)
    return out
