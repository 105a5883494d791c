"""Supersession by a change line, whatever attribute it changes: a newer line that says a thing changed,
about the same subject as an older line, stating another value.

The attribute rule (:func:`mdrecall.knowledge.fact_pairs.attribute_pairs`) pairs two lines only when both
state one attribute it reads (a time, an owner, …) in a wording it knows. This pass pairs the lines it left
unpaired by three general signals instead of per-attribute wordings. A newer line *N* supersedes an older
line *O* when

* **N signals a change**: it holds a word of a closed lexicon of change
  (:data:`~mdrecall.knowledge.facts.CHANGE`: instead, no longer, switched, moved, replaced, cancelled,
  postponed, slipped, took over, handed over, stepped down, left, stopped, is off, from Monday, …), and no
  word of addition ("too", "also", "still"); a line holding only a weak one ("now", "these days")
  also needs a value of the same kind to differ (a time for a time, a number for a number, a name for a
  name);
* **about the same subject**: they share a subject word on a line (not only both pages' titles) that is
  *rare* (on at most :data:`RARE_SHARE` of the fact lines, or :data:`RARE_MIN`), and the cosine of the two
  lines' static sentence vectors (:mod:`mdrecall.embedders.static`) is at least :data:`MIN_COSINE`;
* **stating another value**: N holds a subject word or a value O lacks;
* **N was written later**: both dated and N's day after O's, or O undated and N dated, or both undated on
  one page and N further down.

Each older line is superseded by its latest such line. Without the static model (the ``local`` extra not
installed) this pass pairs nothing. Cost: one pass over the lines' words, and one embedding of each line
that survives the other tests (memoised).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mdrecall.knowledge.facts import ADDITION, CHANGE, CHANGE_WEAK, SAID, Fact, slots, subject_words
from mdrecall.stores.views import Supersession

__all__ = ["MIN_COSINE", "RARE_MIN", "RARE_SHARE", "change_pairs", "modified", "signal"]

#: The least cosine of two lines' static vectors for them to be about one subject (calibrated on
#: benchmarks/knowledge/sup_pairs.json's tuning part and the labelled sets' pairs: docs/entities.md).
MIN_COSINE = 0.3
#: A subject word is rare on at most this share of the fact lines (or :data:`RARE_MIN` of them).
RARE_SHARE = 0.01
RARE_MIN = 12
#: A change line's rarest words looked up for candidates.
CANDIDATE_WORDS = 3

_SLOT = re.compile(r"^[tnc]:")


def signal(words: str) -> str | None:
    """``"strong"`` when ``words`` (a line) signals a change, ``"weak"`` when only "now"-like words do,
    ``None`` when neither does or when it adds to a fact ("too", "also", "still")."""
    if ADDITION.search(words):
        return None
    if CHANGE.search(words):
        return "strong"
    return "weak" if CHANGE_WEAK.search(words) else None


def _words(s: str) -> set[str]:
    return set(s.split()) if s else set()


#: The kind of value each attribute states: a name (``c``), a state (``s``); times are read off the line.
_KIND = {"owner": "c", "place": "c", "choice": "c", "status": "s", "state": "s", "on": "s"}


def _slots(f: Fact) -> set[str]:
    """A line's typed values: a :data:`SAID` line's slots, else the times and numbers on it and the
    values of the attributes it states."""
    if f.attrs == (SAID,):
        return _words(f.values[0])
    out = slots(f.words)
    for attr, value in zip(f.attrs, f.values, strict=True):
        if attr in _KIND:
            out |= {f"{_KIND[attr]}:{w}" for w in value.split()}
    return out


def _before(o: Fact, n: Fact) -> bool:
    if o.day and n.day:
        return n.day[:10] > o.day[:10]
    if n.day:
        return True
    return not o.day and o.path == n.path and n.line > o.line


def _differs(old: set[str], new: set[str]) -> bool:
    """A value of one kind differs: the newer holds a time, number or name the older lacks, and the
    older one of that kind the newer lacks."""
    return any(
        any(s.startswith(k) for s in new - old) and any(s.startswith(k) for s in old - new) for k in "tncs"
    )


def change_pairs(
    facts: Sequence[Fact], pairs: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``pairs`` (the attribute rule's) leaves unpaired and
    a later change line supersedes → the latest such line (on a tie of days, the first in ``facts``' order).

    A change line changes one fact: it supersedes only the candidate closest to it (the highest cosine),
    and none when the attribute rule already paired it as the newer line."""
    paired = set(pairs)
    used = {(n.path, n.line) for n in pairs.values()}
    kinds = [signal(f.words) if (f.path, f.line) not in used else None for f in facts]
    news = [j for j, k in enumerate(kinds) if k]
    if not news:
        return {}
    own = [subject_words(f.words) for f in facts]
    every = [o | _words(f.context) for o, f in zip(own, facts, strict=True)]
    df: dict[str, int] = {}
    for ws in every:
        for w in ws:
            df[w] = df.get(w, 0) + 1
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    probe = {
        j: sorted((w for w in own[j] if 2 <= df[w] <= cap), key=lambda w: (df[w], w))[:CANDIDATE_WORDS]
        for j in news
    }
    wanted = {w for ws in probe.values() for w in ws}
    postings: dict[str, list[int]] = {w: [] for w in wanted}
    for i, ws in enumerate(every):
        for w in ws & wanted:
            postings[w].append(i)
    found: list[tuple[int, int]] = []
    for j in news:
        new, seen = facts[j], set()
        new_slots = _slots(new)
        for w in probe[j]:
            for i in postings[w]:
                if i == j or i in seen:
                    continue
                seen.add(i)
                old = facts[i]
                if (old.path, old.line) in paired or not _before(old, new):
                    continue
                shared = every[i] & every[j]
                if not shared & (own[i] | own[j]) or min(df[w] for w in shared) > cap:
                    continue
                if modified(old.words, new.words, shared):
                    continue  # "hockey training" … "netball training": another subject
                old_slots = _slots(old)
                if not (every[j] - every[i] or new_slots - old_slots):
                    continue  # nothing new: the same fact said again
                if kinds[j] == "weak" and not _differs(old_slots, new_slots):
                    continue
                found.append((i, j))
    if not found:
        return {}
    cosine = _cosines(facts, found)
    if cosine is None:
        return {}
    closest: dict[int, tuple[float, int]] = {}  # newer → (cosine, older) of its closest candidate
    for (i, j), c in zip(found, cosine, strict=True):
        if c >= MIN_COSINE and (j not in closest or c > closest[j][0]):
            closest[j] = (c, i)
    out: dict[tuple[str, int], Supersession] = {}
    best: dict[int, int] = {}
    for j, (_, i) in closest.items():
        have = best.get(i)
        if have is None or _later_than(facts[j], j, facts[have], have):
            best[i] = j
    for i, j in best.items():
        new = facts[j]
        out[(facts[i].path, facts[i].line)] = Supersession(new.path, new.line, new.day)
    return out


