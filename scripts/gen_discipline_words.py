"""Write ``src/mdrecall/knowledge/data/discipline_words.txt``: the fields of study WordNet knows, written in
lower case ("physics", "chemistry", "biology", "mathematics", "economics").

A school's or a timetable's notes capitalise its subjects ("Physics class as usual", "Xin Yi wants
Chemistry on Saturday"): such a word is a subject, not an entity, though it recurs across files as a name
does. The words are every lemma of WordNet 3.0's noun synsets under "discipline, subject, subject area,
field of study" (``discipline.n.01``, through hyponym links), one word, letters only, which WordNet never
spells with a capital (no proper sense). Run it when the rule changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_discipline_words.py

The table is data, read without WordNet (:func:`mdrecall.knowledge.lexicon.discipline_words.discipline_word`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "discipline_words.txt"
HEADER = """\
# Fields of study (one word, lower case), the noun synsets under WordNet 3.0's discipline.n.01
# (scripts/gen_discipline_words.py). WordNet 3.0 Copyright 2006 by Princeton University. All rights
# reserved. THIS SOFTWARE AND DATABASE IS PROVIDED AS IS AND PRINCETON UNIVERSITY MAKES NO
# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Licence: https://wordnet.princeton.edu/license-and-commercial-use
"""


def _synsets(wordnet: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Offset → (lemmas, hyponym offsets) of every noun synset."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for line in (wordnet / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split(" | ")[0].split()
        offset, count = fields[0], int(fields[3], 16)
        lemmas = fields[4 : 4 + 2 * count : 2]
        rest = fields[4 + 2 * count :]
        pointers = int(rest[0])
        hyponyms = [rest[1 + 4 * k + 1] for k in range(pointers) if rest[1 + 4 * k] in ("~", "~i")]
        out[offset] = (lemmas, hyponyms)
    return out


def _proper(wordnet: Path) -> set[str]:
    """Lemmas WordNet spells with a capital in some synset (a proper sense), lower-cased."""
    proper: set[str] = set()
    for part in ("noun", "verb", "adj", "adv"):
        for line in (wordnet / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ")[0].split()
            count = int(fields[3], 16)
            proper |= {w.lower() for w in fields[4 : 4 + 2 * count : 2] if w[:1].isupper()}
    return proper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    synsets = _synsets(args.wordnet)
    index = (args.wordnet / "index.noun").read_text(encoding="latin-1").splitlines()
    entry = next(line.split() for line in index if line.startswith("discipline "))
    root = entry[-int(entry[2]) :][0]  # the first sense: "a branch of knowledge"
    seen, todo = {root}, [root]
    while todo:
        for child in synsets[todo.pop()][1]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    proper = _proper(args.wordnet)
    words = sorted(
        {w.lower() for o in seen for w in synsets[o][0] if w.isalpha() and w.islower() and w not in proper}
    )
    OUT.write_text(HEADER + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT}")


if __name__ == "__main__":
    main()
