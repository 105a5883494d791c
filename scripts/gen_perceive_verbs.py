"""Write ``src/mdrecall/knowledge/data/perceive_verbs.txt``: verbs whose commonest sense is a kind of
perceiving, with their irregular past forms, from WordNet 3.0.

A verb is kept when its first sense (WordNet's most frequent) lies under ``perceive.v.01`` ("become aware
of through the senses": hear, notice, spot, overhear, detect, discover, glimpse), except perceiving on
purpose (the ``listen.v.01`` subtree: a label "Listened:" reports the writer's own act) and bodily
sensations (``ache``, ``prickle``, ``twinge``). A list item labelled with such a verb in its past form
("Spotted:", "Overheard:") records news received (:mod:`mdrecall.knowledge.dates.record_lines`). "saw" is
left out: as a label it is as often a visit ("Saw: Dr Lee about the knee") as a sight. Only one-word lemmas.
Run it when the selection changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_perceive_verbs.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "perceive_verbs.txt"
PERCEIVE = "02106524"  # perceive.v.01
LISTEN = "02169909"  # listen.v.01
BODILY = {"ache", "prickle", "twinge"}
NOT_LABELS = {"saw"}


def _synsets(wordnet: Path) -> dict[str, list[str]]:
    """Synset offset → its hyponyms' offsets (verbs)."""
    out: dict[str, list[str]] = {}
    for line in (wordnet / "data.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split(" | ")[0].split()
        words = int(parts[3], 16)
        at = 4 + 2 * words
        pointers = int(parts[at])
        hypo = [parts[at + 2 + 4 * k] for k in range(pointers) if parts[at + 1 + 4 * k] == "~"]
        out[parts[0]] = hypo
    return out


def _below(tree: dict[str, list[str]], top: str) -> set[str]:
    seen: set[str] = set()
    todo = [top]
    while todo:
        off = todo.pop()
        if off not in seen:
            seen.add(off)
            todo.extend(tree.get(off, []))
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    tree = _synsets(args.wordnet)
    kept = _below(tree, PERCEIVE) - _below(tree, LISTEN)
    bases: set[str] = set()
    for line in (args.wordnet / "index.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split()
        lemma, senses = parts[0], int(parts[2])
        if lemma.isalpha() and lemma not in BODILY and parts[-senses] in kept:
            bases.add(lemma)
    irregular = set()
    for line in (args.wordnet / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, base = line.split()[:2]
        if base in bases and form.isalpha() and not form.endswith("ing") and form not in NOT_LABELS:
            irregular.add(form)
    lines = [
        "# verbs whose commonest sense is a kind of perceiving, and their irregular forms, from WordNet 3.0",
        "# (scripts/gen_perceive_verbs.py). WordNet 3.0 Copyright 2006 by Princeton University. All rights",
        "# reserved. THIS SOFTWARE AND DATABASE IS PROVIDED AS IS AND PRINCETON UNIVERSITY MAKES NO",
        "# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Licence: https://wordnet.princeton.edu/license-and-commercial-use",
        *sorted(bases | irregular),
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(bases)} verbs, {len(irregular)} irregular forms")


if __name__ == "__main__":
    main()
