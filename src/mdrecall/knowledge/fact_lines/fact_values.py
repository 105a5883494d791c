"""The words and values of a line of a note, as the fact reader (:mod:`mdrecall.knowledge.fact_lines.facts`)
and the change-line pairing (:mod:`mdrecall.knowledge.changes.change_pairs`) read them: content words and
their stems, times, capitalised names, typed value slots. Pure.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from datetime import date
from pathlib import Path

from mdrecall.knowledge.fact_lines.fact_words import (
    CLOCK,
    DAY_MONTH,
    DAYS,
    DIGIT,
    LABELS,
    MONTH,
    MONTHS,
    NOT_SUBJECT,
    STATUS,
    STATUS_OF,
    WEEKDAY,
    WORD,
)
from mdrecall.knowledge.fact_lines.money import amounts
from mdrecall.knowledge.fact_lines.rate_amounts import bare_rates, priced_amounts
from mdrecall.text.date_phrases.dates import MONTH_HINTS
from mdrecall.text.date_phrases.dotted_dates import dotted_date
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "MAY_HOLD_VALUE",
    "NUMBER",
    "capitalised_names",
    "content_words",
    "is_kin",
    "kin_words",
    "line_times",
    "may_hold_time",
    "slots",
    "states",
    "stem",
    "subject_words",
    "typed_values",
]


#: Endings before which a plural's "-es" is the ending, not "-s" after a word's own "e" ("boxes", "matches",
#: "wishes", "classes", "quizzes", "heroes"; not "tiles", "hoses", "sizes", "changes").
_ES_AFTER = ("ss", "zz", "x", "ch", "sh", "o")


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word's stem, as the fact lines' subjects and values compare words: lower-cased, quotes and hyphens
    at its ends dropped, one inflection ("-s", "-es", "-ies", "-ed", "-ing") and then, past four letters, a
    last "e" dropped ("invoice", "invoicing" → invoic; "tile", "tiles" → tile; "box", "boxes" → box)."""
    w = word.lower().strip("'’-")
    for suffix in ("ings", "ing", "ies", "es", "ed", "s"):
        if not w.endswith(suffix) or len(w) - len(suffix) < 3:
            continue
        if suffix == "es" and not w[:-2].endswith(_ES_AFTER):
            continue  # "tiles", "hoses": "-s" after the word's own "e"
        if suffix == "s" and w.endswith("ss"):
            break  # "class", "glass": no plural
        w = w[: -len(suffix)] + ("y" if suffix == "ies" else "")
        break
    return w[:-1] if w.endswith("e") and len(w) > 4 else w  # "invoice", "invoicing": one stem


#: How many of the most frequent English words :func:`frequent_stem` reads as common words: a word among
#: them ("school", "post", "party", "term", "two", "Mr") shared alone by two lines is no evidence of one
#: subject (a word of a few notes in a small workspace is rare there however common in English).
FREQUENT_WORDS = 1000


@functools.cache
def _frequent_stems() -> frozenset[str]:
    # The BERT-Base-Uncased WordPiece vocabulary the static embedder ships lists its whole words roughly
    # by frequency from "the" on (its first ~2,000 entries are reserved tokens and single characters).
    from mdrecall import embedders

    vocab = (Path(embedders.__file__).parent / "data" / "vocab.txt").read_text(encoding="utf-8").split()
    start = vocab.index("the") if "the" in vocab else 0
    words = [w for w in vocab[start:] if len(w) > 1 and w.isalpha() and w.isascii()]
    kin = set(_kin().values())  # (a family word names one person: "my father" … "Dad")
    return frozenset(x for w in words[:FREQUENT_WORDS] if (x := stem(w)) not in kin and x not in _kin())


def frequent_stem(word: str) -> bool:
    """Is ``word`` (a :func:`stem`) the stem of one of the :data:`FREQUENT_WORDS` most frequent English
    words ("school", "post", "minut")? Not "crowe", "grocery", "newsletter", nor a family word ("father")."""
    return word in _frequent_stems()


def content_words(words: Iterable[str], drop: set[str]) -> set[str]:
    out = set()
    for w in words:
        low = _content_word(w)
        if low is not None and low not in drop:
            out.add(stem(low))
    return out


