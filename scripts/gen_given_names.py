"""Write ``src/mdrecall/knowledge/data/given_names.txt``: given names of many countries, from Faker's person
providers, less those that are also ordinary English words or places (by WordNet).

``first_names.txt`` (hand-kept, ~600 names) left most people in ordinary notes unrecognised ("Owen Pryce",
"Mira", "Ngozi", "Alva"). Faker ships first-name lists for ~80 locales (MIT licence); this script takes
every name of them written in Latin letters and drops a name when

* its lower-case form is an English verb, adjective or adverb in WordNet ("Chase", "Wade", "Long"),
* WordNet has it as a common noun ("rose", "page", "walker", "miller") or as a place (any sense in
  ``noun.location``: "Jordan", "Victoria", "Paris"),
* it is a stop word of a language the package knows ("her", "can"), or a name particle ("Van", "San").

So a capitalised word is read as a given name only where it is hardly anything else. Run it when Faker or
the rules change (Faker is needed here only, not at run time)::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    pip install faker
    python scripts/gen_given_names.py

WordNet 3.0 is © Princeton University; Faker is © Daniele Faraglia and contributors (MIT). Both licences
allow redistribution of derived data with their notice (kept in the file).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from pathlib import Path

from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "given_names.txt"
#: Words that open surnames and place names rather than name a person.
PARTICLES = frozenset(
    "De Del Della Der Den Di Da Do Dos Das Du La Le Van Von Vom Zu San Santa Santo Sao St Saint Ste Mac Mc Al"
    " El Bin Ibn Abu Ter Ten Des Los Las".split()
)
_ATTRS = ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary")
_NOTICE = """\
# Given names of many countries (scripts/gen_given_names.py), read with first_names.txt: a capitalised word
# that is one of them and hardly anything else (not an English word or a place in WordNet) is a given name.
# Derived from Faker's person providers and filtered with WordNet 3.0.
# Faker: Copyright (c) 2012 Daniele Faraglia. Permission is hereby granted, free of charge, to any person
# obtaining a copy of this software and associated documentation files (the "Software"), to deal in the
# Software without restriction, including without limitation the rights to use, copy, modify, merge,
# publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
# Software is furnished to do so, subject to the following conditions: The above copyright notice and
# this permission notice shall be included in all copies or substantial portions of the Software. THE
# SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.
# WordNet 3.0 ((c) 2006 Princeton University: "WordNet 3.0 Copyright 2006 by Princeton University.
# All rights reserved. Permission to use, copy, modify and distribute this software and database and its
# documentation for any purpose and without fee or royalty is hereby granted, provided that you agree to
# comply with the following copyright notice and statements, including the disclaimer, and that the same
# appear on ALL copies of the software, database and documentation..." THIS SOFTWARE AND DATABASE IS
# PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.)
"""


def faker_names() -> set[str]:
    """Every first name of Faker's person providers written in Latin letters."""
    import faker.providers.person as person

    out: set[str] = set()
    for info in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{info.name}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in _ATTRS:
            names = getattr(provider, attr, None)
            if not isinstance(names, (list, tuple, dict, set, frozenset)):
                continue
            for n in names:
                if isinstance(n, str) and n.isalpha() and n[:1].isupper() and all(ord(c) < 0x250 for c in n):
                    out.add(n)
    return out


def ordinary(wn: Path) -> set[str]:
    """Lower-case words that are English words or places in WordNet (see the module)."""
    words: set[str] = set()
    for pos in ("verb", "adj", "adv"):
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                words.add(line.split()[0])
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        lemmas = [f[4 + 2 * i].split("(")[0] for i in range(int(f[3], 16))]
        place = f[1] == "15"  # noun.location
        for lemma in lemmas:
            if place or lemma.islower():  # a place, or a common noun ("rose", "walker")
                words.add(lemma.lower())
    return words


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    common = ordinary(args.wordnet)
    names = sorted(
        n
        for n in faker_names()
        if n not in PARTICLES and n.lower() not in common and n.lower() not in STOP_WORDS
    )
    lines = [" ".join(names[i : i + 16]) for i in range(0, len(names), 16)]
    args.out.write_text(_NOTICE + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(names)} names to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
