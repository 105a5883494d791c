"""Whether a plain label opening a line ("Dev:", "[19:02] Grace Wanjiku:") is someone speaking (for
:func:`mdrecall.knowledge.mentions.marked_names`), or a field's label ("Risk:", "Attendees:", "Spat:")."""

from __future__ import annotations

import re
from functools import lru_cache

from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, known_name
from mdrecall.knowledge.mentions.family_runs import familiar_prefix

__all__ = ["chat_name", "person_label"]


def person_label(name: str, repeated: int, text: str) -> bool:
    """Is a plain ``Name:`` label opening a line a person speaking (not "Risk:", "Owner:", "Redis:")?

    Yes when it starts with a known given name, opens three lines or more (a transcript's speakers), or
    is the first word of a longer capitalised name in the same file ("Dev:" beside "Dev Anand"); never an
    ordinary word's past form ("Noted:", "Decided:", opening an agent's log lines).
    """
    words = name.split()
    if any(w in STOP for w in words) or known_name(name) is not None:
        return False
    if given_name(words[0]):
        return True
    if len(words) == 1:
        if common_word(name) and _list_label(name, text):
            return False  # "Attendees: Riaan, Lindiwe, Ayesha": a list's label, not someone speaking
        if len(name) > 4 and name.endswith("ed") and common_word(name):
            return False  # "Noted:", "Decided:": a log's verb of what was done, however often it opens lines
        return repeated >= 3 or _opens_longer(name, text)
    return False


def _opens_longer(name: str, text: str) -> bool:
    """Is ``name`` the first word of a longer capitalised name in ``text`` ("Dev Anand", "met Dev Anand";
    not "Spat" of "Supplier: Channel Spat Ltd", where a capitalised word inside the sentence comes before)?"""
    for m in re.finditer(rf"(?<![\w-]){re.escape(name)} [A-Z][a-z]", text):
        window = text[max(0, m.start() - 40) : m.start()]
        prev = _CAPITAL_BEFORE.search(window)
        if prev is None or _SENTENCE_OPENS.search(window, 0, prev.start()):
            return True  # no capitalised word before, or one opening a sentence ("Met Dev Anand")
    return False


#: A capitalised word right before a name, and what opens a sentence before that word.
_CAPITAL_BEFORE = re.compile(r"[A-Z][\w'’-]* \Z")
_SENTENCE_OPENS = re.compile(r"(?:\A|[.!?\n]|^[ \t]*[-*+])[ \t]*\Z", re.M)


#: A capitalised name of one or two words in a label's list.
_LISTED = r"[A-Z][\w'’.-]*(?:[ ][A-Z][\w'’.-]*)?"


@lru_cache(maxsize=256)
def _list_label(name: str, text: str) -> bool:
    """Does the label ``name:`` open a line of two names or more joined by commas and nothing else
    ("Attendees: Riaan, Lindiwe, Ayesha", "Present: Ana, Bo")? Once per label and page."""
    list_line = rf"(?m)^[ \t]*(?:[-*+][ ])?{re.escape(name)}:[ ]*{_LISTED}(?:,[ ]*{_LISTED})+[ ]*\.?[ \t]*$"
    return re.search(list_line, text) is not None


def chat_name(name: str) -> bool:
    """Is ``name``, a label after a chat export's time stamp ("[19:02] Grace Wanjiku:"), someone speaking:
    capitalised words, none a stop word ("Note:") or a well-known name (a bot, a service)?"""
    words = name.split()
    familiar = familiar_prefix(words)  # "Ah Boon:"
    return (
        all(w[:1].isupper() and (w not in STOP or (familiar and not j)) for j, w in enumerate(words))
        and known_name(name) is None
    )
