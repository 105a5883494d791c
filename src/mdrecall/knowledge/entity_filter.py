"""A learned keep-or-drop score for the names the entity view lists (the last filter of the view).

The rules accept a name on evidence (:meth:`~.index.EntityIndex.known`); a name they accept may still be
an ordinary word capitalised ("Wedding", "Print:"), a common noun of another language ("Steuerberater"),
or a fragment ("Talk About"). :func:`features` describes one listed entity by what the workspace says of
it, cheaply and generically: how often and in how many files it is named, how its mentions were found (a
typed name, a rare word, a sentence opener, a speaker label, a relationship, a shape), whether any mention
gives it a kind and where its kind came from, its shape (words, digits, capitals, accents), whether the
shipped lists know it (a given name, a place, a well-known name, a frequent English word) and whether the
workspace writes it in lower case too. A logistic regression over those (``data/entity_filter.npz``, from
``scripts/gen_entity_filter.py``, trained on the thirteen tunable labelled sets) gives the probability that
the name is an entity; the view drops a name below the model's threshold (chosen leaving one set out,
``benchmarks/entity_filter_eval.py``). Without numpy or the model file, or with a model file not marked
active, nothing is dropped.

Measured leaving one set out, the filter drops 7 false names and 2 true ones of 1,561 listed: mean precision
0.964 → 0.968, recall 0.922 → 0.922, kinds unchanged. Replayed on the four sets written blind, with the
rules as they stood before each was tuned on (``benchmarks/entity_filter_replay.py``), it drops nothing at
the threshold so chosen on three and two true names on the fourth. That is short of the clear rise the
filter must show to ship active, so the shipped file is inactive (the rules decide); ``docs/entities.md``
has the figures.
"""

from __future__ import annotations

import math
import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from mdrecall.knowledge.aliases.name_links import written_lower
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    demonym,
    given_name,
    kin_word,
    known_name,
    places,
)
from mdrecall.knowledge.mentions.extract import entity_key
from mdrecall.stores.base import Store
from mdrecall.stores.views import KeySummary, ViewStore
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "FEATURES",
    "MODEL_FILE",
    "Listed",
    "dropped",
    "features",
    "keep_probability",
    "listed",
    "model",
    "needs_lower",
    "rows",
]

MODEL_FILE = Path(__file__).parent / "data" / "entity_filter.npz"

#: Per store: the stats object the scores were read with, and each listed root's verdict (True: dropped).
_VERDICTS: dict[int, tuple[Any, dict[str, bool]]] = {}

#: How a mention was found (:mod:`.extract`), grouped; every other way counts as ``other``.
_HOWS = ("typed_name", "rare_name", "name_start", "name", "speaker", "relation", "shape_name")
#: Where the entity's kind came from (:data:`~.index.KIND_SOURCES`, ``None``: unknown).
_SOURCES = ("notes", "name shape", "name model", "context model")
_KINDS = ("person", "organisation", "place", "technology", "product", "pet", "work", "event", "project")
_CAMEL = re.compile(r"[a-z][A-Z]")

#: The names of :func:`features`' values, in order (the model file stores them: a file written for
#: other features is not used).
FEATURES: tuple[str, ...] = (
    "log_lines",
    "log_files",
    "one_line",
    "one_file",
    *(f"how_{h}" for h in _HOWS),
    "how_other",
    "cued_share",
    "cued_kinds",
    *(f"source_{s.replace(' ', '_')}" for s in _SOURCES),
    "source_none",
    *(f"kind_{k}" for k in _KINDS),
    "kind_p",
    "words_1",
    "words_2",
    "words_3",
    "digit",
    "all_caps",
    "camel",
    "non_ascii",
    "forms",
    "first_common",
    "last_common",
    "all_common",
    "given_first",
    "place",
    "known",
    "demonym",
    "kin",
    "plural_s",
    "lower_written",
    "stop_word",
    "before_determiner",
    "before_the",
    "in_heading",
    "as_label",
    "opens_line",
    "after_preposition",
    "before_noun",
    "origin_ending",
    "common_uncued",
    "common_opener",
    "lower_uncued",
)

#: Mention lines read per entity (the first, in path and line order).
MAX_LINES = 8
#: Words before a common noun, rarely before a name ("my Steuerberater", "a Pflegegrad").
_DETERMINERS = frozenset(
    "a an my our your his her their its this that these those every each another some any no".split()
)
_PREPOSITIONS = frozenset("at in from with to by for of on via near".split())
_OPENER = re.compile(r"^\s*(?:#+|[-*+]|\d+[.)])?\s*(?:\[[ xX]\]\s*)?[*_]*$")
_WORD_BEFORE = re.compile(r"([\w'’]+)\W*$")
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")
#: Endings of adjectives of origin ("Franconian", "Carniolan", "Maltese", "Cornish").
_ORIGIN = re.compile(r"(?:ian|ean|ese|ish)$")


