"""A learned scorer of supersession pairs, measured next to the rules (issue 29 part 3; not shipped).

``benchmarks/sup_model_eval.py`` trains and measures it; docs/entities.md ("A learned pair scorer") says
why it was not integrated: left out, it neither beats nor usefully complements the rules.

Every line of a workspace is a :class:`Line` (:func:`read_lines`). :func:`candidates` pairs each line *B*
with the few earlier lines *A* it may supersede: lines written before it (an earlier day, a standing fact
in ``MEMORY.md`` or a page, or further up the same page) sharing a rare content word or a name, or whose
words B's page title or heading names. The rarest words are looked up in postings, so the work grows
with the lines, not their square. :func:`pair_features` describes a pair by what any wording has: the
cosine of the two lines under the shipped static vectors, with and without their differing values
masked, the words and names they share (weighted by the workspace's IDF), the kinds of value each holds
and whether B holds another value of a kind A holds, whether the rules read a fact or a change there or
already pair them, page and heading, days between, and B's shape. :class:`PairModel` is a logistic
regression over them.

Round 2 (``benchmarks/sup_model2_eval.py``, trained with the corpus ``knowledge/sup_train.json``) adds
columns from each line's static vector, computed once per line: :func:`line_vectors`,
:func:`new_word_vectors` (B's words that A lacks), projected on a :class:`Basis` by :func:`dense_rows`.
They do not carry either (docs/entities.md, "round 2").
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from mdrecall.embedders.static import StaticEmbedder
from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import capitalised_names, slots, stem
from mdrecall.knowledge.fact_lines.fact_words import DAYS, HEADING, ISO, MONTHS, WORD
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "FEATURES",
    "Basis",
    "Line",
    "PairModel",
    "candidates",
    "dense_rows",
    "earlier",
    "fit_basis",
    "line_vectors",
    "new_word_vectors",
    "pair_features",
    "read_lines",
    "static_embed",
]

#: Earlier lines kept per later line.
PER_LINE = 8
#: Lines above on the same page that are candidates whatever their words.
NEAR = 40
#: A word on more than this share of the lines (and more than :data:`COMMON_MIN` of them) links nothing.
COMMON_SHARE = 0.02
COMMON_MIN = 12
#: Texts → unit vectors (:func:`static_embed`, the shipped static model).
Embed = Callable[[Sequence[str]], np.ndarray]
#: Lines longer than this are pastes or paragraphs, not one statement.
MAX_LINE_CHARS = 300


class Line(NamedTuple):
    """One statement line of a file: where it is, the day it was written, its page title and heading."""

    path: str
    line: int
    day: str | None
    text: str
    title: str
    heading: str
    section: int


_LABEL = re.compile(r"^[\w][\w '/&().-]{0,40}:\s")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_OWN_DAY = re.compile(r"(?:(?:update|updated|edit|edited)\s+)?(\d{4}-\d{2}-\d{2})\b", re.I)


def read_lines(path: str, text: str, file_date: str | None) -> list[Line]:
    """The statement lines of one file (1-based numbers): not headings, fences, blank or long lines."""
    out: list[Line] = []
    day, title, heading, section, fence = file_date, "", "", 0, False
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence or not stripped or len(stripped) > MAX_LINE_CHARS:
            continue
        head = HEADING.match(stripped)
        if head:
            words = head.group(2).strip()
            iso = ISO.match(words)
            if iso:
                day = iso.group(1)
            elif len(head.group(1)) == 1 and not title:
                title = words
            else:
                heading, section = words, section + 1
            continue
        body = _BULLET.sub("", stripped)
        own = _OWN_DAY.match(body)
        out.append(Line(path, number, own.group(1) if own else day, body, title, heading, section))
    return out


def earlier(a: Line, b: Line) -> bool:
    """Was ``a`` written before ``b`` (so ``b`` may supersede it)?"""
    if a.path == b.path:
        return a.line < b.line and (not a.day or not b.day or a.day[:10] <= b.day[:10])
    if a.day and b.day:
        return a.day[:10] < b.day[:10]
    return not a.day and bool(b.day)


class _Words(NamedTuple):
    own: frozenset[str]  # the line's content stems
    names: frozenset[str]  # its capitalised words
    context: frozenset[str]  # its page title's and heading's stems
    slots: frozenset[str]  # its typed values (``t:``, ``n:``, ``c:``, ``m:``, ``q:``, ``h:``)
    label: str  # the label opening it ("status" of "Status: live"), or ""


def _stems(text: str) -> set[str]:
    """The content words of ``text`` as stems (no stop word, number, weekday or month)."""
    out = set()
    for word in WORD.findall(text):
        low = word.lower().replace("’", "'").split("'")[0]
        if len(low) < 2 or low[0].isdigit() or low in STOP_WORDS or low in MONTHS or low.rstrip("s") in DAYS:
            continue
        out.add(stem(low))
    return out


def _words(line: Line) -> _Words:
    own = _stems(line.text)
    label = _LABEL.match(line.text)
    return _Words(
        frozenset(own),
        frozenset(_stems(" ".join(capitalised_names(line.text)))),
        frozenset(_stems(f"{line.title} {line.heading}") - own),
        frozenset(slots(line.text)),
        label.group(0).strip(" :").lower() if label else "",
    )


class Workspace:
    """The lines of a workspace with their words and the words' IDF."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = list(lines)
        self.words = [_words(x) for x in self.lines]
        df: dict[str, int] = {}
        for w in self.words:
            for s in w.own | w.names:
                df[s] = df.get(s, 0) + 1
        n = max(1, len(self.lines))
        self.log_n = math.log(n + 1)
        self.idf = {s: math.log((n + 1) / (c + 0.5)) for s, c in df.items()}
        self.common = {s for s, c in df.items() if c > max(COMMON_MIN, COMMON_SHARE * n)}

    def weight(self, words: frozenset[str] | set[str]) -> float:
        return sum(self.idf.get(w, self.log_n) for w in sorted(words))  # sorted: the same sum every run


