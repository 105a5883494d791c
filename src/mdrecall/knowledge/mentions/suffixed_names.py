"""A name with an honorific joined by a hyphen after it ("Tanaka-san", "Yuki-chan", "Sharma-ji",
"Seo-yeon-ssi"): the capitalised runs stop at the hyphen's lower-case part, so the name was no mention at
all. Read here: the name before the suffix is a person's (a surname then links to the one person whose
full name ends with it, a given name to the one it opens). The suffixes are
``data/kin_titles.txt``'s, after a name."""

from __future__ import annotations

import re
from functools import cache

from mdrecall.knowledge.lexicon.address_words import kin_titles
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["add_suffixed_names", "suffixed"]


@cache
def suffixed() -> re.Pattern[str]:
    """A capitalised word (perhaps a hyphened given name: "Ji-woo"), a hyphen and an honorific after it."""
    words = "|".join(sorted(kin_titles()[1], key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?P<n>[A-Z][a-z]+(?:-[a-z]{{2,5}})?)-(?:{words})(?![\w-])", re.UNICODE)


def add_suffixed_names(scan: FileScan) -> None:
    """Add each name written with a hyphened honorific after it to ``scan``, a person's name."""
    for m in suffixed().finditer(scan.plain):
        i = scan.line_of(m.start())
        if i in scan.skip or scan.taken.overlaps(m.start(), m.end()):
            continue
        scan.add(i, m.group("n"), "person", "typed_name")
        scan.taken.add(m.start(), m.end())
