"""Supersession by a value left: a later line that names the value it leaves ("switched CI from Travis to
GitHub Actions", "dropping MongoDB for DuckDB", "leaving Squarespace", "Jenkins replaced by Drone", "went
with Zen, not BT") supersedes each earlier line stating that value. Pure.

A small grammar over a line's words reads the values it leaves
(:func:`~mdrecall.knowledge.fact_lines.leave_grammar.left_values`). An earlier line *O* is superseded by a
later line *N* leaving a value *v* when

* *v* is one of O's typed values (a name, a state, a time, a number), not a mere word of it ("replaced
  the compressor" leaves no value of "the engineer will look at the compressor"), and O does not leave
  it itself,
* *v* is rare: named on at most :data:`~mdrecall.knowledge.changes.change_pairs.RARE_SHARE` of the lines (or
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_MIN`),
* O is about N's subject: *v* is the value of an attribute O states (a choice, a place, an owner, what it
  is on), or the two lines share a content word besides *v* ("Chat lives in Slack" … "switched team
  chat from Slack to Matrix");
* N was written later (:func:`~mdrecall.knowledge.changes.change_pairs.written_before`).

Each older line is superseded by the latest such line (by a person's departure, the first one: later
ones tell more of it). Unlike the change lines' pass, which lets a change
line supersede only its closest candidate, a value left supersedes every line stating it (a page and
MEMORY.md often say the same thing twice). Cost: a substring test per line, then the few lines holding a
value some line leaves.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from mdrecall.knowledge.changes.change_pairs import RARE_MIN, RARE_SHARE, value_slots, written_before
from mdrecall.knowledge.changes.state_pairs import amount_pairs, field_pairs, state_pairs
from mdrecall.knowledge.dates.event_days import attendance, one_off
from mdrecall.knowledge.fact_lines.fact_values import stem, subject_words
from mdrecall.knowledge.fact_lines.fact_words import DAYS, MONTHS
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.leave_grammar import (
    ROLE_LINE,
    closed_for_good,
    closed_values,
    departure,
    ended_values,
    forgone_values,
    left_values,
)
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["departure_pairs", "handover_pairs", "left_values", "value_left_pairs"]


def _values(f: Fact) -> tuple[set[str], set[str]]:
    """A line's typed values as stems, and those of them that are the value of an attribute it states."""
    every: set[str] = set()
    stated: set[str] = set()
    for s in value_slots(f):
        kind, _, v = s.partition(":")
        v = stem(v) if kind in "cso" else v
        every.add(v)
        if kind in "cso" and f.attrs != ("said",):
            stated.add(v)
    if f.attrs != ("said",):
        every |= _names(f.words)
    return every, stated


def _field_words(f: Fact, every: set[str]) -> set[str]:
    """A label line's value in plain words ("Flyer paper: matte 130 gsm" → matte): what the line states, so
    a later line leaving it ("matte is gone") supersedes it. Not its typed values (``every``): a name in a
    label's value may only scope or compare it ("Terms: Osprey 60 days", "cost: under the Kestrel quote"),
    so such a line and a later one leaving the name must still share a word."""
    if f.attrs != ("said",) or "v:" not in f.values[0]:
        return set()
    subject = set(f.subject.split())  # its content words ("need a cheaper one": not "one")
    return {v[2:] for v in f.values[0].split() if v[:2] == "v:" and v[2:] in subject} - every


#: Weekdays and months: a value many lines hold, whatever their subject.
_CALENDAR = frozenset(DAYS) | frozenset(MONTHS)


def _names(words: str) -> set[str]:
    """The capitalised words of a stated line after its first, as stems: names, or words opening a
    sentence (its punctuation is not stored), a value only where a later line leaves one of them ("He's on
    Metacam once a day" … "he can come off the Metacam")."""
    return {stem(w) for w in words.split()[1:] if w[0].isupper() and w.lower() not in STOP_WORDS}


