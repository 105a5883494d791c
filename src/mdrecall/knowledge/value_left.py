"""Supersession by a value left: a later line that names the value it leaves ("switched CI from Travis to
GitHub Actions", "dropping MongoDB for DuckDB", "leaving Squarespace", "Jenkins replaced by Drone", "went
with Zen, not BT") supersedes each earlier line stating that value. Pure.

A small grammar over a line's words reads the values it leaves: the words after a verb of leaving
(:data:`LEAVE`: from … to, dropping, ditching, leaving, left, replacing, swapping, instead of, moved out
of, no longer, not), or before "replaced by/with", up to the next function word (at most
:data:`MAX_VALUE_WORDS`). "from" counts only before a "to" on a line that signals a change
(:func:`~mdrecall.knowledge.change_pairs.signal`): "open from 9 to 5" is a span, and "took over the
inventory from Ruth" names who had it, not the value of a line naming Ruth. "chosen over" and "rather than"
name an option never held, not a value left. An earlier line *O* is superseded by a later line *N* leaving
a value *v* when

* *v* is one of O's typed values (a name, a state, a time, a number), not a mere word of it ("replaced
  the compressor" leaves no value of "the engineer will look at the compressor"), and O does not leave
  it itself,
* *v* is rare: named on at most :data:`~mdrecall.knowledge.change_pairs.RARE_SHARE` of the lines (or
  :data:`~mdrecall.knowledge.change_pairs.RARE_MIN`),
* O is about N's subject: *v* is the value of an attribute O states (a choice, a place, an owner, what it
  is on), or the two lines share a content word besides *v* ("Chat lives in Slack" … "switched team
  chat from Slack to Matrix");
* N was written later (:func:`~mdrecall.knowledge.change_pairs.written_before`).

Each older line is superseded by the latest such line. Unlike the change lines' pass, which lets a change
line supersede only its closest candidate, a value left supersedes every line stating it (a page and
MEMORY.md often say the same thing twice). Cost: a substring test per line, then the few lines holding a
value some line leaves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.knowledge.change_pairs import RARE_MIN, RARE_SHARE, signal, value_slots, written_before
from mdrecall.knowledge.fact_values import stem, subject_words
from mdrecall.knowledge.facts import Fact
from mdrecall.stores.views import Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["LEAVE", "MAX_VALUE_WORDS", "left_values", "value_left_pairs"]

#: Words after which a line names the value it leaves (lower case, on a line's words).
LEAVE = re.compile(
    r"\b(?:from|dropp(?:ed|ing)|ditch(?:ed|ing)|leav(?:e|es|ing)|left|replac(?:e|es|ed|ing)"
    r"|swapp(?:ed|ing)|instead of|mov(?:ed|es|ing) out of"
    r"|no longer(?: on| use| uses| using| with| via| in| at)?"
    r"|not)\s+(?:(?:the|our|my|their|his|her|its|a|an)\s+)?"
)
#: "from X to Y": the value left lies between (at most three words: "from Read the Docs to GitHub Pages").
FROM_TO = re.compile(r"^(?:\S+\s+){1,3}?to\b")
#: Before "replaced by/with": the words before name the value left ("Jenkins replaced by Drone").
REPLACED_BY = re.compile(r"((?:\S+\s+){1,3})(?:(?:is|was|has been|got|gets|being)\s+)?replaced (?:by|with)\b")
#: At most this many words name the value left.
MAX_VALUE_WORDS = 2
#: Words that end a value ("from Travis to GitHub", "dropping MongoDB for DuckDB").
_AUX = frozenset(("is", "was", "has", "have", "been", "got", "gets", "being", "are", "were"))
_END = STOP_WORDS | {"now", "today", "tomorrow", "next", "this", "last", "after", "because"}


def left_values(words: str) -> frozenset[str]:
    """The values a line (its lower-case words, space-joined) says it leaves, as stems."""
    first = LEAVE.search(words)  # most lines hold none: one scan in C
    if first is None:
        return frozenset()
    changes = None
    out: set[str] = set()
    for m in LEAVE.finditer(words, first.start()):
        if m.group().startswith("from"):
            if changes is None:
                changes = signal(words) is not None
            if not changes or not FROM_TO.match(words[m.end() :]):
                continue  # "from 9 to 5" on a line saying nothing changed; "took over X from Ruth"
        # after "not", one word: "Zoom, not the Harbour room"; "not our MiSeq, Ruth can't …"
        out |= _value(words[m.end() :].split(), 1 if m.group().startswith("not") else MAX_VALUE_WORDS)
    for m in REPLACED_BY.finditer(words) if "replaced " in words else ():
        before = list(reversed(m.group(1).split()))
        while before and before[0] in _AUX:
            before.pop(0)
        out |= _value(before, MAX_VALUE_WORDS)
    return frozenset(out)


def _value(words: list[str], most: int) -> set[str]:
    out = set()
    for w in words[:most]:
        w = w.replace("’", "'").split("'")[0]  # "aidan's" → aidan, as a name's slot; "we'll" → we
        if w in _END:
            break
        out.add(stem(w))
    return out


def _values(f: Fact) -> tuple[set[str], set[str]]:
    """A line's typed values as stems, and those of them that are the value of an attribute it states."""
    every: set[str] = set()
    stated: set[str] = set()
    for s in value_slots(f):
        kind, _, v = s.partition(":")
        v = stem(v) if kind in "cs" else v
        every.add(v)
        if kind in "cs" and f.attrs != ("said",):
            stated.add(v)
    return every, stated


