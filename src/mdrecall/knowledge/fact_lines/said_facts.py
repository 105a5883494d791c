"""A line stating no attribute the fact reader (:mod:`mdrecall.knowledge.fact_lines.facts`) reads, read as a
:data:`~mdrecall.knowledge.fact_lines.fact_words.SAID` fact: a short statement with at least two subject words
that says a thing changed or holds a value (a time, a number, a name), with the marks of a log's line told or
kept (:data:`TOLD`, :data:`LOGGED`) and of a role's holder (:data:`HOLDER`). Pure."""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.absent_values import absent_states
from mdrecall.knowledge.fact_lines.change_signal import lexicon_signal
from mdrecall.knowledge.fact_lines.corrections import corrects
from mdrecall.knowledge.fact_lines.fact_fields import field_of
from mdrecall.knowledge.fact_lines.fact_times import DAY_OF_MONTH, MONTH_OF, names_ahead, own_day
from mdrecall.knowledge.fact_lines.fact_values import (
    MAY_HOLD_VALUE,
    content_words,
    slots,
    states,
    typed_values,
)
from mdrecall.knowledge.fact_lines.fact_words import (
    CHANGE,
    CHANGE_HINT,
    CHANGE_HINTS,
    CHANGE_WEAK,
    CHANGE_WEAK_HINT,
    LEAVES_NAME,
    SAID,
    WORD,
    WORD_KEPT,
)
from mdrecall.knowledge.fact_lines.leave_grammar import ROLE_LINE, departure, left_values, may_depart
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import FactRow as Fact

__all__ = ["CORRECTED", "HOLDER", "LOGGED", "MAX_LOGGED_CHARS", "MAX_SAID_CHARS", "TOLD", "said_fact"]


#: A line longer than this states no :data:`SAID` fact (a paste or a paragraph, not one statement).
MAX_SAID_CHARS = 240
#: The slot marking a :data:`SAID` line kept by :data:`MAX_LOGGED_CHARS` (no value: a mark).
LOGGED = "x:log"
#: The slot marking a :data:`SAID` line a log tells with no word of change, holding a name or a time, that is
#: no standing fact (longer than :data:`MAX_LOGGED_CHARS`, or naming a date): it may supersede an older line
#: on the evidence of the pair alone (:func:`~mdrecall.knowledge.changes.change_rules.pair_change`), and
# nothing
#: supersedes it.
TOLD = "x:told"
#: The slot marking a :data:`SAID` label line whose value opens with a given name ("Lead partner on the
#: Delgado estate: Ruth Moss"): the label names a role, the value who holds it.
HOLDER = "x:who"
#: A log's line saying nothing changed is a standing fact only up to this length (one short statement:
#: "Temp agency for peak: Staffline."; a longer one tells the day's events).
MAX_LOGGED_CHARS = 50
#: The slot marking a :data:`SAID` line that corrects a value in passing, the value it replaces named after
#: ", not" (:func:`~mdrecall.knowledge.fact_lines.corrections.corrects`: "we got the 12-seater, not the 9"):
#: read where the line's punctuation is, kept because the stored words lose it (no value: a mark).
CORRECTED = "x:fix"


#: A label (up to the first colon, no sentence's end before it) and the first word of its value.
_ROLE_LABEL = re.compile(r"([^:.;!?()]{1,60}):\s+([A-Z][\w'-]*)")


def _ends_value(line: str) -> bool:
    """Does ``line`` end or replace a value in the generated lexicon's words (a change cue: "Beanbag has
    pulled out, we run the kiosk ourselves", "the old van died")? Read only where the line would state no
    fact otherwise."""
    return lexicon_signal(" ".join(WORD_KEPT.findall(line)))


def said_fact(path: str, number: int, line: str, day: str | None, context: set[str]) -> Fact | None:
    """A line stating no attribute read by :func:`~mdrecall.knowledge.fact_lines.facts.line_facts`, as a
    :data:`SAID` fact: a short statement with at least two subject words that says a thing changed or holds a
    value (a time, a number, a name)."""
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
    # a value corrected in passing ("we got the 12-seater, not the 9"): the value named after "not" left
    fixed = not cue and "not" in low and corrects(line)
    if fixed:
        cue = True
    # a value given up, told as an imperative ("forget sub-4, just finish it"): the value is left
    if not cue and "forget" in low and left_values(" ".join(WORD_KEPT.findall(low))):
        cue = True
    # a state of a scale ("unpaid", "booked", "on hold"), an amount, a quantity, a holder: a fact in any line
    status = {"z:" + s for s in states(low) | absent_states(low)} if not cue else set()
    typed = not cue and (bool(status) or bool(typed_values(line)))
    logged = told = False  # a log's line holding a name or a time and nothing else (read below)
    if not cue and day is not None and not typed and not names_ahead(line, day):
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
        if not _ends_value(line):
            return None  # no digit, no capital after the first letter, no weekday: no value (most lines)
        cue, logged, told = True, False, False
    values = slots(line) | status
    if fixed:
        values.add(CORRECTED)
    if field is not None:
        values |= {f"k:{field[0]}", *(f"v:{w}" for w in field[1])}
    if logged or told:
        if field is None and not any(v[:2] in ("c:", "t:") for v in values):
            return None  # no name nor time: an event of the day ("walked the dog, lovely morning")
        if any(DAY_OF_MONTH.match(v[2:]) or v[2:] in MONTH_OF for v in values if v[:2] == "t:"):
            logged, told = False, True  # a date behind the day written: an event told ("keys handover 3 May")
        values.add(LOGGED if logged else TOLD)
    label = _ROLE_LABEL.match(line) if ":" in line else None
    if label is not None and len(label.group(1).split()) <= 6 and given_name(label.group(2)):
        values.add(HOLDER)  # "Court runner: Danny": the label names a role, its value the one holding it
    if ROLE_LINE.match(line):  # "Role: postdoc on the drought project": a person's job, ended by a departure
        values.add("r:role")
    if not cue and not values:
        if not _ends_value(line):
            return None  # no value to change, and no change: no fact
        cue = True
    words = WORD.findall(line)
    subject = content_words(words, set())
    # one word names the subject of an amount ("Budget: £14,000"), or of a change with a value of another
    # word ("Influx switched off in March", "Payroll moves to Fridays")
    # ("Class: Saturdays 10:00–13:00": a label's one word is the subject of the time it gives)
    valued = (cue or field is not None) and any(v[:2] == "t:" for v in values)
    if len(subject) < (1 if typed or valued else 2):
        return None
    return Fact(
        path,
        number,
        own_day(line, day),
        (SAID,),
        (" ".join(sorted(values)),),
        " ".join(sorted(subject)),
        " ".join(sorted(context - subject)),
        cue,
        " ".join(WORD_KEPT.findall(line)),
    )
