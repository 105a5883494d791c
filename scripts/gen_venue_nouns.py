"""Write ``src/mdrecall/knowledge/data/venue_nouns.txt``: one-word English nouns of a business's premises
(a shop, a bakery, a café, a restaurant, a clinic), from WordNet.

"Fishy Fishy restaurant", "Pets Wonderland clinic", "the Hobnob bakery": a name right before such a noun
names the business, whatever its own words look like (a person's name, two unknown words). This script takes
every lower-case one-word lemma whose first (most frequent) sense descends from :data:`ROOTS`
(``establishment.n.04``: shops, stores, bakeries, cafés, offices; ``restaurant.n.01``;
``medical_institution.n.01``: clinics) and is written in lower case in that sense (not "Harvard",
"Newgate"), leaving out :data:`NOT_VENUES` (an office or headquarters named by its town is where it is:
"our Pune office"). Run it when WordNet or the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_venue_nouns.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gen_trade_nouns import _hypernyms, _senses

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "venue_nouns.txt"
#: The roots: (lemma, sense number) of WordNet 3.0.
ROOTS = (("establishment", 4), ("restaurant", 1), ("medical_institution", 1))
#: Premises named by where they are, not by whose they are.
NOT_VENUES = frozenset({"office", "headquarters"})
_NOTICE = """\
# One-word nouns of a business's premises, from WordNet 3.0 (scripts/gen_venue_nouns.py; do not edit):
# every lower-case lemma whose first noun sense descends from establishment.n.04, restaurant.n.01 or
# medical_institution.n.01, written in lower case there, but "office" and "headquarters". {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def _lower_written(wn: Path) -> dict[str, set[str]]:
    """Each noun synset's words as WordNet writes them in lower case (a proper noun keeps its capital)."""
    out: dict[str, set[str]] = {}
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        n = int(f[3], 16)
        out[f[0]] = {w.split("(")[0] for w in f[4 : 4 + 2 * n : 2] if w.islower()}
    return out


def venue_nouns(wn: Path) -> list[str]:
    """The lower-case one-word lemmas whose first sense descends from one of :data:`ROOTS`, sorted."""
    senses, up, lower = _senses(wn), _hypernyms(wn), _lower_written(wn)
    roots = {senses[lemma][n - 1] for lemma, n in ROOTS}
    words = []
    for lemma, offsets in senses.items():
        if not (lemma.isalpha() and lemma.islower()) or lemma in NOT_VENUES:
            continue
        if lemma not in lower.get(offsets[0], set()):
            continue  # "harvard", "newgate": a proper noun
        seen, stack = set(), [offsets[0]]
        while stack:
            o = stack.pop()
            if o not in seen:
                seen.add(o)
                stack += up.get(o, [])
        if seen & roots:
            words.append(lemma)
    return sorted(words)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    words = venue_nouns(args.wordnet)
    OUT.write_text(_NOTICE.format(n=len(words)) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
