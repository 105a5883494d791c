"""Salience by rules: the sentences of a conversation worth noting, found without a model. Pure.

A rule is a kind and a regular expression (case-insensitive). A sentence that matches a rule is noted
under the first matching kind, in table order; questions are never noted (they ask, they do not state).
The built-in table (:data:`RULES`) covers decisions, preferences, commitments, facts about people and
projects, to-dos, dates and amounts; ``capture.rules`` in the config adds patterns, to a built-in kind
or to a new one (``docs/agents.md`` lists the table). A user pattern that repeats a repeated part
(``(a+)+``) is refused, and every rule reads sentences cut to :data:`MAX_SENTENCE_CHARS`, so a rule's
time on a turn stays bounded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from mdrecall.errors import ConfigError

__all__ = ["RULES", "Note", "compile_rules", "find_notes", "sentences"]

_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_KIN = (
    r"(?:birthday|anniversary|wife|husband|partner|son|daughter|kids?|children|mom|mother|dad|father"
    r"|sister|brother|boss|manager|colleague|name|job|team|project|address|email|phone"
    r"|dog|cat|pet|car|home|house|hometown|goal|plan|dream)"
)
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# "I'll do my best", "we'll get through this": promises without content, not commitments.
_EMPTY = (
    r"(?! (?:(?:try|do) (?:my|our) best|try|(?:definitely |always )?keep\b|make it\b|get through"
    r"|be (?:there|fine|ok)))"
)
_DID = (
    r"(?:got(?! (?:this|it)\b)|finished|won|lost|ran|took|went|visited|attended|painted|made|built"
    r"|launched|released|emailed|called|met|donated|sold|opened|signed|booked|ordered|wrote|watched|tried|joined|adopted"
    r"|bought|started|moved|graduated|failed|passed|scored|sent|submitted|printed)"
)

#: The built-in rules: (kind, pattern), tried in this order; the first match names the note's kind.
RULES: tuple[tuple[str, str], ...] = (
    ("todo", r"\bTODO\b|\bto-?do\b|\baction item\b|\bdon'?t forget\b|\bremind (?:me|us) to\b"),
    (
        "decision",
        r"\b(?:we|i|they|the team)(?: have| had|'ve)? (?:decided|agreed|chose|settled on|went with"
        r"|are going with|will go with)\b|\bdecision\b|\blet'?s (?:go with|use|stick with)\b",
    ),
    ("remember", r"\bremember (?:that|this)\b|\bnote that\b|\bfor the record\b|\bkeep in mind\b"),
    (
        "preference",
        r"\b(?:i|we) (?:really |much |do |don'?t |always |never |also )?(?:prefer|like|love|hate|enjoy"
        r"|dislike|adore|can'?t stand|recommend)\b|\b(?:my|our) (?:fav(?:ou?rite)?|passion)\b"
        r"|\b(?:always|never) (?:use|do|call|send|put|eat|drink|book|run|deploy|commit|push|write)\b"
        r"|\bi'?m (?:a big )?fan of\b|\bpassionate about\b|\bnew fav(?:ou?rite)?\b|\ballergic\b"
        r"|\b(?:vegetarian|vegan|pescatarian|gluten[- ]free|lactose[- ]intolerant|teetotal(?:er|ler)?)\b"
        r"|\b(?:i|we) (?:don'?t|do not|can'?t|cannot|no longer|never) (?:eat|drink)\b",
    ),
    (
        "commitment",
        rf"\b(?:i|we)(?:'ll| will| am going to|'m going to| are going to|'re going to| plan to| promise"
        rf"| intend to|'m gonna|'re gonna)\b{_EMPTY}"
        r"|\bplanning (?:to|on)\b|\bdeadline\b|\bi'?m off to\b"
        rf"|\bby (?:{_DAYS}|tomorrow|next week|the end of)\b",
    ),
    (
        "fact",
        rf"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?{_KIN}\b|\b\w+'s {_KIN}\b"
        r"|\b(?:i|we) (?:work|worked|live|lived|volunteer)\b|\bi(?: am|'m) (?:a|an|the) \w+"
        rf"|\b(?:i|we)(?:'ve| have)? (?:just |finally |recently |also )?{_DID}\b"
        r"|\b(?:i|we)(?:'ve| have) (?:been \w+ing|been to|had|visited|lived|worked)\b"
        r"|\bi'?m (?:still |currently |now )?(?:exploring|considering|looking into|researching|searching for"
        r"|looking for|working on|learning|training for|saving for)\b",
    ),
    (
        "date",
        rf"\b{_MONTHS}\.? \d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTHS}\b"
        rf"|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b(?:last|next) (?:week|month|year|weekend|{_DAYS})\b"
        r"|\b(?:yesterday|tomorrow)\b"
        r"|\b(?:for|since) (?:\d+|a few|two|three|four|five|ten) (?:years|months)\b",
    ),
    (
        "amount",
        r"[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:%|percent|dollars|euros|pounds|usd|eur|gbp|k\b|million|billion"
        r"|hours|miles|km|kg)",
    ),
)

_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|\n+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
MAX_NOTE_CHARS = 300
MAX_SENTENCE_CHARS = 2000


@dataclass(frozen=True)
class Note:
    """One noted sentence and the kind of rule that picked it."""

    kind: str
    text: str


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (list markers stripped, blanks dropped)."""
    out = []
    for part in _SPLIT.split(text or ""):
        s = _BULLET.sub("", part).strip()
        if s:
            out.append(s)
    return out


