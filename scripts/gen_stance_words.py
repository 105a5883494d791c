"""Write ``src/mdrecall/knowledge/data/stance_words.txt``: the words that say an option is only weighed
(*hedge*) or that it was settled (*decide*), from WordNet 3.0.

A line "leaning towards the Skoda" states no choice yet; "Car decision: the Corolla" settles it. The two
closed classes :mod:`mdrecall.knowledge.changes.stance_pairs` reads are generated here from a few WordNet
senses, so that they hold the whole sense and its inflections, not the wordings of the notes we labelled:

* **hedge**: the verbs of weighing an option (the synsets of "consider: think about carefully", "mull
  over", "lean: be inclined", "eye", "evaluate: form a critical opinion of", "compare: examine and note
  the similarities or differences of"); the adverbs of likelihood ("probably", "perhaps" and their synsets);
* **decide**: the verbs of choosing and deciding (the synsets of "choose: pick out from a number of
  alternatives", "choose: select as an alternative over another", "pick", "decide"), and of
  committing to the option chosen: buying, booking, ordering, signing (their synsets);
* **reverse**: the verbs of taking a commitment back (the synsets of "cancel: annul something that was
  scheduled", "back out: retreat from an earlier commitment", "pull out: remove oneself from an
  obligation").

Hyponyms are not added: WordNet's troponyms of "decide" and "choose" are too loose in notes ("rule",
"measure", "draw", "pick up").

A lemma is kept when it is one word or a verb and a particle ("settle on"), each word in the shipped
static embedder's vocabulary (a common word: no "excogitate"), and not in :data:`LEFT_OUT` (senses too
loose in notes: "take", "see"). Verbs are written with their inflections (regular ones, and WordNet's
``verb.exc`` irregular forms: "chose", "chosen", "bought"). Run it when the seeds change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_stance_words.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept
in the file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "stance_words.txt"
VOCAB = ROOT / "src" / "mdrecall" / "embedders" / "data" / "vocab.txt"

#: (class, part of speech, a lemma, a word of the sense's gloss): the seed senses.
SEEDS = (
    ("hedge", "verb", "consider", "think about carefully"),
    ("hedge", "verb", "mull_over", "reflect deeply"),
    ("hedge", "verb", "lean", "be inclined"),
    ("hedge", "verb", "eye", "look at"),
    ("hedge", "verb", "evaluate", "form a critical opinion"),
    ("hedge", "verb", "compare", "examine and note the similarities"),
    ("hedge", "adv", "probably", "considerable certainty"),
    ("hedge", "adv", "possibly", "by chance"),
    ("decide", "verb", "choose", "from a number of alternatives"),
    ("decide", "verb", "choose", "as an alternative over another"),
    ("decide", "verb", "pick", "select carefully from a group"),
    ("decide", "verb", "decide", "reach, make, or come to a decision"),
    ("decide", "verb", "buy", "obtain by purchase"),
    ("decide", "verb", "book", "arrange for and reserve"),
    ("decide", "verb", "order", "make a request for something"),
    ("decide", "verb", "sign", "engage by written agreement"),
    ("reverse", "verb", "cancel", "postpone indefinitely or annul"),
    ("reverse", "verb", "back_out", "retreat from an earlier commitment"),
    ("reverse", "verb", "pull_out", "remove oneself from an obligation"),
)
#: Lemmas whose other senses are too common in notes to say a stance.
LEFT_OUT = frozenset(
    "take see view regard count determine prefer think tend run incline study go get make reserve"
    " favour favor intend mean like be_given reflect hold judge pass_judgment".split()
)
#: Hyponyms are added for the verb seeds of these classes (none: see above).
HYPONYMS: tuple[str, ...] = ()
#: The classes written in their past forms only: a choice or a reversal done ("booked", "cancelled"), not
#: the nouns of the same spelling ("a book", "the order") nor a plan ("we'll cancel"); the others in their
#: present forms only: an option weighed now ("considering"), not one weighed before a decision ("we
#: compared A and B, picked B").
PAST = ("decide", "reverse")
LICENCE = (
    "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Permission to use, copy,\n"
    "# modify and distribute this software and database and its documentation for any purpose and without\n"
    "# fee or royalty is hereby granted, provided that the above copyright notice appear on all copies.\n"
)


def synsets(wn: Path, pos: str) -> dict[str, tuple[list[str], list[str], str]]:
    """WordNet's synsets of ``pos``: offset → (lemmas, hyponym offsets, gloss)."""
    out = {}
    for line in (wn / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        head, _, gloss = line.partition(" | ")
        f = head.split()
        n = int(f[3], 16)
        lemmas = [f[4 + 2 * i].lower() for i in range(n)]
        k = 4 + 2 * n
        pointers = int(f[k])
        hypo = [f[k + 2 + 4 * p] for p in range(pointers) if f[k + 1 + 4 * p] == "~"]
        out[f[0]] = (lemmas, hypo, gloss)
    return out


def inflect(verb: str, irregular: dict[str, list[str]], past: bool) -> set[str]:
    """A verb lemma's past forms ("sign_up" → "signed up"; a regular one beside an irregular one, and a few
    never written: "buyed"), or else its present ones ("signs up", "signing up", "sign up")."""
    head, *rest = verb.split("_")
    tail = "".join(" " + w for w in rest)
    stem = head[:-1] if head.endswith("e") else head
    if past:
        forms = {stem + "ed", *irregular.get(head, ())}
        if head.endswith("y") and head[-2:-1] not in "aeiou":
            forms.add(head[:-1] + "ied")
    else:
        forms = {head, head + "s", stem + "ing"}
        if head.endswith("y") and head[-2:-1] not in "aeiou":
            forms.add(head[:-1] + "ies")
    return {f + tail for f in forms}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    vocab = set(VOCAB.read_text(encoding="utf-8").split())
    irregular: dict[str, list[str]] = {}
    for line in (args.wordnet / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, base = line.split()[:2]
        irregular.setdefault(base, []).append(form)
    data = {pos: synsets(args.wordnet, pos) for pos in ("verb", "adv")}
    words: dict[str, set[str]] = {"hedge": set(), "decide": set(), "reverse": set()}
    for cls, pos, lemma, gloss in SEEDS:
        found = [o for o, (ls, _, g) in data[pos].items() if lemma in ls and gloss in g]
        if len(found) != 1:
            raise SystemExit(f"seed {lemma!r} ({gloss!r}): {len(found)} senses")
        lemmas, hypo, _ = data[pos][found[0]]
        kept = list(lemmas)
        if pos == "verb" and cls in HYPONYMS:
            for h in hypo:
                kept += data[pos][h][0]
        for w in kept:
            parts = w.split("_")
            if w in LEFT_OUT or len(parts) > 2 or not all(p in vocab for p in parts):
                continue
            if len(parts) == 2 and pos != "verb":
                continue
            words[cls] |= inflect(w, irregular, cls in PAST) if pos == "verb" else {w}
    for a, b in (("hedge", "decide"), ("hedge", "reverse"), ("decide", "reverse")):
        if words[a] & words[b]:
            raise SystemExit(f"in {a} and {b}: {sorted(words[a] & words[b])}")
    lines = [LICENCE.rstrip("\n"), "# class<TAB>word: generated by scripts/gen_stance_words.py"]
    lines += [f"{cls}\t{w}" for cls in words for w in sorted(words[cls])]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: " + ", ".join(f"{c} {len(v)}" for c, v in words.items()))


if __name__ == "__main__":
    main()
