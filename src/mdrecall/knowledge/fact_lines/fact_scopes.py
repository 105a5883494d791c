"""Where on a line the fact reader (:mod:`mdrecall.knowledge.fact_lines.facts`) finds each attribute stated:
the clause holding the word that states it (a label before the colon states it for the whole line), a cheap
test of whether a cue expression may match, and the owners an owner verb's clauses name. Pure."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from mdrecall.knowledge.fact_lines.fact_values import capitalised_names
from mdrecall.knowledge.fact_lines.fact_words import CLAUSE_END, ISO

__all__ = ["Scopes", "clause_span", "holders", "may_match"]


def may_match(low: str | None, words: tuple[str, ...]) -> bool:
    """Could an expression needing one of ``words`` match the line (lower-cased ``low``; ``None``: the
    line is not ASCII, so yes)?"""
    return low is None or _any_of(words).search(low) is not None


@functools.cache
def _any_of(words: tuple[str, ...]) -> re.Pattern[str]:
    """One scan for any of ``words`` (as substrings): quicker than a test of each."""
    return re.compile("|".join(re.escape(w) for w in words))


def clause_span(text: str, pos: int, ends: re.Pattern[str]) -> tuple[int, int]:
    """The span of the clause of ``text`` (clauses end where ``ends`` matches) holding position ``pos``."""
    start = 0
    for m in ends.finditer(text):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            return start, m.start()
    return start, len(text)


class Scopes:
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
                a, b = clause_span(self.line[self.head :], m.start() - self.head, ends)
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


def holders(scopes: Scopes, owning: list[re.Match[str]]) -> set[str]:
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
