"""Fact lines: the attributes a line of a note states, with their values and subject. Pure.

A *fact line* states an attribute of a subject: a **time** ("standup is at 9:30", "deploys happen on
Tuesdays"), an **owner** ("Owner: Fatima", "Bo owns billing"), a **place** ("based in Manchester"),
a **choice** ("we use MySQL", "PostgreSQL 16 chosen over CockroachDB") or a **status** ("Status:
evaluation", "Halden now want a retainer"). :func:`line_facts` reads, per line, the attributes it states,
their values (weekdays and clock times, names, places, the things chosen, not those left: "from Xero to
FreeAgent"), its *subject* (the remaining content words of the label and of the clauses stating an
attribute, not of an aside after a comma; for a page about one thing, the page's title) and whether it
says the thing changed (a *change cue*: "is now", "no longer", "moved to", "dropped X for Y", "from
today", "slipped to", a decision). Verbs of use state a choice ("we use", "invoice through", "host on",
"pay with", "via").

Which of them a later line supersedes is :mod:`mdrecall.knowledge.fact_pairs`'s to say.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from datetime import date, timedelta

from mdrecall.knowledge.fact_values import (
    MAY_HOLD_VALUE,
    capitalised_names,
    content_words,
    line_times,
    may_hold_time,
    slots,
    states,
    stem,
    subject_words,
    typed_values,
)
from mdrecall.knowledge.fact_words import (
    ADDITION,
    ATTRIBUTES,
    CHANGE,
    CHANGE_HINT,
    CHANGE_HINTS,
    CHANGE_WEAK,
    CHANGE_WEAK_HINT,
    CHOICE,
    CHOICE_WORDS,
    CHOSEN,
    CLAUSE_END,
    CUE,
    DAYS,
    DECISION,
    FIRST_PERSON,
    FULL_NAME,
    HEADING,
    ISO,
    LABEL,
    LABELS,
    LEAVES_NAME,
    MARKER,
    MIN_OVERLAP,
    MONTHS,
    NOW_STATE,
    OPTION,
    OUTCOME,
    OUTCOME_WORDS,
    OWNER,
    OWNER_WORDS,
    PLACE,
    PLACE_VALUE,
    PLACE_WORDS,
    POSSESSIVE_OWN,
    PRONOUNS,
    QUESTION,
    REJECTED,
    SAID,
    SENTENCE_BREAK,
    SENTENCE_END,
    STATE,
    STATE_WORDS,
    TERMINAL,
    TIME_WORDS,
    WITHDRAW,
    WORD,
    WORD_KEPT,
)
from mdrecall.knowledge.leave_grammar import ROLE_LINE, departure, may_depart
from mdrecall.knowledge.name_lists import given_name
from mdrecall.stores.views import FactRow, Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "ADDITION",
    "ATTRIBUTES",
    "CHANGE",
    "CHANGE_WEAK",
    "FIELD",
    "HOLDER",
    "LOGGED",
    "MAX_FACT_CHARS",
    "TOLD",
    "SAID",
    "MIN_OVERLAP",
    "WITHDRAW",
    "slots",
    "subject_words",
    "Fact",
    "Supersession",
    "field_of",
    "line_facts",
    "said_gate",
]

#: One fact line (stored by the index as a view: :class:`~mdrecall.stores.views.FactRow`).
Fact = FactRow


def _chosen(text: str, rejected: set[str]) -> set[str]:
    return {n for n in capitalised_names(ISO.sub(" ", text)) - rejected if not n.isdigit()}


def _may(low: str | None, words: tuple[str, ...]) -> bool:
    """Could an expression needing one of ``words`` match the line (lower-cased ``low``; ``None``: the
    line is not ASCII, so yes)?"""
    return low is None or _any_of(words).search(low) is not None


@functools.cache
def _any_of(words: tuple[str, ...]) -> re.Pattern[str]:
    """One scan for any of ``words`` (as substrings): quicker than a test of each."""
    return re.compile("|".join(re.escape(w) for w in words))


def _clause(text: str, pos: int, ends: re.Pattern[str]) -> tuple[int, int]:
    """The span of the clause of ``text`` (clauses end where ``ends`` matches) holding position ``pos``."""
    start = 0
    for m in ends.finditer(text):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            return start, m.start()
    return start, len(text)


class _Scopes:
    """Where on a line each attribute is stated: the clause holding the word that states it (a label
    before the colon states it for the whole line)."""

    def __init__(self, line: str, head: int) -> None:
        self.line, self.head = line, head
        self.spans: list[tuple[int, int]] = []  # every clause stating an attribute

    def of(
        self, matches: Iterable[re.Match[str]], ends: re.Pattern[str] = CLAUSE_END
    ) -> list[tuple[int, int]]:
        """The spans of the clauses holding ``matches`` (positions on the line)."""
        parts: list[tuple[int, int]] = []
        for m in matches:
            if m.start() < self.head:  # the label's own word: the whole line after the label
                span = (self.head, len(self.line))
            else:
                a, b = _clause(self.line[self.head :], m.start() - self.head, ends)
                span = (self.head + a, self.head + b)
            if span not in parts:
                parts.append(span)
        return parts

    def whole(self) -> list[tuple[int, int]]:
        """The span of the line after its label."""
        return [(self.head, len(self.line))]

    def read(self, spans: list[tuple[int, int]]) -> str:
        """The text of ``spans``."""
        return " ; ".join(self.line[a:b] for a, b in spans)

    def stated(self, spans: list[tuple[int, int]]) -> None:
        """Record ``spans`` as stating an attribute (their words are the fact's subject)."""
        self.spans += spans

    def text(self) -> str:
        """The label and the clauses stating an attribute (the whole line when none was recorded)."""
        if not self.spans:
            return self.line
        return " ".join([self.line[: self.head], *(self.line[a:b] for a, b in sorted(set(self.spans)))])


#: An owner verb in the active voice, its holder before it ("Acento Studio takes over the Spanish UI
#: strings", "Bo manages Payroll"): not a noun ("owner"), a passive ("owned by"), nor a handing ("handed to").
_ACTIVE_OWNER = re.compile(
    r"(?:own(?:s|ed|ing)?|takes? over|took over|manag(?:e|es|ed|ing)|handl(?:e|es|ed|ing)"
    r"|look(?:s|ed|ing)? after|coordinat(?:e|es|ed|ing)|in charge of|responsible for)\b(?!\s+by\b)",
    re.I,
)


def _holders(scopes: _Scopes, owning: list[re.Match[str]]) -> set[str]:
    """The owners an owner verb's clauses name: for a verb in the active voice with a name before it in
    its clause, that name (the holder), not the thing held after it ("Acento Studio takes over the Spanish
    UI strings": Acento Studio); else every name of the clause ("owned by Bo", "Owner: Bo")."""
    names: set[str] = set()
    for m in owning:
        (a, b), *_ = scopes.of([m])
        line = ISO.sub(lambda d: " " * len(d.group()), scopes.line[a:b])  # positions kept
        before = m.start() - a
        if before > 0 and _ACTIVE_OWNER.match(scopes.line, m.start()):
            held = capitalised_names(line[:before])
            if held:
                names |= held
                continue
        names |= capitalised_names(line)
    return names


def _state_value(m: re.Match[str]) -> str:
    """A condition's value: its words ("limping", "diet food" for "on/off the diet food", "back-normal")."""
    if m.group(3):
        return "back-" + m.group(3).lower()
    words = (m.group(1) or m.group(2)).lower().split()
    if words[0] in ("on", "off") and words[1:] != ["hold"]:
        words = [w for w in words[1:] if w not in ("the", "his", "her", "their", "its", "my", "our")]
        words = [stem(w) for w in words if w not in STOP_WORDS]
        return " ".join(words)
    return "-".join(words)


def _on_off(m: re.Match[str]) -> bool:
    """Is the condition matched being on or off something ("on the kidney diet"; not "on hold")? Such a
    line changes a fact only with a change cue (being "on the sofa" after "on the diet" is no change)."""
    words = (m.group(1) or "").lower().split()
    return bool(words) and words[0] in ("on", "off") and words[1:] != ["hold"]


def _is_time_value(m: re.Match[str]) -> bool:
    """ "is on Monday", "back at 9", "on the 18th": a time, not a condition."""
    words = m.group().lower().split()
    last = words[-1].strip(".,")
    return last.rstrip("s") in DAYS or last in MONTHS or last[:1].isdigit() or last in ("time", "track")


def _status(value: str) -> str:
    return " ".join(re.sub(r"[,()\[\]]", " ", value).lower().split())


def _fact(path: str, number: int, raw: str, day: str | None, context: set[str]) -> Fact | None:
    line = MARKER.sub("", raw).strip()
    if not line:
        return None
    attrs: dict[str, set[str]] = {}
    drop_too: set[str] = set()  # what a choice was made against: not the subject either
    colon = ":" in line  # a label needs one
    label = LABEL.match(line) if colon else None
    label_attr = LABELS.get(label.group(1).strip().lower()) if label else None
    scopes = _Scopes(line, label.end() if label else 0)
    # Each cue expression below is searched only when the line holds one of its words (in ASCII, where
    # the expressions' case-blind matching is the lower-case text's): most lines hold none.
    low = line.lower() if line.isascii() else None
    for m in LABEL.finditer(line) if colon else ():  # "…. Status: migrating." later on the line
        a = LABELS.get(m.group(1).strip().lower().split()[-1])
        if a == "status" and m.start() > 0:
            value = _status(re.split(r"[.;,(]", line[m.end() :], maxsplit=1)[0])
            if value:
                attrs["status"] = {value}
                scopes.stated(scopes.of([m]))
    if label_attr == "status":
        spans = scopes.whole()
        first = re.split(r"[.;(]", scopes.read(spans), maxsplit=1)[0]
        value = _status(first)  # "Status: on hold, waiting"
        if value:
            attrs["status"] = {value}
            # the label states its value up to the value's end: what follows ("Status: live. RxWorks kept
            # read-only") is a remark, not the subject of the status
            scopes.stated([(scopes.head, scopes.head + len(first))])
    spans, owning = [], []
    if label_attr == "owner":
        spans = scopes.whole()
    elif label_attr is None and _may(low, OWNER_WORDS):
        unpossessed = POSSESSIVE_OWN.sub(lambda m: " " * len(m.group()), line)  # positions kept
        owning = list(OWNER.finditer(unpossessed))
        spans = scopes.of(owning)
    roster = label is not None and label_attr is None and FULL_NAME.fullmatch(label.group(1).strip())
    if spans:
        names = _holders(scopes, owning) if owning else capitalised_names(ISO.sub(" ", scopes.read(spans)))
        if not names and label_attr is None and FIRST_PERSON.search(scopes.read(spans)):
            names = {"me"}
        if names:
            attrs["owner"] = names
            scopes.stated(spans)
    elif roster and label is not None:  # "Tom Becker: treasurer, drives the van": what Tom does
        attrs["owner"] = {w.lower() for w in label.group(1).split()}
        scopes.stated(scopes.whole())
    spans = (
        scopes.whole()
        if label_attr == "place"
        else scopes.of(PLACE.finditer(line))
        if _may(low, PLACE_WORDS)
        else []
    )
    if spans:
        where = {w.lower() for m in PLACE_VALUE.finditer(scopes.read(spans)) for w in m.group(1).split()}
        where = {w for w in where - STOP_WORDS if w not in MONTHS and w.rstrip("s") not in DAYS}
        if where:
            attrs["place"] = where
            scopes.stated(spans)
    matches = [] if label_attr == "choice" or not _may(low, CHOICE_WORDS) else list(CHOICE.finditer(line))
    spans = scopes.whole() if label_attr == "choice" else scopes.of(matches)
    if spans:
        scope = scopes.read(spans)
        rejected = {w.lower() for m in REJECTED.finditer(scope) for g in m.groups() if g for w in g.split()}
        # the thing chosen is named after the verb ("we use MySQL", "invoices go out via Xero"), not the
        # clause's opening word ("Contractors are paid with Wise"), save for "PostgreSQL chosen"
        after = [line[m.end() : b] for m in matches for a, b in spans if a <= m.start() < b]
        chosen = _chosen(" ; ".join(after), rejected) if matches else _chosen(scope, rejected)
        if not chosen and any(CHOSEN.fullmatch(m.group().lower()) for m in matches):
            chosen = _chosen(scope, rejected)
        if not chosen and matches:
            chosen = {m.group(1).lower() for m in OPTION.finditer(" ; ".join(after))}
        chosen -= attrs.get("owner", set())
        if chosen:
            attrs["choice"] = chosen
            drop_too = rejected
            scopes.stated(spans)
    if not may_hold_time(line):  # no digit, "day" nor month: no time to read (most lines)
        spans = []
    elif label_attr == "time" or (
        # a free label whose value opens with a time ("Go-live: 1 February", "Next call: Thursday 4pm")
        label is not None
        and label_attr is None
        and not roster
        and not attrs
        and _time_label(label.group(1), line[label.end() :], day is None and bool(context))
    ):
        spans = scopes.whole()
    else:
        spans = scopes.of(TIME_WORDS.finditer(line), SENTENCE_END)
    if spans:
        times = line_times(scopes.read(spans))
        if times:
            attrs["time"] = times
            scopes.stated(spans)
    if _may(low, STATE_WORDS):
        found = [m for m in STATE.finditer(line) if not _is_time_value(m)]
        for attr, ms in (
            ("state", [m for m in found if not _on_off(m)]),
            ("on", [m for m in found if _on_off(m)]),
        ):
            states = {_state_value(m) for m in ms} - {""}
            if states:
                attrs[attr] = states
                # whose condition: the clause's, or the sentence's when the clause names only a pronoun
                # ("walked Biscuit, he's limping": Biscuit's)
                for m in ms:
                    span = scopes.of([m])
                    begin = span[0][0]
                    if not content_words(WORD.findall(line[begin : m.start()]), set()) - PRONOUNS:
                        span = scopes.of([m], SENTENCE_END)
                    scopes.stated(span)
    if _may(low, OUTCOME_WORDS):
        found = list(OUTCOME.finditer(line))
        if found:
            spans = scopes.of(found)
            m, begin = found[0], spans[0][0]
            end = "=end" if TERMINAL.search(m.group()) else "=done"
            # what came to that state: the words before it in its clause ("the van", "Biscuit's recheck")
            thing = content_words(WORD.findall(line[max(begin, scopes.head) : m.start()]), set())
            attrs["outcome"] = {end, *(w for w in thing if w not in PRONOUNS)}
            scopes.stated(spans)
    now = False  # a state said to be the current one
    stated = "status" in attrs or not {"owner", "place", "choice"}.isdisjoint(attrs)
    if not stated and _may(low, ("now", "no longer")):
        for m in NOW_STATE.finditer(line):  # "Halden now want us on retainer"
            rest = line[m.end() :]
            clause = rest[: _clause(rest, 0, CLAUSE_END)[1]]
            times = line_times(clause) if "time" not in attrs and _TIME_START.match(clause) else set()
            if times:  # "the pledge drive is now April 5-11": a time said to be the current one
                attrs["time"] = times
                scopes.stated(scopes.of([m]))
                now = True
                break
            state = {w.lower() for w in WORD.findall(clause)}
            state = {w for w in state - STOP_WORDS if not w[0].isdigit()}
            if state:
                attrs["status"] = state
                scopes.stated(scopes.of([m]))
                now = True
                break
    if not attrs:
        return _said(path, number, line, day, context)
    # a value's words, and the parts of a state's ("back-normal"), are not its subject; neither are a thing
    # that came to an end ("the van": the subject), nor a roster line's person (what the line is about)
    drop = {w for a in attrs if a != "outcome" for v in attrs[a] for w in v.split()} | drop_too
    drop |= {w for v in attrs.get("state", ()) for w in v.split("-")}
    if roster:
        drop -= attrs["owner"]
    if label is not None and label.group(1).strip().lower() in ATTRIBUTE_LABELS:
        drop.add(label.group(1).strip().lower())  # "Dates: …": the attribute's own word, no subject
    subject = content_words(WORD.findall(scopes.text()), drop)
    cue = (
        now
        or "state" in attrs
        or bool(WITHDRAW.search(line))
        or "outcome" in attrs
        or bool(CUE.search(line))
        or ("choice" in attrs and bool(DECISION.search(line)))
        or (may_depart(line) and departure(" ".join(WORD_KEPT.findall(line))) is not None)
    )
    order = [a for a in ATTRIBUTES if a in attrs]
    return Fact(
        path,
        number,
        _own_day(line, day),
        tuple(order),
        tuple(" ".join(sorted(attrs[a])) for a in order),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(WORD_KEPT.findall(line)),
    )


#: Labels that name the attribute itself, not a thing ("Date: Saturday 9 October"): no subject to pair by.
ATTRIBUTE_LABELS = frozenset({"date", "dates", "day", "days", "next", "deadline", "due"})
#: A year after a date ("March 8-14, 2027").
_YEAR = re.compile(r"(?:19|20)\d\d")
#: A value that opens with a time: a digit, a weekday or a month.
_TIME_START = re.compile(r"(?:\d|(?:" + "|".join((*DAYS, *MONTHS)) + r")\b)", re.I)


def _time_label(label: str, value: str, titled: bool = False) -> bool:
    """Whether a free label line states a time: its value is one clause opening with one ("Go-live: 1
    February", "Next call: Thursday 4pm") and its label names a thing, not only the attribute ("Date: …"),
    unless the line is on an undated page about one thing (``titled``: "# Summer fete" … "Date: 14 June",
    the page's thing's time)."""
    if (label.strip().lower() in ATTRIBUTE_LABELS and not titled) or not _TIME_START.match(value):
        return False
    first, *rest = re.split(r"[.;,(]", value, maxsplit=1)
    if rest and rest[0].strip() and not _YEAR.fullmatch(rest[0].strip()):
        return False  # "Trade show: Feb 26, booth B14": an event's details, not only its time ("…, 2027")
    return bool(line_times(first))


def _own_day(line: str, day: str | None) -> str | None:
    """The day a line was written: a date at its start ("Update 2026-11-20: …"), else ``day``."""
    own = ISO.match(line) or re.match(r"(?:update|updated|edit|edited)\s+(\d{4}-\d{2}-\d{2})", line, re.I)
    return own.group(1) if own else day


#: How far ahead of the day a line was written a month or date it names is a plan it sets (half a year).
PLAN_DAYS = 183
_MONTH_OF = {m[:3]: k for k, m in enumerate(MONTHS[:12], 1)}
_DAY_OF_MONTH = re.compile(r"([a-z]{3})(\d{1,2})$")


#: A span of time ahead of the day written ("consult in two weeks", "in 3 days"): a plan, like a date ahead.
_IN_SPAN = re.compile(
    r"\bin (?:a|one|two|three|four|five|six|\d{1,2}|a couple of|a few) (?:days?|weeks?|months?)\b", re.I
)


def _names_ahead(line: str, day: str) -> bool:
    """Does a line written on ``day`` name a month after that day's, or a day of a month after it, within
    :data:`PLAN_DAYS` ("go-live 1 February" written in January, "live by mid-March" in December), or a span
    ahead ("surgeon consult in two weeks")?"""
    if " in " in line and _IN_SPAN.search(line):
        return True
    if not may_hold_time(line):
        return False
    try:
        start = date.fromisoformat(day[:10])
    except ValueError:
        return False
    ahead = timedelta(days=PLAN_DAYS)
    for t in line_times(line):
        m = _DAY_OF_MONTH.match(t)
        month = _MONTH_OF.get(m.group(1) if m else t)
        if month is None:
            continue  # a weekday or a clock time: no calendar date
        for year in (start.year, start.year + 1):
            try:
                first = date(year, month, int(m.group(2)) if m else 1)
            except ValueError:
                break
            # a month named: its first day after the day written (not the month it was written in)
            if start < first and first - start <= ahead:  # (no date past 9999-12-31 is made)
                return True
    return False


#: A line longer than this states no :data:`SAID` fact (a paste or a paragraph, not one statement).
MAX_SAID_CHARS = 240
#: The slot marking a :data:`SAID` line kept by :data:`MAX_LOGGED_CHARS` (no value: a mark).
LOGGED = "x:log"
#: The slot marking a :data:`SAID` line a log tells with no word of change, holding a name or a time, that is
#: no standing fact (longer than :data:`MAX_LOGGED_CHARS`, or naming a date): it may supersede an older line
#: on the evidence of the pair alone (:func:`~mdrecall.knowledge.change_rules.pair_change`), and nothing
#: supersedes it.
TOLD = "x:told"
#: The slot marking a :data:`SAID` label line whose value opens with a given name ("Lead partner on the
#: Delgado estate: Ruth Moss"): the label names a role, the value who holds it.
HOLDER = "x:who"
#: A log's line saying nothing changed is a standing fact only up to this length (one short statement:
#: "Temp agency for peak: Staffline."; a longer one tells the day's events).
MAX_LOGGED_CHARS = 50


#: The slot kinds of a page's free label line ("Stage: pre-alpha, greybox levels"): the label as an
#: attribute key (``k:stage``) and the words of its value (``v:pre-alpha``), read by
#: :func:`~mdrecall.knowledge.state_pairs.field_pairs`, not by the change lines' pass.
FIELD = ("k:", "v:")
#: Words a label may hold between its first and last word ("Out of hours", "Terms and conditions").
_LABEL_JOINS = frozenset({"of", "and", "for", "on", "in"})
#: Words of a value that name no value ("the", "our").
_FILLER = frozenset({"the", "a", "an", "our", "my", "your", "its", "their", "his", "her"})
#: The most words a free label's value holds (a longer one tells, not states a value).
MAX_FIELD_WORDS = 8


def field_of(line: str) -> tuple[str, frozenset[str]] | None:
    """A free label line's key and value ("Stage: pre-alpha, greybox levels." → ``("stage",
    {"pre-alpha", "greybox", "level"})``): a label of one to three words naming a thing (content words,
    lower-cased and singular, joined by "-"; no attribute label read otherwise, no person's name), and
    the words of its value up to its sentence's end, whatever they are (at most :data:`MAX_FIELD_WORDS`
    words; no article or possessive).
    ``None`` for any other line."""
    label = LABEL.match(line) if ":" in line else None
    if label is None:
        return None
    head = label.group(1).strip()
    words = head.lower().split()
    if not 1 <= len(words) <= 3 or head.lower() in LABELS or head.lower() in ATTRIBUTE_LABELS:
        return None
    if FULL_NAME.fullmatch(head) or (len(words) == 1 and given_name(head)):
        return None  # a person's line ("Tom Becker: treasurer"; "Dana: will do") is what they do or say
    if any(w in STOP_WORDS for w in (words[0], words[-1])) or any(
        w in STOP_WORDS and w not in _LABEL_JOINS for w in words
    ):
        return None  # "We're out of pre-alpha: …", "Note to self: …": not a thing's label
    value = re.split(r"[.;!?(]", line[label.end() :], maxsplit=1)[0]
    found = [w.lower() for w in WORD.findall(value)]
    if not found or len(found) > MAX_FIELD_WORDS:
        return None
    stems = frozenset(stem(w) for w in found if w not in _FILLER)
    if not stems:
        return None
    return "-".join(stem(w) for w in words if w not in _LABEL_JOINS), stems


#: A label (up to the first colon, no sentence's end before it) and the first word of its value.
_ROLE_LABEL = re.compile(r"([^:.;!?()]{1,60}):\s+([A-Z][\w'-]*)")


def _said(path: str, number: int, line: str, day: str | None, context: set[str]) -> Fact | None:
    """A line stating no attribute read by :func:`_fact`, as a :data:`SAID` fact: a short statement with
    at least two subject words that says a thing changed or holds a value (a time, a number, a name)."""
    if len(line) > MAX_SAID_CHARS:
        return None
    low = line.lower()
    if line.isascii():  # a cheap test of each wording's words first (most lines hold none)
        cue = (CHANGE_HINT.search(low) is not None and CHANGE.search(line) is not None) or (
            CHANGE_WEAK_HINT.search(low) is not None and CHANGE_WEAK.search(line) is not None
        )
    else:
        cue = any(h in low for h in CHANGE_HINTS) and bool(CHANGE.search(line) or CHANGE_WEAK.search(line))
    if (
        not cue
        and (
            "lea" in low
            or "left" in low
            or "not " in low
            or " off " in low
            or " gone" in low
            or "fallback" in low
            or "backup" in low
            or "spare" in low
        )
        and LEAVES_NAME.search(line)
    ):
        cue = True  # leaving a named value ("Otterburn are leaving Squarespace")
    # a person leaving a job or a home: a change of their role or place
    if may_depart(line) and departure(" ".join(WORD_KEPT.findall(line))) is not None:
        cue = True
    # a state of a scale ("unpaid", "booked", "on hold"), an amount, a quantity, a holder: a fact in any line
    status = {"z:" + s for s in states(low)} if not cue else set()
    typed = not cue and (bool(status) or bool(typed_values(line)))
    logged = told = False  # a log's line holding a name or a time and nothing else (read below)
    if not cue and day is not None and not typed and not _names_ahead(line, day):
        # a dated line (a log's) that says nothing changed, holds no typed value and sets no date ahead: an
        # event (a line naming a month or date ahead, "go-live 1 February", is a plan a later line may move),
        # told (:data:`TOLD`: it may still give an older line's value anew), unless it is short and names a
        # thing's value: a standing fact written in a log ("Podcast is recorded on Zencastr."), which a later
        # line may supersede (it supersedes nothing by itself)
        logged = len(line) <= MAX_LOGGED_CHARS
        told = not logged
    field = field_of(line)  # "Stage: pre-alpha, greybox levels": a value whatever its words
    if (
        not cue
        and not typed
        and field is None
        and MAY_HOLD_VALUE.search(line) is None
        and not ROLE_LINE.match(line)
    ):
        return None  # no digit, no capital after the first letter, no weekday: no value (most lines)
    values = slots(line) | status
    if field is not None:
        values |= {f"k:{field[0]}", *(f"v:{w}" for w in field[1])}
    if logged or told:
        if field is None and not any(v[:2] in ("c:", "t:") for v in values):
            return None  # no name nor time: an event of the day ("walked the dog, lovely morning")
        if any(_DAY_OF_MONTH.match(v[2:]) or v[2:] in _MONTH_OF for v in values if v[:2] == "t:"):
            logged, told = False, True  # a date behind the day written: an event told ("keys handover 3 May")
        values.add(LOGGED if logged else TOLD)
    label = _ROLE_LABEL.match(line) if ":" in line else None
    if label is not None and len(label.group(1).split()) <= 6 and given_name(label.group(2)):
        values.add(HOLDER)  # "Court runner: Danny": the label names a role, its value the one holding it
    if ROLE_LINE.match(line):  # "Role: postdoc on the drought project": a person's job, ended by a departure
        values.add("r:role")
    if not cue and not values:
        return None  # no value to change, and no change: no fact
    words = WORD.findall(line)
    subject = content_words(words, set())
    if len(subject) < (1 if typed else 2):  # "Budget: £14,000": one word names what the amount is
        return None
    return Fact(
        path,
        number,
        _own_day(line, day),
        (SAID,),
        (" ".join(sorted(values)),),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(WORD_KEPT.findall(line)),
    )


#: A fact is read from a line's first characters: a longer line is a paste, not a statement, and some
#: wordings cost the reader time in the square of the length it reads.
MAX_FACT_CHARS = 1_000


def _asserted(line: str) -> str:
    """``line`` without its questions ("Who is covering Tomasz's routes while he's off? tbd" → "tbd"): a
    question states no fact, and a change it asks about ("is the standup moving to Tuesdays?") is none."""
    if "?" not in line:
        return line
    marker = MARKER.match(line)
    start = marker.end() if marker else 0
    kept = [s for s in SENTENCE_BREAK.split(line[start:]) if not QUESTION.search(s)]
    return line[:start] + " ".join(kept)


def line_facts(path: str, text: str, file_date: str | None) -> list[Fact]:
    """The fact lines of one file (1-based line numbers), each with the day it was written."""
    out: list[Fact] = []
    day = file_date
    context: set[str] = set()
    fence = False
    section = 0  # the non-date headings seen: a label restated in the same section updates it
    labels: dict[str, tuple[int, str]] = {}  # attribute → (section, value) of the section's label lines
    fields: dict[str, tuple[int, Fact]] = {}  # a free label's key → (section, line) of its last line
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence or not stripped:
            continue
        heading = HEADING.match(stripped)
        if heading:
            title = heading.group(2).strip()
            iso = ISO.match(title)
            if iso:
                day = iso.group(1)
            else:
                section += 1
                if len(heading.group(1)) == 1 and file_date is None and not context:
                    context = content_words(WORD.findall(title), set())
            continue
        found = _fact(path, number, _asserted(raw[:MAX_FACT_CHARS]), day, context)
        if found is None:
            continue
        if found.attrs == (SAID,) and "k:" in found.values[0]:
            found = _restated(found, section, fields)
        if not found.subject:  # a label line ("Status: migrating"): restating one above it is a change
            for attr, value in zip(found.attrs, found.values, strict=True):
                was = labels.get(attr)
                if was is not None and was[0] == section and was[1] != value and value:
                    found = found._replace(cue=True)
                labels[attr] = (section, value)
        out.append(found)
    return out


def _restated(found: Fact, section: int, fields: dict[str, tuple[int, Fact]]) -> Fact:
    """A free label line (:func:`field_of`) as read, marked a change where it restates the label of the
    page's last line of that label with another value: each holds a value word the other lacks, and not
    one added to ("also", "too"); in the same section, or dated below an undated one (a page's log)."""
    values = found.values[0].split()
    key = next(v for v in values if v.startswith("k:"))
    was = fields.get(key)
    fields[key] = (section, found)
    if was is None or (was[0] != section and not (found.day and not was[1].day)):
        return found
    old = {v for v in was[1].values[0].split() if v.startswith("v:")}
    new = {v for v in values if v.startswith("v:")}
    if not (new - old and old - new) or ADDITION.search(found.words) is not None:
        return found
    return found._replace(cue=True)


# --- Diagnosis (for measurement only: benchmarks/sup_funnel.py). It changes no fact line. -------------


def said_gate(raw: str, day: str | None) -> str | None:
    """Why a line of a note (``raw``, written on ``day``) that states no attribute :func:`line_facts` reads
    is no :data:`SAID` fact either, by name; None when it is one. ``"dated, no cue nor typed value"``: a
    log's line that would be a fact on a page (undated); ``"too long"``; ``"few subject words"`` (fewer than
    two content words); ``"no value"`` (no change cue, and no time, number, name or state to change)."""
    line = MARKER.sub("", _asserted(raw[:MAX_FACT_CHARS])).strip()
    if not line:
        return "no statement"
    if _said("", 1, line, day, set()) is not None:
        return None
    if len(line) > MAX_SAID_CHARS:
        return "too long"
    if day is not None and _said("", 1, line, None, set()) is not None:
        return "dated, no cue nor typed value"
    if len(content_words(WORD.findall(line), set())) < 2:
        return "few subject words"
    return "no value"