def candidates(ws: Workspace, per_line: int = PER_LINE) -> list[tuple[int, int, float]]:
    """(A, B, link weight) for each line B and the ``per_line`` earlier lines A sharing most of its
    subject: B's own words and names on A, or B's title and heading words on A, or A's on B."""
    postings: dict[str, list[int]] = {}
    for i, w in enumerate(ws.words):
        for s in (w.own | w.names) - ws.common:
            postings.setdefault(s, []).append(i)
    context_postings: dict[str, list[int]] = {}
    for i, w in enumerate(ws.words):
        for s in w.context - ws.common:
            context_postings.setdefault(s, []).append(i)
    out: list[tuple[int, int, float]] = []
    for j, (b, bw) in enumerate(zip(ws.lines, ws.words, strict=True)):
        score: dict[int, float] = {}
        for s in (bw.own | bw.names) - ws.common:
            weight = ws.idf[s]
            for i in postings.get(s, ()):
                score[i] = score.get(i, 0.0) + weight
            for i in context_postings.get(s, ()):  # A's page or heading names B's word
                score[i] = score.get(i, 0.0) + 0.5 * weight
        for s in bw.context - ws.common:  # B's page or heading names A's word
            for i in postings.get(s, ()):
                score[i] = score.get(i, 0.0) + 0.5 * ws.idf[s]
        for i in range(j - 1, max(j - NEAR, 0) - 1, -1):  # a line above on its page, more so of one label
            if ws.lines[i].path != b.path:
                break
            same = bw.label and ws.words[i].label == bw.label
            score[i] = score.get(i, 0.0) + (ws.log_n if same else 0.25)
        best = heapq.nlargest(
            per_line,
            ((v, i) for i, v in score.items() if i != j and earlier(ws.lines[i], b)),
        )
        out.extend((i, j, v) for v, i in best)
    return out


#: The features of a pair, in the order of :func:`pair_features`'s columns.
FEATURES = (
    "cosine",
    "cosine_masked",
    "shared_of_b",
    "shared_of_a",
    "rarest_shared",
    "shared_names",
    "title_link",
    "link_rank_1",
    "same_page",
    "same_heading",
    "a_standing",
    "log_days",
    "kind_other_value",
    "kind_same_value",
    "b_new_value",
    "a_value_left",
    "a_has_value",
    "b_has_value",
    "b_change_strong",
    "b_change_weak",
    "b_label",
    "a_label",
    "b_short",
    "b_exclaims",
    "b_change_like",
    "cosine_best_of_b",
    "b_best_of_a",
    "rules_pair",
    "rules_fact_a",
    "rules_fact_b",
    "rules_cue_b",
)

_KIND = {"t": "time", "m": "amount", "n": "number", "q": "amount", "c": "name", "h": "holder"}
_VALUE = re.compile(r"\d[\d,.:]*\s*(?:am|pm|k|%)?|(?<=\w\s)[A-Z][\w'’-]+|[£$€]\s?\d[\d,.]*", re.I)


