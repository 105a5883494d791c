"""A county written with its abbreviation ("Kinsale, Co. Cork", "a farm in Co. Tipperary"), read whole
before the capitalised runs cut it at the abbreviation's dot (for
:func:`mdrecall.knowledge.mentions.phrase_names.add_phrases`): a place. "Co." after "&" or "and", or before an
organisation's word, is a company's ("Bell & Co. Ltd"), not a county."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.name_words import ORG_WORD
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["add_counties"]

#: "Co." after a comma, a bracket or a small word of place, and one capitalised word with nothing
#: capitalised after it.
_COUNTY = re.compile(
    r"(?:(?<=,[ ])|(?<=\()|(?<=\bin[ ])|(?<=\bfrom[ ])|(?<=\bof[ ]))Co\.[ ][A-Z][a-z]+(?![\w'’&-]|[ ][A-Z&])"
)


def add_counties(scan: FileScan) -> None:
    """Add the counties written "Co. <Name>" in ``scan`` as places and take their spans."""
    plain = scan.plain
    if "Co. " not in plain:
        return
    for m in _COUNTY.finditer(plain):
        i = scan.line_of(m.start())
        name = m.group(0)
        if i in scan.skip or scan.taken.overlaps(m.start(), m.end()) or ORG_WORD.search(name.split()[-1]):
            continue
        scan.add(i, name, "place", "typed_name")
        scan.taken.add(m.start(), m.end())
