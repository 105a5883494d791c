"""Write ``src/mdrecall/knowledge/data/kin_words.txt``: the words naming one family relation, from WordNet.

A note says "My mother Ingrid lives alone in Augsburg" and later "Mum moved into Haus Lindenhof": the two
lines name one person by two words of one relation. :data:`ROOTS` names the WordNet noun senses of family
relations; for each, this script writes every one-word lemma of that sense and of the senses below it that
WordNet glosses as an *informal term* for it ("ma, mom, mum, mummy: informal terms for a mother"), keyed to
the relation's head word. A lemma is kept only where that family sense is its first noun sense or WordNet
tagged none of its senses ("mum" is also a chrysanthemum, untagged; "mate" is first a friend: dropped),
and not where an informal term is also a verb ("pop" is dropped). The head word's irregular plurals come
from WordNet's exception list ("children"). Run it when :data:`ROOTS` changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_kin_words.py

The table is data, read without WordNet (:func:`mdrecall.knowledge.fact_lines.fact_values.kin_word`). WordNet
3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept in the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "kin_words.txt"

#: The family relations ("lemma.sense" of WordNet 3.0 nouns), each its own: a wife is not "my partner", a
#: son not "the kids". "+" names a sense its words may have first instead ("kid" is first a young person,
#: then a son or daughter; only the first sense's words are taken).
ROOTS = (
    "mother.1",
    "father.1",
    "grandmother.1",
    "grandfather.1",
    "wife.1",
    "husband.1",
    "spouse.1",
    "child.2+child.1",
    "son.1",
    "daughter.1",
    "brother.1",
    "sister.1",
    "aunt.1",
    "uncle.1",
)

Synsets = dict[str, tuple[list[str], list[tuple[str, str]], str]]
Index = dict[str, tuple[list[str], int]]


def load(wn: Path) -> tuple[Synsets, Index, set[str], dict[str, str]]:
    """WordNet's noun synsets (offset → lemmas, pointers, gloss), noun index (lemma → offsets, tagged
    senses), the verbs' lemmas, and the nouns' irregular plurals (plural → lemma)."""
    synsets: Synsets = {}
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        head, _, gloss = line.partition("|")
        f = head.split()
        n = int(f[3], 16)
        lemmas = [f[4 + 2 * i].split("(")[0] for i in range(n)]
        i = 4 + 2 * n
        ptrs = [(f[i + 1 + 4 * j], f[i + 2 + 4 * j]) for j in range(int(f[i])) if f[i + 3 + 4 * j] == "n"]
        synsets[f[0]] = (lemmas, ptrs, gloss.strip())
    index: Index = {}
    for line in (wn / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        n, p = int(f[2]), int(f[3])
        index[f[0]] = (f[6 + p : 6 + p + n], int(f[5 + p]))
    verbs = {
        ln.split()[0]
        for ln in (wn / "index.verb").read_text(encoding="latin-1").splitlines()
        if ln[:1] != " "
    }
    plurals = {}
    for line in (wn / "noun.exc").read_text(encoding="latin-1").splitlines():
        f = line.split()
        if len(f) == 2:
            plurals[f[0]] = f[1]
    return synsets, index, verbs, plurals


def relation(root: str, synsets: Synsets, index: Index, verbs: set[str]) -> tuple[str, list[str]]:
    """A relation's head word and the words naming it (the head first)."""
    tops = [index[lemma][0][int(sense) - 1] for lemma, sense in (r.rsplit(".", 1) for r in root.split("+"))]
    lemma = root.split(".", 1)[0]
    informal = [
        o
        for sym, o in synsets[tops[0]][1]
        if sym == "~" and synsets[o][2].lower().startswith(("informal", "an informal"))
    ]
    words = [lemma]
    for o in tops[:1] + informal:
        for w in synsets[o][0]:
            key = w.lower()
            if len(key) < 3 or key in words or not key.isalpha():  # (not "ma", "pa": "MA", "PA")
                continue
            offsets, tagged = index.get(key, ([], 0))
            if o not in offsets or (offsets[0] != o and offsets[0] not in tops and tagged):
                continue  # another sense comes first ("mate": a friend)
            if key in verbs and o in informal:
                continue  # an informal word that is also a verb ("pop")
            words.append(key)
    return lemma, words


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    synsets, index, verbs, plurals = load(args.wordnet)
    lines = [
        "# Words naming one family relation, from WordNet 3.0 (scripts/gen_kin_words.py; do not edit).",
        "# Format: the relation's head word | the words naming it (plurals included), comma-separated.",
        "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND",
        '# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.',
    ]
    for root in ROOTS:
        head, words = relation(root, synsets, index, verbs)
        words += sorted(p for p, w in plurals.items() if w == head and p.isalpha())
        lines.append(f"{head} | {', '.join(words)}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(ROOTS)} relations")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
