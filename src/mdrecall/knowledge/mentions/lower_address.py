"""A Vietnamese form of address written in lower case before a given name ("cô Út", "anh Lộc", "chị Bích",
"dì Tư", "cậu Thành"): the person, named so (for
:func:`mdrecall.knowledge.mentions.phrase_names.add_phrases`).

Vietnamese calls people by a kin word and the given name, the kin word in lower case mid-sentence. The
capitalised runs took the given name alone; the form is the name the note uses, and
:func:`~mdrecall.knowledge.aliases.kin_names.link_kin_forms` folds it into the one full name whose given name
it is ("chị Thủy" into "Mai Thị Thủy"), or keeps it as the person's name with the given name alone another
name of it. The kin words are Vietnamese only (written with their accents, or "anh", no English word), and the
name one capitalised syllable with no capital after it: "cô Đặng Thị Mai" is a full name the runs read.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import LOWER_LETTERS, UPPER_LETTERS
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["VIETNAMESE_ADDRESS", "VIETNAMESE_KIN", "add_lower_address"]

#: Vietnamese kin words used as forms of address before a given name, in lower case ("em", an English
#: word's letters too, is left out).
VIETNAMESE_ADDRESS = frozenset("anh chị cô chú bác ông bà dì cậu mợ thím dượng thầy".split())

#: Vietnamese kin words, a form of address or a parent's word: alone ("Mẹ called", "Ông ngoại picked him
#: up"), a relation, no name (as "Mum" is none).
VIETNAMESE_KIN = VIETNAMESE_ADDRESS | frozenset("mẹ bố má".split())

#: A kin word in lower case, not after a letter or an apostrophe, then one capitalised syllable (up to seven
#: letters) and no capitalised word after it.
_FORM = re.compile(
    rf"(?<![\w'’])(?P<kin>{'|'.join(sorted(VIETNAMESE_ADDRESS))})[ ]"
    rf"(?P<name>[{UPPER_LETTERS}][{LOWER_LETTERS}]{{1,6}})(?![\w-])(?![ ][{UPPER_LETTERS}])"
)


def add_lower_address(scan: FileScan) -> None:
    """Add each lower-case Vietnamese form of address and given name in ``scan`` as a person, and take its
    span."""
    plain = scan.plain
    for m in _FORM.finditer(plain):
        i = scan.line_of(m.start())
        if i in scan.skip or scan.taken.overlaps(m.start(), m.end()):
            continue
        scan.add(i, m.group(0), "person", "typed_name")
        scan.taken.add(m.start(), m.end())
