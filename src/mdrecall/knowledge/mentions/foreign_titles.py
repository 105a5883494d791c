"""A work's title in quotes, written in the sentence case of another language ("Nhà giả kim", "Chiếc lược
ngà", "Cien años de soledad"), on a line that speaks of a work (for
:func:`mdrecall.knowledge.mentions.phrase_names.add_phrases`): read whole as a work before the capitalised
runs cut it to its first word, which is capitalised only as the title's opening.

English titles in quotes are read by their capitalised words (:mod:`.phrase_names`); a quote in another
language is told by its letters: an accented letter English does not write. A quoted message ("Dạ em gửi
rồi") is no title: the line must name a work's medium or a verb of reading or watching.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import UPPER_LETTERS
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["add_foreign_titles"]

#: A quote opening with a capital, one to eight words (a comma, a digit inside), closed on the same line.
_QUOTED = re.compile(
    rf"(?:(?<=[\s(\[:;,])|^)[\"“](?P<t>[{UPPER_LETTERS}][^\W\d_]*(?:,?[ ][\w'’-]+){{0,7}})[\"”](?!\w)", re.M
)
#: Words of a line that speaks of a work: its medium or a verb of reading, watching or listening.
_WORK_CUE = re.compile(
    r"\b(?:watch(?:ed|ing)?|re-?read(?:ing)?|read(?:ing)?|finished|listen(?:ed|ing)?|book|books|novel|film"
    r"|movie|series|show|song|album|poem|story|play|notes|chapter|author|podcast|episode)\b",
    re.I,
)


def _foreign(title: str) -> bool:
    """Does ``title`` hold a letter English does not write (an accent or a letter of another alphabet)?"""
    return any(not c.isascii() and c.isalpha() for c in title)


def add_foreign_titles(scan: FileScan) -> None:
    """Add each quoted title of another language on a line that speaks of a work, as a work, and take its
    span."""
    plain = scan.plain
    for m in _QUOTED.finditer(plain):
        title = m.group("t")
        if not _foreign(title):
            continue
        i = scan.line_of(m.start())
        if i in scan.skip or i in scan.heads or scan.taken.overlaps(m.start("t"), m.end("t")):
            continue
        line = scan.lines[i]
        if _WORK_CUE.search(line) is None:
            continue
        scan.add(i, title, "work", "typed_name")
        scan.taken.add(m.start("t"), m.end("t"))
