"""Write ``src/mdrecall/knowledge/data/deviation_words.txt``: the words that say a measured thing is off its
norm (*deviation*: "elevated", "abnormal", "high") or back on it (*normal*: "normal", "normalised"), from
WordNet 3.0.

A line "the bloodwork shows elevated liver enzymes" states a problem without a verb of failing; "liver
enzymes normal again" ends it. The two closed classes :mod:`mdrecall.knowledge.changes.deviation_pairs` reads
are generated here from a few WordNet senses, not from the wordings of the notes we labelled:

* **deviation**: the adjectives of "abnormal: not normal; not typical …" with the satellites similar to
  it, the heads of "high: greater than normal in degree …" and "low: less than normal in degree …", of
  "increased: made greater in size or amount or degree" and its antonym "decreased", and the satellite
  "raised, elevated: increased in amount or degree";
* **normal**: the head of "normal: conforming with … a norm" (not its satellites: "average", "regular",
  "typical" are said of most things) and the past forms of the verb "normalize: become normal or return to
  its normal state".

A lemma is kept when it is one word and not in :data:`LEFT_OUT` (the embedder's word-piece vocabulary
holds neither "normalised" nor "atypical", so it is no filter here). Run it when the seeds change (the
same reader as ``scripts/gen_stance_words.py``)::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_deviation_words.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_stance_words import LICENCE, inflect  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "deviation_words.txt"

#: (class, part of speech, a lemma, a word of the sense's gloss, take the satellites similar to it).
SEEDS = (
    ("deviation", "adj", "abnormal", "not normal; not typical", True),
    ("deviation", "adj", "high", "greater than normal in degree", False),
    ("deviation", "adj", "low", "less than normal in degree", False),
    ("deviation", "adj", "increased", "made greater in size or amount", False),
    ("deviation", "adj", "decreased", "made less in size or amount", False),
    ("deviation", "adj", "elevated", "increased in amount or degree", False),
    ("normal", "adj", "normal", "conforming with or constituting a norm", False),
    ("normal", "verb", "normalize", "return to its normal state", False),
)
#: Lemmas too loose in notes, or of a sense notes do not use ("kinky", "vicarious", "reduced" of a price).
LEFT_OUT = frozenset(
    "kinky perverted vicarious freakish antidromic unnatural reduced deviate brachydactylic"
    " brachydactylous".split()
)


def _synsets(wn: Path, pos: str) -> dict[str, tuple[list[str], list[str], str]]:
    """WordNet's synsets of ``pos``: offset → (lemmas, offsets similar to it, gloss)."""
    out = {}
    for line in (wn / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        head, _, gloss = line.partition(" | ")
        f = head.split()
        n = int(f[3], 16)
        lemmas = [f[4 + 2 * i].lower().split("(")[0] for i in range(n)]
        k = 4 + 2 * n
        similar = [f[k + 2 + 4 * p] for p in range(int(f[k])) if f[k + 1 + 4 * p] == "&"]
        out[f[0]] = (lemmas, similar, gloss)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    irregular: dict[str, list[str]] = {}
    for line in (args.wordnet / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, base = line.split()[:2]
        irregular.setdefault(base, []).append(form)
    data = {pos: _synsets(args.wordnet, pos) for pos in ("adj", "verb")}
    words: dict[str, set[str]] = {"deviation": set(), "normal": set()}
    for cls, pos, lemma, gloss, similar in SEEDS:
        found = [o for o, (ls, _, g) in data[pos].items() if lemma in ls and gloss in g]
        if len(found) != 1:
            raise SystemExit(f"seed {lemma!r} ({gloss!r}): {len(found)} senses")
        lemmas = list(data[pos][found[0]][0])
        if similar:
            lemmas += [w for o in data[pos][found[0]][1] for w in data[pos][o][0]]
        for w in lemmas:
            if "_" in w or w in LEFT_OUT:
                continue
            forms = inflect(w, irregular, True) if pos == "verb" else {w}
            if pos == "verb":  # the British spelling beside the American ("normalised")
                forms |= {f.replace("iz", "is") for f in forms}
            words[cls] |= forms
    if words["deviation"] & words["normal"]:
        raise SystemExit(f"in both classes: {sorted(words['deviation'] & words['normal'])}")
    lines = [LICENCE.rstrip("\n"), "# class<TAB>word: generated by scripts/gen_deviation_words.py"]
    lines += [f"{cls}\t{w}" for cls in words for w in sorted(words[cls])]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: " + ", ".join(f"{c} {len(v)}" for c, v in words.items()))


if __name__ == "__main__":
    main()
