"""Two lines naming one thing by a closed compound and by its head ("the shared sheet" … "the old
spreadsheet", "a homestay" … "the stay", "the cupboard" … "the board"): an English compound written as one
word ends with the noun it is a kind of, so the shorter word names the same thing, or a thing of that kind.

Read by the change lines' pass's likeness of two lines
(:meth:`~mdrecall.knowledge.changes.change_state.ChangeState.common`): such a word counts as shared, as an
entity named by another of its names does. Pure: it reads the two lines' word stems only, no list, no
workspace-wide table (a line's likeness to another does not change when a third line comes or goes).
"""

from __future__ import annotations

from collections.abc import Iterable, Set

__all__ = ["HEAD_LEAST", "MODIFIER_LEAST", "compound_heads"]

#: The fewest letters of a compound's head (a stem): shorter endings are suffixes and word pieces more often
#: than nouns ("-ing", "-ist", "-man").
HEAD_LEAST = 4
#: The fewest letters before the head in a compound ("spread" of "spreadsheet", "cup" of "cupboard"): a
#: shorter start is a prefix of a word ("re-", "un-", "de-").
MODIFIER_LEAST = 3


def compound_heads(a: Iterable[str], b: Set[str], shared: Set[str] = frozenset()) -> set[str]:
    """The words of ``b`` (stems) that are the head of a compound of ``a``'s, or a compound whose head is
    one of ``a``'s (``spreadsheet`` and ``sheet`` either way round), one per word of ``a``, leaving the words
    ``b`` shares with ``a`` and those in ``shared`` (counted already)."""
    out: set[str] = set()
    longest = max(map(len, b), default=0)
    for w in a:
        short = len(w) < HEAD_LEAST + MODIFIER_LEAST
        if w in b or (short and (len(w) < HEAD_LEAST or longest < len(w) + MODIFIER_LEAST)):
            continue  # (neither a compound nor the head of one of b's words: the common case, cheap)
        for v in sorted(b):
            if v in shared or v in out:
                continue
            if _head_of(w, v) or _head_of(v, w):
                out.add(v)
                break
    return out


def _head_of(compound: str, head: str) -> bool:
    """Is ``head`` the last part of the one word ``compound`` ("sheet" of "spreadsheet")?"""
    return (
        len(head) >= HEAD_LEAST
        and len(compound) - len(head) >= MODIFIER_LEAST
        and compound.endswith(head)
        and head.isalpha()
        and compound.isalpha()
    )
