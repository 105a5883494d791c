"""Write ``src/mdrecall/knowledge/data/currencies.txt``: the ways a note names a currency beside an
amount, read by :mod:`mdrecall.knowledge.fact_lines.money`: ISO 4217 codes (``PLN``, ``SEK``),
the symbols each currency is written with where it is used ("zł", "kr", "Kč", "R$", "₹") and the last
word of its English names ("zloty", "zlotys", "kronor", "rupees").

"48 000 zł" or "CHF 1'200" was no amount: only £, $, € and five English words were read. The codes come
from ``pycountry`` (ISO 4217, current currencies), the symbols and names from the Unicode CLDR as the
``babel`` package ships it: for each locale of a territory, the local symbol of each currency the
territory uses. Left out: a symbol of one ASCII letter ("R", "K", "L": initials of anything), a symbol or
name word that is an English stop word, and a name word that is an English verb, adjective or adverb in
WordNet ("real", "won", "mark": "3 real problems" is no amount). Run it when the rules change (the
packages are needed here only, not at run time)::

    apt-get install wordnet-base     # Princeton WordNet 3.0 (Debian), read from /usr/share/wordnet
    pip install --target /tmp/pc pycountry==26.2.16 babel==2.18.0
    PYTHONPATH=/tmp/pc:src python scripts/gen_currencies.py
"""

from __future__ import annotations

import argparse
import unicodedata
from pathlib import Path

from mdrecall.text.stopwords import STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "currencies.txt"
_NOTICE = """\
# Currencies as a note names them beside an amount (scripts/gen_currencies.py): one a line,
# "code", "symbol" or "word", a tab, the text. {n} entries.
# ISO 4217 codes as shipped by the pycountry package (LGPL 2.1, data from the Debian iso-codes project).
# Symbols and English names from the Unicode CLDR (Unicode License v3) as shipped by the babel package
# (BSD licence). Changes: filtered by the rules of the script.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS
# PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.
"""


def not_nouns(wn: Path) -> set[str]:
    """Lower-case English verbs, adjectives and adverbs in WordNet, with their irregular forms ("won")."""
    words: set[str] = set()
    for pos in ("verb", "adj", "adv"):
        for line in (wn / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                words.add(line.split()[0])
        for line in (wn / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            if line.strip():
                words.add(line.split()[0])
    return words


def codes() -> set[str]:
    """The current ISO 4217 codes of the currencies a territory uses (CLDR): no metals, funds or units
    of account ("XAU", "XDR", "CLF")."""
    import pycountry
    from babel import Locale
    from babel.numbers import get_territory_currencies

    used = {c for t in Locale("en").territories for c in get_territory_currencies(t)}
    return {c.alpha_3 for c in pycountry.currencies} & used


def symbols(known: set[str]) -> set[str]:
    """Each currency's local symbol in each locale of a territory using it (CLDR via babel)."""
    from babel import Locale, numbers
    from babel.localedata import locale_identifiers

    out: set[str] = set()
    for ident in locale_identifiers():
        loc = Locale.parse(ident)
        if not loc.territory:
            continue
        for code in numbers.get_territory_currencies(loc.territory):
            if code in known:
                out.add(numbers.get_currency_symbol(code, loc))
    return out


def name_words(known: set[str]) -> set[str]:
    """The last word of each currency's English names, one and many ("zloty", "zlotys")."""
    from babel import numbers

    out: set[str] = set()
    for code in known:
        for count in (1, 2):
            name = numbers.get_currency_name(code, count=count, locale="en")
            if name and name != code:
                out.add(name.split()[-1].lower())
    return out


def keep_symbol(s: str, code_set: set[str]) -> bool:
    """A symbol read beside a number: not a code (read as one), nor one ASCII letter, nor capitals only
    ("KM", "RM", "SR": abbreviations of other things), nor a stop word; no space, digit or format mark."""
    if not s or s in code_set:
        return False
    if any(c.isspace() or c.isdigit() or unicodedata.category(c) == "Cf" for c in s):
        return False
    if s.isascii() and s.isalpha() and (len(s) < 2 or s.isupper()):
        return False
    return s.lower() not in STOP_WORDS


def keep_word(w: str, drop: set[str]) -> bool:
    """A name word read after a number: letters only, and neither it nor its singular an English verb,
    adjective, adverb or stop word ("marks", "reals")."""
    if not w.isalpha():
        return False
    forms = {w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w}
    return forms.isdisjoint(drop)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    drop = not_nouns(args.wordnet) | STOP_WORDS
    code_set = codes()
    rows = [("code", c) for c in sorted(code_set)]
    rows += [("symbol", s) for s in sorted(symbols(code_set)) if keep_symbol(s.strip(), code_set)]
    rows += [("word", w) for w in sorted(name_words(code_set)) if keep_word(w, drop)]
    text = _NOTICE.format(n=len(rows)) + "".join(f"{k}\t{v}\n" for k, v in rows)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {len(rows)} entries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
