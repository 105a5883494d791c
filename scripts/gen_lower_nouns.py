"""Write ``src/mdrecall/knowledge/data/lower_nouns.txt``: English nouns WordNet knows only in lower case.

A note opens a sentence with a capital whatever its first word is: "Customer asked for the sauce on the
side", "Committee agreed the new fee", "Dietitian says oats". Before a verb of saying or doing such a word
reads like someone's name ("Dana asked"); it is not one where the word is an ordinary noun and nothing
else. WordNet 3.0 spells a lemma with a capital where a sense of it is a proper name ("Hull" the city and
"hull" of a boat, "Mason" the actor, "Grace", "Cook"): only the one-word nouns none of whose lemmas in any
part of speech is so spelled are written ("customer", "committee", "pharmacy", "dietitian", "belay"),
less every given name and surname of Faker's person providers ("Daisy", "Robin", "Marc", "Baker", "Sawyer":
words that name people too, left out of ``given_names.txt`` for being words). Run it when the rule
changes (Faker is needed here only, not at run time)::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    pip install faker
    python scripts/gen_lower_nouns.py

The table is data, read without WordNet (:func:`mdrecall.knowledge.lexicon.name_lists.lower_noun`). WordNet
3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in the file);
only words Faker's lists lack are written, so none of Faker's data is.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "lower_nouns.txt"
_NOTICE = """\
# One-word English nouns that WordNet 3.0 never spells with a capital in any part of speech (no sense of
# the word is a proper name) and that no given name or surname of Faker's lists spells, one a line
# (scripts/gen_lower_nouns.py); after "!", regular plurals of such nouns that are surnames ("!waters").
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""


def lemma_spellings(wn: Path) -> dict[str, set[tuple[str, str]]]:
    """Lower-cased lemma → every (part of speech, spelling) WordNet's synsets give it."""
    out: dict[str, set[tuple[str, str]]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (wn / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            f = line.split("|")[0].split()
            for i in range(int(f[3], 16)):
                word = f[4 + 2 * i].split("(")[0]  # an adjective's marker: "galore(ip)"
                out.setdefault(word.lower(), set()).add((pos, word))
    return out


def people_names() -> set[str]:
    """Every given name and surname of Faker's person providers, lower-cased."""
    import faker.providers.person as person

    out: set[str] = set()
    for info in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{info.name}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in dir(provider):
            if not attr.startswith(("first_names", "last_names")):
                continue
            names = getattr(provider, attr, None)
            if isinstance(names, (list, tuple, dict, set, frozenset)):
                out.update(n.lower() for n in names if isinstance(n, str))
    return out


def plural(word: str) -> str:
    """The regular plural of an English noun ("parent" → "parents", "church" → "churches", "lady" →
    "ladies")."""
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def lower_nouns(wn: Path) -> list[str]:
    """The one-word nouns (ASCII letters, three or more) whose every spelling is lower case and that name
    no one in Faker's lists; of such a noun that a surname spells ("Parent", "Carpenter"), its plural where
    no one is called so ("parents": "Parents asked"; not "Banks"); then, after "!", the plurals that are
    surnames ("!waters", "!parsons": no plural of a noun there)."""
    people = people_names()
    nouns = [
        word
        for word, spellings in lemma_spellings(wn).items()
        if len(word) >= 3
        and word.isascii()
        and word.isalpha()
        and ("noun", word) in spellings
        and all(s == s.lower() for _, s in spellings)
    ]
    kept = {word for word in nouns if word not in people}
    kept.update(plural(word) for word in nouns if word in people and plural(word) not in people)
    names = {"!" + plural(word) for word in nouns if plural(word) in people}  # "Waters", "Parsons"
    return sorted(kept) + sorted(names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    words = lower_nouns(args.wordnet)
    args.out.write_text(_NOTICE + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} nouns → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
