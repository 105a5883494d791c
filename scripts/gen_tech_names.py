"""Write ``src/mdrecall/knowledge/data/tech_names.txt``: languages and formats a developer names daily, from
Pygments' lexers ("Jsonnet", "PromQL", "TOML", "protobuf"), each a technology.

Pygments (BSD-2-Clause) is a well-kept table of ~600 languages, configuration and data formats, with the
short names tools call them by. A lexer's display name is kept when it reads as a name, not an ordinary
word (no frequent English word, no noun WordNet never capitalises, no given name, no place, and no word
WordNet holds in any sense: "Clean", "Felix", "Prolog", "Lasso", "Delphi" are out); a name of capitals is
kept with four letters or more and no ordinary initials or legal form ("TOML", "YAML", "LLVM"; not "SQL",
"HTML", "RSL": an abbreviation or a body's initials as often; not "SARL"); another with five letters or
more ("Jsonnet", "GDScript"; not "Croc", "Diff", "Rell": a nickname or a word as often), or four and a
capital or digit inside ("FunC").
A sessions', templates' or dialects' lexer ("Python console session", "HTML+Django") is no name of its own.
Its lower-case short names of five letters or more that are none of those either ("protobuf", "jsonnet";
not "chai", "purs") are the same technology written in lower case. The hand-kept ``known_names.txt`` and
WordNet's initials (``acronyms.txt``) win where they list a name too. Run it when the rule changes::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    python scripts/gen_tech_names.py
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from pygments.lexers import get_all_lexers

from mdrecall.knowledge.lexicon.legal_forms import legal_form_word
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, lower_noun, places
from mdrecall.knowledge.mentions.acronym_slots import plain_initials
from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "mdrecall" / "knowledge" / "data"
OUT = DATA / "tech_names.txt"
#: A lexer for a session, a template language inside another, a dialect or a log: no name of its own.
_NOT_OWN = re.compile(
    r"(?i)session|console|objdump|template|[+/_]|output|only|\blog|repl|\bfile\b|dialect|snippets|^raw"
    r"|host|target|data$|markup|traceback|\bbody\b|literate|embedded|\bcompact\b"
)
#: A name: one word (letters, digits, "#", "-", "."), or two, the second capitalised ("Protocol Buffer").
_NAME = re.compile(r"[A-Z][A-Za-z0-9#.\-]*[A-Za-z0-9#](?: [A-Z][A-Za-z0-9]+)?")
#: A capital or a digit after the first letter: a name by its shape ("FunC", "Lean4").
_SHAPED = re.compile(r".[A-Z0-9]")
#: A lower-case short name: letters and digits, five or more.
_ALIAS = re.compile(r"[a-z][a-z0-9]{4,}")
#: WordNet's lemmas, lower case, spaces for underscores (set by :func:`main`).
_WORDNET: set[str] = set()
_NOTICE = """\
# Languages and formats by Pygments' lexers (scripts/gen_tech_names.py; Pygments is BSD-2-Clause): a
# lexer's name that is no ordinary word, given name, place or initials, then its lower-case short names
# that are none either. One technology a line: the name, then ` | ` and the short names. known_names.txt
# wins where both list a name.
[technology]
"""


def _word(name: str) -> bool:
    """Is ``name`` an ordinary word, a given name, a place or ordinary initials rather than a name?"""
    low = name.lower()
    return (
        common_word(name)
        or lower_noun(low)
        or given_name(name)
        or name in places()
        or low in STOP_WORDS
        or low in _WORDNET
    )


def _kept(name: str) -> bool:
    """Is the lexer's display ``name`` a name worth reading in notes?"""
    letters = sum(c.isalpha() for c in name)
    if _NOT_OWN.search(name) or not _NAME.fullmatch(name) or letters < 4:
        return False
    if name.isupper():
        return not plain_initials(name) and not legal_form_word(name)  # not "SARL": a French company
    if letters < 5 and not _SHAPED.search(name):
        return False  # "Croc", "Rell", "Diff": a short capitalised word is a nickname or a word as often
    return not _word(name)


def _listed() -> set[str]:
    """The names ``known_names.txt`` and ``acronyms.txt`` hold (as written, aliases too): they win."""
    out: set[str] = set()
    for line in (DATA / "known_names.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "[")):
            out.update(" ".join(n.split()).rstrip("?") for n in line.split(" | "))
    for line in (DATA / "acronyms.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out.add(line.split()[0])
    return out


def tech_names() -> list[tuple[str, list[str]]]:
    """(name, lower-case short names) of each kept lexer no hand-kept name lists, in Pygments' order."""
    out: list[tuple[str, list[str]]] = []
    seen = _listed()
    for name, aliases, _files, _types in get_all_lexers():
        if not _kept(name) or name in seen:
            continue
        seen.add(name)
        lows = [a for a in aliases if _ALIAS.fullmatch(a) and a not in seen
                and not _word(a) and not _word(a.capitalize())]  # fmt: skip
        seen.update(lows)
        out.append((name, lows))
    return out


def _wordnet_lemmas(root: Path) -> set[str]:
    """Every lemma of WordNet's four index files, lower case ("lasso", "delphi", "prolog")."""
    out: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (root / f"index.{pos}").read_text(encoding="utf-8").splitlines():
            if line and not line.startswith(" "):
                out.add(line.split(" ", 1)[0].replace("_", " "))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    out = args.out
    _WORDNET.update(_wordnet_lemmas(args.wordnet))
    rows = tech_names()
    out.write_text(_NOTICE + "".join(" | ".join([n, *a]) + "\n" for n, a in rows), encoding="utf-8")
    print(f"{out}: {len(rows)} technologies")


if __name__ == "__main__":
    main()
