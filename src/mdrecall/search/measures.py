"""A question asking a measure of its subject is answered by its latest line naming one (stage ``measures``).

"How much does Zosia weigh?" is answered by "Zosia check-up: 6.2 kg, 61 cm", which holds no word of the
question but the name; the older "Zosia's 2-week weigh-in fine, 3.9 kg" holds "weigh" too and outranks
it, and a page naming her birth weight ranks beside them. As a question-answering system's answer type
(a weight for "how much does X weigh", a height for "how tall is X", a time taken for "what was my
parkrun time", a count for "how many X did I see": "97 of 110"), a candidate with a line holding a
quantity of the asked dimension (:data:`UNITS`) and one of the question's subject words (not its words of
measure) is lifted by :data:`MEASURE_LIFT` (a share of its score). A measure of a person, a pet or a
thing changes, so a question in the present ("does", "is") is answered by the latest such line: the
latest dated one takes the place of the first of them (an undated page counts as older than any dated
line, as in :mod:`mdrecall.search.current`); a question in the past ("did", "was", "at birth", a past
verb: "how many people came") keeps their order. Nothing is fetched: the stage reorders the first
:data:`WINDOW` candidates. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from mdrecall.models import Scored
from mdrecall.search.snippets import query_stems, term_matches

__all__ = ["MEASURE_LIFT", "UNITS", "WINDOW", "apply_measure_lift", "asked_measure", "latest_first"]

#: How much a candidate answering with a quantity of the asked dimension is lifted (a share of its
#: score): an answer of the asked type is worth more than a second word of the question.
MEASURE_LIFT = 1.0
#: How many of the first candidates are looked at.
WINDOW = 30
#: "6.2", "6,2", "3 350": bounded runs, so a long line of digit groups is read in linear time.
_NUMBER = r"(?<![\d.,])\d{1,15}(?:[.,]\d{1,6})?(?:\s\d{3}){0,4}"
#: A dimension → a quantity of it ("6.2 kg", "3 350 g", "14 lbs"; "61 cm", "1.82 m", "5 ft 10").
UNITS: dict[str, re.Pattern[str]] = {
    "weight": re.compile(
        rf"\b{_NUMBER}\s?(?:kg|kgs|kilos?|kilograms?|g|grams?|lbs?|pounds?|oz|ounces?|st|stone)(?![\w%])",
        re.I,
    ),
    "height": re.compile(
        rf"\b{_NUMBER}\s?(?:cm|centimet(?:er|re)s?|met(?:er|re)s?|ft|feet|foot|inch(?:es)?)(?![\w%])"
        r"|\b\d\.\d{1,2}\s?m\b|\b\d\s?'\s?\d{1,2}\s?(?:\"|'')",
        re.I,
    ),
    # a time taken, written so no clock time reads: "4:07:33", "26:40" (minutes past 23), "3h49", "3 h 49
    # min"; not "09:00", "16:30" or a pace ("5:30/km"), nor "1:49" (a time taken or ten to two)
    "duration": re.compile(
        r"(?<![\w:./])(?:\d{1,2}:[0-5]\d:[0-5]\d|(?:2[4-9]|[3-9]\d|\d{3}):[0-5]\d)(?![\w:/]|[.,]\d)"
        r"|\b\d{1,2}\s?(?:h|hrs?|hours?)\s?[0-5]?\d\s?(?:m|mins?|minutes?)?(?![\w/])"
        r"|\b\d{1,3}\s?(?:m|mins?|minutes?)\s?[0-5]?\d\s?(?:s|secs?|seconds?)(?![\w/])",
        re.I,
    ),
    # a count: a number that is no clock time, date, year, amount or share ("97 of 110", "14 accepted",
    # "14,100 graded": thousands grouped by commas)
    "count": re.compile(
        r"(?<![\w.,:/$€£-])\d{1,3}(?:,\d{3}){1,4}(?![\w:%°/-]|[.,]\d)"
        r"|(?<![\w.,:/$€£-])(?!(?:19|20)\d\d(?!\d))\d{1,6}(?![\w:%°.,/-]|[.,]\d|/\d{1,2}(?!\d))"
        r"(?!\s?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\s?(?:am|pm)\b)"
        r"|(?<![\w.,:/-])\d{1,6}/\d{2,6}(?![\w/])",
        re.I,
    ),
}
#: A question asking a measure: its dimension → how it is asked.
_ASKS: dict[str, re.Pattern[str]] = {
    "weight": re.compile(
        r"\bhow (?:much|heavy)\b[^?.!]{0,60}?\bweigh(?:s|ed)?\b|\bhow heavy\b"
        r"|\bwhat (?:does|do|did|is|was)\b[^?.!]{0,60}?\bweigh(?:s|ed)?\b"
        r"|\bwhat(?:'s|’s| is| was)\b[^?.!]{0,40}?\bweight\b",
        re.I,
    ),
    # "how many Messier objects did I see", "how many returns are done"; not "how many times a week" (how
    # often: mdrecall.search.times)
    "count": re.compile(r"\bhow many\b(?!\s+times\s+(?:a|an|per|each|every)\b)", re.I),
    "height": re.compile(r"\bhow tall\b|\bwhat(?:'s|’s| is| was)\b[^?.!]{0,40}?\bheight\b", re.I),
    # someone's time of a run, a race, a swim: "what was my parkrun time", "what's Ana's 10k PB"; not
    # "what time is the meeting" (a clock time: mdrecall.search.times)
    "duration": re.compile(
        r"\bwhat(?:'s|’s| is| was| were)\s+(?:my|our|his|her|their|your|[\w-]+(?:'s|’s))\s"
        r"[^?.!]{0,40}?\b(?:time|times|pb|pbs|personal best)\b(?!\s*(?:zone|off|slot|table|sheet|line))",
        re.I,
    ),
}
#: The question's words of measure, which a subject word is not.
_NOT_SUBJECT = frozenset(
    "much many heavy weigh weighs weighed weight tall height big time times pb pbs pr prs personal"
    " best".split()
)
#: A question about a past measure ("how much did she weigh at birth"): the order is kept.
_PAST = re.compile(r"\b(?:did|was|were|weighed|used to|at birth|born|ago|last)\b", re.I)


def asked_measure(query: str) -> str | None:
    """The dimension ``query`` asks a quantity of (``"how much does Zosia weigh?"`` → ``"weight"``), or
    ``None``."""
    dim = next((dim for dim, asks in _ASKS.items() if asks.search(query[:500])), None)
    return None if dim == "count" and _TALLY.search(query[:500]) else dim


#: "how many X has Y done / have we been to": a tally of events over time (the answer is counted across
#: the notes, "How many tournaments has Nate won?"), not a count one line states. Lifting lines that hold
#: a number pushed the events out of the top 5 (LoCoMo multi-hop -0.008 on conversation 3). Case
#: matters: a name after the auxiliary is capitalised ("has Joanna"), a question ending "does X have" is
#: a stated count.
_TALLY = re.compile(
    r"\b[Hh]ow many\b[^?.!]{0,60}?\b(?:has|have)\s+(?:I|we|you|he|she|they|it|[A-Z][\w'’-]*)(?=[\s,])"
)


def apply_measure_lift(
    items: Sequence[Scored],
    terms: Sequence[str],
    dimension: str,
    query: str = "",
    weight: float = MEASURE_LIFT,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``measures``) whose line names a
    quantity of ``dimension`` and a subject word of the question (``terms`` less its words of measure),
    re-sorted when one was; for a question not in the past (``query``), the latest of them first."""
    out = list(items)
    stems = query_stems([t for t in terms if t.lower() not in _NOT_SUBJECT])
    unit = UNITS.get(dimension)
    if unit is None or not stems or not out or weight <= 0:
        return out
    head = out[:WINDOW]
    labels = _label_numbers(query) if dimension == "count" else None
    lifted: list[int] = []
    for i, s in enumerate(head):
        lines = s.chunk.text.split("\n")
        if any(unit.search(_unlabelled(ln, labels)) and term_matches(ln, stems) for ln in lines):
            head[i] = s.with_score("measures", s.score * (1 + weight))
            lifted.append(i)
    if not lifted:
        return out
    ids = {head[i].chunk.id for i in lifted}
    head.sort(key=lambda s: -s.score)
    if len(ids) > 1 and not _PAST.search(query) and not _past_verb(query):
        head = latest_first(head, ids)
    return head + out[WINDOW:]


