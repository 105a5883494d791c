"""Write ``src/mdrecall/text/data/kind_words.txt``: the words naming instances of a kind, from WordNet.

A question that names a kind ("what instruments does Mel play?") is answered by notes naming its
instances ("I play clarinet"), which hold none of the question's words. :data:`KINDS` below says which
question words ask for which WordNet noun synsets; this script writes, for each, every lemma of the
synsets below them (hyponyms and instances, transitively) whose *most frequent* noun sense lies there
("violin", "Rome", "judo"; not "bass", whose first sense is a pitch, nor "set" or "split"), so a
common word is never taken for an instance of a rare sense. The words for which the kind is a rarer
sense are written apart (lines starting ``~``): they count only on a line that also names the question's
subject (:func:`mdrecall.search.kinds.confirmed_rare`). Run it when :data:`KINDS` changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_kind_words.py

The table is data, read at search time without WordNet (:mod:`mdrecall.text.kind_words`). WordNet 3.0
is © Princeton University, under a licence that allows redistribution with its notice (kept in the file).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "text" / "data" / "kind_words.txt"

#: Question words (singular and plural, as a question writes them) → WordNet roots ("lemma.sense").
#: Kinds whose instances are names WordNet lacks (books, films, bands, apps, databases) are left to
#: the entity kinds and the technology list (:mod:`mdrecall.search.kinds`).
KINDS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("instrument", "instruments"): ("musical_instrument.1",),
    ("city", "cities", "town", "towns"): ("city.1", "town.1"),
    ("country", "countries"): ("country.2",),
    ("sport", "sports"): ("sport.1",),
    ("martial_art", "martial_arts"): ("martial_art.1",),
    ("exercise", "exercises", "workout", "workouts"): ("exercise.1",),
    ("dessert", "desserts", "sweets"): ("dessert.1", "cake.3", "pastry.1", "cookie.1"),
    ("state", "states"): ("american_state.1",),
    ("place", "places", "location", "locations", "destination", "destinations"): (
        "city.1",
        "country.2",
        "american_state.1",
    ),
    ("board_game", "board_games"): ("board_game.1",),
    ("card_game", "card_games"): ("card_game.1",),
    # no dishes or recipes: a question about one's cooking names its own dish ("the dish Nate made on
    # 9 November"), and four hundred dish names buried it (LoCoMo single-hop 1.00 -> 0.00 there)
    ("color", "colors", "colour", "colours"): ("chromatic_color.1",),
    # no pets: WordNet files a pet under "domestic animal" (dog breeds), not turtles or hamsters; farm
    # animals by their kind ("which chickens do we keep" -> hen, Orpington, Rhode Island red)
    ("chicken", "chickens", "poultry", "fowl", "fowls"): ("domestic_fowl.1",),
    ("livestock", "farm_animal", "farm_animals"): (
        "domestic_fowl.1",
        "cattle.1",
        "sheep.1",
        "goat.1",
        "pig.1",
    ),
    # a pet's breed ("what breed is Biscuit" -> "a beagle cross", "Maine Coon"): the kinds below the dog and
    # the house cat (their own words, "dog", "domestic dog", name no breed and are left out: ROOTS_NAME_NONE)
    ("breed", "breeds"): ("dog.1", "domestic_cat.1"),
    ("drink", "drinks", "beverage", "beverages"): ("beverage.1",),
    ("fruit", "fruits"): ("edible_fruit.1",),
    ("vegetable", "vegetables", "veggies"): ("vegetable.1",),
    ("language", "languages"): ("natural_language.1",),
    ("dance", "dances"): ("dancing.1",),
    ("vehicle", "vehicles", "car", "cars"): ("car.1",),
    ("genre", "genres"): ("genre.3", "popular_music.1"),
}
#: Kinds whose roots' own words name none of them ("dog" is no breed): only the synsets below are read.
ROOTS_NAME_NONE = frozenset({"breed"})
#: The question's words for a programming language: "what programming language is it written in" (its
#: "language" alone asks for the languages people speak; :func:`mdrecall.text.query.asks_for_code_language`).
CODE_KIND = ("programming_language", "programming_languages")
#: At most this many instances per root: the most often tagged first (WordNet's sense counts), then
#: the places the entity extraction knows, then one-word names before longer ones.
CAP = 200
#: At most this many words per root for which the kind is a rarer sense (``~`` lines), most tagged first.
RARE_CAP = 60
PLACES = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "places.txt"
KNOWN = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "known_names.txt"
#: A name a keyword index reads as it is written: letters and digits, words parted by a space or a hyphen
#: ("C++" and "C#" tokenize to "c", which every note holds).
_PLAIN = re.compile(r"[a-z][a-z0-9]+(?:[ -][a-z][a-z0-9]+)*")


Synsets = dict[str, tuple[list[str], list[tuple[str, str]]]]
Index = dict[str, tuple[list[str], int]]


def load(wn: Path) -> tuple[Synsets, Index]:
    """WordNet's noun synsets (offset → lemmas, pointers) and index (lemma → offsets, tagged count)."""
    synsets: Synsets = {}
    for line in (wn / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split("|")[0].split()
        n = int(f[3], 16)
        lemmas = [f[4 + 2 * i].split("(")[0] for i in range(n)]
        i = 4 + 2 * n
        ptrs = [(f[i + 1 + 4 * j], f[i + 2 + 4 * j]) for j in range(int(f[i])) if f[i + 3 + 4 * j] == "n"]
        synsets[f[0]] = (lemmas, ptrs)
    index: Index = {}
    for line in (wn / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        n, p = int(f[2]), int(f[3])
        index[f[0]] = (f[6 + p : 6 + p + n], int(f[5 + p]))
    return synsets, index


def _below(root: str, synsets: Synsets, index: Index) -> set[str]:
    """The synset offsets at and below ``root`` ("instrument.n.1"), through hyponyms and instances."""
    lemma, sense = root.rsplit(".", 1)
    top = index[lemma][0][int(sense) - 1]
    below: set[str] = set()
    todo = [top]
    while todo:
        o = todo.pop()
        if o not in below:
            below.add(o)
            todo += [x for sym, x in synsets[o][1] if sym in ("~", "~i")]
    return below


def instances(root: str, synsets: Synsets, index: Index, known: set[str]) -> list[str]:
    """The lemmas below ``root`` whose first noun sense is below it, most tagged first."""
    below = _below(root, synsets, index)
    words: dict[str, int] = {}
    for o in below:
        for w in synsets[o][0]:
            key = w.lower()
            offsets, tagged = index.get(key, ([], 0))
            if offsets and offsets[0] in below and _kept(key):
                words[key.replace("_", " ")] = tagged
    return sorted(words, key=lambda w: (-words[w], w not in known, w.count(" "), w))


def _own(root: str, synsets: Synsets, index: Index) -> list[str]:
    """The lemmas of ``root``'s own synset, lowercased, as the instance lists spell them (with ``_``)."""
    lemma, sense = root.rsplit(".", 1)
    return [w.lower() for w in synsets[index[lemma][0][int(sense) - 1]][0]]


def rare_instances(root: str, synsets: Synsets, index: Index) -> list[str]:
    """The lemmas with a noun sense below ``root`` that is NOT their first ("bass": a pitch first, a bass
    guitar seventh), most tagged first: instances only where the workspace's own line says so (a line
    naming the question's subject: "Kuba's Squier bass"; :func:`mdrecall.search.kinds.confirmed_rare`)."""
    below = _below(root, synsets, index)
    words: dict[str, int] = {}
    for o in below:
        for w in synsets[o][0]:
            key = w.lower()
            offsets, tagged = index.get(key, ([], 0))
            if offsets and offsets[0] not in below and any(x in below for x in offsets) and _kept(key):
                words[key.replace("_", " ")] = tagged
    return sorted(words, key=lambda w: (-words[w], w.count(" "), w))


def code_languages(synsets: Synsets, index: Index) -> tuple[list[str], list[str]]:
    """Programming languages, and the ones whose name is also an ordinary word ("Rust", "Swift", "Go",
    "Lisp"): the ``# languages`` part of ``known_names.txt`` (a ``?`` marks an ordinary word) and WordNet's
    programming languages (its rarer senses counted as ordinary words), each kept only where Pygments has
    a lexer of that name or alias (a language, not a file format), and only where a keyword index reads
    the name as written. A word WordNet also has as an adjective or a verb ("basic") is an ordinary one."""
    from pygments.lexers import get_all_lexers  # pip install pygments (a well-kept syntax highlighter)

    lexed: set[str] = set()
    for name, aliases, _files, _mimes in get_all_lexers():
        lexed.update(n.casefold() for n in (name, *aliases))
    text = KNOWN.read_text(encoding="utf-8").split("# languages\n", 1)[1].split("\n#", 1)[0]
    common: dict[str, None] = {}
    rare: dict[str, None] = {}
    for line in text.splitlines():
        names = [n.strip() for n in line.split(" | ") if n.strip()]
        for i, n in enumerate(names):  # "Go? | Golang": only the first is the ordinary word
            (rare if i == 0 and n.endswith("?") else common)[n.rstrip("?").casefold()] = None
    other_pos = _other_parts_of_speech()
    for w in instances("programming_language.1", synsets, index, set()):
        (rare if w in other_pos else common)[w] = None
    rare.update(dict.fromkeys(rare_instances("programming_language.1", synsets, index)))
    keep = [w for w in {**common, **rare} if w in lexed and _PLAIN.fullmatch(w) and _kept(w)]
    return [w for w in keep if w not in rare], [w for w in keep if w in rare]


def _other_parts_of_speech(wn: Path = Path("/usr/share/wordnet")) -> set[str]:
    """The lemmas WordNet has as an adjective, an adverb or a verb."""
    out: set[str] = set()
    for pos in ("adj", "adv", "verb"):
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith("  "):
                out.add(line.split(" ", 1)[0].replace("_", " "))
    return out


def _kept(key: str) -> bool:
    """Not a word every note holds ("us" is a country, "me" a state), an abbreviation or a number."""
    return (
        len(key) > 2
        and key.replace("_", " ") not in STOP_WORDS
        and key.count(".") < 2
        and not any(c.isdigit() for c in key)
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    synsets, index = load(args.wordnet)
    lines_of = PLACES.read_text(encoding="utf-8").splitlines()
    known = {ln.strip().lower() for ln in lines_of if ln.strip() and not ln.startswith("#")}
    lines = [
        "# Words naming instances of a kind, from WordNet 3.0 (scripts/gen_kind_words.py; do not edit).",
        "# Format: the question's words for the kind (a_phrase) | its instances, comma-separated.",
        "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND",
        '# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES.',
    ]
    for words, roots in KINDS.items():
        found: dict[str, None] = {}
        own = {w for r in roots for w in _own(r, synsets, index)} if words[0] in ROOTS_NAME_NONE else set()
        skip = {*words, *own}  # a kind's own words are no instance of it
        for root in roots:
            named = [w for w in instances(root, synsets, index, known) if w.replace(" ", "_") not in skip]
            found.update(dict.fromkeys(named[:CAP]))
        kept = list(found)  # the most tagged first: a query takes the head
        lines.append(f"{' '.join(words)} | {', '.join(kept)}")
        rare: dict[str, None] = {}
        for root in roots:
            named = [w for w in rare_instances(root, synsets, index) if w.replace(" ", "_") not in skip]
            rare.update(dict.fromkeys(w for w in named[:RARE_CAP] if w not in found))
        if rare:  # "~": the words for which the kind is a rarer sense
            lines.append(f"~{' '.join(words)} | {', '.join(rare)}")
    common, rare_code = code_languages(synsets, index)
    lines.append(f"{' '.join(CODE_KIND)} | {', '.join(common)}")
    lines.append(f"~{' '.join(CODE_KIND)} | {', '.join(rare_code)}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(KINDS) + 1} kinds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
