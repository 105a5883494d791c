"""A question's name found only as another word is not the name (stage ``names``).

The keyword index stems and folds case, so "what is Biscuit eating these days" (a cat) matches "Tea
and biscuits from Kayani" on a meeting checklist as well as the notes about the cat, "Mark" matches
"marked", "Rose" matches "roses". A name is a word a question capitalises inside its sentence
(:func:`~mdrecall.search.supersede_wording.query_names`; not "I", a month or a weekday); a candidate
whose text holds one of the question's names only in another form (a word the keyword index reads as
the name's, by the same Porter stem, without the name itself in any case or with a possessive "'s":
"biscuits", "marked") and whose heading does
not hold it keeps :data:`NO_NAME_SHARE` of its score. A candidate that names the subject in no form is
left alone: a note may tell of someone without naming them ("Bluey on repeat at home"). Only a question
asks this: a statement (a claim searched for evidence) names its subject in other forms. Nothing is
fetched.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from mdrecall.models import Scored
from mdrecall.search.supersede_wording import query_names

__all__ = ["NO_NAME_SHARE", "apply_name_forms", "asked_names", "names_pattern"]

#: The share of its score a candidate holding a question's name only as another word keeps.
NO_NAME_SHARE = 0.85
#: A question: a wh-word or an auxiliary opening it, or a question mark closing it.
_QUESTION = re.compile(
    r"^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|has|have|had|can"
    r"|could|should|will|would)\b|\?\s*$",
    re.IGNORECASE,
)
#: Capitalised words that are no names: "I", the months and the days of the week ("what is planned for
#: 13 March" names a day).
_NOT_NAMES = frozenset(
    "i i'm i’m i've i’ve i'd i’d i'll i’ll january february march april may june july august september"
    " october november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday"
    " thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun easter christmas".split()
)


def asked_names(query: str) -> tuple[str, ...]:
    """The names a question asks about, lowercased, without a possessive ("what breed is Nonno's dog?"
    → ``("nonno",)``); empty for a statement or a question naming no one."""
    if not _QUESTION.search(query):
        return ()
    out: dict[str, None] = {}
    for name in query_names(query):
        bare = re.sub(r"['’]s?$", "", name)
        if len(bare) > 1 and bare not in _NOT_NAMES:
            out[bare] = None
    return tuple(out)


def _folded(word: str) -> str:
    """``word`` without its accents ("zoé" → "zoe"): notes often write a name without them."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def names_pattern(names: Sequence[str]) -> re.Pattern[str]:
    """A pattern finding one of ``names`` as a word of its own, any case, with or without its accents,
    a possessive allowed."""
    forms = {f for n in names for f in (n, _folded(n))}
    alts = "|".join(re.escape(n) for n in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?:{alts})(?:['’]s?)?(?![\w-])", re.IGNORECASE)


def apply_name_forms(
    items: Sequence[Scored], names: Sequence[str], share: float = NO_NAME_SHARE
) -> list[Scored]:
    """``items`` with each candidate holding one of ``names`` only as another word (its Porter stem
    found, the name itself not, in its text or heading) keeping ``share`` of its score (stage
    ``names``), re-sorted when one was."""
    out = list(items)
    if not names or not out or share >= 1.0:
        return out
    from mdrecall.stores.analysis import analyze  # the index's stems: only for a question naming someone

    pattern = names_pattern(names)
    terms = {t for n in names for t in analyze(n)}
    # the words that may share a name's stem: those opening with its first letters (a stem keeps them)
    heads = sorted({re.escape(f[:2]) for n in names for f in (n, _folded(n))})
    near = re.compile(r"\b(?:" + "|".join(heads) + r")\w*", re.I)
    # a word sharing a name's stem holds the stem's first letters (a cheap test before the patterns)
    starts = {t[:3] for t in terms} | {f[:3] for n in names for f in (n, _folded(n))}
    lowered = False
    for i, s in enumerate(out):
        c = s.chunk
        low = c.text.lower()
        if not any(h in low for h in starts):
            continue  # no form of it
        if pattern.search(c.text) or pattern.search(c.heading):
            continue
        if not terms.intersection(analyze(" ".join(near.findall(c.text)))):
            continue  # no form of it: a note may tell of someone without naming them
        out[i] = s.with_score("names", s.score * share)
        lowered = True
    return sorted(out, key=lambda s: -s.score) if lowered else out
