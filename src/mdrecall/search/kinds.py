"""A question that names a kind of technology finds the notes naming an instance of it. Pure.

"What did we decide about the database?" holds no database's name, and the note that answers it
("PostgreSQL (not MongoDB) for bookings") holds no word of the question but the kind's instances: a
keyword index scores it on "decide" alone, like any other decision. Here a query naming a kind
(:data:`KINDS`: database, framework, cloud, queue, CI; not "language", which a question asks of
people's languages as often as of programming ones) lifts each candidate whose text names
an instance of that kind by :data:`KIND_BOOST` (a share of its score), so among candidates that match the
rest of the question, the one naming a database ranks first. Nothing is fetched: the stage only
reorders candidates the legs found. A small shipped list, English only; see ``docs/search.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from mdrecall.models import Candidate, Chunk, Scored
from mdrecall.search.snippets import query_stems, term_matches
from mdrecall.stores.base import Store
from mdrecall.text.kind_words import TECH_KINDS, number_forms
from mdrecall.text.query import KeywordQuery, asks_for_code_language
from mdrecall.text.tokens import tokenize

__all__ = [
    "ENTITY_KINDS",
    "KINDS",
    "KIND_BOOST",
    "animals_named_with",
    "apply_entity_kinds",
    "apply_kind_instances",
    "asked_entity_kinds",
    "asked_kinds",
    "confirmed_rare",
    "members_named",
    "one_term_instances",
]

#: A kind's words (as a query writes them) → names of its instances (matched whole, any case); the
#: table the keyword query is widened with (:data:`mdrecall.text.kind_words.TECH_KINDS`).
KINDS: dict[tuple[str, ...], list[str]] = {words: list(names) for words, names in TECH_KINDS.items()}
#: How much a candidate naming an instance of the asked kind is lifted (a share of its score).
KIND_BOOST = 0.25


#: A kind's word in a question → the entity kinds (as the extractor stores them per mention) of its
#: instances: "which *books*", "what *pets*", "which *city*". English only; not the words a question
#: uses as verbs or for the thing itself ("read", "play", "place", "painting", "charity", "library").
ENTITY_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        "book books novel novels author authors film films movie movies song songs album albums band bands"
        " artists series podcast podcasts poem poems".split(),
        ("work",),
    ),
    **dict.fromkeys("game games".split(), ("product", "work")),
    # An app, a brand, a gadget is a product: never a book or a film a reading list names.
    **dict.fromkeys("app apps product products gadget gadgets".split(), ("product",)),
    # a brand names a product or the firm making it ("Cocoa: Morde"): the extractor types it either way
    **dict.fromkeys("brand brands".split(), ("product", "organisation")),
    **dict.fromkeys("pet pets dog dogs cat cats puppy puppies kitten kittens".split(), ("pet",)),
    **dict.fromkeys(
        "city cities town towns country countries state states village villages".split(),
        ("place",),
    ),
    **dict.fromkeys(
        "company companies employer employers organisation organisations organization organizations"
        " firm firms startup startups nonprofit nonprofits".split(),
        ("organisation",),
    ),
    **dict.fromkeys("tool tools database databases framework frameworks".split(), ("technology",)),
    **dict.fromkeys("event events festival festivals conference conferences".split(), ("event",)),
}
#: A question asks for instances when the kind's word follows "what"/"which" (a few words between:
#: "what *European* countries", "which *outdoor gear* company", "what kind of books"); "when did Mel
#: read the book" asks about one thing, not for the books.
_ASKS = re.compile(r"\b(?:what|which|list|name)\b((?:\W+[\w'’-]+){1,4})", re.IGNORECASE)


def asked_entity_kinds(query: str) -> tuple[str, ...]:
    """The entity kinds a question asks instances of (``"which books has Mel read?"`` → ``("work",)``)."""
    found: list[str] = ["technology"] if asks_for_code_language(query) else []
    for m in _ASKS.finditer(query):
        for word in re.findall(r"[\w'’-]+", m.group(1).lower()):
            found += next((ENTITY_KINDS[f] for f in number_forms(word) if f in ENTITY_KINDS), ())
    return tuple(dict.fromkeys(found))


def animals_named_with(store: Store, keys: Sequence[str]) -> tuple[str, ...]:
    """The animals' words (WordNet's, :func:`~mdrecall.knowledge.lexicon.name_lists.animal_words`) written on
    the lines mentioning the pets ``keys``: "Cat: Pilipili. Tortoise: Kobe." gives cat and tortoise, so a
    question asking what pets there are counts the line's tortoise though the extraction typed no pet
    "Kobe". Empty for a store that keeps no views."""
    from mdrecall.knowledge.refresh import keeps_views  # only a question asking for pets reads these

    if not keys or not keeps_views(store):
        return ()
    from mdrecall.knowledge.lexicon.noun_words import animal_words

    animals = animal_words()
    lines = store.line_texts(sorted({(m.path, m.line) for m in store.mention_rows(list(keys))}))
    found: dict[str, None] = {}
    for text in lines.values():
        for word in re.findall(r"[a-z]+", text.lower()):
            if word in animals or (word.endswith("s") and word[:-1] in animals):
                found[word] = None
    return tuple(found)


def apply_entity_kinds(
    items: Sequence[Scored], names_kind: Callable[[Chunk], bool], weight: float, window: int = 30
) -> list[Scored]:
    """``items`` with the candidates ``names_kind`` accepts (their stored mentions name an entity of the
    asked kind) lifted by ``weight`` (a share of the score; stage ``kind``) and re-sorted. Only the first
    ``window`` are looked at: the stage reorders what the legs found, it fetches nothing."""
    out = list(items)
    if weight <= 0 or not out:
        return out
    head = out[:window]
    lifted = False
    for i, s in enumerate(head):
        if names_kind(s.chunk):
            head[i] = s.with_score("kind", s.score * (1 + weight))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[window:]


def asked_kinds(terms: Sequence[str]) -> tuple[str, ...]:
    """The instance names of every kind the query's terms name."""
    low = {t.lower() for t in terms}
    return tuple(name for words, names in KINDS.items() if low & set(words) for name in names)


