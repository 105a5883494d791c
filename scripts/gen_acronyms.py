"""Write ``src/mdrecall/knowledge/data/acronyms.txt``: the initials WordNet gives countries and
organisations ("UK", "USA", "FCC", "NATO", "UNESCO"), each with its kind.

A note writes "Gardners (UK)" or "the FCC renewal" with no cue around the initials; an unlisted acronym is
a name only where several files name it. WordNet writes these initials as lemmas of the country's or the
body's synset. This script keeps a lemma written in 2-6 capitals when

* its synset lies below ``country.n.02`` (a place) or ``organization.n.01`` (an organisation) and is a
  proper name (its first lemma capitalised: "Federal_Communications_Commission", not the class
  "nongovernmental_organization" whose lemma "NGO" names no one body),
* that synset is the lemma's first noun sense, the lower-case form is no ordinary WordNet word ("ace",
  "core") and, for 3 letters or more, no stop word ("WHO" shouted is the question word),
* an organisation's initials have 3 letters or more (two capitals name too many things),
* it is none of :data:`NOT_NAMES`: initials that are mostly a chat abbreviation, a role, a currency or a
  kind of company rather than the body WordNet knows.

Read with ``known_names.txt`` (which wins where both hold a name). Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_acronyms.py
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from gen_kind_words import ROOT, load

from mdrecall.text.stopwords import STOP_WORDS

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "acronyms.txt"
#: WordNet root (lemma.sense) → the kind its initials name.
ROOTS = {"country.2": "place", "organization.1": "organisation"}
#: Initials WordNet gives a body that notes mostly write for something else: a chat abbreviation ("IMO"),
#: a role ("CIO"), a currency ("INR"), a kind of company ("REIT"), a shortened word ("EXEC").
NOT_NAMES = frozenset("IMO CIO INR REIT EXEC".split())
_INITIALS = re.compile(r"[A-Z]{2,6}")
_NOTICE = """\
# Initials of countries and organisations, from WordNet 3.0 (scripts/gen_acronyms.py): a name, its kind.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS
# PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.
# {n} names.
"""


def ordinary(wn: Path) -> set[str]:
    """Lower-case WordNet lemmas: verbs, adjectives, adverbs, and nouns WordNet writes in lower case."""
    words: set[str] = set()
    for pos in ("verb", "adj", "adv"):
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                words.add(line.split()[0])
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        for i in range(int(f[3], 16)):
            lemma = f[4 + 2 * i].split("(")[0]
            if lemma.islower():
                words.add(lemma)
    return words


def acronyms(wn: Path) -> dict[str, str]:
    """Initials → kind, by the rules above."""
    synsets, index = load(wn)
    common = ordinary(wn)
    out: dict[str, str] = {}
    for root, kind in ROOTS.items():
        lemma, sense = root.rsplit(".", 1)
        below: set[str] = set()
        todo = [index[lemma][0][int(sense) - 1]]
        while todo:
            o = todo.pop()
            if o not in below:
                below.add(o)
                todo += [x for sym, x in synsets[o][1] if sym in ("~", "~i")]
        for o in below:
            lemmas = synsets[o][0]
            if not lemmas[0][:1].isupper():
                continue
            for name in lemmas:
                senses = index.get(name.lower(), ([], 0))[0]
                if (
                    _INITIALS.fullmatch(name)
                    and (kind == "place" or len(name) > 2)
                    and senses
                    and senses[0] == o
                    and name.lower() not in common
                    and (len(name) < 3 or name.lower() not in STOP_WORDS)
                    and name not in NOT_NAMES
                ):
                    out.setdefault(name, kind)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    found = acronyms(args.wordnet)
    rows = [f"{name} {kind}" for name, kind in sorted(found.items())]
    OUT.write_text(_NOTICE.format(n=len(rows)) + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} names to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
