"""A question's word that no note holds is searched in its WordNet synonyms (stage ``related``).

"Where do we get our vegetables?" is answered by "Ceres Fair Food does all our veg": no note says
"vegetables", so the keyword leg finds nothing for it. Such a word (written in lowercase: "Leo" is a
name, not a lion) is searched in its synonyms (:func:`~mdrecall.text.synonyms.related_words`:
vegetables → veg, veggie; reservations → booking), weighed below the question's own words. A word the
notes do hold is left as it is: it already finds its notes, and its synonyms would only bring in more
of other senses (searching every word's synonyms cost SciFact nDCG@10 0.004 and LoCoMo single-hop 0.003,
and brought in an older line no fact pairs with the newer one). One more keyword query per missing word
(cached per term by the SQLite store) and one for their synonyms; none when every word is found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.models import Candidate
from mdrecall.search.snippets import query_stems
from mdrecall.stores.base import Store
from mdrecall.text.query import KeywordQuery
from mdrecall.text.synonyms import related_words
from mdrecall.text.tokens import tokenize

__all__ = ["RELATED_WEIGHT", "add_related", "missing_words", "related_candidates"]

#: What a synonym weighs against the question's own word: the synonym's other sense may be the one a
#: note means ("reserve" for "reservation").
RELATED_WEIGHT = 0.5


def missing_words(store: Store, kq: KeywordQuery, sources: Sequence[str] | None = None) -> list[str]:
    """The question's terms written in lowercase that have WordNet synonyms and are in no chunk (of
    ``sources``): the words the keyword leg cannot find as they are."""
    lower = set(re.findall(r"\b[a-z]+\b", kq.text[:20_000]))
    words = [t for t in kq.terms if t in lower and related_words([t])]
    return [w for w in words if not store.search_text(KeywordQuery(w, (w,)), 1, sources)]


def related_candidates(
    store: Store, related: Sequence[str], limit: int, sources: Sequence[str] | None = None
) -> list[Candidate]:
    """BM25 candidates of ``related`` words, each chunk's score over how many of them it names: "repair",
    "mend" and "fix" in one note are one meaning (Lucene's ``SynonymQuery``)."""
    if not related:
        return []
    stems = query_stems(related)
    found = store.search_text(KeywordQuery("", (), instances=tuple(related)), limit, sources)
    out = []
    for c in found:
        many = max(1, len(query_stems(tokenize(c.chunk.text)) & stems))
        out.append(Candidate(c.chunk, c.raw_score / many, c.rank))
    return out


def add_related(
    base: Sequence[Candidate], related: Sequence[Candidate], limit: int, weight: float = RELATED_WEIGHT
) -> list[Candidate]:
    """The keyword candidates with the synonyms' merged in: a chunk's raw BM25 is its terms' plus
    ``weight`` times its synonyms' (BM25 sums over terms: one BM25 with the synonyms weighed down), best
    first, at most ``limit``."""
    if not related:
        return list(base)
    chunks = {c.chunk.id: c.chunk for c in base}
    score = {c.chunk.id: c.raw_score for c in base}
    for c in related:
        chunks.setdefault(c.chunk.id, c.chunk)
        score[c.chunk.id] = score.get(c.chunk.id, 0.0) + weight * c.raw_score
    best = sorted(score, key=lambda cid: -score[cid])[:limit]
    return [Candidate(chunks[cid], score[cid], i) for i, cid in enumerate(best)]