@lru_cache(maxsize=32)
def _pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w])", re.I)


def apply_kind_instances(items: Sequence[Scored], terms: Sequence[str], window: int = 30) -> list[Scored]:
    """``items`` with the candidates naming an instance of a kind the query names lifted (stage
    ``kind``) and re-sorted; unchanged when the query names no kind."""
    names = asked_kinds(terms)
    out = list(items)
    if not names or not out:
        return out
    pattern = _pattern(names)
    head = out[:window]
    lifted = False
    for i, s in enumerate(head):
        if pattern.search(s.chunk.text):
            head[i] = s.with_score("kind", s.score * (1 + KIND_BOOST))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[window:]


def one_term_instances(
    store: Store,
    kq: KeywordQuery,
    limit: int,
    sources: Sequence[str] | None = None,
    groups: Sequence[Sequence[str]] = (),
    several: bool = False,
    listed: Sequence[str] = (),
) -> list[Candidate]:
    """BM25 candidates of ``kq`` with the instances of the asked kind counted as ONE term.

    OR-ed into one query, every instance a note names adds its own BM25: the page listing three
    candidate databases outscores the note saying which one was chosen, though it is no more about "a
    database" (Lucene's ``SynonymQuery`` blends a term's synonyms for the same reason). Here the
    question's own terms and the instances are separate queries; a chunk's score is its BM25 for the
    terms plus the mean BM25 of the instances it names (their sum over how many distinct ones it names).
    ``groups`` are more such terms (the ways to say "chose"), each counted as one; a question's term in a
    group leaves its own terms. ``several``: the question asks for several instances ("which books has
    Mel read?"), so each one a note names is one more answer: they stay summed, with the terms (LoCoMo
    multi-hop snippet recall 0.546 averaged, 0.540 summed). A group found in half the chunks or more
    says nothing (BM25 gives such a term no weight, but an alias only some of them use - "postgres"
    beside "PostgreSQL" - would decide alone): it is left out, as a common term is. ``listed``: the
    group of ``groups`` that holds a list question's kind and its entities ("what pets do we have?":
    pets, Knödel, Kurt): each name a note holds is one more answer, so they are summed as ``several``
    sums the instances (the page saying "Dog: Knödel. Tortoise: Kurt." above the note naming Kurt)."""
    sets = [*([] if several else [tuple(kq.instances)]), *(tuple(g) for g in groups)]
    sets = [g for g in sets if g]
    grouped = {w.lower() for g in groups for w in g}
    terms = tuple(t for t in kq.terms if t.lower() not in grouped)
    kept = kq.instances if several else ()
    if terms or kept:
        base = store.search_text(replace(kq, terms=terms, instances=kept), limit, sources)
    else:
        base = []
    chunks: dict[str, Chunk] = {}
    score: dict[str, float] = {}
    for c in base:
        chunks[c.chunk.id] = c.chunk
        score[c.chunk.id] = c.raw_score
    total: int | None = None
    for group in sets:
        named = members_named(group)
        summed = bool(listed) and group == tuple(listed)
        found = store.search_text(KeywordQuery(kq.text, (), instances=group), limit, sources)
        if base and found and len(found) < limit:  # every chunk naming one is here: how many are they?
            total = _chunk_total(store) if total is None else total
            if 2 * len(found) >= total:  # in half the chunks or more: no information, as a common term
                continue
        for c in found:
            # the ones it names; a list's names each answer it ("Dog: Knödel. Tortoise: Kurt.")
            many = 1 if summed else max(1, named(c.chunk.text))
            chunks.setdefault(c.chunk.id, c.chunk)
            score[c.chunk.id] = score.get(c.chunk.id, 0.0) + c.raw_score / many
    best = sorted(score, key=lambda cid: -score[cid])[:limit]
    return [Candidate(chunks[cid], score[cid], i) for i, cid in enumerate(best)]