def value_left_pairs(
    facts: Sequence[Fact], paired: dict[tuple[str, int], Supersession]
) -> dict[tuple[str, int], Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``paired`` leaves unpaired and a later line leaving
    one of its values supersedes → the latest such line (on a tie of days, the first in ``facts``' order)."""
    leaving = [(f, gone) for f in facts if (gone := left_values(f.words))]
    leaves = {id(f): gone for f, gone in leaving}
    if not leaving:
        return {}
    wanted: set[str] = set().union(*(gone for _, gone in leaving))
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    # the lines naming a value left (a word starting with it: one scan of each line, in C); a value on
    # more lines than ``cap`` is no rare one, and its lines' typed values are not read
    names = re.compile(r"\b(" + "|".join(map(re.escape, sorted(wanted, key=lambda v: (-len(v), v)))) + ")")
    naming: list[tuple[Fact, set[str]]] = []
    count: dict[str, int] = {}
    for f in facts:
        named = set(names.findall(f.words))
        if named:
            naming.append((f, named))
            for v in named:
                count[v] = count.get(v, 0) + 1
    holders: dict[str, list[tuple[Fact, set[str]]]] = {}
    for f, named in naming:
        rare = {v for v in named if count[v] <= cap}
        if rare:
            every, stated = _values(f)
            for v in every & rare:
                holders.setdefault(v, []).append((f, stated))
    out: dict[tuple[str, int], Supersession] = {}
    chosen: dict[tuple[str, int], Fact] = {}
    subjects: dict[int, set[str]] = {}  # an older line's subject words, read once
    for new, left in leaving:
        about: set[str] | None = None  # the newer line's subject words, read once
        for v in left:
            for old, stated in holders.get(v, ()):
                key = (old.path, old.line)
                if key in paired or old is new or v in leaves.get(id(old), ()):
                    continue
                if not written_before(old, new):
                    continue
                if v not in stated:
                    if about is None:
                        about = subject_words(new.words) - left
                    words = subjects.get(id(old))
                    if words is None:
                        words = subjects[id(old)] = subject_words(old.words)
                    if not words & about:
                        continue
                have = chosen.get(key)
                if have is None or (new.day or "") > (have.day or ""):
                    chosen[key] = new
                    out[key] = Supersession(new.path, new.line, new.day)
    return out