@functools.lru_cache(maxsize=1 << 16)
def _content_word(word: str) -> str | None:
    """``word`` lower-cased, its possessive dropped ("he's" → he, "Biscuit's" → biscuit), or ``None`` for
    a word that is never content (a stop or cue word, a weekday or month, a number, one letter)."""
    low = word.lower().replace("’", "'").split("'")[0]
    if low in STOP_WORDS or low in NOT_SUBJECT or len(low) < 2 or low[0].isdigit():
        return None
    if low.rstrip("s") in DAYS or low in MONTHS:
        return None
    return low


def subject_words(text: str) -> set[str]:
    """The content words of ``text`` that may name a subject (stems; no stop word, cue word, weekday,
    month or number)."""
    return content_words(WORD.findall(text), set())


#: The words naming one family relation ("mum", "mom", "mother"), generated from WordNet by
#: ``scripts/gen_kin_words.py``.
KIN_FILE = Path(__file__).parents[1] / "data" / "kin_words.txt"


@functools.cache
def _kin() -> dict[str, str]:
    """Each family relation's word's stem → its head word's stem ("mum" → "mother")."""
    out: dict[str, str] = {}
    for line in KIN_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "|" not in line:
            continue
        head, words = line.split("|", 1)
        for w in words.split(","):
            out[stem(w.strip())] = stem(head.strip())
    return out


def is_kin(word: str) -> bool:
    """Does ``word`` (lower case) name a family relation ("mum", "kids", "daughter")?"""
    return stem(word) in _kin()


def kin_words(stems: Iterable[str]) -> set[str]:
    """``stems`` with each word of a family relation read as that relation's head word: "Mum moved …" and
    "My mother Ingrid lives …" name one person ("mum", "mom" → "mother"; "kids" → "child")."""
    kin = _kin()
    return {kin.get(w, w) for w in stems}


def may_hold_time(line: str) -> bool:
    """Could :func:`line_times` find a time in ``line``, or in any of its parts joined by punctuation and
    spaces? False (cheaply) for an ASCII line with no "day", no capitalised month, and no clock (a digit
    beside "am", "pm", or a colon or point before another digit): most lines."""
    if not line.isascii():
        return True
    low = line.lower()
    if "day" in low or _CAPITAL_MONTH.search(line) is not None:
        return True
    if DIGIT.search(line) is None:
        return False
    if "am" in low or "pm" in low or _CLOCK_HINT.search(line) is not None:
        return True
    # (a month in lower case beside a day's number: :func:`_spoken_date`)
    return any(m in low for m in MONTH_HINTS) and DAY_MONTH.search(line) is not None


#: The start of a month's name with its capital, as :func:`line_times` reads months (any case after it).
_CAPITAL_MONTH = re.compile(
    r"J(?i:an|u[nl])|F(?i:eb)|M(?i:a[ry])|A(?i:pr|ug)|S(?i:ep)|O(?i:ct)|N(?i:ov)|D(?i:ec)"
)
#: What a clock time without "am" or "pm" needs (:data:`~mdrecall.knowledge.fact_lines.fact_words.CLOCK`), or
# a
#: dotted date (:data:`DOTTED_DATE`).
_CLOCK_HINT = re.compile(r"\d[:.]\d")
#: A dotted numeric date, day first ("27.2.", "6.3.2027", as Nordic, German, Polish and Czech notes write
#: them): a date only where its last point ends no sentence (a comma, a bracket, a dash or a lower-case word
#: after it, or a year): "the rate is 4.5." is a number. (A slashed "4/2" is left unread here: its order is
#: the workspace's, :mod:`~mdrecall.knowledge.dates.date_order`, and a line's fact is read without it.)
DOTTED_DATE = re.compile(r"(?<![\w.,/])(\d{1,2})\.(\d{1,2})\.(?:(\d{4})\b|(?=\s*[,;:)\]–—-]|\s+[a-z(]))")
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: Any day: the date reader (:func:`~mdrecall.text.date_phrases.dotted_dates.dotted_date`) needs one to put a
# year on a
#: date; only its month and day are kept.
_ANY_DAY = date(2000, 1, 1)


