"""Names of capitalised words joined by small lower-case words: "Read the Docs", "the Cask and Barrel",
"Head of the Forth". Pure.

Capitalised ordinary words joined by "the", "and" or "of the" inside a sentence are written so because
together they name one thing (a service, a pub, a race, a charity: "Friends of the Earth", "the Rose and
Crown"); read word by word they give fragments ("Read", "Docs", "Head") that are no names. Each joining
word needs its own evidence that the run is one name and not prose or two names:

* ``X the Y`` after a lower-case word ("hosted on Read the Docs"): a capital mid-sentence before "the";
* ``the X and Y`` ("drinks at the Cask and Barrel"): "the" before both, one word each side ("Dana and
  Bo", "Python and Rust": given, known or place names on either side are two names, not one);
* ``X of the Y`` after a lower-case word, a label or a comma ("Next race: Head of the Forth"), not after
  a determiner or "as"/"is" ("our Chair of the Board", "as Head of the Department": a role).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import given_name, known_name, places

__all__ = ["linked_names", "partner_kind"]

_UP = "A-Z" + "".join(c for c in map(chr, [*range(0xC0, 0x250), *range(0x1E00, 0x1F00)]) if c.isupper())
_LO = "a-z" + "".join(c for c in map(chr, [*range(0xC0, 0x250), *range(0x1E00, 0x1F00)]) if c.islower())
_CAP = rf"[{_UP}][{_LO}]+"
#: A joining word before a capital: where such a name may be (read first: most text has none).
_LINK = re.compile(rf"[ ](of[ ]the|and|the)[ ](?=[{_UP}])")
#: The capitalised word before the joining word, not glued to more text.
_FIRST = re.compile(rf"(?<![\w'’&-]){_CAP}\Z")
#: One to three capitalised words after it.
_REST = re.compile(rf"{_CAP}(?:[ ]{_CAP}){{0,2}}(?![\w'’&-])")
#: Words before "X of the Y" that make it a role ("our Head of the Department", "as Chair of the Board").
_ROLE_BEFORE = frozenset(
    "the a an our my his her their your its new as is was be acting interim former deputy vice".split()
)
#: "from X to Y", "from Y to X": a move between two things of one kind ("from Read the Docs to GitHub Pages").
_TO_NEXT = re.compile(rf"[ ]to[ ]((?:{_CAP}|[{_UP}][\w]+)(?:[ ][{_UP}][\w]+)*)")
_FROM_BEFORE = re.compile(rf"\bfrom[ ]((?:[{_UP}][\w]+)(?:[ ][{_UP}][\w]+)*)[ ]to[ ]$")
#: How much of a line before a name is read (its last word, a label's colon, a comma).
_BEFORE = 80
_LOWER_WORD = re.compile(rf"(?:^|[ (])([{_LO}]+)[ ]$")


def _plain_word(word: str) -> bool:
    """A capitalised word that is no name on its own: not a calendar or small word, a given name, a
    well-known name or a known place (those make "X and Y" two names)."""
    return word not in STOP and not given_name(word) and known_name(word) is None and word not in places()


def linked_names(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, name) of each name of capitalised words joined by small words in ``text`` (a name never
    runs across lines)."""
    for m in _LINK.finditer(text):
        head = _FIRST.search(text, max(0, m.start() - 40), m.start())
        tail = _REST.match(text, m.end())
        if head is None or tail is None:
            continue
        at, first, link, rest = head.start(), head.group(0), m.group(1), tail.group(0).split()
        before = _line_before(text, at)
        prev = _LOWER_WORD.search(before)
        if link == "and":
            ok = len(rest) == 1 and before.endswith("the ") and _plain_word(rest[0])
            stop = m.end() + len(rest[0])
        else:
            stop = tail.end()
            if link == "the":
                ok = prev is not None and prev.group(1) not in _ROLE_BEFORE
            else:
                ok = (prev is not None and prev.group(1) not in _ROLE_BEFORE) or before.rstrip().endswith(
                    (":", ",")
                )
            ok = ok and all(_plain_word(w) or link == "of the" for w in rest)
        if ok and _plain_word(first):
            yield at, stop, text[at:stop]


def _line_before(text: str, at: int) -> str:
    """The line's text before ``at``, at most :data:`_BEFORE` characters of it (a cut line opens with a NUL,
    so that no word is read as the line's first): a long line of names costs no more per name."""
    cut = max(0, at - _BEFORE)
    nl = text.rfind("\n", cut, at)
    if nl >= 0 or cut == 0:
        return text[nl + 1 : at]
    return "\0" + text[cut:at]


def partner_kind(before: str, after: str) -> str | None:
    """The kind of the well-known name a name is moved from or to ("moved from Read the Docs to GitHub
    Pages": a product, as GitHub Pages is), or None: the two ends of a move are things of one kind, and
    the move's words alone ("from", "to") would read as places."""
    partner = None
    if before.endswith("from "):
        partner = _TO_NEXT.match(after)
    elif before.endswith(" to "):
        partner = _FROM_BEFORE.search(before)
    known = known_name(partner.group(1)) if partner is not None else None
    return known.kind if known is not None else None
