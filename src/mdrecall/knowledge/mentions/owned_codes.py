"""A model's code after a word of owning or buying: "my ED80 on the mount", "uses a ZWO ASI533 on", "her
new RX100 died". Capitals and digits mixed are most often a form, a grade, a stage or a quarter ("her T1",
"the U10 parents", "Q4"); after an indefinite article or a possessive, with two capitals or more (or one
and three digits: "an A320"), perhaps after a maker's initials, and closing their phrase, they are a thing
someone has: a product."""

from __future__ import annotations

import re

from mdrecall.knowledge.mentions.acronym_slots import closes_phrase, plain_initials

__all__ = ["owned_code"]

#: A model's code: two to four capitals then digits ("ED80", "ASI533", "MV7"), or one capital and three
#: digits or more ("A320"), perhaps a few capitals after ("RX100M", "XT8i" is mixed case: not here).
_CODE = re.compile(r"(?:[A-Z]{2,4}\d{1,5}|[A-Z]\d{3,5})[A-Z]{0,3}")
#: The words of owning before it, perhaps a maker's initials between ("a ZWO ASI533"): not "the", which
#: names a stage, a form or a group as often ("the U11 girls", "the Q4 return").
_OWNED = re.compile(r"(?:^|[ (])(?:a|an|my|our|his|her|their|your|new|old)[ ](?:([A-Z]{2,5})[ ])?$")


def owned_code(word: str, before: str, after: str) -> str | None:
    """The name a model's code ``word`` makes with the text ``before`` it on its line ("ZWO ASI533" after
    "uses a "; "ED80" after "my "), given the text ``after`` it, or None."""
    if not _CODE.fullmatch(word):
        return None
    owned = _OWNED.search(before[-16:])
    if owned is None or not closes_phrase(after):
        return None
    maker = owned.group(1)
    if maker is None:
        return word
    return None if plain_initials(maker) else f"{maker} {word}"
