"""Would a *slot key* pair what the rules leave: two lines of one subject and one attribute slot, the newer
stating another value of the slot's kind, told with no change word?

For each labelled set the fact lines are read as the index reads them (the knowledge eval's workspace) and
the rules' pairing made (:func:`~mdrecall.knowledge.changes.fact_pairs.supersessions`). Then each key below
proposes, for every *standing* line the rules leave unpaired (undated: ``MEMORY.md``, a page), the latest
*dated* later line with the same key and another value, and each proposal is scored against the labels:
``right`` (a labelled pair), ``partial`` (the older line is labelled superseded, by another line) or
``wrong`` (the older line is labelled current: a stray mark were it made).

The keys (what "the same subject" is, then the value's kind and grain: a weekday, a clock time, a date,
money, a quantity, a name):

* ``subject``: a stem of both lines' subjects (:attr:`~mdrecall.stores.views.FactRow.subject`);
* ``subject+signal``: the same, the newer line holding a change wording
  (:func:`~mdrecall.knowledge.fact_lines.change_signal.signal` "strong");
* ``label``: the head of the older line's label ("Food: …", ``k:`` in its values) among the newer's subject;
* ``label topic``: that head among the newer line's first four words, or after "new";
* ``label+signal``: a word of the older line's label among the newer's subject, the newer line holding a
  change wording (the shape of an agent's memory: "Tickets: $65 per person" … "Noted: … tickets are $70
  from May 16 on");
* ``title``: a word of the older line's page title in the newer line's subject;
* ``head``: the older line's first content word, written in lower case on the newer line;
* ``head+signal``: the same, the newer line holding a change wording;
* ``rate``: an amount per a base of one unit ("2 cups a day" … "1.5 cups a day", "R350 per girl" … "R400 per
  girl"), a subject word shared beyond the unit's, the newer line telling no addition, once or wish.

Only the figures are printed unless ``-v`` (then each proposal): run ``-v`` on sets tuned on, not on
those held out.

    python benchmarks/sup_slot_keys.py --sets dev,held_out,... [--kinds tw,tc,td,m,q] [-v]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "knowledge"
Key = tuple[str, int]

_RATE = re.compile(
    r"(?<![\w.,])(?:[A-Z]{1,3}\s?|[$€£₹¥₫]\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?)\s*([^\W\d_]+)?"
    r"\s+(?:a|an|per|each)\s+([^\W\d_]+)",
    re.I,
)
_NO_UNIT = frozenset("k m a an the of per each and or to in on at x times time st nd rd th".split())
_TIME_BASES = frozenset("hour hr h day night week month year term session season quarter fortnight".split())
_UNREAL = re.compile(
    r"\b(?:wants?|wanted|would|could|should|might|maybe|plan(?:s|ned|ning)?\s+to|hop(?:e|es|ing)\s+to"
    r"|try(?:ing)?|trial|if|target|aim(?:ing)?|goal|suggest(?:s|ed)?|recommend(?:s|ed)?)\b|\?",
    re.I,
)
_ONCE = re.compile(r"\b(?:one-off|one off|just this week|this week only|only this week|for once)\b", re.I)


def load(which: str) -> dict[str, Any]:
    """A labelled set's fact lines, the rules' pairs (older → newer key) and its labelled pairs."""
    sys.path.insert(0, str(HERE))
    import knowledge_eval

    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.changes.superseded import line_names

    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = knowledge_eval._open(root)
        try:
            facts = mem.store.fact_rows()
            names = line_names(mem.store, mem.config.entities)
        finally:
            mem.close()
    pairs = {k: (v.path, v.line) for k, v in supersessions(facts, names).items()}
    gold = {
        ((g["older"]["file"], g["older"]["line"]), (g["newer"]["file"], g["newer"]["line"]))
        for g in labels["supersession"]
    }
    return {"facts": facts, "pairs": pairs, "gold": gold}


def kinds_of(f: Any, kinds: set[str]) -> dict[str, set[str]]:
    """A line's values of ``kinds`` (a time by its grain), by kind."""
    from mdrecall.knowledge.fact_lines.value_kinds import fine_kind, value_slots

    out: dict[str, set[str]] = {}
    for s in value_slots(f):
        k = fine_kind(s)
        if k in kinds:
            out.setdefault(k, set()).add(s)
    return out


def anchors(name: str) -> tuple[Callable[[Any], set[str]], Callable[[Any, str], bool], bool]:
    """A key's older-line words, its test that the newer line names one, and whether it asks a signal."""
    from mdrecall.knowledge.fact_lines.fact_values import stem, subject_words

    def label(f: Any) -> set[str]:
        heads = [s[2:].split("-")[-1] for v in f.values for s in v.split() if s.startswith("k:")]
        return {stem(heads[0])} if heads else set()

    def label_all(f: Any) -> set[str]:
        found = [s[2:] for v in f.values for s in v.split() if s.startswith("k:")]
        return subject_words(found[0].replace("-", " ")) if found else set()

    def head(f: Any) -> set[str]:
        for w in f.words.split()[:3]:
            found = subject_words(w)
            if found:
                return found
        return set()

    def in_subject(n: Any, w: str) -> bool:
        return w in n.subject.split()

    def topic(n: Any, w: str) -> bool:
        low = [t.lower() for t in n.words.split()]
        return any(stem(t) == w and (i <= 3 or (i > 0 and low[i - 1] == "new")) for i, t in enumerate(low))

    def lower_on(n: Any, w: str) -> bool:
        split = n.words.split()
        return any(stem(t.lower()) == w and (t[:1].islower() or i == 0) for i, t in enumerate(split))

    table = {
        "subject": (lambda f: set(f.subject.split()), in_subject, False),
        "subject+signal": (lambda f: set(f.subject.split()), in_subject, True),
        "label": (label, in_subject, False),
        "label topic": (label, topic, False),
        "label+signal": (label_all, in_subject, True),
        "title": (lambda f: set(f.context.split()) - {"memory", "md"}, in_subject, False),
        "head": (head, lower_on, False),
        "head+signal": (head, lower_on, True),
    }
    return table[name]


