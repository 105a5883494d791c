"""Write ``src/mdrecall/knowledge/data/opening_words.txt``: words that, opening a sentence before a run of
capitalised words, are no part of the name after them.

Two classes, from WordNet 3.0:

* ``v``: an inflected form of a verb people write often (``tagsense_cnt`` > 0): the third person ("eats",
  "runs"), the past and the participles ("rang", "booked", "driving"), regular forms and WordNet's
  exceptions (``verb.exc``), less every form that is a noun of tagged text or an adjective itself
  ("building", "united", "advanced"): "Eats Ziwi Peak", "Rang Atlantic Chill" open with a verb, the name
  is the rest;
* ``a``: an adjective of the tagged ones that is never a noun or a verb ("big", "happy", "new"), or a
  verb's form that is an adjective too ("united", "advanced"): it may
  open a name ("New York City", "Big Sur") as often as it describes one ("Big Café Tacvba fan"), so a run
  it opens is left to the other evidence.

Only the frequent words of the static embedder's vocabulary are kept (the runtime reads every other
capitalised word as rare). Run it when the selection changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_opening_words.py

The file is data, read without WordNet. WordNet 3.0 is © Princeton University, under a licence that allows
redistribution with its notice (kept in the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "opening_words.txt"


def lemmas(wordnet: Path, pos: str, tagged: bool) -> set[str]:
    """The one-word lemmas of ``pos`` (only those a tagged text holds, with ``tagged``)."""
    out: set[str] = set()
    for line in (wordnet / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence
        parts = line.split()
        senses = int(parts[2])
        if parts[0].isalpha() and (not tagged or int(parts[-senses - 1]) > 0):
            out.add(parts[0])
    return out


def regular_forms(verb: str) -> set[str]:
    """The regular third person, past and present participle of ``verb`` (both spellings where the
    consonant may double or the "e" drop; a form that is no word is never met in text)."""
    stem = verb[:-1] if verb.endswith("e") else verb
    forms = {verb + "s", verb + "es", stem + "ed", verb + "d", stem + "ing", verb + "ing"}
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        forms |= {verb[:-1] + "ies", verb[:-1] + "ied"}
    if len(verb) > 2 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}
    return forms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    wn = args.wordnet
    verbs = lemmas(wn, "verb", tagged=True)
    nouns, adjectives = lemmas(wn, "noun", tagged=False), lemmas(wn, "adj", tagged=False)
    tagged_nouns = lemmas(wn, "noun", tagged=True)
    all_verbs = lemmas(wn, "verb", tagged=False)
    forms: set[str] = set()
    for verb in verbs:
        forms |= regular_forms(verb)
    for line in (wn / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, *bases = line.split()
        if form.isalpha() and any(b in verbs for b in bases):
            forms.add(form)
    forms -= tagged_nouns | verbs  # "building", "meeting"; "put" (a base form too)
    plain_adjectives = (lemmas(wn, "adj", tagged=True) - nouns - all_verbs) | (forms & adjectives)
    forms -= adjectives  # "united", "advanced", "used": an adjective too, left to other evidence
    vocab = ROOT / "src" / "mdrecall" / "embedders" / "data" / "vocab.txt"
    frequent = set(vocab.read_text(encoding="utf-8").split())  # the words the runtime calls frequent
    lines = [
        "# word and class: v, an inflected verb (the name is the rest of the run); a, an adjective that is",
        "# never a noun or a verb (the run is left to other evidence). From WordNet 3.0",
        "# (scripts/gen_opening_words.py). WordNet 3.0 Copyright 2006 by Princeton University. All rights",
        "# reserved. THIS SOFTWARE AND DATABASE IS PROVIDED AS IS AND PRINCETON UNIVERSITY MAKES NO",
        "# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Licence: https://wordnet.princeton.edu/license-and-commercial-use",
    ]
    lines += [f"{w} v" for w in sorted(forms & frequent)]
    lines += [f"{w} a" for w in sorted(plain_adjectives & frequent)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(lines) - 5} words ({OUT.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
