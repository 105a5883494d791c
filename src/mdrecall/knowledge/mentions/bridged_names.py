"""Names whose capitalised parts a place's small words join, read whole where the parts say it is one name
("the Cat in the Fiddle Tavern", "Owl by the Bridge Inn"). A run of capitalised words stops at a lower-case
word, so such a name was read as two candidates, the second a fragment ("Fiddle Tavern") that is a false
name and the whole missed.

The evidence is the parts' own: one capitalised frequent English noun mid-sentence (capitalised only because
it is a name's word), "in the", "on the", "under the" or "by the", then a run of three words at most ending
in a venue's or an organisation's last word (Cafe, Hotel, Inn, Club, Museum:
:data:`~.name_words.PLACE_WORDS`, :data:`~.name_words.ORG_WORD`). Not a given name, a family word, a place
or a well-known name before the small words ("Starbucks in the Hilton Hotel", "Ana in the Lamb Inn": two
names), nor a word opening a sentence ("Lunch in the Dock Hotel").

Pure; :func:`~.capital_names.capital_candidates` calls it once per capitalised run, a look at the 80
characters after it (linear in a page)."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import CAPS, STOP
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, kin_word, known_name, places
from mdrecall.knowledge.lexicon.name_words import ORG_WORD, PLACE_WORDS

__all__ = ["bridged_run"]

#: A place's small words after a capitalised run, before the next one.
_BRIDGE = re.compile(r"[ ](?:in|on|under|by)[ ]the[ ](?=[^\W\d_])")
#: How far after a run its small words and the next run are looked for.
_REACH = 80
#: The most words of the run after the small words.
_MAX_TAIL = 3


def bridged_run(plain: str, words: list[str], end: int, opens: bool) -> tuple[list[str], int] | None:
    """The words of the run ``words`` (ending at ``end`` in ``plain``; ``opens``: it opens a sentence)
    joined to the run after a place's small words, and the joined run's end, where the two read as one
    venue's name ("Fox in the Snow Cafe"); else None."""
    if opens or len(words) != 1 or not _ordinary_noun(words[0]):
        return None
    limit = min(len(plain), end + _REACH)
    bridge = _BRIDGE.match(plain, end, limit)
    right = CAPS.match(plain, bridge.end(), limit) if bridge is not None else None
    if bridge is None or right is None:
        return None
    tail = right.group(0).split()
    if len(tail) > _MAX_TAIL or any(w in STOP for w in tail):
        return None
    if not (tail[-1] in PLACE_WORDS or ORG_WORD.match(tail[-1])):
        return None
    return [words[0], *bridge.group(0).split(), *tail], right.end()


def _ordinary_noun(word: str) -> bool:
    """Is ``word`` a frequent English word that is no given name, family word, place or well-known name
    ("Fox", "Owl"; not "Ana", "Mum", "Paris", "Starbucks")?"""
    return (
        word.isalpha()
        and word not in STOP
        and common_word(word)
        and not given_name(word)
        and not kin_word(word)
        and word not in places()
        and known_name(word) is None
    )