def needs_lower(name: str) -> bool:
    """Whether :func:`features` reads the workspace's lower-case use of ``name`` (one ordinary-looking
    word: the question costs a keyword search, so it is asked only where it may tell; not only for
    frequent English words: "saison" or "pflegegrad" written in lower case elsewhere is a common noun)."""
    return " " not in name and name[:1].isupper() and name[1:].islower()


def features(
    name: str,
    kind: str,
    source: str | None,
    kind_p: float | None,
    lines: int,
    files: int,
    forms: Mapping[tuple[str, str, str], int],
    lower: bool,
    texts: Sequence[str] = (),
) -> list[float]:
    """The values of :data:`FEATURES` for one listed entity: its shown ``name``, ``kind`` and the kind's
    ``source`` (and model probability ``kind_p``), its ``lines`` and ``files``, its mentions' ``forms``
    ((written name, kind, how) → count, every key of the entity) and whether the workspace writes it in
    lower case (``lower``), and where it stands in the ``texts`` of its first mention lines."""
    total = sum(forms.values()) or 1
    hows = dict.fromkeys(_HOWS, 0)
    other = cued = 0
    kinds = set()
    for (_written, k, how), n in forms.items():
        if how in hows:
            hows[how] += n
        else:
            other += n
        if k != "unknown":
            cued += n
            kinds.add(k)
    words = name.split()
    first, last = words[0] if words else "", words[-1] if words else ""
    common = float(all(common_word(w) for w in words))
    return [
        math.log1p(lines),
        math.log1p(files),
        float(lines == 1),
        float(files == 1),
        *(hows[h] / total for h in _HOWS),
        other / total,
        cued / total,
        float(len(kinds)),
        *(float(source == s) for s in _SOURCES),
        float(source is None),
        *(float(kind == k) for k in _KINDS),
        kind_p if kind_p is not None else 0.0,
        float(len(words) == 1),
        float(len(words) == 2),
        float(len(words) >= 3),
        float(any(c.isdigit() for c in name)),
        float(any(c.isalpha() for c in name) and name.upper() == name),
        float(_CAMEL.search(name) is not None),
        float(not name.isascii()),
        math.log1p(len({w for (w, _k, _h) in forms})),
        float(common_word(first)),
        float(common_word(last)),
        common,
        float(given_name(first)),
        float(name in places()),
        float(known_name(name) is not None),
        float(demonym(first) or demonym(last)),
        float(kin_word(first.casefold()) or kin_word(last.casefold())),
        float(len(last) > 3 and last.endswith("s") and not last.endswith("ss")),
        float(lower),
        float(bool(words) and all(w.casefold() in STOP_WORDS for w in words)),  # "Has", "From": no name
        *_places_in_lines({w for (w, _k, _h) in forms} | {name}, texts),
        float(len(last) > 4 and _ORIGIN.search(last) is not None),
        common * (1 - cued / total),  # an ordinary word no mention gives a kind
        common * hows["name_start"] / total,  # ... found opening sentences
        float(lower) * (1 - cued / total),
    ]


def _places_in_lines(written: set[str], texts: Sequence[str]) -> list[float]:
    """Shares of the name's occurrences in ``texts`` (the first on each line) after a determiner, after
    "the", on a heading line, as a line's label (followed by a colon), opening a line, after a preposition,
    and before a lower-case frequent word ("Carniolan bees": a modifier, not a name)."""
    forms = sorted({w.casefold() for w in written if w.strip()}, key=len, reverse=True)
    counts = [0] * 7
    n = 0
    for text in texts:
        low = text.casefold()
        found = next(((at, form) for form in forms if (at := _word_at(low, form)) >= 0), None)
        if found is None:
            continue
        at, form = found
        n += 1
        before = low[:at]
        word = _WORD_BEFORE.search(before)
        prev = word.group(1) if word else ""
        rest = text[at + len(form) :]
        after = rest[:3].lstrip("*_ ")
        following = _NEXT_WORD.match(rest)
        counts[0] += prev in _DETERMINERS
        counts[1] += prev == "the"
        counts[2] += text.lstrip().startswith("#")
        counts[3] += after.startswith(":")
        counts[4] += _OPENER.match(before) is not None
        counts[5] += prev in _PREPOSITIONS
        counts[6] += following is not None and common_word(following.group(1))
    return [c / n if n else 0.0 for c in counts]


