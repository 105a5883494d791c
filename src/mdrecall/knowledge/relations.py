"""Relationships stated in one line of text ("Alice works at Acme", "we chose Postgres over Mongo").

Pure, pattern-based, no network: each pattern names its predicate and, where the pattern tells it, the
kinds of its two ends. Co-occurrence within a section is not found here: it is a view over stored
mentions (:mod:`mdrecall.knowledge.index`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CUE", "CUE_WORDS", "MARKUP", "PREDICATES", "Relation", "find_relations", "phrase"]

_NAME = r"[A-Z][\w.+-]*[\w+](?:\s+[A-Z][\w.+-]*[\w+]){0,2}|[A-Z]"
_SUBJ = rf"(?P<s>{_NAME}|[Ww]e|I)"
_OBJ = rf"(?P<o>{_NAME})"
_FAMILY = (
    "sister|brother|mother|father|mom|dad|wife|husband|partner|son|daughter|friend|boss|manager|"
    "colleague|cousin|aunt|uncle|grandmother|grandfather|girlfriend|boyfriend|mentor|roommate"
)


@dataclass(frozen=True)
class Relation:
    """``subject predicate object`` found on one line (1-based) of a file."""

    subject: str
    predicate: str
    object: str
    line: int
    subject_kind: str = "unknown"
    object_kind: str = "unknown"


#: predicate → (pattern, subject kind, object kind); ``{rel}`` predicates take the matched word.
_PATTERNS: list[tuple[str, re.Pattern[str], str, str]] = [
    ("works_at", re.compile(rf"{_SUBJ}\s+(?:works|worked|is working|started working)\s+(?:at|for)\s+{_OBJ}"),
     "person", "organisation"),
    ("{rel}_of", re.compile(rf"{_SUBJ}\s+is\s+{_OBJ}'s\s+(?:\w+\s+)?(?P<rel>{_FAMILY})\b"),
     "person", "person"),
    ("uses", re.compile(rf"{_SUBJ}\s+(?:uses|use|used|is using|are using|switched to)\s+{_OBJ}"),
     "unknown", "tool"),
    ("moved_to", re.compile(rf"{_SUBJ}\s+(?:moved|has moved|have moved|relocated)\s+(?:\w+\s+)?to\s+{_OBJ}"),
     "person", "unknown"),
    ("chosen_over", re.compile(
        rf"\b(?:[Ww]e|I|{_NAME})\s+(?:chose|picked|went with|preferred|prefer|selected)\s+{_OBJ}\s+over\s+"
        rf"(?P<z>{_NAME})"), "unknown", "unknown"),
]  # fmt: skip

#: Every predicate the patterns produce (``*_of`` for each family word).
PREDICATES = ("works_at", "uses", "moved_to", "chosen_over") + tuple(f"{w}_of" for w in _FAMILY.split("|"))
#: Words a line must hold for each pattern to be tried.
_CUES = {
    "works_at": ("work",),
    "{rel}_of": ("'s",),
    "uses": ("use", "using", "switched"),
    "moved_to": ("moved", "relocated"),
    "chosen_over": (" over ",),
}
_PRONOUNS = {"we", "i"}
_MARKUP = re.compile(r"\*\*|__|\[\[|\]\]|(?<![\w@])@(?=\w)|`")
#: Markup that :func:`find_relations` ignores, and any word of ``_CUES`` (a line without one states none).
MARKUP = _MARKUP
CUE_WORDS = sorted({w for words in _CUES.values() for w in words})
CUE = re.compile("|".join(re.escape(w) for w in CUE_WORDS), re.IGNORECASE)


def find_relations(line: str, number: int) -> list[Relation]:
    """Relations stated in ``line`` (Markdown emphasis, wiki brackets and ``@`` are ignored)."""
    text = _MARKUP.sub("", line)
    low = text.lower()
    out: list[Relation] = []
    for predicate, pattern, s_kind, o_kind in _PATTERNS:
        if not any(word in low for word in _CUES[predicate]):
            continue  # a cheap check first: most lines state no relationship
        for m in pattern.finditer(text):
            obj = _clean(m.group("o"))
            if predicate == "chosen_over":
                out.append(Relation(obj, predicate, _clean(m.group("z")), number, "unknown", "unknown"))
                continue
            subject = _clean(m.group("s"))
            pred = predicate.format(rel=m.group("rel").lower()) if "{rel}" in predicate else predicate
            if subject.lower() in _PRONOUNS:
                subject = subject.lower()
            kind = o_kind
            if predicate == "moved_to":  # a person moves to a place; "we moved to X" is a tool or a home
                kind = "unknown" if subject in _PRONOUNS else "place"
            out.append(Relation(subject, pred, obj, number, _subject_kind(subject, s_kind), kind))
    return out


_VERBS = {  # predicate → (after a third-person subject, after "I"/"we")
    "works_at": ("works at", "work at"),
    "uses": ("uses", "use"),
    "moved_to": ("moved to", "moved to"),
}


def phrase(subject: str, predicate: str, obj: str) -> str:
    """A relationship as a sentence a reader expects: "we use MySQL", "Dana works at Lumen Labs",
    "Postgres was chosen over Mongo", "Dana is Bob's sister" (the predicate stays the stored key)."""
    pronoun = subject.casefold() in _PRONOUNS
    if predicate in _VERBS:
        return f"{subject} {_VERBS[predicate][1 if pronoun else 0]} {obj}"
    if predicate == "chosen_over":
        return f"{subject} was chosen over {obj}"
    if predicate.endswith("_of"):
        be = ("am" if subject.casefold() == "i" else "are") if pronoun else "is"
        return f"{subject} {be} {obj}'s {predicate[:-3]}"
    return f"{subject} {predicate.replace('_', ' ')} {obj}"


def _subject_kind(subject: str, kind: str) -> str:
    return "unknown" if subject in _PRONOUNS else kind


def _clean(name: str) -> str:
    name = " ".join(name.split())
    return name[:-2] if name.endswith("'s") else name.rstrip(".")
