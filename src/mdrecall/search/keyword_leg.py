"""The keyword leg of a search and the query terms it is given: an asked kind's instances counted as one
term, rare senses of a kind's words, programming languages whose names are ordinary words, and the
synonyms no note holds (the stages :func:`mdrecall.search.pipeline.run_search` runs before BM25).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.search.kinds import ENTITY_KINDS, animals_named_with, confirmed_rare, one_term_instances
from mdrecall.search.ranking import Scored, normalize_text
from mdrecall.search.related import add_related, missing_words, related_candidates
from mdrecall.search.supersede_wording import query_names
from mdrecall.stores.base import Store
from mdrecall.text.converse import converse_terms
from mdrecall.text.kind_words import CODE_KIND, asked_rare, rare_table
from mdrecall.text.query import KeywordQuery, asks_about_self, asks_for_code_language
from mdrecall.text.synonyms import related_words
from mdrecall.text.tokens import tokenize
from mdrecall.text.verb_forms import agent_verb

__all__ = ["CODE_LANGUAGE_WORDS", "keyword_leg", "kind_terms", "related_terms", "with_code_rare", "with_rare"]

#: The question's words for a programming language, counted with the technologies it asks for.
CODE_LANGUAGE_WORDS = frozenset({"language", "languages"})


def kind_terms(store: Store, kq: KeywordQuery, kinds: Sequence[str]) -> tuple[str, ...]:
    """The question's word for an asked kind with the workspace's entities of that kind, to count as ONE
    keyword term (as a kind's synonyms): "what pet do we have" is answered by "Our tortoise is called Gus",
    which holds no word of the question but Gus, as much as by a line saying "pet". A question in the first
    person leaves out the names only another person's page holds (their pets). Empty when the workspace
    names none."""
    from mdrecall.knowledge.stored_kinds import kind_names, others_names

    said = [t for t in kq.terms if set(ENTITY_KINDS.get(t.lower(), ())) & set(kinds)]
    if "technology" in kinds and asks_for_code_language(kq.text):  # "programming languages"
        said += [t for t in kq.terms if t.lower() in CODE_LANGUAGE_WORDS]
    names = [n for n in kind_names(store, kinds) if n not in said]
    subject = asked_subject(kq, names)
    if subject:  # "what breed of dog is Tuppence?": the others are not answers, Tuppence is a term
        names = []
    if names and asks_about_self(kq.text):  # "what pets do WE have": not the ones on Rafael's page
        theirs = others_names(store, names)
        names = [n for n in names if n not in theirs]
    if said and (names or subject) and "pet" in kinds:  # "Tortoise: Kobe" beside "Cat: Pilipili"
        names += [w for w in animals_named_with(store, subject or names) if w not in names and w not in said]
    return (*said, *names) if said and names else ()


def asked_subject(kq: KeywordQuery, names: Sequence[str]) -> list[str]:
    """The instances of the asked kind the question itself names ("what kind of dog is Tuppence?"):
    the question is about them, so they are its own terms, not answers to count with the kind."""
    own = {t.lower() for t in kq.terms}
    return [n for n in names if (words := set(tokenize(n))) and words <= own and _written_as_name(kq.text, n)]


def _written_as_name(text: str, name: str) -> bool:
    """Whether ``text`` writes ``name`` as a name: capitalised past its first character, or anywhere in
    a question typed in lower case ("which app should we try next?" does not name a product "Next")."""
    if text[1:] == text[1:].lower():
        return True
    first = tokenize(name)[0]
    return any(
        m.start() > 0 and m.group(0)[:1].isupper()
        for m in re.finditer(rf"(?<!\w){re.escape(first)}(?!\w)", text, re.IGNORECASE)
    )


def with_rare(
    store: Store, kq: KeywordQuery, query: str, pool: int, sources: Sequence[str] | None
) -> KeywordQuery:
    """``kq`` with the words for which an asked kind is a rarer sense added to its instances where the
    workspace writes them on a line naming the question's subject (:func:`confirmed_rare`); a store
    error leaves ``kq`` as it was (the keyword leg says what failed)."""
    rare, names = asked_rare(query), query_names(query)
    if not rare or not names:
        return kq
    try:
        extra = confirmed_rare(store, kq, rare, names, pool, sources)
    except IndexCorruptError:
        raise
    except StoreError:
        return kq
    extra = tuple(w for w in extra if w not in kq.instances)
    return replace(kq, instances=(*kq.instances, *extra)) if extra else kq


def with_code_rare(store: Store, kq: KeywordQuery) -> KeywordQuery:
    """``kq`` with the programming languages whose name is also an ordinary word ("Rust", "Swift",
    "Ruby") added to its instances where the workspace's entities name them as a technology (the entity
    extraction reads "Rust" so only in a technical context)."""
    from mdrecall.knowledge.stored_kinds import kind_names

    tech = set(kind_names(store, ("technology",)))
    extra = tuple(w for w in rare_table().get(CODE_KIND, ()) if w in tech and w not in kq.instances)
    return replace(kq, instances=(*kq.instances, *extra)) if extra else kq


def keyword_leg(
    store: Store,
    kq: KeywordQuery,
    pool: int,
    sources: Sequence[str] | None,
    groups: Sequence[Sequence[str]] = (),
    several: bool = False,
    related: Sequence[str] = (),
    listed: Sequence[str] = (),
) -> tuple[list[Scored], str | None]:
    """The BM25 leg, or no candidates and why: a store error (a lock, I/O) degrades the search and
    says so. A damaged index (:class:`~mdrecall.errors.IndexCorruptError`) is raised to be rebuilt.
    ``related``: the synonyms of the question's words no note holds (:func:`related_terms`), searched
    apart and weighed below the question's words; ``listed``: the group whose names each answer a list
    question."""
    try:
        if (kq.instances and not several) or groups:  # each counted as one term
            found = one_term_instances(store, kq, pool, sources, groups, several, listed)
        else:
            found = store.search_text(kq, pool, sources)
        if related:
            found = add_related(found, related_candidates(store, related, pool, sources), pool)
        return normalize_text(found), None
    except IndexCorruptError:
        raise
    except StoreError as exc:
        return [], f"keyword search failed, vector results only: {exc}"


def related_terms(store: Store, kq: KeywordQuery, sources: Sequence[str] | None) -> tuple[str, ...]:
    """The verb of a question's noun of a doer (:func:`~mdrecall.text.verb_forms.agent_verb`: "movers" →
    move), the converse of its verb of transfer when it asks for a party
    (:func:`~mdrecall.text.converse.converse_terms`: "who bought" → sell, sold), then the synonyms of
    the question's words that no note (of ``sources``) holds; a store error leaves the synonyms out (the
    keyword leg says what failed). Not a verb's irregular forms ("went" → go, "made" → make): searched
    so, LoCoMo lost 0.011 open-domain and 0.006 temporal snippet recall."""
    if kq.empty:
        return ()
    said = set(kq.all_terms)
    forms = tuple(v for t in kq.terms if (v := agent_verb(t)) and v not in said)
    forms += tuple(w for w in converse_terms(kq.text, kq.terms) if w not in said and w not in forms)
    try:
        found = related_words(missing_words(store, kq, sources), kq.all_terms)
    except IndexCorruptError:
        raise
    except StoreError:
        return forms
    return (*forms, *(w for w in found if w not in forms))
