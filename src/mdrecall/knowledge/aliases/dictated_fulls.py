"""A full name found only opening lines, made a person by its given name dictated alone. Pure.

A people list opens its lines with names ("- Joy Chepngetich — my sister"), and a name whose given name is
an ordinary word and whose surname no list knows is read there only as a line's opening word
(``name_start``), never an entity. Where the notes dictate the given name alone in lower case as a person
("joy came last night", "joy says she will come": :mod:`~mdrecall.knowledge.mentions.lower_people`) in two
files or more, the longer name is that person, and the given name alone means it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mdrecall.knowledge.lexicon.lower_words import unlexed
from mdrecall.stores.views import KeySummary

__all__ = ["link_dictated_fulls"]

#: Files that must write the given name alone, in lower case, as a person.
MIN_FILES = 2


def link_dictated_fulls(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    summaries: Callable[[Sequence[str]], list[KeySummary]],
) -> None:
    """Accept into ``out`` a name of two or three words found on no evidence of its own whose words after
    the first are no English words, where its first word alone is written in lower case as a person in
    :data:`MIN_FILES` files or more and opens no other such name; fold the first word into it."""
    fulls: dict[str, list[str]] = {}
    for key, (_files, strong) in stats.items():
        words = key.split()
        if strong or key in out or not 2 <= len(words) <= 3 or not words[0].isalpha():
            continue
        if all(unlexed(w) for w in words[1:]):
            fulls.setdefault(words[0], []).append(key)
    if not fulls:
        return
    for summary in summaries(sorted(fulls)):
        first = summary.key
        if len(fulls[first]) != 1 or out.get(first, first) != first:
            continue
        dictated = sum(
            n for (name, kind, _how), n in summary.forms.items() if name == first and kind == "person"
        )
        if summary.files >= MIN_FILES and dictated >= MIN_FILES:
            full = fulls[first][0]
            out[full] = full
            out[first] = full
