"""Write ``src/mdrecall/text/data/wordnet_synonyms.txt``: common English words' synonyms, from WordNet.

"Where do customers make reservations?" is answered by "Bookings come through OpenTable", which holds
no word of the question. For each common noun and verb, this script keeps the other one-word lemmas of
a synset it belongs to (:mod:`mdrecall.text.synonyms` reads them as *related* words, weighed below the
question's own), when:

* the synset is the word's **most frequent sense** (WordNet orders senses by SemCor tag counts) of its
  more often tagged part of speech ("bug" is a noun first: not "tease"), and their vectors in the
  shipped static embedder are not far apart (cosine ≥ :data:`FLOOR`): "vegetable" → veg, veggie;
  "hire" → employ, not engage; or
* the two words' vectors in the shipped static embedder are close (cosine ≥ :data:`NEAR`): the shared
  sense is the one today's text uses, even where SemCor (1960s prose) ranks it lower ("reservation",
  first a district, → booking; not "qualification").

A synonym that the keyword index stems as the word (or as an earlier synonym) is left out: "picking"
for "pick", "beginning" beside "begin" would only count the word twice. A word that is a verb's
"-ing" form ("going", "meeting") gets none: a question means the verb ("going" is no "departure").
Both words must be common (``wordfreq``'s Zipf frequency ≥ :data:`MIN_ZIPF`: about once in a million
words; no rare lemma turns up as a synonym), at least three letters, not stop words; a synset of more than
:data:`MAX_LEMMAS` lemmas is too loose to say "the same thing". Cosines are taken only between whole words
of the embedder's vocabulary ("veg" is not one: the most frequent sense alone keeps it). Run it when
those rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    pip install wordfreq             # word frequencies (only here: the package never imports it)
    python scripts/gen_synonym_words.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept
in the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import snowballstemmer
from wordfreq import zipf_frequency

from mdrecall.embedders.static import StaticEmbedder
from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "wordnet_synonyms.txt"
VOCAB = ROOT / "src" / "mdrecall" / "embedders" / "data" / "vocab.txt"
#: Two lemmas of any shared synset are synonyms when their static vectors are at least this close.
NEAR = 0.55
#: ... and the most frequent sense's lemmas at least this close (not "hire" → "engage", said of a couple).
FLOOR = 0.2
#: A synset with more lemmas than this is left out (verbs such as "take" gather a dozen loose ones).
MAX_LEMMAS = 8
POS = ("noun", "verb")
#: A word is common enough at this Zipf frequency (log10 of its count per billion words).
MIN_ZIPF = 3.0


def load(wn: Path, pos: str) -> tuple[dict[str, list[str]], dict[str, tuple[list[str], int]]]:
    """WordNet's synsets of ``pos`` (offset → lowercase lemmas) and index (lemma → offsets, most frequent
    sense first, and how often its senses were tagged)."""
    synsets: dict[str, list[str]] = {}
    for line in (wn / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split("|")[0].split()
        n = int(f[3], 16)
        synsets[f[0]] = [f[4 + 2 * i].split("(")[0].lower() for i in range(n)]
    index: dict[str, tuple[list[str], int]] = {}
    for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        n, p = int(f[2]), int(f[3])
        index[f[0]] = (f[6 + p : 6 + p + n], int(f[5 + p]))
    return synsets, index


def common(word: str) -> bool:
    """Three letters or more, alphabetic, not a stop word, and common in English."""
    return (
        len(word) >= 3
        and word.isascii()
        and word.isalpha()
        and word not in STOP_WORDS
        and zipf_frequency(word, "en") >= MIN_ZIPF
    )


def _verb_form(word: str, verbs: dict[str, tuple[list[str], int]]) -> bool:
    """Whether ``word`` is the "-ing" form of a WordNet verb ("going", "meeting", "running")."""
    if not word.endswith("ing") or len(word) < 5:
        return False
    base = word[:-3]
    return any(b in verbs for b in (base, base + "e", base[:-1] if base[-1:] == base[-2:-1] else ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--near", type=float, default=NEAR)
    args = ap.parse_args()
    vocab = set(VOCAB.read_text(encoding="utf-8").split())
    embedder = StaticEmbedder()
    embedder.load()
    vectors: dict[str, np.ndarray] = {}

    def cosine(a: str, b: str) -> float | None:
        """The static vectors' cosine of two whole words of the vocabulary, else ``None``."""
        if a not in vocab or b not in vocab:
            return None
        todo = [w for w in (a, b) if w not in vectors]
        if todo:
            for w, v in zip(todo, embedder.embed_documents(todo), strict=True):
                vectors[w] = v / (float(np.linalg.norm(v)) or 1.0)
        return float(vectors[a] @ vectors[b])

    loaded = {pos: load(args.wordnet, pos) for pos in POS}
    words = {w for pos in POS for w in loaded[pos][1] if common(w)}
    tagged = {w: max(POS, key=lambda p: loaded[p][1].get(w, ([], -1))[1]) for w in words}
    stem = snowballstemmer.stemmer("porter").stemWord  # as the index's FTS5 "porter" tokenizer
    verbs = loaded["verb"][1]
    related: dict[str, dict[str, None]] = {}
    for pos in POS:
        synsets, index = loaded[pos]
        for word, (offsets, _) in index.items():
            if word not in words or _verb_form(word, verbs):
                continue
            for rank, offset in enumerate(offsets):
                first = rank == 0 and tagged[word] == pos  # the most frequent sense of its usual part
                lemmas = synsets[offset]
                if len(lemmas) > MAX_LEMMAS:
                    continue
                for other in lemmas:
                    stems = {stem(word), *(stem(x) for x in related.get(word, {}))}
                    if other == word or other not in words or stem(other) in stems:
                        continue
                    near = cosine(word, other)
                    if (first and (near is None or near >= FLOOR)) or (
                        near is not None and near >= args.near
                    ):
                        related.setdefault(word, {})[other] = None
    lines = [
        "# Synonyms of common English nouns and verbs, from WordNet 3.0 (scripts/gen_synonym_words.py;",
        "# do not edit). Format: a word, then its synonyms (most frequent sense first), space-separated.",
        "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND",
        '# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.',
    ]
    lines += [f"{w} {' '.join(syns)}" for w, syns in sorted(related.items())]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(related)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