def dotted_dates(text: str) -> list[tuple[int, int, str]]:
    """The dotted dates of ``text`` (:data:`DOTTED_DATE`) as (start, end, day of a month: ``feb27``), each
    one the date reader takes for a date too (:func:`~mdrecall.text.date_phrases.dotted_dates.dotted_date`:
    not a version, a measure or a score: "release 4.11. ships", "weighs 3.5. kg")."""
    out = []
    low = None
    for m in DOTTED_DATE.finditer(text):
        if m.group(3) is None:
            g = {"dt1": m.group(1), "dt2": m.group(2), "dtd": ".", "dts": None, "dty": None, "dt0": None}
            low = text.lower() if low is None else low
            if not dotted_date(g, text, m.start(), m.end(), _ANY_DAY, None, False, low):
                continue
        day, month = int(m.group(1)), int(m.group(2))
        if 1 <= month <= 12 and 1 <= day <= 31:
            out.append((m.start(), m.end(), f"{_MONTH_NAMES[month - 1]}{day}"))
    return out


def line_times(text: str, spoken: bool = True) -> set[str]:
    """The times ``text`` names: weekdays, clock times (``h:mm``), days of months (``sep1``; a dotted date
    too, "27.2.": :func:`dotted_dates`), months. ``spoken``: a month in lower case beside a day's number
    too (:func:`_spoken_date`; not for a text the caller lower-cased)."""
    return set(_line_times(text, spoken))


@functools.lru_cache(maxsize=1024)
def _line_times(text: str, spoken: bool = True) -> frozenset[str]:
    """:func:`line_times`, kept for the last texts read (a line's is read again by :func:`slots`)."""
    low = text.lower()
    found = {m.group(1).lower() for m in WEEKDAY.finditer(text)} if "day" in low else set()
    digit = DIGIT.search(text) is not None  # a clock time and a day of a month need one
    # a month is read only with its capital: an ASCII text with no capitalised month's start has none
    months = not text.isascii() or _CAPITAL_MONTH.search(text) is not None
    # a month in lower case beside a day's number ("on 17th october", "sept 3"): a line written all in
    # lower case (speech to text, a quick note) names a date so
    spoken = spoken and digit and not months and any(m in low for m in MONTH_HINTS)
    if not digit and (not months or not any(m in low for m in MONTH_HINTS)):
        return frozenset(found)
    dotted = dotted_dates(text) if digit and "." in text else []
    found |= {t for _, _, t in dotted}
    for m in CLOCK.finditer(text) if digit else ():
        if text[max(0, m.start() - 2) : m.start()].strip()[-1:] in ("£", "$", "€"):
            continue  # an amount ("£0.40"), not a time
        if any(a <= m.start() < b for a, b, _ in dotted):
            continue  # a dotted date ("15.10."), not a clock time
        if m.group(4):
            found.add(f"{int(m.group(4))}:{m.group(5)}")
        else:
            hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "pm" else 0)
            found.add(f"{hour}:{m.group(2) or '00'}")
    days = set()
    for m in DAY_MONTH.finditer(text) if digit and (months or spoken) else ():
        month, day = (m.group(2), m.group(1)) if m.group(1) else (m.group(3), m.group(4))
        if (month[0].isupper() or _spoken_date(month, bool(m.group(1)))) and 1 <= int(day) <= 31:
            days.add((month.lower()[:3], int(day)))
    found |= {f"{month}{day}" for month, day in days}
    found |= {
        m.group(1).lower()[:3]
        for m in (MONTH.finditer(text) if months else ())
        if m.group(1)[0].isupper() and not any(m.group(1).lower()[:3] == d[0] for d in days)
    }
    return frozenset(found)


def _spoken_date(month: str, day_first: bool) -> bool:
    """May a month written in lower case beside a day's number be a date: day first ("17th october", "3
    may"), or month first where the month's word is no verb ("october 17"; not "may 3", "march 2")?"""
    return month.islower() and (day_first or month[:3] not in ("may", "mar"))