#: What follows "how many": the counted words run until a verb or a preposition ("how many flats are in").
_COUNTED = re.compile(r"\bhow many((?:\s+[a-z][\w'’-]*){1,3})", re.I)
_COUNTED_END = frozenset(
    "are is was were am be been do does did have has had will would can could should may might must there"
    " in on at for of to with by from about per each".split()
)


def _label_numbers(query: str) -> re.Pattern[str] | None:
    """The numbers of a line that count none of the things a "how many" question counts: a number naming
    one of them ("flat 304", "room 12" for "how many flats / rooms"), a quantity in a unit the question
    does not count ("stuck for 20 mins", "2 kg"), a span of hours ("10 to 1", "8 till 6"); ``None``
    when ``query`` counts no plural noun."""
    found = _COUNTED.search(query[:500])
    if found is None:
        return None
    ones: list[str] = []
    for word in found.group(1).lower().split():
        if word in _COUNTED_END:
            break
        one = _singular(word)
        if one:
            ones.append(one)
    if not ones:
        return None
    units = [u for u in _UNIT_WORDS if not any(u.startswith(one[:3]) for one in ones)]
    return re.compile(
        rf"\b(?:{'|'.join(map(re.escape, ones))})\.?\s+(?:no\.?\s*|#\s*)?\d+"
        rf"|(?<![\w.,])\d+(?:[.,]\d+)?\s?(?:{'|'.join(units)})\b"
        r"|(?<![\w.,:])\d{1,2}\s?(?:to|till|til|until|–|-)\s?\d{1,2}\b(?!\s*[a-z])",
        re.I,
    )


