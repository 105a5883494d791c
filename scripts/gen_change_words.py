"""Write ``src/mdrecall/knowledge/data/change_words.txt``: the verbs that say a held value ended or was
replaced, from WordNet 3.0, beside the hand-kept :data:`mdrecall.knowledge.fact_lines.fact_words.CHANGE`.

The change-line pass (:mod:`mdrecall.knowledge.changes.change_pairs`) reads a newer line as a change only when
it holds a wording of change. The hand-kept list misses the senses' other members ("shelved", "pulled out",
"died", "retired", "resigned"), so the verbs are generated here from a few WordNet senses with their
synonyms and inflections, not from the wordings of the notes we labelled:

* **ended**: the past forms of the senses of ending a value: dying ("pass from physical life"), expiring
  ("lose validity"), resigning and retiring from a post, withdrawing from an obligation ("pull out", "back
  out"), discontinuing, abandoning, dropping ("stop pursuing"), dumping: a value taken back;
* **replaced**: the past forms of the senses of putting another in its place: putting off ("hold back to
  a later time"), replacing and supplanting, switching to another ("lay aside, abandon, or leave for
  another"), moving house or employer, migrating; a person put in another post ("reassign"), elected or
  appointed to one (a role's new holder); a decision revoked ("cancel officially": rescinded, overturned);
* **act**: the present forms (base, third person) of the same senses: a change decided ("Decision: move
  the backups to Wasabi"), read only on a line that decides or agrees
  (:mod:`mdrecall.knowledge.fact_lines.change_words`);
* **dead**: the adjectives of a life ended ("dead": "no longer having or seeming to have … life").

A lemma is kept when it is one word (however rare: "shelved" means nothing else), or a verb and a particle
("pull out") each in the shipped static embedder's vocabulary (common words), and not in :data:`LEFT_OUT`
(senses far more often meant otherwise in notes: "go", "pass", "exit", "table"). Verbs are written with
their inflections (regular ones, and WordNet's ``verb.exc`` irregular forms: "withdrew", "withdrawn").
Run it when the seeds change::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_change_words.py

WordNet 3.0 is © Princeton University, under a licence that allows redistribution with its notice (kept
in the file).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from gen_stance_words import LICENCE, VOCAB, inflect, synsets  # noqa: E402

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "change_words.txt"

#: (class, part of speech, a lemma, a word of the sense's gloss): the seed senses of change.
SEEDS = (
    ("ended", "verb", "die", "pass from physical life"),
    ("ended", "verb", "expire", "lose validity"),
    ("ended", "verb", "resign", "give up or retire from a position"),
    ("ended", "verb", "resign", "leave (a job, post, or position) voluntarily"),
    ("ended", "verb", "retire", "go into retirement"),
    ("ended", "verb", "retire", "dispose of (something no longer useful"),
    ("ended", "verb", "pull_out", "remove oneself from an obligation"),
    ("ended", "verb", "back_out", "retreat from an earlier commitment"),
    ("ended", "verb", "discontinue", "put an end to a state or an activity"),
    ("ended", "verb", "abandon", "forsake, leave behind"),
    ("ended", "verb", "abandon", "stop maintaining or insisting on"),
    ("ended", "verb", "drop", "stop pursuing or acting"),
    ("ended", "verb", "dump", "sever all ties with"),
    ("replaced", "verb", "postpone", "hold back to a later time"),
    ("replaced", "verb", "replace", "substitute a person or thing for"),
    ("replaced", "verb", "supplant", "take the place or move into the position of"),
    ("replaced", "verb", "switch", "lay aside, abandon, or leave for another"),
    ("replaced", "verb", "move", "change residence, affiliation, or place of employment"),
    ("replaced", "verb", "migrate", "move from one country or region to another"),
    ("ended", "verb", "revoke", "cancel officially"),
    ("replaced", "verb", "reassign", "transfer somebody to a different position or location of work"),
    ("replaced", "verb", "elect", "select by a vote for an office or membership"),
    ("replaced", "verb", "appoint", "assign a duty, responsibility or obligation to"),
    ("dead", "adj", "dead", "no longer having or seeming to have or expecting to have life"),
)
#: Lemmas of the senses above far more often meant otherwise in notes ("go", "pass", "table" a motion,
#: "set back" a cost, "stop" by, "knock off" early), or already read by the hand-kept lexicon in every form.
LEFT_OUT = frozenset(
    "go exit pass choke conk pop_off croak table set_back remit hold_over put_over stop quit give_up"
    " knock_off back_off retreat pull_back back_away crawfish lay_off cease shift change"
    # money moved, a charge made, a ban or a weight lifted, a car reversed: another sense far more often
    " transfer charge lift reverse".split()
)

#: Lemmas whose past forms the hand-kept lexicon reads already, with its own exceptions ("dropped in on
#: Mum" is a visit, "moved on" no value): only their present forms are written (the **act** class).
HAND_KEPT = frozenset("drop move switch replace".split())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    vocab = set(VOCAB.read_text(encoding="utf-8").split())
    irregular: dict[str, list[str]] = {}
    for line in (args.wordnet / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, base = line.split()[:2]
        irregular.setdefault(base, []).append(form)
    data = {pos: synsets(args.wordnet, pos) for pos in ("verb", "adj")}
    words: dict[str, set[str]] = {"ended": set(), "replaced": set(), "act": set(), "dead": set()}
    for cls, pos, lemma, gloss in SEEDS:
        found = [o for o, (ls, _, g) in data[pos].items() if lemma in ls and gloss in g]
        if len(found) != 1:
            raise SystemExit(f"seed {lemma!r} ({gloss!r}): {len(found)} senses")
        for w in data[pos][found[0]][0]:
            w = w.split("(")[0]  # an adjective's marker: "dead(p)"
            parts = w.split("_")
            if w in LEFT_OUT or len(parts) > 2 or (len(parts) == 2 and not all(p in vocab for p in parts)):
                continue  # a single word is kept however rare ("shelved", "deceased": never meant otherwise)
            if pos != "verb":
                if len(parts) == 1:
                    words[cls].add(w)
                continue
            if w not in HAND_KEPT:
                words[cls] |= inflect(w, irregular, True)
            head, *rest = parts
            tail = "".join(" " + p for p in rest)
            third = head + ("es" if head.endswith(("sh", "ch", "ss", "x")) else "s")
            words["act"] |= {head + tail, third + tail}
    lines = [LICENCE.rstrip("\n"), "# class<TAB>word: generated by scripts/gen_change_words.py"]
    lines += [f"{cls}\t{w}" for cls in words for w in sorted(words[cls])]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: " + ", ".join(f"{c} {len(v)}" for c, v in words.items()))


if __name__ == "__main__":
    main()
