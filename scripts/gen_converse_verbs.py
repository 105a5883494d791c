"""Write ``src/mdrecall/text/data/converse_verbs.txt``: verbs of a transfer and their converse, from WordNet.

"Who bought the canoe?" is answered by "sold the canoe to the Okafors": one event, told from its other
party. Such a pair is a *converse*: A sells X to B exactly when B buys X from A. WordNet 3.0 links
opposite verb senses as antonyms ("buy" ! "sell", "lend" ! "borrow", "win" ! "lose", "open" ! "close");
most antonyms are contraries, not converses ("open"/"close" do not tell one event twice). This script
keeps an antonym pair only when both senses are verbs of possession (WordNet's lexicographer file
``verb.possession``: buying, selling, owning, transfer) and exactly one of them is the giver's: a verb
frame with a recipient ("Somebody ----s something to somebody", "Somebody ----s somebody something":
frames 14-15, or the sentence frames "They ----s the food to the people" / "They ----s the people the
food"). "allow"/"deny" both give, "accept"/"refuse" neither: they are left out. Both words must be one
word of lowercase letters, at least three. Run it when those rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_converse_verbs.py

WordNet 3.0 is (c) Princeton University, under a licence that allows redistribution with its notice
(kept in the file).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parents[1] / "src" / "mdrecall" / "text" / "data" / "converse_verbs.txt"
#: Generic frames of a giver, with a recipient: 14 "Somebody ----s somebody something", 15 "Somebody
#: ----s something to somebody".
TRANSFER_FRAMES = frozenset({14, 15})
#: Sentence frames of a giver ("They %s the food to the people", "They %s the people the food").
TRANSFER_SENTENCE = re.compile(r"%s the \w+ to the \w+\s*$|%s the people the \w+\s*$")
#: WordNet's lexicographer file ``verb.possession`` (buying, selling, owning and transfer).
POSSESSION = 40
HEADER = """\
# Converse verbs of a transfer (scripts/gen_converse_verbs.py; do not edit): WordNet 3.0 verb antonyms
# of possession, one the giver's ("sell" something to somebody), one the other party's.
# Format: verb, converse, the verb's irregular forms (verb.exc).
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.
"""


def _sentence_frames(root: Path) -> dict[str, set[int]]:
    """Sense key → its sentence frame numbers."""
    out: dict[str, set[int]] = {}
    for line in (root / "sentidx.vrb").read_text(encoding="latin-1").splitlines():
        key, _, nums = line.partition(" ")
        out[key] = {int(n) for n in nums.split(",") if n.strip()}
    return out


def converse_pairs(root: Path = WORDNET) -> list[tuple[str, str]]:
    """Every (verb, converse) pair, both orders, sorted."""
    sents = {
        int(num): text
        for line in (root / "sents.vrb").read_text(encoding="latin-1").splitlines()
        for num, _, text in [line.partition(" ")]
    }
    transfer_sents = {n for n, t in sents.items() if TRANSFER_SENTENCE.search(t)}
    sentence_frames = _sentence_frames(root)
    words: dict[int, list[tuple[str, int]]] = {}  # offset -> (lemma, lex_id)
    frames: dict[tuple[int, int], set[int]] = {}  # (offset, word number) -> generic frames
    antonyms: list[tuple[int, int, int, int]] = []
    lexfile: dict[int, int] = {}
    for line in (root / "data.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split(" | ")[0].split()
        offset, lex = int(fields[0]), int(fields[1])
        lexfile[offset] = lex
        n = int(fields[3], 16)
        words[offset] = [(fields[4 + 2 * i].lower(), int(fields[5 + 2 * i], 16)) for i in range(n)]
        i = 4 + 2 * n
        p_cnt = int(fields[i])
        i += 1
        for _ in range(p_cnt):
            sym, target, pos, st = fields[i : i + 4]
            i += 4
            if sym == "!" and pos == "v":
                antonyms.append((offset, int(st[:2], 16), int(target), int(st[2:], 16)))
        f_cnt = int(fields[i]) if i < len(fields) else 0
        i += 1
        for _ in range(f_cnt):
            _, f_num, w_num = fields[i : i + 3]
            i += 3
            for w in range(1, n + 1) if int(w_num, 16) == 0 else [int(w_num, 16)]:
                frames.setdefault((offset, w), set()).add(int(f_num))

    def transfer(offset: int, w: int) -> bool:
        lemma, lex_id = words[offset][w - 1]
        key = f"{lemma}%2:{lexfile[offset]:02d}:{lex_id:02d}::"
        return bool(frames.get((offset, w), set()) & TRANSFER_FRAMES) or bool(
            sentence_frames.get(key, set()) & transfer_sents
        )

    out: set[tuple[str, str]] = set()
    for src, sw, dst, dw in antonyms:
        a, b = words[src][sw - 1][0], words[dst][dw - 1][0]
        if lexfile[src] != POSSESSION or lexfile[dst] != POSSESSION:
            continue  # "open"/"close", "attract"/"repel": contraries, not one event told twice
        if transfer(src, sw) == transfer(dst, dw):
            continue  # a converse is the giver's verb and the other party's: "allow"/"deny" both give
        if all(re.fullmatch(r"[a-z]{3,}", x) for x in (a, b)):
            out.update({(a, b), (b, a)})
    return sorted(out)


def irregular_forms(root: Path = WORDNET) -> dict[str, list[str]]:
    """Verb → its irregular forms (WordNet's ``verb.exc``: "lend" → lent)."""
    out: dict[str, list[str]] = {}
    for line in (root / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, *verbs = line.split()
        for verb in verbs:
            out.setdefault(verb, []).append(form)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=WORDNET)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    pairs = converse_pairs(args.wordnet)
    forms = irregular_forms(args.wordnet)
    lines = [" ".join([a, b, *sorted(set(forms.get(a, ())))]) + "\n" for a, b in pairs]
    args.out.write_text(HEADER + "".join(lines), encoding="utf-8")
    print(f"wrote {len(pairs)} pairs to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