def capitalised_names(text: str) -> set[str]:
    """Capitalised words that are not stop words (names, places, products), lowercased."""
    out = set()
    for w in WORD.findall(text):
        if w.islower() and (w.isalpha() or not any(c.isdigit() for c in w[1:])):
            continue  # no capital and no digit: no name (the test below, quicker, for most words)
        if not (
            w[0].isupper()
            or any(c.isdigit() for c in w[1:])
            or (w[0].islower() and any(c.isupper() for c in w))
        ):
            continue
        low = w.lower()
        if (
            low not in STOP_WORDS
            and low not in NOT_SUBJECT
            and low not in LABELS
            and low.rstrip("s") not in DAYS
            and low not in MONTHS
        ):
            out.add(low)
    return out


NUMBER = re.compile(r"(?<![\w:.#/-])[£$€]?(\d[\d,]*(?:\.\d+)?)(?![\d:])")


#: What every value :func:`slots` reads needs: a digit, a capital past a line's first letter, a weekday.
MAY_HOLD_VALUE = re.compile(r"\d|(?<=.)[A-Z]|(?i:" + WEEKDAY.pattern + ")", re.S)


#: A quantity with a unit of measure ("4.4 kg", "20%", "3 hours"); its value is the number and the unit.
QUANTITY = re.compile(
    r"\b(\d+(?:\.\d+)?)\s?(%|per ?cent|kg|g|mg|lbs?|ml|l|litres?|liters?|km|miles?|cm|mm|gb|mb|tb"
    r"|hours?|hrs?|minutes?|mins?)(?![\w%])",
    re.I,
)
#: A holder before a verb of holding ("Ruth keeps the inventory", "Omar has taken over the trials", "Bo
#: now owns billing"): a capitalised word (not a stop word) and the verb; the holder is the name.
HOLDER = re.compile(
    r"\b([A-Z][a-z]+)(?:\s+([A-Z][a-z]+))?\s+(?:now\s+|has\s+|have\s+|will\s+|is\s+)?"
    r"(?:keeps?|owns?|runs?|inherit(?:s|ed)?|leads?|handles?|manages?|look(?:s|ed)? after|covers?"
    r"|t(?:akes?|ook|aken) over|(?:is|are) in charge of)\b"
)
#: A word :data:`HOLDER` needs (a cheap test first: one scan).
_HOLD_HINT = re.compile(r"keep|own|run|inherit|lead|handl|manag|look|cover|over")


#: Capitalised words before a verb of holding that name no holder (a label, a month).
_NOT_HOLDER = frozenset(LABELS) | frozenset(MONTHS)


def typed_values(line: str) -> set[str]:
    """A line's values of a type a fact line holds even when nothing says it changed: amounts of money
    (``m:``), quantities with a unit (``q:``) and holders before a verb of holding (``h:``, lower case)."""
    return set(_typed_values(line))


@functools.lru_cache(maxsize=1024)
def _typed_values(line: str) -> frozenset[str]:
    """:func:`typed_values`, kept for the last lines read (a line's is read again by :func:`slots`)."""
    out: set[str] = set()
    digit = DIGIT.search(line) is not None
    if digit:
        out |= {"m:" + a for a in amounts(line) | bare_rates(line) | priced_amounts(line)}
    if digit:
        out |= {f"q:{m.group(1)}{m.group(2).lower()}" for m in QUANTITY.finditer(line)}
    if _HOLD_HINT.search(line) is not None:
        for m in HOLDER.finditer(line):
            name = m.group(1).lower()
            if (name in MONTHS or name.rstrip("s") in DAYS) and m.group(2):
                name = m.group(2).lower()  # "in June Zara covers": Zara (the words run on past a full stop)
            if name not in STOP_WORDS and name not in NOT_SUBJECT and name not in _NOT_HOLDER:
                out.add("h:" + name)
    return frozenset(out)


#: A word of every wording of :data:`~mdrecall.knowledge.fact_lines.fact_words.STATUS` (its longest, "hold"
# for "on
#: hold"), looked up among a line's space-separated words, stops after them dropped ("unpaid,", "again!!"):
#: a cheap test first.
_STATUS_WORDS = frozenset(max(wording.split(), key=len) for wording in STATUS_OF)
#: What may follow a word before the next space (:data:`_STATUS_WORDS`).
_STOPS = ".,;:!?)"