def _kinds(values: frozenset[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for v in values:
        kind, _, value = v.partition(":")
        if kind in _KIND:
            out.setdefault(_KIND[kind], set()).add(value)
    return out


def _masked(text: str, keep: frozenset[str]) -> str:
    """``text`` with its values (numbers, times, amounts, capitalised words not in ``keep``) taken out."""
    return _VALUE.sub(lambda m: m.group(0) if m.group(0).lower() in keep else " ", text)


class RuleView(NamedTuple):
    """What the rules read: the fact lines (with their change cue) and their pairs (older → newer)."""

    facts: dict[tuple[str, int], bool]
    pairs: dict[tuple[str, int], tuple[str, int]]


def pair_features(
    ws: Workspace, pairs: Sequence[tuple[int, int, float]], rules: RuleView, embed: Embed
) -> np.ndarray:
    """One row of :data:`FEATURES` per candidate pair."""
    rows = np.zeros((len(pairs), len(FEATURES)), dtype=np.float64)
    if not pairs:
        return rows
    needed = sorted({i for i, _, _ in pairs} | {j for _, j, _ in pairs})
    plain = dict(zip(needed, embed([ws.lines[i].text for i in needed]), strict=True))
    masked_texts, masked_at = [], {}
    for n, (i, j, _) in enumerate(pairs):
        keep = ws.words[i].names & ws.words[j].names
        masked_texts += [_masked(ws.lines[i].text, keep), _masked(ws.lines[j].text, keep)]
        masked_at[n] = 2 * n
    masked = embed(masked_texts)
    best: dict[int, float] = {}
    for _, j, v in pairs:
        best[j] = max(best.get(j, 0.0), v)
    cosine = [float(plain[i] @ plain[j]) for i, j, _ in pairs]
    best_cos: dict[int, float] = {}
    best_of_a: dict[int, float] = {}
    for (i, j, _), c in zip(pairs, cosine, strict=True):
        best_cos[j] = max(best_cos.get(j, -1.0), c)
        best_of_a[i] = max(best_of_a.get(i, -1.0), c)
    change_like = {j: float(plain[j] @ change_vector(embed)) for j in needed}
    for n, (i, j, link) in enumerate(pairs):
        a, b, aw, bw = ws.lines[i], ws.lines[j], ws.words[i], ws.words[j]
        shared = (aw.own | aw.names) & (bw.own | bw.names)
        a_kinds, b_kinds = _kinds(aw.slots), _kinds(bw.slots)
        common = set(a_kinds) & set(b_kinds)
        b_low = b.text.lower()
        change = signal(b_low)
        days = 0.0
        if a.day and b.day:
            try:
                days = (date.fromisoformat(b.day[:10]) - date.fromisoformat(a.day[:10])).days
            except ValueError:
                days = 0.0
        a_key, b_key = (a.path, a.line), (b.path, b.line)
        values_a = {v for s in a_kinds.values() for v in s}
        values_b = {v for s in b_kinds.values() for v in s}
        rows[n] = (
            float(plain[i] @ plain[j]),
            float(masked[masked_at[n]] @ masked[masked_at[n] + 1]),
            ws.weight(shared) / max(ws.weight(bw.own | bw.names), 1e-9),
            ws.weight(shared) / max(ws.weight(aw.own | aw.names), 1e-9),
            max((ws.idf.get(w, 0.0) for w in shared), default=0.0) / ws.log_n,
            min(len(aw.names & bw.names), 2),
            float(bool((aw.own & bw.context) or (bw.own & aw.context))),
            float(link >= best[j]),
            float(a.path == b.path),
            float(a.path == b.path and a.section == b.section),
            float(not a.day),
            math.log1p(max(days, 0.0)),
            float(any(b_kinds[k] - a_kinds[k] for k in common)),
            float(any(b_kinds[k] == a_kinds[k] for k in common)),
            float(bool(values_b - values_a)),
            float(bool(values_a - values_b)),
            float(bool(values_a)),
            float(bool(values_b)),
            float(change == "strong"),
            float(change == "weak"),
            float(bool(_LABEL.match(b.text))),
            float(bool(_LABEL.match(a.text))),
            float(len(b.text.split()) <= 5),
            float("!" in b.text),
            change_like[j],
            float(cosine[n] >= best_cos[j]),
            float(cosine[n] >= best_of_a[i]),
            float(rules.pairs.get(a_key) == b_key),
            float(a_key in rules.facts),
            float(b_key in rules.facts),
            float(rules.facts.get(b_key, False)),
        )
    return rows


#: A sentence of the general words of change and outcome (no labelled wording): a line's cosine to it
#: says how much it reads as news of a change.
CHANGE_SENTENCE = (
    "changed: now instead, no longer, moved, switched, replaced, new, from now on, cancelled, ended, "
    "started, finished, done, decided, confirmed, booked, off, on, went, became"
)


def change_vector(embed: Embed) -> np.ndarray:
    """The vector of :data:`CHANGE_SENTENCE`."""
    return np.asarray(embed([CHANGE_SENTENCE])[0])


def static_embed(texts: Sequence[str]) -> np.ndarray:
    """The shipped static vectors of ``texts`` (unit length)."""
    if not texts:
        return np.zeros((0, 256), dtype=np.float32)
    return np.asarray(_embedder().embed_documents(list(texts)), dtype=np.float64)


@lru_cache(maxsize=1)
def _embedder() -> StaticEmbedder:
    e = StaticEmbedder(max_tokens=64)
    e.load()
    return e


class PairModel(NamedTuple):
    """A logistic regression over :data:`FEATURES` (standardised), with the threshold it pairs at."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The probability that each row's pair is a supersession."""
        z = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-z))


