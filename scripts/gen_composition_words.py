"""Write ``src/mdrecall/knowledge/data/composition_words.txt``: one-word names of musical forms, from WordNet.

"the Brahms Requiem", "a Vivaldi concerto", "Bach Magnificat": a composer's name before a form's word names a
work. This script takes every one-word lemma below ``musical_composition.n.01`` or ``classical_music.n.01``
whose *most frequent* noun sense lies there ("requiem", "sonata", "nocturne"; not "march" or "air", whose
first senses are a month's and a gas). Run it when WordNet or the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_composition_words.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in
the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gen_kind_words import ROOT, instances, load

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "composition_words.txt"
ROOTS = ("musical_composition.1", "classical_music.1")
_NOTICE = """\
# One-word names of musical forms, from WordNet 3.0 (scripts/gen_composition_words.py; do not edit): every
# lemma below musical_composition.n.01 or classical_music.n.01 whose most frequent noun sense lies there.
# {n} words.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    synsets, index = load(args.wordnet)
    words = sorted(
        {w for root in ROOTS for w in instances(root, synsets, index, set()) if w.isalpha() and w.islower()}
    )
    OUT.write_text(_NOTICE.format(n=len(words)) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
