"""Write ``src/mdrecall/text/data/agent_nouns.txt``: English nouns of the one who does a verb and that verb
("mover" → move, "buyer" → buy, "runner" → run), from WordNet 3.0's derivational links.

A question asks "what day are the movers coming"; the note says "booked for the move". The keyword index
stems "movers" to "mover", not "move". Only a noun that WordNet links to a verb it is formed from
(the verb and "er", "r" or a doubled last letter and "er") is written: "flower" is linked to the verb
"flower", not "flow", so it is left out. Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_agent_nouns.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "agent_nouns.txt"
_NOTICE = """\
# English nouns of a doer and the verb each is formed from, one pair a line (noun verb), from WordNet
# 3.0's derivational links (scripts/gen_agent_nouns.py).
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""


def _synsets(path: Path) -> dict[str, tuple[list[str], list[tuple[str, str, str, str]]]]:
    """Offset → (the synset's words, its pointers as symbol, offset, part of speech, source/target)."""
    out: dict[str, tuple[list[str], list[tuple[str, str, str, str]]]] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        f = line.split("|")[0].split()
        n = int(f[3], 16)
        words = [f[4 + 2 * i].lower() for i in range(n)]
        k = 4 + 2 * n
        ptrs = [
            (f[k + 1 + 4 * i], f[k + 2 + 4 * i], f[k + 3 + 4 * i], f[k + 4 + 4 * i]) for i in range(int(f[k]))
        ]
        out[f[0]] = (words, ptrs)
    return out


def agent_pairs(wn: Path) -> list[tuple[str, str]]:
    """(noun, verb) linked by a derivational pointer, the noun formed from the verb with "er"."""
    verbs = _synsets(wn / "data.verb")
    pairs: set[tuple[str, str]] = set()
    for words, ptrs in _synsets(wn / "data.noun").values():
        for sym, off, pos, st in ptrs:
            if sym != "+" or pos != "v":
                continue
            s, t = int(st[:2], 16), int(st[2:], 16)
            targets = verbs[off][0]
            for noun in words if s == 0 else [words[s - 1]]:
                for verb in targets if t == 0 else [targets[t - 1]]:
                    if (
                        noun.isalpha()
                        and verb.isalpha()
                        and noun in (verb + "er", verb + "r", verb + verb[-1] + "er")
                    ):
                        pairs.add((noun, verb))
    return sorted(pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    pairs = agent_pairs(args.wordnet)
    OUT.write_text(_NOTICE + "".join(f"{n} {v}\n" for n, v in pairs), encoding="utf-8")
    print(f"wrote {len(pairs)} nouns to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
