"""The entity names a query gives, looked up in the accepted-name table kept with the index.

The accepted-name table (:meth:`mdrecall.knowledge.index.EntityIndex.known`: every key naming an
accepted entity → its canonical key) is a scan of every mention. :mod:`.known_refresh` stores it after a
sync that changed the mentions (or the entity settings that shape it); a search then reads only the rows
of its query's words (:class:`StoredNames`). :class:`NameQueries` holds the search helpers both share, so
the stored table and the one computed in process answer alike. This module loads no extraction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, cast

from mdrecall.config.settings import EntitiesConfig
from mdrecall.knowledge.refresh import keeps_views
from mdrecall.models import Chunk, Scored
from mdrecall.stores.base import Store
from mdrecall.stores.views import KnownNameStore, ViewStore

__all__ = [
    "KNOWN_VERSION",
    "NameQueries",
    "StoredNames",
    "apply_entity_boost",
    "config_names",
    "name_key",
    "query_words",
    "settings_signature",
]

#: Changes when how the table is computed changes (in its signature, with the views' version: the name
#: data the extraction reads changes with it).
KNOWN_VERSION = "6"


def name_key(name: str) -> str:
    """:func:`mdrecall.knowledge.mentions.extract.entity_key` (``"  Bob  Smith "`` → ``"bob smith"``), without
    loading the extraction."""
    return " ".join(name.split()).casefold()


def query_words(query: str) -> list[str]:
    """The query's words as names are looked up: punctuation around them and a possessive off."""
    words = [w.strip(".,;:!?\"'()[]") for w in query.split()]
    return [w[:-2] if w.endswith(("'s", "’s")) else w for w in words]


def config_names(config: EntitiesConfig) -> dict[str, str]:
    """Every key the alias table (``entities.aliases``) gives → the canonical key it folds into."""
    canonical: dict[str, str] = {}
    for name, others in config.aliases.items():
        key = name_key(name)
        canonical[key] = key
        for other in others:
            canonical.setdefault(name_key(other), key)
    return canonical


def settings_signature(config: EntitiesConfig) -> str:
    """What the entity settings that shape the table (aliases, ``min_name_files``, ``auto_aliases``)
    and this version of the code amount to: a stored table made with another is recomputed."""
    from mdrecall import __version__

    shape = (
        KNOWN_VERSION,
        __version__,
        [(name, list(others)) for name, others in config.aliases.items()],
        config.min_name_files,
        config.auto_aliases,
    )
    if not config.aliases:  # nothing personal in it: compared as it is (hashlib costs a search ~2 ms)
        return repr(shape)
    import hashlib  # names in it: never stored in clear (forget proves a forgotten name is gone)

    return hashlib.sha256(repr(shape).encode("utf-8")).hexdigest()[:32]


class NameQueries:
    """The entity helpers of a search over an accepted-name table: which entities a query names, their
    other names as synonyms, and a predicate for the chunks that mention them."""

    store: ViewStore

    def known_roots(self, keys: Sequence[str]) -> Mapping[str, str]:
        """The canonical key of each of ``keys`` that names an accepted entity (may hold more keys)."""
        raise NotImplementedError

    def group(self, key: str) -> list[str]:
        """Every key of the entity ``key`` belongs to (itself and its aliases)."""
        raise NotImplementedError

    def in_query(self, query: str) -> list[str]:
        """Canonical keys of the known entities the query names (1–3 word names)."""
        return list(dict.fromkeys(root for _, root in self.named_in_query(query)))

    def named_in_query(self, query: str) -> list[tuple[str, str]]:
        """(the name as the query says it, normalised; the entity's canonical key), longest names first."""
        words = query_words(query)
        spans = [(i, n) for n in (3, 2, 1) for i in range(len(words) - n + 1)]
        grams = [name_key(" ".join(words[i : i + n])) for i, n in spans]
        known = self.known_roots(sorted(set(grams)))
        found: list[tuple[str, str]] = []
        taken: set[int] = set()
        for (i, n), key in zip(spans, grams, strict=True):
            if key in known and not taken & set(range(i, i + n)):
                found.append((key, known[key]))
                taken.update(range(i, i + n))
        return found

    def about(self, roots: Sequence[str]) -> Callable[[Chunk], bool]:
        """A predicate: does a chunk mention any of the entities ``roots`` (or their aliases)?"""
        keys = sorted({k for r in roots for k in self.group(r)})
        lines: dict[str, list[int]] = {}
        for path, line in self.store.mention_lines(keys):
            lines.setdefault(path, []).append(line)

        def check(chunk: Chunk) -> bool:
            return any(chunk.start_line <= ln <= chunk.end_line for ln in lines.get(chunk.path, ()))

        return check

    def alias_synonyms(self, query: str) -> dict[str, list[str]]:
        """Synonyms making the names a query gives match the entity's other names: name → others.

        An other name written only on lines that also write the name the query says ("Katarzyna Nowak
        (everyone calls her Kasia)") finds no line the said name does not: it is left out, so that such a
        line does not count its one person twice."""
        out: dict[str, list[str]] = {}
        for said, root in self.named_in_query(query):
            others = [k for k in self.group(root) if k != said]
            if not others:
                continue
            said_lines = self.store.mention_lines([said])
            others = [
                k for k in others if not (lines := self.store.mention_lines([k])) or not lines <= said_lines
            ]
            if others:
                out[said] = others
        return out


class _KnownViewStore(KnownNameStore, ViewStore, Protocol):
    """A store with views that keeps the name table (for the type checker)."""


class StoredNames(NameQueries):
    """:class:`NameQueries` over the table a store keeps: a search reads the rows of its words only.

    The table holds the keys the files mention (and other names of well-known things); a name only the
    alias table gives is answered from the config, so that a name forgotten from the files is gone from
    the index too.
    """

    def __init__(self, store: _KnownViewStore, config: EntitiesConfig) -> None:
        self.store = store
        self.names: _KnownViewStore = store
        self.canonical = config_names(config)

    @classmethod
    def of(cls, store: Store, config: EntitiesConfig) -> StoredNames | None:
        """The stored table of ``store`` when it is up to date with its mentions and with ``config``;
        ``None`` when the store keeps none or it is stale (then compute it in process)."""
        if not keeps_views(store) or not isinstance(store, KnownNameStore):
            return None
        generation, made_at, signature = store.known_state()
        if made_at != generation or signature != settings_signature(config):
            return None
        return cls(cast(_KnownViewStore, store), config)  # both, checked above

    def known_roots(self, keys: Sequence[str]) -> Mapping[str, str]:
        """The canonical key of each of ``keys`` that names an accepted entity."""
        found = self.names.known_roots(keys)
        found.update({k: self.canonical[k] for k in keys if k not in found and k in self.canonical})
        return found

    def group(self, key: str) -> list[str]:
        """Every key of the entity ``key`` belongs to (itself and its aliases)."""
        root = self.known_roots([key]).get(key, key)
        given = [k for k, v in self.canonical.items() if v == root]
        return sorted({root, *self.names.known_members([root]).get(root, []), *given})


def apply_entity_boost(
    items: Sequence[Scored], about: Callable[[Chunk], bool], weight: float
) -> list[Scored]:
    """Lift chunks about the query's entities: score × (1 + weight), like the date-hint boost; re-sorted."""
    out = [s.with_score("entity", s.score * (1.0 + weight)) if about(s.chunk) else s for s in items]
    return sorted(out, key=lambda s: -s.score)