def states(words: str) -> set[str]:
    """The states of :data:`~mdrecall.knowledge.fact_lines.fact_words.STATUS_SCALES` a line (its lower-case
    words) says a thing is in, as ``scale=state`` ("unpaid" → ``pay=unpaid``; "cancelled" → ``run=ended`` and
    ``booking=cancelled``)."""
    if not any(w.rstrip(_STOPS) in _STATUS_WORDS for w in words.split()):
        return set()
    return {f"{scale}={state}" for m in STATUS.finditer(words) for scale, state in STATUS_OF[m.group(1)]}


#: Where a sentence of a line ends, as :func:`slots` reads its names (one not opening a sentence); not at
#: the point of a dotted date ("moved to 6.3. (Bäst called)").
_SENTENCE = re.compile(r"(?:(?<!\d\.\d)(?<!\d\.\d\d)[.]|[;!?]|\s[-–—])\s+")


#: A value named as the one set aside ("Thursdays instead of Tuesdays", "rather than Sketch"): the words
#: after it, up to :data:`_SET_ASIDE_WORDS` of them, to a clause's end.
_SET_ASIDE = re.compile(r"\b(?:instead of|rather than)\s+", re.I)
_SET_ASIDE_WORDS = 4
#: A word that ends the value set aside after it (a clause's end; a point not of a number: "27.2." goes on).
_ENDS_ASIDE = re.compile(r"[,;:!?)]$|(?<![\d.])\.$")
#: A word opening the next phrase after a value set aside ("Thursdays instead of Tuesdays from May").
_AFTER_ASIDE = frozenset(
    "from on at in to for by since until till because so as and but which who when after before with".split()
)


def set_aside(line: str) -> list[tuple[int, int]]:
    """The spans of ``line`` naming a value set aside (:data:`_SET_ASIDE`): "The call is now Thursday
    instead of Tuesday" holds Thursday, not Tuesday."""
    out = []
    for m in _SET_ASIDE.finditer(line):
        end = m.end()
        for k, word in enumerate(re.finditer(r"\S+", line[m.end() :])):
            if k == _SET_ASIDE_WORDS or word.group().startswith("(") or word.group().lower() in _AFTER_ASIDE:
                break
            end = m.end() + word.end()
            if _ENDS_ASIDE.search(word.group()):
                break
        out.append((m.start(), end))
    return out


def slots(line: str, spoken: bool = True) -> set[str]:
    """A line's typed value slots: times (``t:``), numbers and amounts (``n:``), names (``c:``; a
    capitalised word not opening a sentence), and :func:`typed_values` (``m:``, ``q:``, ``h:``). A value
    named only as one set aside ("… instead of 27.2.") is none of the line's. ``spoken``: as
    :func:`line_times`."""
    if ("instead" in line or "rather" in line) and _SET_ASIDE.search(line) is not None:
        kept = line
        for a, b in set_aside(line):
            kept = kept[:a] + ("," + " " * (b - a))[: b - a] + kept[b:]  # a clause's end, positions kept
        return _slots(line, spoken) & _slots(kept, spoken)
    return _slots(line, spoken)


def _slots(line: str, spoken: bool = True) -> set[str]:
    """:func:`slots`, values set aside kept."""
    out = {"t:" + t for t in line_times(line, spoken)} | typed_values(line)
    if DIGIT.search(line) is not None:
        dated = [(a, b) for a, b, _ in dotted_dates(line)] if "." in line else []
        out |= {
            "n:" + m.group(1) for m in NUMBER.finditer(line) if not any(a <= m.start() < b for a, b in dated)
        }
    for sentence in _SENTENCE.split(line):
        names = {n.replace("’", "'").split("'")[0] for n in capitalised_names(" ".join(sentence.split()[1:]))}
        out |= {"c:" + n for n in names if len(n) > 1 and not n[0].isdigit() and n not in _NO_NAME}
    return out


#: Interjections and replies that open a line of dialogue after its speaker ("- Ola: Thanks, Bisi!", "Wow,
#: …"): capitals that open what is said, no names (a closed class of English).
INTERJECTIONS = frozenset(
    "thanks thank wow cool hey hi hello yay yeah yep yes no nope oh ah aw aww awesome great nice sure ok okay"
    " haha lol woohoo whoa congrats congratulations sorry well right absolutely definitely totally exactly"
    " hmm ugh bye cheers amazing lovely oops phew omg indeed".split()
)
_NO_NAME = STOP_WORDS | INTERJECTIONS
