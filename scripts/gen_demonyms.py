"""Write ``src/mdrecall/knowledge/data/demonyms.txt``: the capitalised adjectives of English (peoples,
languages, places, creeds, eras: "Polish", "English", "Portuguese", "Brazilian", "Victorian", "Catholic"),
from WordNet 3.0, less the words the extraction reads as names of their own (a given name: "Shona"; a
well-known name; a known city or country).

Such a word alone names no entity ("English titles", "speaks a little Polish"); inside a longer name it
stays part of it ("Polish Airlines", "English Heritage"). Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_demonyms.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mdrecall.knowledge.lexicon.name_lists import given_name, known_name, places

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "demonyms.txt"
_NOTICE = """\
# Capitalised English adjectives (peoples, languages, places, creeds) from WordNet 3.0
# (scripts/gen_demonyms.py), less given names, well-known names and known places: alone, no entity.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""


def capitalised_adjectives(wn: Path) -> set[str]:
    """One-word adjectives that WordNet writes with a capital (``data.adj``, head and satellite)."""
    out: set[str] = set()
    for line in (wn / "data.adj").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        for i in range(int(f[3], 16)):
            lemma = f[4 + 2 * i].split("(")[0]
            if lemma[:1].isupper() and "_" not in lemma and lemma.replace("-", "").isalpha():
                out.add(lemma)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    words = sorted(
        w
        for w in capitalised_adjectives(args.wordnet)
        if not w.isupper() and not given_name(w) and known_name(w) is None and w not in places()
    )
    lines = [" ".join(words[i : i + 12]) for i in range(0, len(words), 12)]
    args.out.write_text(_NOTICE + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