def compile_rules(
    extra: Mapping[str, Sequence[str]] | None = None,
) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The built-in rules, then ``extra`` (kind → patterns); a bad pattern is a :class:`ConfigError`."""
    key = tuple(sorted((k, tuple(v)) for k, v in (extra or {}).items()))
    return _compiled(key)


@functools.lru_cache(maxsize=8)
def _compiled(extra: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    from mdrecall.text.redact import nested_quantifier

    out = [(kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in RULES]
    for kind, patterns in extra:
        for pattern in patterns:
            try:
                if nested_quantifier(pattern):
                    raise ConfigError(
                        f"capture.rules.{kind}: pattern {pattern!r} repeats a repeated part (like (a+)+) "
                        "or uses a backreference, which can take forever on some text; write it without"
                    )
                out.append((kind, re.compile(pattern, re.IGNORECASE)))
            except re.error as exc:
                raise ConfigError(f"capture.rules.{kind}: invalid pattern {pattern!r} ({exc})") from exc
    return tuple(out)


def states(kind: str, text: str) -> bool:
    """True when a sentence of ``text`` matches a built-in rule of ``kind`` ("preference", …).

    Each line is read up to :data:`MAX_SENTENCE_CHARS`, like :func:`find_notes`; a question does not
    state anything."""
    pattern = _kind_pattern(kind)
    return pattern is not None and any(
        pattern.search(line[:MAX_SENTENCE_CHARS]) and not line.rstrip().endswith("?")
        for line in sentences(text[: 4 * MAX_SENTENCE_CHARS])
    )


@functools.lru_cache(maxsize=16)
def _kind_pattern(kind: str) -> re.Pattern[str] | None:
    """The built-in rule of ``kind`` alone (compiling the whole table costs a search ~15 ms)."""
    pattern = dict(RULES).get(kind)
    return re.compile(pattern, re.IGNORECASE) if pattern is not None else None


def find_notes(
    text: str, rules: Iterable[tuple[str, re.Pattern[str]]] | None = None, *, limit: int = 0
) -> list[Note]:
    """The sentences of ``text`` that a rule matches (at most ``limit``; 0 = all), in text order."""
    table = tuple(rules) if rules is not None else compile_rules()
    notes: list[Note] = []
    for s in sentences(text):
        s = s[:MAX_SENTENCE_CHARS]  # rules (user rules too) only ever see a bounded sentence
        if s.endswith("?") or len(s) < 12 or "[REDACTED]" in s:
            continue
        kind = next((k for k, rx in table if rx.search(s)), None)
        if kind is None:
            continue
        body = " ".join(s.split())
        if len(body) > MAX_NOTE_CHARS:
            body = body[: MAX_NOTE_CHARS - 1].rstrip() + "…"
        notes.append(Note(kind, body))
        if limit and len(notes) >= limit:
            break
    return notes
