"""A second name that is a given name too, read alone as its person's surname ("Kiprono Langat", "Esther
Moraa", "Dennis Kiptoo": in much of East Africa, and elsewhere, a person's second name is a given name
where it comes from, and the name they are called by), where the workspace does not write it otherwise:
as no one else's first name, no place ("drove to Preston") and no relative's bare name ("my brother
Kamau"). Used by :func:`~.name_links.surnames` and :func:`~.name_links.link_surnames`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mdrecall.knowledge.lexicon.name_lists import given_name, kin_word
from mdrecall.stores.base import Store
from mdrecall.text.query import build_keyword_query

__all__ = ["SAMPLE", "given_surname", "written_placed"]

#: Chunks :func:`written_placed` reads (the best keyword matches of the word).
SAMPLE = 8


def given_surname(full: str, last: str, firsts: Mapping[str, list[str]], kinds: Mapping[str, str]) -> bool:
    """May ``last``, a given name too, be read alone as the surname of the person's name ``full`` ("Kiprono
    Langat", "Esther Moraa", "Rose Achieng": a second name that is a given name where it comes from, by
    which a person is called)? Where a given name opens ``full`` or the workspace types it a person, no
    longer name opens with ``last`` (it is no one else's first name), and nothing types it alone other
    than a person or nothing."""
    first = full.split()[0]
    return (
        (given_name(first.capitalize()) or kinds.get(full) == "person")
        and last not in firsts
        and kinds.get(last, "unknown") in ("person", "unknown")
    )


def written_placed(store: Store, word: str) -> bool:
    """Does the workspace write ``word`` after words of place (:data:`_PLACE_BEFORE`: "drove to Preston",
    "the warehouse in Ennis") or as a relative's bare name ("my brother Kamau": the writer's family, named
    by the given name, not someone else's surname) in one of the :data:`SAMPLE` chunks its keyword search
    finds first?"""
    kq = build_keyword_query(word)
    if not kq.terms:
        return False
    placed = re.compile(rf"\b(?:{_PLACE_BEFORE})\s+{re.escape(word)}\b", re.IGNORECASE)
    kin = re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+([a-z-]+)\s+{re.escape(word)}\b", re.IGNORECASE)
    for c in store.search_text(kq, SAMPLE):
        if placed.search(c.chunk.text) or any(_kin(m[1]) for m in kin.finditer(c.chunk.text)):
            return True
    return False


def _kin(word: str) -> bool:
    """A word for a relative: ``kin_words.txt``'s (parents, children, siblings, spouses) or a wider one."""
    return kin_word(word) or word.casefold() in _WIDER_KIN


#: Relatives ``kin_words.txt`` leaves out, named bare by a writer too ("my cousin Wambui").
_WIDER_KIN = frozenset("cousin aunt auntie aunty uncle niece nephew in-law stepson stepdaughter".split())
#: Words before a place's name, not a person's ("in", "near"; "drove to", "the road to": not "send it to",
#: "from", "at": a person is written so too).
_PLACE_BEFORE = (
    r"in|near|outside|around|via|(?:drove|drive|driving|flew|fly|flying|went|moved|moving|travelled|"
    r"traveled|trip|road|train|bus|flight|way|back|return(?:ed|ing)?|heading|headed)\s+to"
)
