"""Write ``src/mdrecall/text/data/base_verbs.txt``: English verbs that open an instruction or a plan in a
note ("Leave on the 16th", "Ring the garage Friday", "Collect the keys on the 3rd"), from WordNet 3.0.

A word is kept when it is a one-word verb lemma that people use mostly as a verb: the verb senses' tag
counts in WordNet's semantic concordance (``cntlist.rev``) add up to at least ``--min`` and to more than
its noun and adjective senses' ("leave", "ring", "collect" are kept; "book", "party", "table" are mostly
nouns and left out). A base form that is also its own past ("put", "set", "shut"; WordNet's ``verb.exc``
does not list them, so a short list here) is left out: it may report an act. Run it when the rules change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_base_verbs.py
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "base_verbs.txt"
_NOTICE = """\
# English verbs used mostly as verbs, one a line, from WordNet 3.0's tag counts (cntlist.rev) and verb
# lemmas (index.verb) (scripts/gen_base_verbs.py), less those whose past is the same word.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (License: see
# https://wordnet.princeton.edu/license-and-commercial-use; provided "AS IS", without warranties.)
"""
#: Verbs whose simple past is the base form: "Put the bins out on Monday" may be a report.
_SAME_PAST = {
    "bet", "burst", "cast", "cost", "cut", "fit", "hit", "hurt", "let", "put", "quit", "read", "rid", "set",
    "shed", "shut", "slit", "split", "spread", "thrust", "upset", "wed", "broadcast", "forecast", "outbid",
    "bid", "beat",
}  # fmt: skip
#: The part of speech a sense key's ``ss_type`` names: 1 noun, 2 verb, 3 and 5 adjective, 4 adverb.
_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}


def base_verbs(wn: Path, least: int) -> list[str]:
    """The one-word verb lemmas whose verb tag counts reach ``least`` and exceed every other part's."""
    lemmas = {
        line.split()[0]
        for line in (wn / "index.verb").read_text(encoding="latin-1").splitlines()
        if line and not line.startswith(" ")
    }
    counts: Counter[tuple[str, str]] = Counter()
    for line in (wn / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _num, tags = line.split()
        lemma, rest = key.split("%", 1)
        counts[(lemma, _POS.get(rest[:1], "?"))] += int(tags)
    out = []
    for lemma in lemmas:
        if not lemma.isalpha() or not lemma.islower() or len(lemma) < 2 or lemma in _SAME_PAST:
            continue
        verb = counts[(lemma, "v")]
        other = max(counts[(lemma, p)] for p in ("n", "a", "r"))
        if verb >= least and verb > other:
            out.append(lemma)
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--min", type=int, default=5, help="the least verb tag count kept (default 5)")
    args = parser.parse_args()
    verbs = base_verbs(args.wordnet, args.min)
    OUT.write_text(_NOTICE + "".join(f"{v}\n" for v in verbs), encoding="utf-8")
    print(f"wrote {len(verbs)} verbs to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
