"""A question naming a thing by what it is is searched in the name the notes call it by (stage ``roles``).

"What night is the luthier class now?" is answered by "Héctor moved the class: Thursdays 19:00", and
"what's the greyhound eating?" by a note about Bran: the notes name the luthier and the greyhound by
name, and only the page about each says what it is ("# Maestro Héctor" / "Héctor Valdivia, luthier, 40
years making violins"; "# Bran" / "- Retired racing greyhound, brindle"). A word the question writes
after a determiner ("the luthier", "my coach", "the greyhound") that WordNet has as a noun of a person's
occupation or role or of an animal, held by such a page's opening as the head of its description (the
word closes a phrase: a comma, a full stop, a dash or the line's end follows it; not a label's colon:
"Fee: $70" describes nothing; written in lowercase: "owner of Carrigmor Oysters" is no oyster), gives
the page's name as one more term of the question, searched as a synonym of the word
(:mod:`mdrecall.search.related`). A page is a heading that is a name (capitalised words the entity
extraction found: the name, or one of its words that is no frequent English word; "## Biscuit (the
horse)" keeps its parenthesis or dash as description); its description is that and the first
:data:`OPENING` lines under it. Names the question already holds add nothing; more than
:data:`MAX_NAMES` pages for one question is no one thing named, and adds nothing (when unsure, say
less). One keyword query of the question's role words, for a question that has one. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.search.snippets import query_stems
from mdrecall.stores.base import Store
from mdrecall.text.query import KeywordQuery
from mdrecall.text.stopwords import STOP_WORDS_BY_LANGUAGE
from mdrecall.text.tokens import tokenize

__all__ = ["MAX_NAMES", "OPENING", "POOL", "asked_roles", "page_roles", "role_names"]

#: How many lines under a page's heading describe what it is.
OPENING = 2
#: How many chunks of the question's role words are read for pages.
POOL = 10
#: More pages than this whose description holds the question's word: no one thing is named.
MAX_NAMES = 2

#: A determiner or a possessive, then up to three words: the thing the question names ("the French
#: buyer", "my coach", "our pool sessions").
_DETERMINED = re.compile(
    r"\b(?:the|my|our|your|his|her|their)\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)", re.IGNORECASE
)
_ENGLISH_STOPS = STOP_WORDS_BY_LANGUAGE["en"]
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
#: A heading's description after its name: "Biscuit (the horse)", "Cerro Azul — stockpiles".
_DESCRIBED = re.compile(r"^(?P<name>[^()—–:]+?)\s*(?:\((?P<paren>[^)]*)\)|[—–:]\s*(?P<dash>.+))\s*$")
#: A word, and what follows it.
_WORD = re.compile(r"\w[\w'’-]*")
#: What may close a describing phrase after its head word ("Swim coach, ex-Irish"; "luthier, 40 years").
_PHRASE_END = re.compile(r"\s*(?:$|[,.;)!?]|\s[—–-]\s)")


def asked_roles(query: str, terms: Sequence[str]) -> tuple[str, ...]:
    """The question's keyword ``terms`` written after a determiner or a possessive that name a person's
    role or an animal (:func:`_role_word`): the words that say what someone is ("what night is the luthier
    class now?" → luthier)."""
    said = {t.lower() for t in terms}
    found: dict[str, None] = {}
    for m in _DETERMINED.finditer(query[:500]):
        for w in _WORD.findall(m.group(1)):
            w = w.lower().removesuffix("'s").removesuffix("’s")  # "the horse's feed": the horse
            if w in _ENGLISH_STOPS:  # the noun phrase ends: "the dog on Tuesdays"
                break
            if w in said and _role_word(w):
                found[w] = None
    return tuple(found)


def _role_word(word: str) -> bool:
    """Is ``word`` (or its singular) a noun of a person's occupation or role ("luthier", "coach", "buyer")
    or an animal's ("greyhound", "horse"), from WordNet: what a page about a person or a pet says it is."""
    from mdrecall.knowledge.lexicon.noun_words import (  # here: a question with a determiner
        animal_words,
        person_noun,
    )

    forms = (word, word[:-1]) if word.endswith("s") else (word,)
    return any(person_noun(f) or f in animal_words() for f in forms)


def page_roles(text: str, stems: frozenset[str]) -> dict[str, frozenset[str]]:
    """The pages of ``text`` (a chunk) by name, each with the stems of ``stems`` its description holds
    as a head word (see the module): ``"# Bran\\n\\n- Retired racing greyhound, brindle"`` with the stem
    of greyhound → ``{"Bran": {"greyhound"}}``."""
    out: dict[str, frozenset[str]] = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        head = _HEADING.match(line)
        if head is None:
            continue
        title = head.group("title")
        described = _DESCRIBED.match(title)
        name = described.group("name").strip() if described else title.strip()
        words = _WORD.findall(name)
        while words and words[0].lower() in _ENGLISH_STOPS:  # "## About Maeve": a page about Maeve
            words = words[1:]
        name = " ".join(words)
        if not 0 < len(words) <= 3 or not all(w[:1].isupper() for w in words):
            continue
        opening = [described.group("paren") or described.group("dash") or ""] if described else []
        for later in lines[i + 1 :]:
            if _HEADING.match(later):
                break
            if later.strip():
                opening.append(later[:300])
            if len(opening) >= OPENING + (1 if described else 0):
                break
        held = frozenset(s for d in opening for s in _heads(d, stems))
        if held:
            out[name] = out.get(name, frozenset()) | held
    return out


def _heads(line: str, stems: frozenset[str]) -> set[str]:
    """The stems of ``stems`` that ``line`` holds as a phrase's last word (not a label's: a colon after
    it describes nothing)."""
    found: set[str] = set()
    opening = _WORD.search(line)
    for m in _WORD.finditer(line):
        word = m.group()
        # a name's word ("owner of Carrigmor Oysters") says what it is not; the line's first may be
        # capitalised as the sentence's ("- Baker, runs the stall")
        if not (
            word.islower() or (opening is not None and m.start() == opening.start() and word[1:].islower())
        ):
            continue
        stem = query_stems((word.lower(),))
        if stem & stems and _PHRASE_END.match(line, m.end()):
            found |= stem & stems
    return found


def role_names(
    store: Store, kq: KeywordQuery, query: str, sources: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The words of the names of the pages the question names by what they are (see the module),
    lowercased, none the question holds; empty when there are none, more than :data:`MAX_NAMES`, or the
    store fails (the keyword leg says what failed)."""
    roles = asked_roles(query, kq.terms)
    if not roles:
        return ()
    try:
        found = store.search_text(KeywordQuery(" ".join(roles), roles), POOL, sources)
    except IndexCorruptError:
        raise
    except StoreError:
        return ()
    stems = query_stems(roles)
    said = {t.lower() for t in kq.all_terms}
    pages = dict.fromkeys(name for c in found for name in page_roles(c.chunk.text, stems))
    if not pages:
        return ()
    known = _entity_keys(store)  # here: only a question whose role a page describes reads the entities
    names: dict[str, None] = {}
    for name in pages:
        words = [w for w in tokenize(name) if w not in said]
        if words and not set(tokenize(name)) & said and _is_entity(name, known):
            names[" ".join(words)] = None
    if len(names) > MAX_NAMES:
        return ()
    return tuple(dict.fromkeys(w for n in names for w in n.split()))


def _entity_keys(store: Store) -> frozenset[str]:
    """The keys of the entities the index's views name (empty for a store that keeps none)."""
    from mdrecall.knowledge.refresh import keeps_views  # here: only a question with a role reads them

    if not keeps_views(store):
        return frozenset()
    from mdrecall.knowledge.stored_kinds import key_kinds

    return frozenset(key_kinds(store))


def _is_entity(name: str, known: frozenset[str]) -> bool:
    """Whether the heading ``name`` is an entity the extraction found (the whole name, or one of its words
    that is no frequent English word: "Maestro Héctor" by Héctor): "## About Maeve" and "## Installer"
    are headings, not pages about a thing."""
    from mdrecall.knowledge.lexicon.name_lists import common_word

    key = name.lower()
    return key in known or any(w in known and not common_word(w) for w in key.split())
