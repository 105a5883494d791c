"""The subject words of a fact line, as the change lines' pass reads them
(:mod:`mdrecall.knowledge.changes.change_state`): its subject stems (a family relation's words as its head
word), the names it writes by another name than their entity's, its labels of more than one word and the words
each may be written as, its words as stems in order (what a label is looked up in), and the things its change
wordings are said of."""

from __future__ import annotations

import functools

from mdrecall.knowledge.fact_lines.fact_values import kin_words, stem
from mdrecall.knowledge.fact_lines.fact_words import WORD
from mdrecall.knowledge.fact_lines.facts import CHANGE, Fact, subject_words

__all__ = ["changed_things", "label_anchors", "labels_of", "named_words", "said_stems", "subject_stems"]


@functools.lru_cache(maxsize=1 << 12)
def subject_stems(text: str) -> set[str]:
    """The subject words of ``text``, a family relation's words as its head word (:func:`kin_words`)."""
    return kin_words(subject_words(text))


def named_words(
    names: tuple[tuple[str, str], ...], words: set[str]
) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(the subject words of the name as written, those of its entity's key) of each of ``names`` (the
    name as written, the entity's key: "dado", "davide conti") whose entity's words the line (of subject
    words ``words``) writes none of: the entity a line names by another name. A line writing a word of the
    entity's own name ("Kemal" of Kemal Aydın) shares it with the lines writing it already."""
    out = []
    for form, root in names:
        entity = frozenset(subject_stems(root))
        if entity and entity.isdisjoint(words):
            out.append((frozenset(subject_stems(form)), entity))
    return tuple(out)


def labels_of(f: Fact) -> tuple[str, ...]:
    """The labels of more than one word of a free label line (its ``k:`` slots, :func:`~mdrecall.knowledge.
    fact_fields.field_of`: ``on-call-lead`` of "On-call lead: Davide Conti"); none for another line."""
    if not f.values or "k:" not in f.values[0]:
        return ()
    return tuple(v[2:] for value in f.values for v in value.split() if v.startswith("k:") and "-" in v)


@functools.lru_cache(maxsize=1 << 12)
def label_anchors(label: str) -> frozenset[str]:
    """The subject words a line naming ``label`` may hold, its parts read as words or hyphenated words
    ("on-call-lead": "on-call lead" or "on call lead"), by which the lines naming it are found again when
    its lines change (:func:`~mdrecall.knowledge.changes.change_pairs.change_update`)."""
    parts = label.split("-")
    out: set[str] = set()
    for joins in range(1 << (len(parts) - 1)):
        text = parts[0]
        for k, part in enumerate(parts[1:]):
            text += ("-" if joins >> k & 1 else " ") + part
        out |= subject_stems(text)
    return frozenset(out)


def said_stems(words: str) -> str:
    """A line's words as stems in their order, hyphens as spaces, space-joined with a space at each end
    (what a label is looked up in:
    :meth:`~mdrecall.knowledge.changes.change_state.ChangeState.named_labels`)."""
    said = " ".join(stem(w) for w in WORD.findall(words.lower()) if w not in _LABEL_JOINS)
    return f" {said.replace('-', ' ')} "


#: Words a label may hold between its first and last word, left out of its key (as
#: :func:`~mdrecall.knowledge.fact_lines.fact_fields.field_of` leaves them out).
_LABEL_JOINS = frozenset({"of", "and", "for", "on", "in"})


def changed_things(words: str) -> tuple[str, ...]:
    """The stems of the words right before a line's change wordings, where subject words: what each
    change is said of ("Ledgerline moves to Ravi's squad", "the go-live pushed back to Q2")."""
    out: list[str] = []
    for m in CHANGE.finditer(words):
        before = words[: m.start()].split()
        stems = subject_stems(before[-1]) if before else set()
        if len(stems) == 1:
            out += stems
    return tuple(out)