# --- round 2: features from the static vectors of each line (docs/entities.md, "round 2") ---------------


def line_vectors(ws: Workspace, embed: Embed) -> np.ndarray:
    """The static vector of every line of ``ws`` (one embedding per line, not per pair)."""
    return np.asarray(embed([x.text for x in ws.lines]), dtype=np.float64).reshape(len(ws.lines), -1)


def _tokens(text: str) -> dict[str, str]:
    """stem → the word it was read from, for every word of ``text`` (stop words kept: "now", "off")."""
    out: dict[str, str] = {}
    for word in WORD.findall(text):
        low = word.lower().replace("’", "'").split("'")[0]
        if len(low) >= 2 and not low[0].isdigit():
            out.setdefault(stem(low), low)
    return out


def new_word_vectors(ws: Workspace, pairs: Sequence[tuple[int, int, float]], embed: Embed) -> np.ndarray:
    """Per pair, the unit sum of the vectors of B's words that A lacks (each distinct word embedded once;
    zeros where B adds no word)."""
    tokens = [_tokens(x.text) for x in ws.lines]
    words = sorted({w for t in tokens for w in t.values()})
    table = dict(zip(words, np.asarray(embed(words), dtype=np.float64), strict=True)) if words else {}
    out = np.zeros((len(pairs), 256), dtype=np.float64)
    for n, (i, j, _) in enumerate(pairs):
        new = [table[w] for s, w in tokens[j].items() if s not in tokens[i]]
        if new:
            v = np.sum(new, axis=0)
            norm = float(np.linalg.norm(v))
            out[n] = v / norm if norm > 0 else v
    return out


class Basis(NamedTuple):
    """A PCA basis of line vectors: their mean and the first principal axes (rows)."""

    mean: np.ndarray
    axes: np.ndarray


def fit_basis(vectors: np.ndarray, dims: int) -> Basis:
    """The ``dims`` principal axes of ``vectors`` (SVD; each axis signed by its largest entry)."""
    mean = vectors.mean(axis=0)
    _, _, vt = np.linalg.svd(vectors - mean, full_matrices=False)
    axes = vt[:dims]
    signs = np.sign(axes[np.arange(len(axes)), np.abs(axes).argmax(axis=1)])
    return Basis(mean, axes * signs[:, None])


def dense_rows(
    vectors: np.ndarray, new: np.ndarray, pairs: Sequence[tuple[int, int, float]], basis: Basis
) -> np.ndarray:
    """Per pair, in ``basis``: A, B, A*B, |A-B| and B's new words (5 x its dims columns)."""
    if not pairs:
        return np.zeros((0, 5 * len(basis.axes)))
    low = (vectors - basis.mean) @ basis.axes.T
    a = low[[i for i, _, _ in pairs]]
    b = low[[j for _, j, _ in pairs]]
    fresh = (new - basis.mean * (np.abs(new).sum(axis=1, keepdims=True) > 0)) @ basis.axes.T
    return np.hstack([a, b, a * b, np.abs(a - b), fresh])
