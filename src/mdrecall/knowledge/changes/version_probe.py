"""The change lines' pass's lookup by a product's version: a change line naming a product with a version
("now running MariaDB 11.4", "bumped to node 22.11") finds the earlier lines naming the same product
with another version ("Database: MariaDB 10.6 on `db-02`"), though the product's word is on too many
lines to be a rare word, and the product may be written another way (an alias of the entity views:
"Postgres" … "PostgreSQL").

A version is a value of the product it follows: a word opening with a letter, then a number of two or
more dotted parts ("Python 3.12", "v2.4.1"). Two lines naming one product with two versions state two
values of one slot; the pass's gates (:func:`~mdrecall.knowledge.changes.change_candidate.candidate`)
still judge the pair, but the word sets' cosine floor does not apply (a long upgrade note shares few
words with a one-line inventory). Pure; reads the pass's postings, no index of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mdrecall.knowledge.changes.change_rules import MORE_POSTINGS, written_before
from mdrecall.knowledge.changes.change_state import ChangeState
from mdrecall.knowledge.fact_lines.line_subjects import subject_stems

__all__ = [
    "MOST_NAMED",
    "NEAREST_VERSIONS",
    "product_versions",
    "upgraded",
    "version_changed",
    "version_lines",
    "version_redo",
    "versions_of",
]

# a product's word (a letter first, no digit-only word), then a dotted version not followed by more
# dots and digits (``\.*\d``: linear, where ``[\d.]*\d`` rescanned the rest of a long dotted run at each
# part given back, quadratic on a line of 100,000 dotted numbers): "Postgres 15.6",
# "go 1.23.2", "Node v20.11"; not an amount ("$1.50"), a time ("at 7.30pm" has no word before the digits
# that is a product: see _NOT_PRODUCT) nor a date ("12.9.2026" follows "on")
_VERSION = re.compile(
    r"\b([A-Za-z][A-Za-z0-9+#_-]*)\s+v?(\d+\.\d+(?:\.\d+)*)(?!\.*\d)"
    r"(?!\s*(?:%|(?:[kmc]?g|ml|l|[kmc]?m|mm|h|hrs?|hours?|mins?|s|secs?|kw|hp|x|[ap]m|lbs?|oz|mi|ft|km/h)\b))",
    re.IGNORECASE,
)

# words that open a number that is no version: prepositions of time and place, measures and counts
_NOT_PRODUCT = frozenset(
    "at on by to from until till before after around about at approx approximately is was are were of "
    "for in and or was be been than over under up down weighs weighed costs cost paid pay rate score "
    "scored ratio version ver v rev release step section chapter page item grade level size".split()
)

# a version's own mark, not a product ("v2 3.0": "v2.3.0" as stored)
_MARK = re.compile(r"v?\d+|[a-z]\d+")

#: The most lines naming an entity by another name that a change line reads for a product's alias.
MOST_NAMED = 64

#: Of each product word's earlier lines, the most (the last written) a change line tries.
NEAREST_VERSIONS = 16


def product_versions(words: str, aliases: dict[str, str] | None = None) -> dict[str, frozenset[str]]:
    """Each product a line (its stored ``words``) names with a version → the versions it gives it, keyed
    by the entity key of the name as written where ``aliases`` (the name as written → its entity's key,
    lower case) has one, else by the word in lower case."""
    aliases = aliases or {}
    out: dict[str, set[str]] = {}
    for m in _VERSION.finditer(words):
        word = m.group(1).lower()
        if word in _NOT_PRODUCT or _MARK.fullmatch(word):
            continue
        out.setdefault(aliases.get(word, word), set()).add(m.group(2))
    return {k: frozenset(v) for k, v in out.items()}


def _aliases(state: ChangeState, n: int) -> dict[str, str]:
    return {form: key for form, key in state.roots[n]}


def versions_of(state: ChangeState, n: int) -> dict[str, frozenset[str]]:
    """The products the line ``n`` names with a version (:func:`product_versions`), keyed by their
    entities' keys where the entity view names them."""
    return product_versions(state.fact(n).words, _aliases(state, n))


