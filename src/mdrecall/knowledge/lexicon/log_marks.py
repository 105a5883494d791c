"""The marks an agent's (or a careful note-taker's) log puts where a name could stand: a type tag opening a
bullet (``- [fact] Works from home``, ``- [todo, due Fri] Ring the vet``), a day stamped before a colon
(``- 2/9: Kayak trip booked``), and a wiki link to a page by its address (``[[people/declan]]``,
``[[reading-list]]``). Pure data, read by the page's structure: none is a name.

* A bracketed tag of words opening a bullet is the line's type, as a checkbox or a clock time is its state
  or time: the word after it opens the line's sentence and is capitalised anyway.
* A numeric day then a colon is the line's date, not a label whose value is a name ("Bank: Triodos").
* A link target written as a page's address (a folder path, or a lower-case slug of several words) names
  the page, not the thing: the page's own title and text name that.
"""

from __future__ import annotations

import re

__all__ = ["DAY_STAMPED", "TAGGED", "page_address"]

#: Bullets, then a bracketed tag of a few words (a letter first, no nested brackets), then a space: the
#: word after it opens the line ("- [decision] Orla entered", "* [pref, strong] No calls before 9").
TAGGED = re.compile(r"[ \-*+>\t]*\[[A-Za-z][^\[\]\n]{0,30}\][ \t]+")
#: Bullets and a tag as :data:`TAGGED` (or none), then a numeric day and a colon ("- 2/9: Kayak trip",
#: "- [decision] 14/10/2026: ..."), then a space: the word after it opens the line.
DAY_STAMPED = re.compile(
    r"[ \-*+>\t]*(?:\[[A-Za-z][^\[\]\n]{0,30}\][ \t]+)?\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?[ \t]*:[ \t]+"
)
#: A page's address: folders and a file's name ("people/declan", "work/claim-hx-4471"), or one lower-case
#: slug of hyphened or underscored words ("reading-watch-list"); no capital letter, no space.
_ADDRESS = re.compile(r"[a-z0-9][a-z0-9_.-]*(?:/[a-z0-9_.-]+)+|[a-z0-9]+(?:[-_][a-z0-9]+)+(?:\.md)?")


def page_address(target: str) -> bool:
    """Is a wiki link's ``target`` a page's address rather than a name as written ("people/declan",
    "reading-watch-list"; not "Declan Kerr", "python", "Projects/Atlas")?"""
    return _ADDRESS.fullmatch(target.strip()) is not None
