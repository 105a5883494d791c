"""Write ``src/mdrecall/knowledge/data/supersenses.txt``: each English noun's and verb's WordNet supersense.

A supersense is the lexicographer file of a word's *most frequent* sense (WordNet's first): "bakery" is
``noun.artifact``, "vet" ``noun.person``, "rang" (ring) ``verb.communication``, "ordered" (order)
``verb.communication``, "drove" ``verb.motion``. The context kind model
(:mod:`mdrecall.knowledge.lexicon.kind_slots`) reads the supersenses of the words in the grammatical slots
around a name ("the Brenvik hub": an artifact's noun after it; "rang Tolvane": a communication verb before
it), so a word it never saw in training still tells its class. Only lemmas tagged in WordNet's sense-tagged
corpus (``tagsense_cnt`` > 0: the words people write often) of one word are kept (~12,800 lines). Run it when
the selection changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_supersenses.py

The file is data, read without WordNet. WordNet 3.0 is © Princeton University, under a licence that allows
redistribution with its notice (kept in the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "supersenses.txt"
#: WordNet's lexicographer files, by number (``lexnames``, fixed since WordNet 1.5).
LEXNAMES = """adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body
noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location noun.motive
noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process noun.quantity noun.relation
noun.shape noun.state noun.substance noun.time verb.body verb.change verb.cognition verb.communication
verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion verb.perception
verb.possession verb.social verb.stative verb.weather adj.ppl""".split()


def first_senses(wordnet: Path, pos: str) -> dict[str, str]:
    """Lemma → the supersense of its first sense, for the tagged one-word lemmas of ``pos``."""
    data = (wordnet / f"data.{pos}").read_bytes()
    out: dict[str, str] = {}
    for line in (wordnet / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence
        parts = line.split()
        lemma, senses = parts[0], int(parts[2])
        if not lemma.isalpha() or int(parts[-senses - 1]) == 0:
            continue  # a phrase, a number, or a lemma no tagged text holds
        offset = int(parts[-senses])
        out[lemma] = LEXNAMES[int(data[offset : offset + 40].split()[1])].split(".")[1]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    nouns, verbs = first_senses(args.wordnet, "noun"), first_senses(args.wordnet, "verb")
    lines = [
        "# word, its first noun sense's and first verb sense's supersense (- where none), from WordNet 3.0",
        "# (scripts/gen_supersenses.py). WordNet 3.0 Copyright 2006 by Princeton University. All rights",
        "# reserved. THIS SOFTWARE AND DATABASE IS PROVIDED AS IS AND PRINCETON UNIVERSITY MAKES NO",
        "# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Licence: https://wordnet.princeton.edu/license-and-commercial-use",
    ]
    for word in sorted(nouns.keys() | verbs.keys()):
        lines.append(f"{word} {nouns.get(word, '-')} {verbs.get(word, '-')}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(lines) - 4} words ({OUT.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