def slot_proposals(data: dict[str, Any], name: str, kinds: set[str]) -> dict[Key, tuple[Key, str]]:
    """Older key → (newer key, the shared word) for one slot key over one set."""
    from mdrecall.knowledge.fact_lines.change_signal import signal

    words_of, names_it, ask_signal = anchors(name)
    facts, taken = data["facts"], data["pairs"]
    standing: dict[str, list[tuple[Any, dict[str, set[str]]]]] = {}
    for f in facts:
        if f.day or (f.path, f.line) in taken:
            continue
        have = kinds_of(f, kinds)
        if have:
            for w in words_of(f):
                standing.setdefault(w, []).append((f, have))
    out: dict[Key, tuple[Key, str]] = {}
    for n in sorted((f for f in facts if f.day), key=lambda f: (f.day, f.path, f.line)):
        have = kinds_of(n, kinds)
        if not have or (ask_signal and signal(n.words) != "strong"):
            continue
        for w in {w for w in standing if names_it(n, w)} if name != "subject" else set(n.subject.split()):
            for o, old in standing.get(w, ()):
                if any(k in old and not (have[k] & old[k]) for k in have):
                    out[(o.path, o.line)] = ((n.path, n.line), w)
    return out


def rates(words: str) -> dict[tuple[str, str], set[str]]:
    """A line's amounts per a base: (unit stem, base stem) → numbers (none per a bare unit of time)."""
    from mdrecall.knowledge.fact_lines.fact_values import stem

    out: dict[tuple[str, str], set[str]] = {}
    for m in _RATE.finditer(words):
        unit, base = (m.group(2) or "").lower(), m.group(3).lower()
        key = ("" if unit in _NO_UNIT else stem(unit), stem(base))
        if (key[0] or key[1] not in _TIME_BASES) and base not in ("a", "an", "per", "each"):
            out.setdefault(key, set()).add(m.group(1).replace(",", ""))
    return out


def rate_proposals(data: dict[str, Any]) -> dict[Key, tuple[Key, str]]:
    """Older key → (newer key, the rate's key) for the ``rate`` key over one set."""
    from mdrecall.knowledge.fact_lines.fact_words import ADDITION

    facts, taken = data["facts"], data["pairs"]
    standing = [(f, rates(f.words)) for f in facts if not f.day and (f.path, f.line) not in taken]
    out: dict[Key, tuple[Key, str]] = {}
    for n in sorted((f for f in facts if f.day), key=lambda f: (f.day, f.path, f.line)):
        if ADDITION.search(n.words) or _ONCE.search(n.words) or _UNREAL.search(n.words):
            continue
        for key, numbers in rates(n.words).items():
            for o, old in standing:
                if key not in old or numbers & old[key]:
                    continue
                shared = set(o.subject.split()) & set(n.subject.split()) - set(key)
                if shared or set(o.context.split()) & set(n.subject.split()):
                    out[(o.path, o.line)] = ((n.path, n.line), "/".join(key))
    return out


KEYS = (
    "subject",
    "subject+signal",
    "label",
    "label topic",
    "label+signal",
    "title",
    "head",
    "head+signal",
    "rate",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", required=True, help="comma-separated labelled sets")
    parser.add_argument("--kinds", default="tw,tc,td,m,q", help="value kinds (tw tc td t m q c n h s)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each proposal")
    args = parser.parse_args()
    kinds = set(args.kinds.split(","))
    sets = args.sets.split(",")
    totals = {k: [0, 0, 0] for k in KEYS}
    for which in sets:
        data = load(which)
        at = {(f.path, f.line): f for f in data["facts"]}
        olders = {o for o, _ in data["gold"]}
        for name in KEYS:
            got = rate_proposals(data) if name == "rate" else slot_proposals(data, name, kinds)
            for old, (new, why) in got.items():
                grade = 0 if (old, new) in data["gold"] else (1 if old in olders else 2)
                totals[name][grade] += 1
                if args.verbose:
                    tag = ("right", "partial", "wrong")[grade]
                    print(f"{which} {name} {tag} [{why}]")
                    print(f"   O: {at[old].words[:110]}\n   N: {at[new].words[:110]}")
    print(
        f"{'key':<16}{'right':>7}{'partial':>9}{'wrong':>7}   (sets: {', '.join(sets)}; kinds {args.kinds})"
    )
    for name in KEYS:
        r, p, w = totals[name]
        print(f"{name:<16}{r:>7}{p:>9}{w:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
