"""Write ``src/mdrecall/knowledge/data/trade_nouns.txt``: one-word English nouns of trades and professions
(a caterer, a roofer, a glazier, an upholsterer), from WordNet.

A firm is often named after its owner or its town and its trade in the plural: "Halloran Roofers",
"Tresillian Upholsterers". This script takes every lower-case one-word noun lemma whose
first (most frequent) sense descends from ``worker.n.01``, ``professional.n.01`` or ``businessperson.n.01``
(a "tanker" is first a ship, a "lion" an animal: neither is taken). Run it when WordNet or the rules
change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_trade_nouns.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "trade_nouns.txt"
#: The roots: (lemma, sense number) of WordNet 3.0.
ROOTS = (("worker", 1), ("professional", 1), ("businessperson", 1))
_NOTICE = """\
# One-word nouns of trades and professions, from WordNet 3.0 (scripts/gen_trade_nouns.py; do not edit):
# every lower-case lemma whose first noun sense descends from worker.n.01, professional.n.01 or
# businessperson.n.01. {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def _senses(wn: Path) -> dict[str, list[str]]:
    """Each noun lemma's synset offsets, most frequent sense first."""
    out = {}
    for line in (wn / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        out[f[0]] = f[-int(f[2]) :]
    return out


def _hypernyms(wn: Path) -> dict[str, list[str]]:
    """Each noun synset's hypernyms (class and instance)."""
    out = {}
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        at = 4 + 2 * int(f[3], 16)
        pointers = [f[at + 1 + 4 * k : at + 5 + 4 * k] for k in range(int(f[at]))]
        out[f[0]] = [p[1] for p in pointers if p[0] in ("@", "@i") and p[2] == "n"]
    return out


def trade_nouns(wn: Path) -> list[str]:
    """The lower-case one-word lemmas whose first sense descends from one of :data:`ROOTS`, sorted."""
    senses, up = _senses(wn), _hypernyms(wn)
    roots = {senses[lemma][n - 1] for lemma, n in ROOTS}
    words = []
    for lemma, offsets in senses.items():
        if not (lemma.isalpha() and lemma.islower()):
            continue
        seen, stack = set(), [offsets[0]]
        while stack:
            o = stack.pop()
            if o not in seen:
                seen.add(o)
                stack += up.get(o, [])
        if seen & roots and offsets[0] not in roots:
            words.append(lemma)
    return sorted(words)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    words = trade_nouns(args.wordnet)
    OUT.write_text(_NOTICE.format(n=len(words)) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