def members_named(group: Sequence[str]) -> Callable[[str], int]:
    """How many distinct members of ``group`` a text names: a one-word member by its light stem, a
    longer one ("The Bee Sting") when the text holds every word of it. Counting only the one-word
    members, a reading list naming six titles counted as naming one, and their summed BM25 outscored the
    diary line naming the one title asked about."""
    single = query_stems([w[0] for g in group if len(w := tokenize(g)) == 1])
    multi = [query_stems(ws) for g in group if len(ws := tokenize(g)) > 1]

    def count(text: str) -> int:
        have = query_stems(tokenize(text))
        return len(have & single) + sum(1 for m in multi if m <= have)

    return count


def _chunk_total(store: Store) -> int:
    """The index's chunk count: a store's cached one where it keeps it (SQLite), else its row counts."""
    cached = getattr(store, "chunk_total", None)
    return int(cached()) if callable(cached) else int(store.counts().get("chunks", 0))


def confirmed_rare(
    store: Store,
    kq: KeywordQuery,
    rare: Sequence[str],
    names: Sequence[str],
    limit: int,
    sources: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The words of ``rare`` (those for which the asked kind is a rarer sense: "bass", "organ") that the
    workspace writes on a line naming one of ``names`` (the question's subject): "what instrument does
    Kuba play?" and "Kuba's Squier bass finally arrived" make "bass" an instrument here, where a line
    about a fish or a pitch would not. The workspace's own line picks the sense; nothing else is."""
    stems = query_stems(names)
    if not rare or not stems:
        return ()
    pattern = _pattern(tuple(rare))
    found: dict[str, None] = {}
    for c in store.search_text(KeywordQuery(kq.text, (), instances=tuple(rare)), limit, sources):
        for line in c.chunk.text.split("\n"):
            if term_matches(line, stems):
                found.update(dict.fromkeys(m.group(0).lower() for m in pattern.finditer(line)))
    return tuple(found)