def modified(old: str, new: str, shared: set[str]) -> bool:
    """Do the two lines name a shared word with different modifiers before it, each a content word the
    other line lacks ("hockey training" … "netball training", "kitchen tap" … "bathroom tap")?"""
    a, b = old.split(), new.split()
    stems_a, stems_b = _stems(a), _stems(b)
    before_a = {s: stems_a[k - 1] for k, s in enumerate(stems_a) if k and s in shared}
    for k, s in enumerate(stems_b):
        if not k or s not in shared or s not in before_a:
            continue
        x, y = before_a[s], stems_b[k - 1]
        if x and y and x != y and x not in stems_b and y not in stems_a:
            return True
    return False


def _stems(words: list[str]) -> list[str]:
    """Each word's subject stem, or "" for a word that is not a subject word."""
    return [next(iter(subject_words(w)), "") for w in words]


def _later_than(a: Fact, ia: int, b: Fact, ib: int) -> bool:
    da, db = a.day or "", b.day or ""
    return da > db or (da == db and ia < ib)


#: Line text → its static vector (a line is embedded once per process while it stays the same).
_VECTORS: dict[str, object] = {}
_MAX_MEMO = 100_000


def _cosines(facts: Sequence[Fact], pairs: list[tuple[int, int]]) -> list[float] | None:
    """The cosine of each pair's lines' static vectors, or ``None`` without the static model."""
    from mdrecall.embedders.static import StaticEmbedder, is_available

    if not is_available():
        return None
    todo = list(
        dict.fromkeys(facts[k].words for pair in pairs for k in pair if facts[k].words not in _VECTORS)
    )
    if todo:
        try:
            vecs = _model(StaticEmbedder).embed_documents(todo)
        except Exception:  # noqa: BLE001 - no change pairs rather than a failed sync
            return None
        if len(_VECTORS) + len(todo) > _MAX_MEMO:
            _VECTORS.clear()
        _VECTORS.update(zip(todo, vecs, strict=True))
    return [float(_VECTORS[facts[i].words] @ _VECTORS[facts[j].words]) for i, j in pairs]  # type: ignore[operator]


_MODEL: list[Any] = []


def _model(cls: type) -> Any:
    """The one static model of this process (loaded on first use)."""
    if not _MODEL:
        _MODEL.append(cls())
    return _MODEL[0]
