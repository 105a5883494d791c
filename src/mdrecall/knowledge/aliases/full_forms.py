"""One person's full name written shorter: without a middle name or initial ("Anna Kowalska" for Anna Maria
Kowalska, "Thomas Baker" for Thomas R. Baker) or with a short form of the given name ("Ben Okoro" for
Benjamin Okoro). Read by :class:`~mdrecall.knowledge.index.EntityIndex` before the first-name links, when
``entities.auto_aliases`` is on: two full names of one person made the first name alone look shared, so it
was linked to neither.

The shorter name folds into the one longer accepted person's name with its surname whose given name is the
same (a middle given name or an initial between) or which it shortens (a listed nickname, or the given
name's opening of three letters or more). Two longer names it could be, neither. Surnames of more than
:data:`MOST_PER_SURNAME` accepted names are left alone (a table of a family's members): linear in the names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mdrecall.knowledge.aliases.given_forms import PARTICLES
from mdrecall.knowledge.lexicon.name_lists import given_name, nicknames

__all__ = ["MOST_PER_SURNAME", "fold_shorter_fulls"]

#: Accepted names ending with one surname beyond which its names are not compared.
MOST_PER_SURNAME = 24

_INITIAL = re.compile(r"^[a-z]\.?$")


def _middle(word: str) -> bool:
    """Is ``word`` (an entity key's) a middle name or initial ("r.", "maria")?"""
    return bool(_INITIAL.match(word)) or (word not in PARTICLES and given_name(word.capitalize()))


def _shortens(short: str, given: str) -> bool:
    """Is the given name ``short`` a short form of ``given`` (a listed nickname, or its opening)?"""
    return short != given and (
        given in nicknames().get(short, ()) or (len(short) >= 3 and given.startswith(short))
    )


def fold_shorter_fulls(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` each accepted two-word name that is the one longer person's name it shortens (see
    the module), with the names already folded into it."""
    by_surname: dict[str, list[str]] = {}
    for key, root in out.items():
        words = key.split()
        if 2 <= len(words) <= 3 and root == key and words[-1].isalpha() and len(words[-1]) > 1:
            by_surname.setdefault(words[-1], []).append(key)
    members: dict[str, list[str]] = {}
    for key, root in out.items():
        members.setdefault(root, []).append(key)
    for names in by_surname.values():
        if len(names) < 2 or len(names) > MOST_PER_SURNAME:
            continue
        longer = [n for n in names if kinds.get(n) == "person" and stats.get(n, (0, False))[1]]
        for short in names:
            words = short.split()
            if len(words) != 2 or kinds.get(short, "unknown") not in ("person", "unknown"):
                continue
            meant = [
                n
                for n in longer
                if n != short
                and (
                    (len(n.split()) == 3 and n.split()[0] == words[0] and _middle(n.split()[1]))
                    or (len(n.split()) == 2 and _shortens(words[0], n.split()[0]))
                )
            ]
            if len(meant) == 1 and out.get(short) == short:
                moved = members.pop(short, [short])
                for k in moved:
                    out[k] = meant[0]
                members.setdefault(meant[0], []).extend(moved)
    for key in list(out):  # a name folded into one folded later: to where that went
        root = out[key]
        for _ in range(3):
            if out.get(root, root) == root:
                break
            root = out[root]
        out[key] = root
