"""A full name written in lower case as a list item's label, among people's names so written ("## Team",
"- Owen Castellanos: my manager", "- Rosa Jiménez: SRE", "- jun park: QA"): a person too. Read by
:func:`~.marked_names.add_marked` after the speaker labels, whose people it counts.

A lower-case phrase before a colon is mostly a field ("- next step: book the van", "- car park: full"), so
it is read only where its list already labels two people or more with capitalised full names, it has two or
three words of letters, none a stop word, and the first is a known given name ("jun", "maria").
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import LABEL_STOP
from mdrecall.knowledge.lexicon.name_lists import given_name, lower_noun
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["add_lower_labels"]

#: A list item opening with two or three lower-case words and a colon.
_LOWER_LABEL = re.compile(
    r"^[^\S\n]*[-*+][^\S\n]+(?P<n>[a-zà-ɏ][a-zà-ɏ'’-]+(?:[ ][a-zà-ɏ][a-zà-ɏ'’-]+){1,2}):[^\S\n]", re.M
)
#: A list item's marker opening a line.
_ITEM = re.compile(r"[^\S\n]*[-*+][^\S\n]")
#: People labelled with capitalised full names a list must hold for a lower-case label to be one more.
MIN_PEOPLE = 2


def add_lower_labels(scan: FileScan) -> None:
    """Add each lower-case full name labelling a list item whose list labels people (see the module)."""
    found = [
        (scan.line_of(m.start()), m)
        for m in _LOWER_LABEL.finditer(scan.text)
        if _name_words(m.group("n").split())
    ]
    found = [(i, m) for i, m in found if i not in scan.skip and i not in scan.heads]
    if not found:
        return
    block = _list_blocks(scan.lines)
    people: dict[int, int] = {}  # list → its items labelled with a person's full name
    for i, names in scan.per_line.items():
        if block[i] >= 0 and any(how == "speaker" and len(n.split()) > 1 for n, _k, how in names):
            people[block[i]] = people.get(block[i], 0) + 1
    for i, m in found:
        if block[i] >= 0 and people.get(block[i], 0) >= MIN_PEOPLE:
            scan.add(i, m.group("n"), "person", "speaker")
            scan.body[i] = m.end()


def _name_words(words: list[str]) -> bool:
    """Could ``words`` (lower case) be a given name and a surname: no stop word, no label's word unless a
    given name ("jun" is a month's too), a known given name first, a last word that is no noun never
    capitalised?"""
    return (
        not any(w in STOP_WORDS or (w in LABEL_STOP and not given_name(w.capitalize())) for w in words)
        and given_name(words[0].capitalize())
        and not lower_noun(words[-1])
    )


def _list_blocks(lines: list[str]) -> list[int]:
    """Each line's list (a run of item lines, numbered from 0), or -1 for a line that is no item."""
    out: list[int] = []
    current, previous = -1, False
    for line in lines:
        item = _ITEM.match(line) is not None
        if item and not previous:
            current += 1
        out.append(current if item else -1)
        previous = item
    return out
