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

Which of them a later line supersedes is :mod:`mdrecall.knowledge.changes.fact_pairs`'s to say.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.fact_fields import restated
from mdrecall.knowledge.fact_lines.fact_scopes import Scopes, clause_span, holders, may_match
from mdrecall.knowledge.fact_lines.fact_times import ATTRIBUTE_LABELS, TIME_START, own_day, time_label
from mdrecall.knowledge.fact_lines.fact_values import (
    capitalised_names,
    content_words,
    line_times,
    may_hold_time,
    slots,
    stem,
    subject_words,
)
from mdrecall.knowledge.fact_lines.fact_words import (
    ADDITION,
    ATTRIBUTES,
    CHANGE,
    CHANGE_WEAK,
    CHOICE,
    CHOICE_WORDS,
    CHOSEN,
    CLAUSE_END,
    CUE,
    DAYS,
    DECISION,
    DONE_BY,
    FELT_NOW,
    FIRST_PERSON,
    FULL_NAME,
    HEADING,
    ISO,
    LABEL,
    LABELS,
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
from mdrecall.knowledge.fact_lines.leave_grammar import departure, may_depart
from mdrecall.knowledge.fact_lines.log_prefixes import unprefixed
from mdrecall.knowledge.fact_lines.said_facts import MAX_SAID_CHARS, said_fact
from mdrecall.stores.views import FactRow, Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "ADDITION",
    "ATTRIBUTES",
    "CHANGE",
    "CHANGE_WEAK",
    "MAX_FACT_CHARS",
    "SAID",
    "MIN_OVERLAP",
    "WITHDRAW",
    "slots",
    "subject_words",
    "Fact",
    "Supersession",
    "line_facts",
    "said_gate",
]

#: One fact line (stored by the index as a view: :class:`~mdrecall.stores.views.FactRow`).
Fact = FactRow


def _chosen(text: str, rejected: set[str]) -> set[str]:
    return {n for n in capitalised_names(ISO.sub(" ", text)) - rejected if not n.isdigit()}


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


#: A verb whose "back" returns a thing or a reply, not its subject to a state ("give back to the
#: community", "wrote back to the council", "looking back on it").
_GIVEN_BACK = re.compile(
    r"\b(?:giv(?:e|es|ing|en)|gave|pa(?:y|ys|id|ying)|writ(?:e|es|ing|ten)|wrote|call(?:s|ed|ing)?"
    r"|text(?:s|ed|ing)?|look(?:s|ed|ing)?|think(?:s|ing)?|thought|bring(?:s|ing)?|brought|send(?:s|ing)?"
    r"|sent|hit(?:s|ting)?|talk(?:s|ed|ing)?|reply|replied|get back to (?:you|me|him|her|them|us))\s+$",
    re.I,
)


