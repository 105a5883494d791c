"""Write ``src/mdrecall/text/data/event_nouns.txt``: English nouns that name something that happens or
holds for a time (an act, an event, a natural phenomenon, a state, a period), from WordNet 3.0, so that a
year before one ("the 1987 storm", "the 1974 strike", "the 2002 centenary") names an event of that year,
while a year before a thing ("the 2024 edition", "the 2019 vintage", "the 2025 bags") names none.

A word is kept when it is a one-word lower-case noun lemma whose first (most frequent) sense lies in one
of WordNet's lexicographer files ``noun.act``, ``noun.event``, ``noun.phenomenon``, ``noun.state`` or
``noun.time`` (with ``--min N``, only those whose noun senses are tagged at least N times in the
semantic concordance, ``cntlist.rev``; by default every one: "centenary" and "final" are never tagged).
Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_event_nouns.py
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "event_nouns.txt"
_NOTICE = """\
# English nouns of what happens or holds for a time, one a line, from WordNet 3.0: the first sense in
# noun.act, noun.event, noun.phenomenon, noun.state or noun.time (scripts/gen_event_nouns.py).
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""
#: WordNet's lexicographer file numbers: 04 noun.act, 11 noun.event, 19 noun.phenomenon, 26 noun.state,
#: 28 noun.time.
_LEXFILES = {4, 11, 19, 26, 28}


def event_nouns(wn: Path, least: int) -> list[str]:
    """The one-word noun lemmas whose first sense is an act, an event, a phenomenon, a state or a time,
    tagged at least ``least`` times as nouns (in ``cntlist.rev``)."""
    lexfile: dict[str, int] = {}
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line and not line.startswith(" "):
            offset, lex = line.split()[:2]
            lexfile[offset] = int(lex)
    counts: Counter[str] = Counter()
    for line in (wn / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _num, tags = line.split()
        lemma, rest = key.split("%", 1)
        if rest.startswith("1"):
            counts[lemma] += int(tags)
    out = []
    for line in (wn / "index.noun").read_text(encoding="latin-1").splitlines():
        if not line or line.startswith(" "):
            continue
        parts = line.split()
        lemma, pointers = parts[0], int(parts[3])
        first = parts[4 + pointers + 2]  # after the pointer symbols, sense_cnt and tagsense_cnt
        word = lemma.isalpha() and lemma.islower() and len(lemma) > 2
        if word and counts[lemma] >= least and lexfile[first] in _LEXFILES:
            out.append(lemma)
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--min", type=int, default=0, help="the least noun tag count kept (default 0: all)")
    args = parser.parse_args()
    nouns = event_nouns(args.wordnet, args.min)
    OUT.write_text(_NOTICE + "".join(f"{w}\n" for w in nouns), encoding="utf-8")
    print(f"wrote {len(nouns)} nouns to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