def _word_at(low: str, form: str) -> int:
    """Where ``form`` stands in ``low`` as whole words (-1: nowhere)."""
    at = low.find(form)
    while at >= 0:
        end = at + len(form)
        if (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum()):
            return at
        at = low.find(form, at + 1)
    return -1


@cache
def model() -> tuple[Any, Any, float] | None:
    """(weights, bias, threshold) of the shipped model, or ``None`` where numpy or the file is missing,
    damaged, written for other features, or not active (its left-out figures did not clear the bar to
    ship: ``scripts/gen_entity_filter.py``)."""
    try:
        import numpy as np
    except ImportError:
        return None
    try:
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            names = tuple(str(n) for n in data["features"])
            weights, bias, threshold = data["weights"], float(data["bias"]), float(data["threshold"])
            active = bool(data["active"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if names != FEATURES or weights.shape != (len(FEATURES),) or not active:
        return None
    return weights, bias, threshold


def keep_probability(rows: list[list[float]], read: Callable[[], Any] = model) -> list[float] | None:
    """The model's probability that each row (:func:`features`) is an entity; ``None`` without a model."""
    found = read()
    if found is None:
        return None
    import numpy as np

    weights, bias, _threshold = found
    if not rows:
        return []
    z = np.asarray(rows, dtype=np.float64) @ weights + bias
    return [float(p) for p in 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))]


class Listed(NamedTuple):
    """One entity the rules accept, as :func:`features` reads it (``forms``: every key's mentions)."""

    root: str
    name: str
    kind: str
    source: str | None
    kind_p: float | None
    lines: int
    files: int
    forms: Mapping[tuple[str, str, str], int]


class _Shown(Protocol):
    """What :func:`listed` reads of an :class:`~.index.Entity`."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def kind_source(self) -> str | None: ...
    @property
    def kind_p(self) -> float | None: ...
    @property
    def mentions(self) -> int: ...
    @property
    def files(self) -> int: ...


def listed(root: str, e: _Shown, parts: Sequence[KeySummary]) -> Listed:
    """What the filter reads of the accepted entity ``e`` (its key ``root``, its keys' ``parts``)."""
    forms: dict[tuple[str, str, str], int] = {}
    for part in parts:
        for form, n in part.forms.items():
            forms[form] = forms.get(form, 0) + n
    return Listed(root, e.name, e.kind, e.kind_source, e.kind_p, e.mentions, e.files, forms)


def rows(store: Store, listed: list[Listed]) -> list[list[float]]:
    """:func:`features` of each of ``listed`` (a keyword search of ``store`` per ordinary-looking word, and
    the first mention lines of all of them read together)."""
    texts = _texts(store, listed)
    return [
        features(
            e.name,
            e.kind,
            e.source,
            e.kind_p,
            e.lines,
            e.files,
            e.forms,
            needs_lower(e.name) and written_lower(store, e.name),
            lines,
        )
        for e, lines in zip(listed, texts, strict=True)
    ]


#: Keys asked of the store at once.
_BATCH = 500


def _texts(store: Store, listed: list[Listed]) -> list[list[str]]:
    """The texts of each entity's first :data:`MAX_LINES` mention lines (in path and line order)."""
    if not isinstance(store, ViewStore):
        return [[] for _ in listed]
    owner: dict[str, int] = {}
    for i, e in enumerate(listed):
        for key in {entity_key(w) for (w, _k, _h) in e.forms} | {e.root}:
            owner.setdefault(key, i)
    where: list[set[tuple[str, int]]] = [set() for _ in listed]
    keys = list(owner)
    for at in range(0, len(keys), _BATCH):
        for m in store.mention_rows(keys[at : at + _BATCH]):
            where[owner[m.key]].add((m.path, m.line))
    firsts = [sorted(w)[:MAX_LINES] for w in where]
    found = store.line_texts([w for first in firsts for w in first])
    return [[found.get(w, "") for w in first] for first in firsts]


def dropped(store: Store, stats: Any, listed: list[Listed]) -> set[str]:
    """The roots of ``listed`` the model scores below its threshold (none without a model), read once per
    entity until the index changes (``stats``: the store's entity stats object, new on each change)."""
    found = model()
    if found is None:
        return set()
    cached = _VERDICTS.get(id(store))
    if cached is None or cached[0] is not stats:
        if len(_VERDICTS) > 16:
            _VERDICTS.clear()
        cached = _VERDICTS[id(store)] = (stats, {})
    verdicts = cached[1]
    todo = [e for e in listed if e.root not in verdicts]
    for e, p in zip(todo, keep_probability(rows(store, todo)) or [], strict=True):
        verdicts[e.root] = p < found[2]
    return {e.root for e in listed if verdicts.get(e.root)}