def _given_back(line: str, m: re.Match[str]) -> bool:
    """Is the state ``m`` of ``line`` a "back …" after a verb of giving or replying (:data:`_GIVEN_BACK`)?"""
    return m.group(3) is not None and _GIVEN_BACK.search(line, max(0, m.start() - 30), m.start()) is not None


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
    scopes = Scopes(line, label.end() if label else 0)
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
    elif label_attr is None and may_match(low, OWNER_WORDS):
        unpossessed = POSSESSIVE_OWN.sub(lambda m: " " * len(m.group()), line)  # positions kept
        owning = list(OWNER.finditer(unpossessed))
        spans = scopes.of(owning)
    roster = label is not None and label_attr is None and FULL_NAME.fullmatch(label.group(1).strip())
    if not spans and label_attr is None and " by " in line:
        agents = list(DONE_BY.finditer(line))  # "Cash-up is done by the closing shift lead"
        if agents:
            who = {w.lower() for m in agents for w in m.group(1).split()} - STOP_WORDS - _NOT_AGENT
            if who:
                attrs["owner"] = who
                scopes.stated(scopes.of(agents))
    if spans:
        names = holders(scopes, owning) if owning else capitalised_names(ISO.sub(" ", scopes.read(spans)))
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
        if may_match(low, PLACE_WORDS)
        else []
    )
    if spans:
        where = {w.lower() for m in PLACE_VALUE.finditer(scopes.read(spans)) for w in m.group(1).split()}
        where = {w for w in where - STOP_WORDS if w not in MONTHS and w.rstrip("s") not in DAYS}
        if where:
            attrs["place"] = where
            scopes.stated(spans)
    matches = (
        [] if label_attr == "choice" or not may_match(low, CHOICE_WORDS) else list(CHOICE.finditer(line))
    )
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
        and time_label(label.group(1), line[label.end() :], day is None and bool(context))
    ):
        spans = scopes.whole()
    else:
        spans = scopes.of(TIME_WORDS.finditer(line), SENTENCE_END)
    if spans:
        times = line_times(scopes.read(spans))
        if times:
            attrs["time"] = times
            scopes.stated(spans)
    if may_match(low, STATE_WORDS):
        found = [m for m in STATE.finditer(line) if not _is_time_value(m) and not _given_back(line, m)]
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
    if may_match(low, OUTCOME_WORDS):
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
    if not stated and may_match(low, ("now", "no longer")):
        for m in NOW_STATE.finditer(line):  # "Halden now want us on retainer"
            rest = line[m.end() :]
            if FELT_NOW.match(rest):
                continue  # "now I'm ready to help": a feeling or a next step told, no state
            clause = rest[: clause_span(rest, 0, CLAUSE_END)[1]]
            times = line_times(clause) if "time" not in attrs and TIME_START.match(clause) else set()
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
        return said_fact(path, number, line, day, context)
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
        or (not {"time", "owner", "place"}.isdisjoint(attrs) and _decided(line))
        or (may_depart(line) and departure(" ".join(WORD_KEPT.findall(line))) is not None)
    )
    order = [a for a in ATTRIBUTES if a in attrs]
    return Fact(
        path,
        number,
        own_day(line, day),
        tuple(order),
        tuple(" ".join(sorted(attrs[a])) for a in order),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(WORD_KEPT.findall(line)),
    )


#: Words after "by" that name no one ("done by hand", "run by the book", "checked by then").
_NOT_AGENT = frozenset(("hand", "book", "then", "now", "default", "far", "mistake", "accident", "only"))


#: A decision told ("Decided: …", "we decided on Thursdays"), not one denied or still open ("not decided
#: yet", "haven't decided", "undecided").
_DECIDED = re.compile(
    r"(?<!\bnot )(?<!n't )(?<!n’t )(?<!\bnever )\b(?:decided|decision|agreed)\b(?! yet\b)", re.I
)


def _decided(line: str) -> bool:
    """Does ``line`` tell a decision (:data:`_DECIDED`): a time, holder or place decided is a change of the
    one standing before ("Decided: fortnightly check-ins, every Wednesday")?"""
    low = line.lower()
    return ("decid" in low or "decis" in low or "agreed" in low) and _DECIDED.search(line) is not None


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
        line = raw[:MAX_FACT_CHARS]
        bare = unprefixed(line)
        found = _fact(path, number, _asserted(bare), day, context)
        if found is None and bare != line:  # "Note: the status: blocked on review": the prefix was the label
            found = _fact(path, number, _asserted(line), day, context)
        if found is None:
            continue
        if found.attrs == (SAID,) and "k:" in found.values[0]:
            found = restated(found, section, fields)
        if not found.subject:  # a label line ("Status: migrating"): restating one above it is a change
            for attr, value in zip(found.attrs, found.values, strict=True):
                was = labels.get(attr)
                if was is not None and was[0] == section and was[1] != value and value:
                    found = found._replace(cue=True)
                labels[attr] = (section, value)
        out.append(found)
    return out


# --- Diagnosis (for measurement only: benchmarks/sup_funnel.py). It changes no fact line. -------------


def said_gate(raw: str, day: str | None) -> str | None:
    """Why a line of a note (``raw``, written on ``day``) that states no attribute :func:`line_facts` reads
    is no :data:`SAID` fact either, by name; None when it is one. ``"dated, no cue nor typed value"``: a
    log's line that would be a fact on a page (undated); ``"too long"``; ``"few subject words"`` (fewer than
    two content words); ``"no value"`` (no change cue, and no time, number, name or state to change)."""
    line = MARKER.sub("", _asserted(raw[:MAX_FACT_CHARS])).strip()
    if not line:
        return "no statement"
    if said_fact("", 1, line, day, set()) is not None:
        return None
    if len(line) > MAX_SAID_CHARS:
        return "too long"
    if day is not None and said_fact("", 1, line, None, set()) is not None:
        return "dated, no cue nor typed value"
    if len(content_words(WORD.findall(line), set())) < 2:
        return "few subject words"
    return "no value"
