"""What the learned supersession scorer (:mod:`mdrecall.knowledge.changes.pair_model`) reads of a candidate
pair: the gates the rules read (a change signal, the values each line holds and whether they differ, a value
left or named again, a value still open), the words the two lines share (their IDF), where and when each was
written, the markers of a line that tells no change (a negation, a wish, a plan), and whether the rules
paired the two lines, or either with another. Pure; each feature is a number, in :data:`FEATURES` order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from mdrecall.knowledge.changes.change_rules import (
    confirms,
    is_logged,
    is_told,
    keeps_values,
    open_value,
    restates,
)
from mdrecall.knowledge.fact_lines.change_signal import lexicon_signal, signal
from mdrecall.knowledge.fact_lines.facts import SAID, Fact
from mdrecall.knowledge.fact_lines.value_kinds import value_slots, values_differ

__all__ = ["FEATURES", "Line", "PairContext", "pair_features"]

FEATURES = (
    "bias",
    "signal_strong",
    "signal_weak",
    "lexicon_change",
    "new_cue",
    "old_cue",
    "new_said",
    "old_said",
    "attr_shared",
    "attr_value_differs",
    "new_outcome",
    "slots_differ",
    "new_kind_old_lacks",
    "old_kind_new_lacks",
    "same_slots",
    "old_value_named",
    "old_open",
    "new_told",
    "old_logged",
    "cosine",
    "idf_cosine",
    "idf_shared_new",
    "idf_shared_old",
    "max_shared_idf",
    "subject_shared",
    "names_shared",
    "same_page",
    "old_standing",
    "old_memory",
    "new_undated",
    "log_days",
    "rank_first",
    "rank",
    "rule_pair",
    "rule_old_other",
    "rule_new_other",
    "negation",
    "wish",
    "plan",
    "new_short",
    "log_new_words",
    "log_old_words",
    "new_only_idf",
    "old_only_idf",
    "old_slots_kept",
    "signal_x_slots_differ",
    "signal_x_idf_cosine",
    "signal_x_rank_first",
    "standing_x_signal",
    "keeps_values",
    "confirms",
    "restates",
    "old_words_kept",
    "log_old_degree",
    "log_new_degree",
)

_NEGATION = re.compile(r"\b(?:not|no|never|nothing|nobody|without)\b|n['’]t\b", re.I)
_WISH = re.compile(
    r"\b(?:want(?:s|ed)?|wish(?:es)?|hop(?:e|es|ing)|maybe|perhaps|might|could|should|would|if|whether"
    r"|consider(?:ing)?|thinking|idea)\b",
    re.I,
)
_PLAN = re.compile(
    r"\b(?:plan(?:s|ned|ning)?|will|going to|gonna|next|tomorrow|soon|remind|todo|to do)\b", re.I
)
_NAME = re.compile(r"(?<=\s)[A-Z][a-z]+")


class Line(NamedTuple):
    """What the features read of one line, read once (a line is tried against several others)."""

    slots: frozenset[str]
    kinds: frozenset[str]
    signal: str | None
    weight: float  # the IDF sum of its words
    names: frozenset[str]
    low: frozenset[str]  # its words, lower case
    values: frozenset[str]  # the words of the attributes' values it states
    marks: tuple[float, ...]  # lexicon change, told, logged, open, negation, wish, plan, words


class PairContext:
    """What the features read beyond the two lines: the words of each line and their IDF, the rules' pairs
    (older index → newer index), and how many newer lines have each line as a candidate."""

    def __init__(
        self,
        order: Sequence[Fact],
        words: Sequence[frozenset[str]],
        idf: Mapping[str, float],
        rules: Mapping[int, int],
    ) -> None:
        self.order = order
        self.words = words
        self.idf = idf
        self.rules = rules
        self.rule_newer = set(rules.values())
        self.max_idf = max(idf.values(), default=1.0) or 1.0
        self._lines: dict[int, Line] = {}
        self.degree: dict[int, int] = {}  # an older line → how many newer lines have it as a candidate

    def line(self, k: int) -> Line:
        """Line ``k``'s :class:`Line`, read once."""
        got = self._lines.get(k)
        if got is None:
            f = self.order[k]
            slots = frozenset(value_slots(f))
            w = f.words
            got = self._lines[k] = Line(
                slots,
                frozenset(_kinds(set(slots))),
                signal(w),
                sum(self.idf[x] for x in self.words[k]) or 1.0,
                frozenset(_NAME.findall(" " + w)),
                frozenset(w.lower().split()),
                frozenset(x for a, v in zip(f.attrs, f.values, strict=True) if a != SAID for x in v.split()),
                (
                    float(lexicon_signal(w)),
                    float(is_told(f)),
                    float(is_logged(f)),
                    float(open_value(w)),
                    float(_NEGATION.search(w) is not None),
                    float(_WISH.search(w) is not None),
                    float(_PLAN.search(w) is not None),
                    float(len(w.split())),
                ),
            )
        return got