def value_left_pairs(
    facts: Sequence[Fact], paired: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``paired`` leaves unpaired and a later line leaving
    one of its values supersedes → the latest such line (on a tie of days, the first in ``facts``' order),
    then those :func:`~mdrecall.knowledge.changes.state_pairs.state_pairs` (another state of one scale) and
    :func:`~mdrecall.knowledge.changes.state_pairs.amount_pairs` (an amount of a page's subject) and
    :func:`~mdrecall.knowledge.changes.state_pairs.field_pairs` (a page's label restated) pair."""
    out = _left_pairs(facts, paired)
    # a state of a scale, an amount of a page's subject: lines no value left pairs
    for more in (
        departure_pairs(facts, {**paired, **out}),
        handover_pairs(facts, {**paired, **out}),
        state_pairs(facts, paired),
        amount_pairs(facts, {**paired, **out}),
        field_pairs(facts, {**paired, **out}),
    ):
        for key, new in more.items():
            out.setdefault(key, new)
    return out


def _only_values(f: Fact, every: set[str]) -> bool:
    """Does a line name nothing but its typed values, after one opening word ("Till: Square POS.", "Phone:
    Vodafone.": a label)? Then they are what it states."""
    rest = set(f.subject.split()) - every
    if not rest:
        return bool(f.subject)
    first = f.words.split(" ", 1)[0].lower()
    return len(rest) == 1 and stem(first) in rest


def _left_pairs(
    facts: Sequence[Fact], paired: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    leaving: list[tuple[Fact, frozenset[str]]] = []
    weak: dict[int, frozenset[str]] = {}  # a line's values only not done (:func:`forgone_values`)
    ended: dict[int, frozenset[str]] = {}  # a line's values whose role ended (:func:`ended_values`)
    shut: dict[int, frozenset[str]] = {}  # a line's businesses closed for good (:func:`closed_for_good`)
    for f in facts:
        if one_off(f.words):
            continue  # "Friday instead of Thursday, one-off": that occasion's day left, no standing value
        low = f.words.lower()
        strong = left_values(low) | closed_values(f.words)
        forgone = forgone_values(low) - strong
        if strong or forgone:
            leaving.append((f, strong | forgone))
            if forgone:
                weak[id(f)] = forgone
            if strong:
                ended[id(f)] = ended_values(low)
                closed = closed_for_good(low)
                if closed:
                    shut[id(f)] = closed
    leaves = {id(f): gone for f, gone in leaving}
    if not leaving:
        return {}
    wanted: set[str] = set().union(*(gone for _, gone in leaving))
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    # the lines naming a value left (a word starting with it: one scan of each line, in C); a value on
    # more lines than ``cap`` is no rare one, and its lines' typed values are not read
    names = re.compile(r"\b(" + "|".join(map(re.escape, sorted(wanted, key=lambda v: (-len(v), v)))) + ")")
    naming: list[tuple[Fact, set[str]]] = []
    count: dict[str, int] = {}
    for f in facts:
        named = set(names.findall(f.words.lower()))
        if named:
            naming.append((f, named))
            for v in named:
                count[v] = count.get(v, 0) + 1
    holders: dict[str, list[tuple[Fact, set[str]]]] = {}
    for f, named in naming:
        rare = {v for v in named if count[v] <= cap}
        if rare:
            every, stated = _values(f)
            if not stated and _only_values(f, every):
                stated = every
            field = _field_words(f, every)
            every, stated = every | field, stated | field
            for v in every & rare:
                holders.setdefault(v, []).append((f, stated))
    # each value's holders in order of their days (undated first), to read only those written before a line
    days: dict[str, list[str]] = {}
    for v, found in holders.items():
        found.sort(key=lambda fs: fs[0].day or "")
        days[v] = [fs[0].day or "" for fs in found]
    out: dict[tuple[str, int], Supersession] = {}
    chosen: dict[tuple[str, int], Fact] = {}
    subjects: dict[int, set[str]] = {}  # an older line's subject words, read once
    for new, left in leaving:
        about: set[str] | None = None  # the newer line's subject words, read once
        surnames = _full_names(new.words, left) if len(left) > 1 else {}
        for v in left:
            if v not in holders:
                continue
            surname = surnames.get(v)
            # (:func:`written_before`: an undated line, or a dated one of an earlier day; before an
            # undated line only an undated one; a log of thousands of lines on one day tries none)
            at = days[v]
            end = bisect.bisect_left(at, new.day[:10]) if new.day else bisect.bisect_right(at, "")
            for old, stated in holders[v][:end]:
                key = (old.path, old.line)
                if key in paired or old is new or v in leaves.get(id(old), ()) or attendance(old.words):
                    continue  # (an attendance record tells who came once: "Present: … Aileen …")
                if not written_before(old, new):
                    continue
                if surname is not None and surname not in _stems(old.words):
                    continue  # "Karin Ek is out": not a line naming another Karin ("a novel by Karin Boye")
                if v in weak.get(id(new), ()) and v not in stated:
                    continue  # "not doing Flutter after all": a line choosing Flutter, not one naming it
                if old.day and v in shut.get(id(new), ()):
                    continue  # "Ferro & Sons shut for good": a standing fact naming it ends, not a visit told
                if v in ended.get(id(new), ()) and not old.day:
                    pass  # "Bitrise is gone": every standing fact with Bitrise for a value ("CI runs on …")
                elif v not in stated or v in _CALENDAR:
                    # (a weekday or month left, "instead of the Sunday one", is a time of many things: the
                    # lines must share a word of their subject too)
                    if about is None:
                        about = subject_words(new.words) - left
                    words = subjects.get(id(old))
                    if words is None:
                        words = subjects[id(old)] = subject_words(old.words)
                    if not words & about:
                        continue
                have = chosen.get(key)
                if have is None or (new.day or "") > (have.day or ""):
                    chosen[key] = new
                    out[key] = Supersession(new.path, new.line, new.day)
    return out


def _full_names(words: str, left: frozenset[str]) -> dict[str, str]:
    """Of the values a line leaves (``left``), the given names it writes with a surname also left, → that
    surname ("Karin Ek is out" → karin: ek): a line naming the given name alone names another person as
    often as this one."""
    out: dict[str, str] = {}
    tokens = words.split()
    for a, b in zip(tokens, tokens[1:], strict=False):
        if a[:1].isupper() and b[:1].isupper() and given_name(a):
            first, last = stem(a.lower()), stem(b.lower())
            if first in left and last in left:
                out[first] = last
    return out


def _stems(words: str) -> set[str]:
    """A line's words (lower case) as stems."""
    return {stem(w) for w in words.lower().split()}


def departure_pairs(
    facts: Sequence[Fact], paired: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    """A person leaving (:func:`~mdrecall.knowledge.fact_lines.leave_grammar.departure`) ends their standing
    lines: leaving a job ends the role lines of their page ("Role: …": a page whose title names them, or the
    page the departure is written on when it names nobody); leaving a home ends the lines stating where
    they are (a place) that name them. A first name alone names a person only when the workspace writes
    it before one surname at most ("Ben" beside "Ben Aziz" and "Ben Harlow" names neither)."""
    leaving = [(f, gone) for f in facts if f.cue and (gone := departure(f.words)) is not None]
    if not leaving:
        return {}
    # the lines each kind of departure may end (a role line or a holder's, a place line), filed by when
    # they were written: a table of many departures of one day reads none of its rows, not each of them
    # against each other (fault round 10: 20,000 rows, 85 s)
    ends = {
        "job": _Earlier([f for f in facts if "owner" in f.attrs or ROLE_LINE.match(f.words)]),
        "home": _Earlier([f for f in facts if "place" in f.attrs]),
    }
    people: dict[str, set[str] | None] = {}  # who → the words naming them, read once
    out: dict[tuple[str, int], Supersession] = {}
    for new, (kind, who) in leaving:
        if who not in people:
            people[who] = _person(who, facts)
        names = people[who]
        if who and names is None:
            continue
        for old in ends["job" if kind == "job" else "home"].before(new):
            key = (old.path, old.line)
            if key in paired or old is new:
                continue
            if kind == "job":
                if names is not None and _holds(old, names, who):
                    pass  # "Linh Tran manages front of house" … "Linh's last shift was yesterday"
                elif not ROLE_LINE.match(old.words):
                    continue
                else:
                    page = set(old.context.split())
                    own = old.path == new.path if not who else names is not None and names <= page
                    if not page or not own:
                        continue
            else:
                if "place" not in old.attrs:
                    continue
                if who:
                    mine = set(old.subject.split()) | set(old.context.split())
                    if names is None or not names <= mine:
                        continue
                elif old.path != new.path:
                    continue
            # the first departure after the line: later ones tell more of it ("Lukas's last day is next
            # Friday" … "Lukas's last day. Card signed")
            have = out.get(key)
            if have is None or (new.day or "") < (have.day or ""):
                out[key] = Supersession(new.path, new.line, new.day)
    return out


class _Earlier:
    """Lines filed by when they were written, to list those written before a line
    (:func:`~mdrecall.knowledge.changes.change_pairs.written_before`) without reading the others: the dated
    and undated ones by day (undated first), the undated ones of each page by line as well."""

    def __init__(self, lines: Sequence[Fact]) -> None:
        self.lines = list(lines)
        order = sorted(range(len(self.lines)), key=lambda k: (_day(self.lines[k]), k))
        self.days = [_day(self.lines[k]) for k in order]
        self.by_day = order
        self.pages: dict[str, tuple[list[int], list[int]]] = {}  # an undated page → its lines, numbers
        for k in sorted((k for k in order if not self.lines[k].day), key=lambda k: self.lines[k].line):
            at, nums = self.pages.setdefault(self.lines[k].path, ([], []))
            at.append(self.lines[k].line)
            nums.append(k)

    def before(self, new: Fact) -> list[Fact]:
        """The lines written before ``new``, in the order they were given."""
        if new.day:  # the undated ones and those of an earlier day
            nums = self.by_day[: bisect.bisect_left(self.days, new.day[:10])]
        else:  # the undated ones above it on its page
            at, page = self.pages.get(new.path, ([], []))
            nums = page[: bisect.bisect_left(at, new.line)]
        return [self.lines[k] for k in sorted(nums)]


def _day(f: Fact) -> str:
    return f.day[:10] if f.day else ""


def _holds(old: Fact, names: set[str], who: str) -> bool:
    """Does ``old`` state the person ``names`` (written ``who``) as the holder of a role, and no one else: its
    owner is their name, or their first name and the one word written after it on the line (a surname)?"""
    if "owner" not in old.attrs:
        return False
    holder = {stem(w) for w in old.values[old.attrs.index("owner")].split()}
    if not names <= holder:
        return False
    extra = holder - names
    if not extra:
        return True
    first = who.replace("’", "'").split("'")[0].split()
    if len(first) != 1 or len(extra) != 1:
        return False
    written = re.compile(r"\b" + re.escape(first[0]) + r" " + re.escape(next(iter(extra))), re.I)
    return written.search(old.words) is not None


def _person(who: str, facts: Sequence[Fact]) -> set[str] | None:
    """The lower-case words naming ``who``: two words as written; one (a first name) only when no two
    surnames follow it on the workspace's lines and pages' titles; None when ambiguous or empty."""
    parts = who.replace("’", "'").split("'")[0].split()
    if len(parts) >= 2:
        return {stem(p.lower()) for p in parts}
    if not parts:
        return None
    follows = re.compile(r"\b" + re.escape(parts[0]) + r" ([A-Z][\w-]*)")
    first = stem(parts[0].lower())
    after = {m.group(1) for f in facts if parts[0] in f.words for m in follows.finditer(f.words)}
    # a word that opens another name where the first name is not before it ("Mei Tanaka") is a person of
    # its own: "Lukas Mei" is a list whose commas the stored words lost, not a full name
    surnames = {stem(w.lower()) for w in after if not _opens_name(w, parts[0], facts)}
    for context in {f.context for f in facts if first in f.context.split()}:  # a page titled with a full name
        surnames |= set(context.split()) - {first}
    return {first} if len(surnames) <= 1 else None


def _opens_name(word: str, first: str, facts: Sequence[Fact]) -> bool:
    """Do the stored words write ``word`` before another capitalised word, not after ``first``?"""
    opens = re.compile(r"(?<!\b" + re.escape(first) + r" )\b" + re.escape(word) + r" [A-Z]")
    return any(word in f.words and opens.search(f.words) for f in facts)


#: A new holder of a role, on a line's stored words ("Jess Tran will be my contact", "Priya is now our
#: treasurer", "Omar takes over as the landlord's agent"): the person (one or two capitalised words), then
#: the role (the first word after the determiner).
HANDOVER = re.compile(
    r"(?:^|(?<=\s))(?P<who>[A-Z][a-z][\w-]*(?: [A-Z][a-z][\w-]*)?)"
    r" (?:will be|is now|becomes|has become|takes over as|is taking over as|will take over as)"
    r" (?:my|our|the|their|your|his|her) (?:new )?(?P<role>[a-z][a-z-]+)\b"
)
_HANDOVER_HINTS = (" will be ", " is now ", " becom", " take", " taking ")


def handover(words: str) -> tuple[str, str] | None:
    """``(who, role)`` for a line naming a new holder of a role ("Jess Tran will be my contact" →
    ``("Jess Tran", "contact")``); None for none (most lines, by a substring test first)."""
    if not any(h in words for h in _HANDOVER_HINTS):
        return None
    m = HANDOVER.search(words)
    return (m.group("who"), m.group("role")) if m else None


def handover_pairs(
    facts: Sequence[Fact], paired: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    """A new holder of a role ends an earlier label line naming its holder ("Contact: Asha Rao (founder)."
    … "Asha Rao is going on maternity leave; Jess Tran will be my contact at Lumen"): the older line opens
    with the role as its label, then the holder's name (capitalised words); the newer line names that
    holder in full (which of the pages' many "Contact:" lines it means) and a new holder not on the older
    line. The latest such line wins."""
    out: dict[tuple[str, int], Supersession] = {}
    labelled: dict[str, list[Fact]] | None = None  # a line's first word (then a space) → the lines
    for new in facts:
        got = handover(new.words)
        if got is None:
            continue
        who, role = got
        label = role.capitalize() + " "
        if labelled is None:  # filed once: many handovers do not read every line each
            labelled = {}
            for f in facts:
                first, space, _ = f.words.partition(" ")
                if space:
                    labelled.setdefault(first, []).append(f)
        for old in labelled.get(label[:-1], ()):
            key = (old.path, old.line)
            if key in paired or old is new:
                continue
            holder = _holder(old.words[len(label) :])
            if not holder or holder not in new.words or who in old.words or not written_before(old, new):
                continue
            have = out.get(key)
            if have is None or (new.day or "") > (have.day or ""):
                out[key] = Supersession(new.path, new.line, new.day)
    return out


def _holder(rest: str) -> str:
    """The name opening ``rest`` (one to three capitalised words), "" when it opens with none."""
    m = re.match(r"[A-Z][a-z][\w-]*(?: [A-Z][a-z][\w-]*){0,2}", rest)
    return m.group(0) if m else ""
