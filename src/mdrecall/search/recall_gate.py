"""The gate of per-prompt recall: which hits a prompt gets unasked, and how they are written. Pure.

A prompt gets a memory only when both hold:

* **score**: the hit's score after the whole pipeline (hybrid fusion of the keyword leg and the
  calibrated cosine, :mod:`mdrecall.embedders.calibration`) is at least ``recall.min_score``;
* **overlap**: the hit's lines share words with the prompt beyond stop words, and the prompt either
  asks something (a question sharing at least two of its content words with the hit) or names
  something the hit holds (a capitalised name, an acronym, an identifier, a number): "run the tests
  again" asks nothing and names nothing, so a note about tests is not pushed into the agent's context;
  "what time is it?" and "what's the time complexity of this?" share only "time" with a note; "what did we
  decide about Postgres?" is a question that shares "decide" and "postgres" with the note that answers it.

Then, whatever their score: a superseded hit is replaced by the line that supersedes it, local-only
text is left out (unless the agent's model runs locally), relayed text is labelled with who said it,
and what this session was already shown is not shown again (:mod:`mdrecall.search.recall_seen`).
Each hit's fate is one :class:`Decision`, so a benchmark can report what each stage costs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mdrecall.models import Hit
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.text.stopwords import STOP_WORDS
from mdrecall.text.textclean import one_line
from mdrecall.text.tokens import tokenize

__all__ = [
    "STAGES",
    "WITHHELD",
    "Decision",
    "PromptSignals",
    "entry",
    "judge",
    "prompt_signals",
    "render",
]

#: The gate's stages in order; a hit's :class:`Decision` names the first it failed (or ``injected``).
STAGES = ("score", "overlap", "superseded", "local", "shown", "budget")
#: The citation a ``local`` decision gives in place of the hit's.
WITHHELD = "(local-only: not cited)"

_QUESTION_OPENERS = frozenset(
    "what when where who whom whose which why how did do does is are was were can could should would "
    "will have has had remember recall remind tell any anything".split()
)
_NAME = re.compile(r"\b[A-Z][\w'-]*[a-z0-9][\w'-]*|\b[A-Z][A-Z0-9]{1,9}\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+)$")
_IDENT = re.compile(r"\b\w*(?:\d\w*|_\w+|[a-z][A-Z]\w*)\b")
#: Words so common in prompts to a coding agent that they name nothing a memory knows.
_CHORE = frozenset(
    "please thanks thank ok okay yes yeah sure again now run test tests fix make add remove rename "
    "change update try let lets let's go good great nice cool done check look use file files code".split()
)


@dataclass(frozen=True)
class PromptSignals:
    """What a prompt offers the gate: its content stems, the stems of what it names, whether it asks."""

    terms: frozenset[str]
    names: frozenset[str]
    question: bool

    @property
    def empty(self) -> bool:
        """Nothing to look for: only stop words and chores ("thanks", "ok, go on")."""
        return not self.terms


def _content(words: Sequence[str]) -> list[str]:
    return [w for w in words if w not in STOP_WORDS and w not in _CHORE and len(w) > 1]


def prompt_signals(prompt: str) -> PromptSignals:
    """The :class:`PromptSignals` of ``prompt`` (English question words; names by their capitals)."""
    text = (prompt or "").strip()
    words = tokenize(text)
    terms = query_stems(_content(words))
    named = [m.group(0) for m in _NAME.finditer(text) if not _SENTENCE_START.search(text[: m.start()])]
    named += [m.group(0) for m in _IDENT.finditer(text)]
    names = query_stems(_content([t for n in named for t in tokenize(n)]))
    first = words[0] if words else ""
    question = text.rstrip().endswith("?") or first in _QUESTION_OPENERS
    return PromptSignals(terms, names & terms, question)


@dataclass(frozen=True)
class Decision:
    """One candidate hit and what the gate did with it: ``stage`` is ``injected`` or the stage that
    dropped it (:data:`STAGES`); ``matched`` the prompt stems its lines hold."""

    hit: Hit
    stage: str
    matched: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """The JSON shape (``memory_recall``'s ``decisions``). A hit dropped as local-only is counted but not
        cited: its path and lines (a file marked local as a whole, a capture named after its words) go to
        the agent no more than its text does."""
        return {
            "citation": WITHHELD if self.stage == "local" else self.hit.citation,
            "score": round(self.hit.score, 4),
            "stage": self.stage,
            "matched": list(self.matched),
        }


def judge(signals: PromptSignals, hit: Hit, min_score: float) -> Decision | None:
    """The score and overlap stages for one hit: a :class:`Decision` dropping it, or ``None`` (it passes)."""
    matched = term_matches(hit.snippet, signals.terms) if signals.terms else frozenset()
    if hit.score < min_score:
        return Decision(hit, "score", tuple(sorted(matched)))
    # a question shares two of its words with the memory: one is a coincidence ("what time is it?", "the
    # time complexity of this"); a question of one word names nothing to recall unasked ("what next?")
    asks = signals.question and len(matched) >= 2
    if not (asks or matched & signals.names):
        return Decision(hit, "overlap", tuple(sorted(matched)))
    return None


def _speaker(hit: Hit) -> str:
    """Who said the hit's lines: ``user`` unless the hit says otherwise (:attr:`Hit.origin`)."""
    others = [o for o in hit.origin if o != "user"]
    if not others:
        return "user"
    return ", ".join(hit.origin) + " — not the user's words"


def entry(hit: Hit, text: str | None = None, note: str = "") -> str:
    """One injected memory: ``- [citation] date · who: text`` on one line (``text``: the hit's snippet)."""
    body = " ".join((hit.snippet if text is None else text).split())
    head = f"- [{one_line(hit.citation)}]" + (f" {hit.date}" if hit.date else "") + f" · {_speaker(hit)}"
    return f"{head}{note}: {body}"


HEAD = "Memory (mdrecall) that may bear on this prompt; cite as path#Lstart-Lend, read more with memory_get:"


def render(entries: Sequence[str], budget_chars: int) -> tuple[str, int]:
    """The injected block of as many ``entries`` as fit in ``budget_chars`` (the header included);
    returns the text (``""`` when none fits) and how many entries it holds."""
    lines, used = [HEAD], len(HEAD)
    for e in entries:
        if used + 1 + len(e) > budget_chars:
            room = budget_chars - used - 2
            if room >= 120 and len(lines) == 1:  # the first memory, cut, rather than nothing
                lines.append(e[: room - 1] + "…")
            break
        lines.append(e)
        used += 1 + len(e)
    n = len(lines) - 1
    return ("\n".join(lines) if n else ""), n
