"""Fields of study, which a school's notes capitalise as its subjects ("Physics class as usual", "wants
Chemistry on Saturday"): one such word is a subject, no entity, though it recurs across files as a name
does. From WordNet (``data/discipline_words.txt``, written by ``scripts/gen_discipline_words.py``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["discipline_word"]

_DATA = Path(__file__).parents[1] / "data" / "discipline_words.txt"


@cache
def _words() -> frozenset[str]:
    lines = _DATA.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def discipline_word(word: str) -> bool:
    """Is ``word`` (any case) a field of study WordNet writes only in lower case ("Physics", "Maths")?"""
    return word.casefold() in _words()