#: Units a number may measure in (a "how many" question counting one of them keeps it: "how many hours").
_UNIT_WORDS = (
    "secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|wks?|months?|years?|yrs?"
    "|mm|cm|m|km|kms|metres?|meters?|miles?|ft|feet|inch(?:es)?"
    "|mg|g|grams?|kg|kgs|kilos?|lbs?|oz|ml|l|litres?|liters?|°c?|degrees?|percent|%"
).split("|")


def _singular(word: str) -> str | None:
    """The singular of a regular English plural (``flats`` → ``flat``, ``boxes`` → ``box``, ``parties`` →
    ``party``), or ``None`` for a word that is none."""
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1]


def _unlabelled(line: str, labels: re.Pattern[str] | None) -> str:
    """``line`` less the numbers that label one of the counted things (:func:`_label_numbers`)."""
    return line if labels is None else labels.sub(" ", line)


def _past_verb(query: str) -> bool:
    """Whether ``query`` is built on a past verb ("how many people came"): a count then, not now."""
    from mdrecall.text.past_verbs import past_verb

    words = re.findall(r"[a-z]+", query[:500].lower())
    return any(past_verb(w, words[i - 1] if i else "") for i, w in enumerate(words))


def latest_first(head: list[Scored], ids: set[str]) -> list[Scored]:
    """``head`` (sorted) with the latest dated of the ``ids`` candidates in the place of the first of
    them, taking its score; the others keep their order."""
    group = [i for i, s in enumerate(head) if s.chunk.id in ids]
    days = {i: (head[i].chunk.date or "")[:10] for i in group}
    latest = max(group, key=lambda i: (days[i], -i))
    first = group[0]
    if latest == first or not days[latest]:
        return head
    moved = replace(head[latest].with_score("measures", head[first].score))
    rest = [s for i, s in enumerate(head) if i != latest]
    return [*rest[:first], moved, *rest[first:]]
