"""Names a dictated note writes only in lower case, read against the rest of the workspace. Pure.

Speech-to-text writes "bhosale came", "with meenal", "mhatre said": candidates
(:mod:`~mdrecall.knowledge.mentions.lower_people`), words no dictionary knows in a person's slot, that are
no entity on their own. The workspace often writes the same person once with capitals (MEMORY.md, a people
page: "Prakash Bhosale", "- Meenal Joshi — science teacher"). A candidate is

* the **surname** of the one accepted name of several words that ends with it, a person's or of no kind
  yet ("bhosale" → Prakash Bhosale), or
* the **given name** of the one name of several words opening with it whose other words are no English
  words, where the candidate is dictated in :data:`MIN_FILES` files or more ("meenal" → Meenal Joshi,
  a name read only as a list line's opening words), or else
* a **person of its own** where it is dictated in a person's slot in :data:`MIN_FILES` files or more and
  the workspace writes no longer name holding it ("mhatre said" … "to dr mhatre"); not a word of the
  given-name lists, which is a candidate wherever it stands ("thi", "uni"), nor an English word's
  derivative ("flaky").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mdrecall.knowledge.lexicon.lower_words import unlexed
from mdrecall.knowledge.lexicon.name_lists import unlexed_word
from mdrecall.knowledge.mentions.mention_readers import lower_words
from mdrecall.stores.views import KeySummary

__all__ = ["MIN_FILES", "link_dictated_names"]

#: Files that must dictate a candidate for it to name a person without a capitalised name of its own.
MIN_FILES = 2
#: Kinds a longer name may have for a candidate to be its surname.
_PERSONS = frozenset({"person", "unknown"})


def link_dictated_names(
    out: dict[str, str],
    stats: Mapping[str, tuple[int, bool]],
    kinds: Mapping[str, str],
    summaries: Callable[[Sequence[str]], list[KeySummary]],
) -> None:
    """Fold into ``out`` each dictated candidate (a one-word key written only in lower case as a person's
    ``name_start``, no English word) that names a person by the module's rules."""
    lone = [k for k in stats if k.isalpha() and k.islower() and k not in out and unlexed(k)]
    if not lone:
        return
    dictated = {s.key: s.files for s in summaries(sorted(lone)) if _dictated(s)}
    if not dictated:
        return
    ends: dict[str, list[str]] = {}
    opens: dict[str, list[str]] = {}
    for key in stats:
        words = key.split()
        if len(words) < 2:
            continue
        if words[-1] in dictated and out.get(key) == key and kinds.get(key, "unknown") in _PERSONS:
            ends.setdefault(words[-1], []).append(key)
        if words[0] in dictated and len(words) <= 3 and all(_foreign(w) for w in words[1:]):
            opens.setdefault(words[0], []).append(key)
    held = {w for key in stats if " " in key for w in key.split()}
    for word, files in dictated.items():
        if len(ends.get(word, ())) == 1:
            out[word] = ends[word][0]  # "bhosale came": Prakash Bhosale
        elif len(opens.get(word, ())) == 1 and files >= MIN_FILES:
            full = opens[word][0]
            root = out.setdefault(full, full)  # "- Meenal Joshi — science teacher" with "meenal says"
            out[word] = root
        elif files >= MIN_FILES and word not in held and word not in lower_words() and not _derived(word):
            out[word] = word  # "mhatre said" … "to dr mhatre"


def _dictated(summary: KeySummary) -> bool:
    """Is every mention of the key a lower-case person's candidate?"""
    return all(
        name == summary.key and kind == "person" and how == "name_start" for name, kind, how in summary.forms
    )


#: Endings that make an English adjective or noun of an English word ("flaky", "bossy", "tasteless").
_ENDINGS = ("y", "ly", "ish", "ful", "less", "ous", "able", "ness")


def _derived(word: str) -> bool:
    """Is the lower-case ``word`` an English word with one of :data:`_ENDINGS` ("flak-y", "flak-e-y")?"""
    for end in _ENDINGS:
        stem = word[: -len(end)]
        if word.endswith(end) and len(stem) >= 3 and any(not unlexed(s) for s in (stem, stem + "e")):
            return True
    return False


def _foreign(word: str) -> bool:
    """Is the lower-case ``word`` no English word, or a frequent one WordNet does not know ("joshi")?"""
    return unlexed(word) or unlexed_word(word)