def version_changed(state: ChangeState, i: int, j: int, new: dict[str, frozenset[str]] | None = None) -> bool:
    """Do the lines ``i`` (older) and ``j`` (newer; ``new``: its :func:`versions_of`, if known) name one
    product (or its alias) with versions, the newer's later (:func:`upgraded`): two values of one slot?"""
    new = versions_of(state, j) if new is None else new
    if not new:
        return False
    old = versions_of(state, i)
    return any(p in old and upgraded(old[p], v) for p, v in new.items())


def _parts(version: str) -> tuple[tuple[int, str], ...]:
    """The version's parts in numeric order, each compared by its digits (without leading zeros) as text,
    shorter first: no integer is made (a part of 5,000 digits is past Python's limit for one)."""
    return tuple((len(d), d) for d in (x.lstrip("0") or "0" for x in version.split(".")))


def upgraded(old: frozenset[str], new: frozenset[str]) -> bool:
    """Is the newest of the versions ``new`` later than each of ``old``, and none of ``old`` the same
    version written shorter ("EMQX 5.8" … "5.8.1 installed": the one release named more exactly)? A later
    line naming an earlier version names another instance or an old release ("bi-01 runs Postgres 14.11"),
    not a change: when unsure, say less."""
    top = max(_parts(v) for v in new)
    return all(_parts(v) < top and _parts(v) != top[: len(_parts(v))] for v in old)


def _forms(state: ChangeState, j: int, products: Iterable[str]) -> list[str]:
    """The stems the line ``j``'s versioned products are written as on other lines: the product's own
    word and each name of the same entity the line writes."""
    wanted = set(products)
    forms = set(wanted)
    forms.update(form for form, key in state.roots[j] if key in wanted)
    return sorted({s for f in forms for s in subject_stems(f)})


def version_lines(state: ChangeState, j: int) -> list[int]:
    """The lines written before the change line ``j`` naming a product it names with a version, with
    another version (:func:`version_changed`): of each product's word, the :data:`NEAREST_VERSIONS` last
    written before it."""
    if not state.kind[j]:
        return []
    products = versions_of(state, j)
    if not products:
        return []
    new = state.fact(j)
    out: list[int] = []
    for w in _forms(state, j, products):
        # (a word on more lines than the further rare words may read is not looked up: a line's lookups
        # stay bounded however long its page)
        before = list(state.earlier(w, j)[-NEAREST_VERSIONS:]) if _few(state, w) else []
        # the lines naming the product by another name (the entity view's alias: "Postgres" for
        # PostgreSQL), where few lines do
        other = state.named_by.get(w, ())
        if len(other) <= MOST_NAMED:
            before += sorted(i for i in other if written_before(state.fact(i), new))[-NEAREST_VERSIONS:]
        out += [i for i in before if i != j and version_changed(state, i, j, products)]
    return list(dict.fromkeys(out))


def version_redo(state: ChangeState, fresh: Iterable[int]) -> set[int]:
    """The change lines that may find one of the lines ``fresh`` (added or freed) by
    :func:`version_lines`: those holding the word of a product it names with a version, or an alias of
    it, and naming a version. Each word's lines are read once, however many fresh lines name it (a page
    of 10,000 versioned lines added is not read against each)."""
    fresh = list(fresh)
    words: set[str] = set()
    for i in fresh:
        products = versions_of(state, i)
        if products:
            words.update(_forms(state, i, products))
    out: set[int] = set()
    for w in sorted(w for w in words if _few(state, w) or len(state.named_by.get(w, ())) <= MOST_NAMED):
        for j in (*state.postings.get(w, ()), *state.named_by.get(w, ())):
            if j not in out and state.kind[j] and versions_of(state, j):
                out.add(j)
    return out


def _few(state: ChangeState, w: str) -> bool:
    """Is ``w`` on few enough lines for a change line to read them (:data:`MORE_POSTINGS` times the rare
    words' cap, as its further words)?"""
    return state.df.get(w, 0) <= MORE_POSTINGS * state.cap
