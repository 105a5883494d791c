"""Write ``src/mdrecall/knowledge/data/apposed_nouns.txt``: one-word English nouns that say what a name is
when they head an apposition after it ("TestFlow, an agency in Belgrade"; "Skerne, a village near Driffield"),
each with the kind it gives, from WordNet.

Each lower-case one-word lemma whose first (most frequent) noun sense descends from a root of :data:`ROOTS`
(and is written in lower case there: no proper noun) is listed with that root's kind: an organisation
(``organization.n.01``, ``.n.04``, ``body.n.02``: an agency, a charity, a choir, a firm, a university), a
place (an area, a district, a county, a community, a settlement, a landform, a body of water: a town, a
village, a suburb, a valley, a lake) or a product (software: an applet, a spreadsheet). A word under roots
of two kinds is left out. Run it when WordNet or the roots change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_apposed_nouns.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gen_trade_nouns import _hypernyms, _senses
from gen_venue_nouns import _lower_written

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "apposed_nouns.txt"
#: (lemma, sense number of WordNet 3.0) → the kind a noun below it gives the name it follows.
ROOTS = {
    ("organization", 1): "organisation",
    ("organization", 4): "organisation",
    ("body", 2): "organisation",
    ("geographical_area", 1): "place",
    ("administrative_district", 1): "place",
    ("district", 1): "place",
    ("county", 1): "place",
    ("community", 1): "place",
    ("geological_formation", 1): "place",
    ("body_of_water", 1): "place",
    ("settlement", 6): "place",
    ("software", 1): "product",
}
_NOTICE = """\
# One-word nouns heading an apposition after a name, with the kind they give it, from WordNet 3.0
# (scripts/gen_apposed_nouns.py; do not edit): every lower-case lemma whose first noun sense descends from
# organization.n.01, organization.n.04, body.n.02 (organisation), geographical_area.n.01,
# administrative_district.n.01, district.n.01, county.n.01, community.n.01, settlement.n.06,
# geological_formation.n.01, body_of_water.n.01 (place) or software.n.01 (product), and is written in
# lower case there (no proper noun). {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def apposed_nouns(wn: Path) -> dict[str, str]:
    """Lower-case one-word lemma → the one kind of the roots its first sense descends from."""
    senses, up, lower = _senses(wn), _hypernyms(wn), _lower_written(wn)
    roots = {senses[lemma][n - 1]: kind for (lemma, n), kind in ROOTS.items()}
    out = {}
    for lemma, offsets in senses.items():
        if not (lemma.isalpha() and lemma.islower()) or lemma not in lower.get(offsets[0], set()):
            continue  # "zurich", "beatles": a proper noun
        seen, stack = set(), [offsets[0]]
        while stack:
            o = stack.pop()
            if o not in seen:
                seen.add(o)
                stack += up.get(o, [])
        kinds = {roots[o] for o in seen & roots.keys()}
        if len(kinds) == 1:
            out[lemma] = kinds.pop()
    return dict(sorted(out.items()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    nouns = apposed_nouns(args.wordnet)
    body = "".join(f"{word} {kind}\n" for word, kind in nouns.items())
    OUT.write_text(_NOTICE.format(n=len(nouns)) + body, encoding="utf-8")
    print(f"wrote {len(nouns)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
