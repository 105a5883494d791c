"""A list question about a person is answered by that person's own lines.

"What activities does Melanie partake in?", "What books has Tim read?": each answer is one line, spread
over many notes, and every chunk of a chat log names both people in it. A chunk is judged here by its
best line among those the named person says (``- Melanie: …``, ``**Bo**: …``) or, for lines with no
speaker, names: the line's static-vector similarity to the question plus the share of the question's
other words it holds, scaled over the head (the best chunk's line 1, the worst's 0) before it is
blended with the fused score. That lifts the chunks where the person says something on the topic, and
lowers those where the person says nothing of it (a hard-ish filter, never a cut).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence

from mdrecall.models import Scored
from mdrecall.search.snippets import LineScorer, query_stems, term_matches
from mdrecall.text.date_phrases.dates import MONTHS, WEEKDAYS

__all__ = ["LIFT_WEIGHT", "asked_people", "lift_person_lines", "speaker"]

#: Weight of the best line's score against the chunk's fused score (the rest).
LIFT_WEIGHT = 0.3
#: Weight of the share of the question's words a line holds, beside its vector similarity (0..1).
KEYWORD_WEIGHT = 0.5
#: Candidates re-scored (the head of the ranking).
WINDOW = 30

# "- Melanie: …", "* **Bo Chen**: …", "Ana: …": a speaker label at the start of a line
_SPEAKER = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*)?([A-Za-z][\w'’.-]*(?: [A-Z][\w'’.-]*)?)(?:\*\*)?\s*:\s")
_WORD = re.compile(r"[a-z][a-z'’-]*")


def speaker(line: str) -> str | None:
    """The first name of the line's speaker label, lowercased (``"- Melanie: …"`` → ``melanie``)."""
    m = _SPEAKER.match(line)
    return m.group(1).split()[0].lower() if m else None


def asked_people(names: Sequence[str], dated: bool) -> list[str]:
    """The question's capitalised words (``names``, lowercased) that name people: when the question names
    a day (``dated``), its month and weekday words are part of that date, not people ("what is on
    9 March" asks for nobody's lines; "what did May say" still asks for May's)."""
    if not dated:
        return list(names)
    return [n for n in names if n not in MONTHS and n not in WEEKDAYS]


def lift_person_lines(
    ranked: Sequence[Scored],
    names: Collection[str],
    terms: Sequence[str],
    scorer: LineScorer | None = None,
    window: int = WINDOW,
    instances: Sequence[str] = (),
) -> list[Scored]:
    """``ranked`` with its head re-scored by each chunk's best line of the named people (stage
    ``person``) and re-sorted; unchanged when the question names nobody. ``instances``: those of the
    kind the question asks for ("violin" for "what instruments"), any of them one more word of it."""
    people = frozenset(n.lower() for n in names)
    if not people or not ranked:
        return list(ranked)
    stems = query_stems([t for t in terms if t not in people])
    kind = query_stems(list(instances))
    top = ranked[:window]
    bests = _spread([_best_line(_person_lines(s, people), stems, scorer, kind) for s in top])
    head = [
        s.with_score("person", s.score * (1 - LIFT_WEIGHT) + LIFT_WEIGHT * best)
        for s, best in zip(top, bests, strict=True)
    ]
    head.sort(key=lambda s: -s.score)
    return head + list(ranked[window:])


def _person_lines(scored: Scored, people: frozenset[str]) -> list[str]:
    """The lines of the chunk that one of ``people`` says or names, and those under a heading naming
    one of them (``## Arlo`` then ``- Loves Bluey``: the heading is the lines' subject)."""
    out: list[str] = []
    under: list[tuple[int, bool]] = []  # the open headings: (level, names one of the people)
    for line in scored.chunk.text.split("\n"):
        level = len(line) - len(line.lstrip("#")) if line.startswith("#") else 0
        if level:
            under = [h for h in under if h[0] < level]
            under.append((level, not people.isdisjoint(_WORD.findall(line.lower()))))
        elif _said_by(line, people) or (
            line.strip() and _labelled_by(line) is None and any(n for _, n in under)
        ):
            out.append(line)
    return out


def _spread(scores: Sequence[float]) -> list[float]:
    """``scores`` min-max scaled to 0..1 over the head (all 0 when they are equal): a line's
    similarity plus keyword share has no fixed range, the fused score it is blended with does."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    return [(v - lo) / (hi - lo) if hi > lo else 0.0 for v in scores]


def _said_by(line: str, people: frozenset[str]) -> bool:
    """Whether one of ``people`` says ``line`` (its speaker label) or, with no label, names them. A
    label that is an ordinary word and no given name ("- Music: Mum loves Sauti Sol") titles a field, it
    is no speaker: the line is the person's when it names them."""
    if not line.strip() or line.lstrip().startswith("#"):
        return False
    who = _labelled_by(line)
    if who is not None:
        return who in people
    return not people.isdisjoint(_WORD.findall(line.lower()))


def _labelled_by(line: str) -> str | None:
    """The speaker of ``line`` (:func:`speaker`) unless its label titles a field (:func:`_field_label`)."""
    who = speaker(line)
    return None if who is None or _field_label(who) else who


def _field_label(word: str) -> bool:
    """Is the label ``word`` (lowercase) a field's title ("music", "venue"), not a speaker's name?"""
    from mdrecall.knowledge.lexicon.name_lists import (  # only list questions read lines
        common_word,
        given_name,
    )

    return common_word(word) and not given_name(word.capitalize())


def _best_line(
    lines: Sequence[str], stems: frozenset[str], scorer: LineScorer | None, kind: frozenset[str] = frozenset()
) -> float:
    """The best of ``lines``: its similarity to the query plus the share of the query's stems it holds
    (an instance of the asked kind, any of ``kind``, counts as one of them)."""
    if not lines:
        return 0.0
    sims: Sequence[float] = [0.0] * len(lines)
    if scorer is not None:
        try:
            got = list(scorer(lines))
        except Exception:  # noqa: BLE001 - a scorer (or a plugin's) must never fail a search
            got = []
        if len(got) == len(lines):
            sims = [max(0.0, min(1.0, float(v))) if math.isfinite(v) else 0.0 for v in got]
    share = 1 / max(1, len(stems) + (1 if kind else 0))

    def held(line: str) -> int:
        return len(term_matches(line, stems)) + (1 if term_matches(line, kind) else 0)

    return max(sim + KEYWORD_WEIGHT * share * held(line) for sim, line in zip(sims, lines, strict=True))
