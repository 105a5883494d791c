"""Diminutives of given names: a given name's opening and a diminutive ending ("tomek" of "tomasz", "ania" of
"anna", "juanito" of "juan"), read where a lone name may shorten a workspace's given name."""

from __future__ import annotations

from mdrecall.knowledge.lexicon.name_lists import DIMINUTIVE_ENDINGS, fold_accents, given_name

__all__ = ["diminutive_of", "diminutive_stems"]


def diminutive_of(short: str, given: str) -> bool:
    """Is ``short`` (lower case) a diminutive of the given name ``given`` (lower case, accents folded): the
    given name's opening and a diminutive ending ("tomek" of "tomasz", "grzesiu" of "grzegorz", "ania" of
    "anna", "juanito" of "juan")? The opening is two letters at least, and four where the short name is a
    known given name of its own ("bartek" of "bartlomiej", not "marek" of "martin")."""
    return fold_accents(short) != given and any(given.startswith(stem) for stem in diminutive_stems(short))


def diminutive_stems(short: str) -> tuple[str, ...]:
    """The openings a given name must start with for ``short`` (lower case) to be its diminutive
    (:func:`diminutive_of`): ``short`` without each diminutive ending it has ("tomek" → "tom"; "ania" →
    "a", too short, and "an", the n of "-nia" being Anna's own), each as long as the least opening."""
    short = fold_accents(short)
    if len(short) < 3:
        return ()
    least = 4 if given_name(short.capitalize()) else 2
    stems: dict[str, None] = {}
    for end in DIMINUTIVE_ENDINGS:
        if not short.endswith(end):
            continue
        cut = [short[: -len(end)]]
        if end[0] not in "aeiou":  # "ania": the n of "-nia" is Anna's own
            cut.append(short[: -len(end) + 1])
        stems.update((stem, None) for stem in cut if len(stem) >= least)
    return tuple(stems)