def _days(a: str | None, b: str | None) -> float:
    if not a or not b:
        return 0.0
    try:
        from datetime import date

        gap = (date.fromisoformat(b[:10]) - date.fromisoformat(a[:10])).days
    except ValueError:
        return 0.0
    return math.log1p(max(gap, 0))


def _kinds(slots: set[str]) -> set[str]:
    return {s.split(":", 1)[0] for s in slots if ":" in s}


def pair_features(ctx: PairContext, i: int, j: int, rank: int, of: int) -> list[float]:
    """The features of the pair (older ``i``, newer ``j``), ``j``'s ``rank``-th candidate of ``of``."""
    old, new = ctx.order[i], ctx.order[j]
    a, b = ctx.line(i), ctx.line(j)
    sig = b.signal
    a_words, b_words = ctx.words[i], ctx.words[j]
    shared = a_words & b_words
    idf = ctx.idf
    w_shared = sum(idf[w] for w in shared)
    w_a, w_b = a.weight, b.weight
    a_slots, b_slots = set(a.slots), set(b.slots)
    attrs = (set(old.attrs) & set(new.attrs)) - {SAID, "outcome"}
    differs = any(old.values[old.attrs.index(x)] != new.values[new.attrs.index(x)] for x in attrs)
    named = len(a.values & b.low) / len(a.values) if a.values else 0.0
    lexicon, told, _, _, negation, wish, plan, n_new = b.marks
    _, _, logged, still_open, _, _, _, n_old = a.marks
    changing = float(sig is not None or new.cue)
    cosine = w_shared / math.sqrt(w_a * w_b)
    slots_differ = float(values_differ(a_slots, b_slots))
    return [
        1.0,
        float(sig == "strong"),
        float(sig == "weak"),
        lexicon,
        float(new.cue),
        float(old.cue),
        float(new.attrs == (SAID,)),
        float(old.attrs == (SAID,)),
        float(bool(attrs)),
        float(differs),
        float("outcome" in new.attrs),
        slots_differ,
        float(bool(b.kinds - a.kinds)),
        float(bool(a.kinds - b.kinds)),
        float(bool(b_slots) and b_slots <= a_slots),
        named,
        still_open,
        told,
        logged,
        len(shared) / math.sqrt(max(len(a_words) * len(b_words), 1)),
        cosine,
        w_shared / w_b,
        w_shared / w_a,
        max((idf[w] for w in shared), default=0.0) / ctx.max_idf,
        float(bool(set(old.subject.split()) & set(new.subject.split()))),
        float(bool(a.names & b.names)),
        float(old.path == new.path),
        float(not old.day),
        float(old.path == "MEMORY.md"),
        float(not new.day),
        _days(old.day, new.day),
        float(rank == 0),
        rank / max(of, 1),
        float(ctx.rules.get(i) == j),
        float(i in ctx.rules and ctx.rules[i] != j),
        float(j in ctx.rule_newer and ctx.rules.get(i) != j),
        negation,
        wish,
        plan,
        float(n_new <= 5),
        math.log1p(n_new),
        math.log1p(n_old),
        (w_b - w_shared) / w_b,
        (w_a - w_shared) / w_a,
        len(a_slots & b_slots) / len(a_slots) if a_slots else 0.0,
        changing * slots_differ,
        changing * cosine,
        changing * float(rank == 0),
        changing * float(not old.day),
        float(keeps_values(old, new, a_slots, b_slots)),
        float(confirms(old, new, b_slots, a_slots)),
        float(restates(old.words.lower(), new.words.lower())),
        len(shared) / len(a_words) if a_words else 0.0,
        math.log1p(ctx.degree.get(i, 0)),
        math.log1p(of),
    ]
