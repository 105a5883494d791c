"""Write ``src/mdrecall/knowledge/data/unlexed_words.txt``: frequent words that are no English word.

The frequent-word test (:func:`mdrecall.knowledge.lexicon.name_lists.common_word`, the BERT vocabulary's
~21,000 whole words) also holds the names frequent in its training text: "Prakash", "Vikram", "Carlson",
"Telangana". A capitalised frequent word is read as an ordinary word, so a given name of that kind no
given-name list holds ("Prakash Deshpande") looked like "Fresh Start". WordNet 3.0 knows the English words
in every part of speech: a vocabulary word that is none of them in any regular or irregular form
(WordNet's own detachment rules and exception lists) nor a stop word is written here, one a line. Such a
word is a name, a foreign word or a brand: never "fresh", "happy" or "golden". Run it when the rule
changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_unlexed_words.py

The table is data, read without WordNet (:func:`mdrecall.knowledge.aliases.given_shape.unlexed_word`). Only
words WordNet lacks are written, so none of WordNet's data is; the vocabulary is the embedder's own file.
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "unlexed_words.txt"
VOCAB = ROOT / "src" / "mdrecall" / "embedders" / "data" / "vocab.txt"
_NOTICE = """\
# Frequent words (the embedder's BERT vocabulary, letters only, three or more) that WordNet 3.0 does not
# know in any part of speech, in any regular or irregular form, and no stop word: names, foreign words
# and brands ("prakash", "telangana", "mitsubishi"), never an English word (scripts/gen_unlexed_words.py).
"""
#: WordNet's detachment rules (morphy): an ending and what replaces it, by part of speech.
_RULES = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
             ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
             ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}  # fmt: skip


def lemmas(wn: Path) -> tuple[dict[str, set[str]], set[str]]:
    """Part of speech → its lemmas (lower case), and every inflected form WordNet's exception lists give."""
    out: dict[str, set[str]] = {}
    forms: set[str] = set()
    for pos in _RULES:
        words = out.setdefault(pos, set())
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line and not line.startswith(" "):
                words.add(line.split()[0].lower())
        for line in (wn / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            if line.strip():
                forms.add(line.split()[0].lower())
    return out, forms


def known(word: str, table: dict[str, set[str]], forms: set[str]) -> bool:
    """Is ``word`` an English word of WordNet's, as written or by a detachment rule?"""
    if word in forms:
        return True
    for pos, words in table.items():
        if word in words:
            return True
        if any(word.endswith(end) and word[: -len(end)] + put in words for end, put in _RULES[pos]):
            return True
    return False


def unlexed(wn: Path) -> list[str]:
    """The vocabulary's words of letters (three or more) WordNet does not know, less stop words."""
    from mdrecall.text.stopwords import STOP_WORDS

    table, forms = lemmas(wn)
    vocab = VOCAB.read_text(encoding="utf-8").split()
    return sorted(
        {
            w
            for w in vocab
            if len(w) > 2
            and w.isascii()
            and w.isalpha()
            and w == w.lower()
            and w not in STOP_WORDS
            and not known(w, table, forms)
        }
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    words = unlexed(args.wordnet)
    args.out.write_text(_NOTICE + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} words → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
