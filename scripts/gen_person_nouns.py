"""Write ``src/mdrecall/knowledge/data/person_nouns.txt``: one-word English nouns of people (occupations,
roles, kinds of person), from WordNet.

"Harpist Seren Lloyd played", "Midwife Grace rang": a word of what someone is may open a sentence before
their name and is no part of it, though it is no frequent word ("harpist", "farrier", "midwife" are not in
the embedder's vocabulary). A word the lists do not know before a given name is otherwise read as the name's
own first word ("Jarrah Kelly signed up"). This script takes every lower-case one-word lemma of WordNet's
``noun.person`` lexicographer file (the senses WordNet files as people). Run it when WordNet or the rules
change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_person_nouns.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "person_nouns.txt"
#: WordNet's lexicographer file number of ``noun.person``.
_PERSON_FILE = "18"
_NOTICE = """\
# One-word nouns of people, from WordNet 3.0 (scripts/gen_person_nouns.py; do not edit): every lower-case
# lemma of the noun.person lexicographer file. {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def person_nouns(wn: Path) -> list[str]:
    """The lower-case one-word lemmas of WordNet's noun.person synsets, sorted."""
    words: set[str] = set()
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        if f[1] != _PERSON_FILE:
            continue
        for i in range(int(f[3], 16)):
            lemma = f[4 + 2 * i].split("(")[0]
            if lemma.isalpha() and lemma.islower():
                words.add(lemma)
    return sorted(words)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    words = person_nouns(args.wordnet)
    OUT.write_text(_NOTICE.format(n=len(words)) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
