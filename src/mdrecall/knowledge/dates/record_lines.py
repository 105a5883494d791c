"""A line labelled as a record of news learned ("Noted: ...", "Heard: ...", "Spotted: ...", "Per Ana: ...",
"FYI: ..."): what an assistant keeping someone's memory writes down of what it was told or saw, unlike
"Did: ..." (its own act that day). Pure; used by :mod:`mdrecall.knowledge.dates.line_day`.

In such a line the telling is how the news came, not what the line is about: "Noted: Ana called. From
May 1 the rate is $5" and "Noted: Bo emailed: the hearing is on June 3 at 2 pm" are about May 1 and June
3, where the writer's own report "Ana called: the rate goes up from May 1" is about the call, the day
written. A label says a line records news received when it is

* a verb of noting or learning in its past form ("noted", "learned", "found out"), or any verb in its past
  form whose commonest sense is a kind of perceiving (``data/perceive_verbs.txt``, generated from WordNet
  by ``scripts/gen_perceive_verbs.py``: "heard", "spotted", "overheard", "noticed", "detected",
  "glimpsed"); not perceiving on purpose ("listened", "watched", "looked": the writer's own act), nor
  "saw" (as often a visit: "Saw: Dr Lee");
* the source of what follows ("Per Ana", "Via the school", "According to Bo"; not "Heard from the
  landlord: nothing yet", which tells of the hearing);
* a noun of news ("FYI", "news", "gossip", "rumour", "intel", "heads-up").
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.text.past_verbs import past_verb

__all__ = ["records_news"]

#: A list item's label: its first words up to a colon, maybe in bold.
_LABEL = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)?(?:\*\*|__)?"
    r"(?P<label>[A-Za-z][A-Za-z'’ -]{0,32}?)(?:\*\*|__)?\s*:"
)
#: Labels read as news whatever the table says: verbs of noting and learning, nouns of news.
_NEWS_WORDS = frozenset({
    "noted", "learned", "learnt", "seen", "found out", "fyi", "news", "gossip",
    "rumour", "rumours", "rumor", "rumors", "intel", "heads-up", "heads up", "tidings",
})  # fmt: skip
#: A label naming where news came from ("Per Ana", "Via the school office", "According to Bo").
_SOURCE = re.compile(r"(?:per|via|according\s+to|as\s+per)\s+\S")


def records_news(low: str) -> bool:
    """Whether ``low`` (a line, in lower case or as written) opens, after its list marker, with a label
    saying it records news received (module docstring: "- Noted: ...", "**Spotted:** ...", "Per Ana: ...")."""
    m = _LABEL.match(low)
    if m is None:
        return False
    label = m.group("label").strip().lower()
    return label in _NEWS_WORDS or _SOURCE.match(label) is not None or _perceived(label)


_DATA = Path(__file__).parents[1] / "data" / "perceive_verbs.txt"


@cache
def _perceive_verbs() -> frozenset[str]:
    if not _DATA.is_file():
        return frozenset()
    lines = _DATA.read_text(encoding="utf-8").splitlines()
    return frozenset(x for x in lines if x and not x.startswith("#"))


@cache
def _perceived(word: str) -> bool:
    """Whether ``word`` is a verb's past form ("spotted", "overheard", "noticed") whose commonest sense is
    a kind of perceiving."""
    if not word.isalpha() or not past_verb(word):
        return False
    verbs = _perceive_verbs()
    if word.endswith("ed") and not word.endswith("eed"):
        return word in verbs or any(b in verbs for b in (word[:-2], word[:-1], word[:-3]))
    return word in verbs and word != "see"
