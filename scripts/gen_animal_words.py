"""Write ``src/mdrecall/knowledge/data/animal_words.txt``: one-word English names of animals, from WordNet.

"a leopard gecko called Fred", "an axolotl named Pico": a name called after an animal's word is a pet's.
The hand-kept cue (:data:`mdrecall.knowledge.mentions.name_cues.ANIMALS`) knows some forty pets' words; this
script takes every one-word lemma below ``animal.n.01`` whose *most frequent* noun sense lies there ("gecko",
"cockatiel", "iguana"; not "bass" or "kid", whose first senses are a pitch and a child), so the cue is no
longer a list of the pets someone thought of. Run it when WordNet or the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_animal_words.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gen_kind_words import ROOT, instances, load

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "animal_words.txt"
_NOTICE = """\
# One-word names of animals, from WordNet 3.0 (scripts/gen_animal_words.py; do not edit): every lemma below
# animal.n.01 whose most frequent noun sense lies there. {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    synsets, index = load(args.wordnet)
    words = sorted(w for w in instances("animal.1", synsets, index, set()) if w.isalpha() and w.islower())
    OUT.write_text(_NOTICE.format(n=len(words)) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
