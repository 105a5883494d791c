"""The entity view over stored mentions: listing, one entity's timeline, and entity-aware search.

Aliases (``entities.aliases``) fold several keys into one entity, shown under the alias table's name.
A key found only as a capitalised name is an entity once ``entities.min_name_files`` files mention it;
any other evidence (link, ``@``, speaker, front matter, relationship) makes it one at once. The search
helpers are pure: a boost stage over :class:`~mdrecall.search.ranking.Scored` lists and a chunk predicate.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mdrecall.config.settings import EntitiesConfig
from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.knowledge import entity_filter
from mdrecall.knowledge.aliases.custom_links import link_unwritten_called
from mdrecall.knowledge.aliases.dictated_fulls import link_dictated_fulls
from mdrecall.knowledge.aliases.dictated_names import link_dictated_names
from mdrecall.knowledge.aliases.fragment_links import link_fragments, link_homes
from mdrecall.knowledge.aliases.full_forms import fold_shorter_fulls
from mdrecall.knowledge.aliases.given_forms import link_given_forms
from mdrecall.knowledge.aliases.given_shape import link_untyped_given
from mdrecall.knowledge.aliases.given_surnames import written_placed
from mdrecall.knowledge.aliases.kin_names import link_kin_forms
from mdrecall.knowledge.aliases.kin_namesakes import unlink_kin_namesakes
from mdrecall.knowledge.aliases.lower_namesakes import unlink_lower_namesakes
from mdrecall.knowledge.aliases.name_links import (
    fold_stated_aliases,
    link_first_names,
    link_surnames,
    link_unwritten_given,
    roots_by_first,
    surnames,
    written_lower,
)
from mdrecall.knowledge.aliases.opening_fulls import link_opening_fulls
from mdrecall.knowledge.aliases.saint_names import fold_saints
from mdrecall.knowledge.kinds import kind_names
from mdrecall.knowledge.kinds.kind_context import context_probabilities, context_probabilities_many
from mdrecall.knowledge.kinds.kind_stack import Evidence, stacked_decision
from mdrecall.knowledge.known import NameQueries, apply_entity_boost, config_names
from mdrecall.knowledge.lexicon.name_lists import (
    known_alias,
)
from mdrecall.knowledge.lexicon.titled_names import link_titled_surnames
from mdrecall.knowledge.mentions.extract import entity_key
from mdrecall.knowledge.mentions.relations import phrase
from mdrecall.knowledge.refresh import keeps_views
from mdrecall.knowledge.stored_kinds import inherited_key_kinds, key_kinds
from mdrecall.models import Chunk
from mdrecall.stores.base import Store
from mdrecall.stores.views import KeySummary, MentionRow

__all__ = [
    "Entity",
    "EntityDetail",
    "EntityIndex",
    "KIND_SOURCES",
    "apply_entity_boost",
]

#: Per store: the last accepted-name table and what it was computed from. A store returns the same stats
#: object until its index changes, so a search reuses the table instead of rebuilding it.
_KNOWN: dict[int, tuple[tuple[Any, ...], dict[str, str]]] = {}
#: Per store: the kind the words around an uncued entity's mentions give it (:mod:`.kind_context`), by the
#: entity's key, and the stats object they were read with.
_CONTEXT_KINDS: dict[int, tuple[Any, dict[str, dict[str, float] | None]]] = {}
_LINE_CHARS = 240  # a timeline entry shows at most this much of its line

#: Where an entity's kind came from, most trusted first: ``notes`` (a cue the rules read in the notes: the
#: words around a mention, the name's own words, front matter, a longer name's head noun), ``name shape``
#: (no cue; a capital inside the word, "NatureScot"), ``name model`` (:mod:`.kind_guess`, from the name
#: alone), ``context model`` (:mod:`.kind_context`, from the words around the mentions) and ``stack model``
#: (:mod:`.kind_stack`, a learned weighing of all of them, where its model file is installed; none is
#: shipped). An ``unknown`` kind has none.
KIND_SOURCES = ("notes", "name shape", "name model", "context model", "stack model")
_GUESSED = {
    "name shape": "guessed from the name's shape",
    "name model": "guessed from the name",
    "context model": "guessed from context",
    "stack model": "weighed from every cue and model",
}


class _Asked(Exception):
    """An entity's kind needs the context model, not read yet: it is read with the others listed."""


def _written(name: str, parts: Sequence[KeySummary]) -> list[str]:
    """Every written form of an entity's keys, and the name it is shown under."""
    return sorted({n for p in parts for (n, _kind, _how) in p.forms} | {name})


@dataclass(frozen=True)
class Entity:
    """An entity with how often and when it is mentioned, its kind, and where the kind came from
    (``kind_source``, one of :data:`KIND_SOURCES` or ``None`` for ``unknown``; ``kind_p``: the model's
    probability where a model gave it)."""

    name: str
    kind: str
    mentions: int
    files: int
    first_seen: str | None
    last_seen: str | None
    aliases: tuple[str, ...] = ()
    kind_source: str | None = None
    kind_p: float | None = None

    def kind_note(self) -> str:
        """The kind and where it came from, for people: "organisation (guessed from context, p 0.52)"."""
        if self.kind_source is None:
            return f"{self.kind} (no cue in the notes, no model sure enough)"
        if self.kind_source == "notes":
            return f"{self.kind} (read from the notes)"
        p = f", p {self.kind_p:.2f}" if self.kind_p is not None else ""
        return f"{self.kind} ({_GUESSED.get(self.kind_source, self.kind_source)}{p})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "name": self.name,
            "kind": self.kind,
            "kindSource": self.kind_source,
            "kindProbability": None if self.kind_p is None else round(self.kind_p, 3),
            "mentions": self.mentions,
            "files": self.files,
            "firstSeen": self.first_seen,
            "lastSeen": self.last_seen,
            "aliases": list(self.aliases),
        }


@dataclass(frozen=True)
class EntityDetail:
    """One entity: a dated timeline of mentions with citations, related entities and relationships."""

    entity: Entity
    timeline: list[dict[str, Any]] = field(default_factory=list)
    related: list[dict[str, Any]] = field(default_factory=list)
    relations: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            **self.entity.to_dict(),
            "timeline": self.timeline,
            "related": self.related,
            "relations": self.relations,
        }


class EntityIndex(NameQueries):
    """Entities of one store, read through the alias table (the search helpers: :class:`.NameQueries`)."""

    def __init__(self, store: Store, config: EntitiesConfig) -> None:
        if not keeps_views(store):
            raise MdrecallError(
                f"the {store.description.split(':')[0]} store keeps no entity views; use the sqlite store"
            )
        self.store = store
        self.texts = store  # as a Store: its keyword search tells an ordinary word from a name
        self.config = config
        self.canonical = config_names(config)  # alias key → canonical key
        self.display = {entity_key(name): " ".join(name.split()) for name in config.aliases}  # key → shown

    def group(self, key: str) -> list[str]:
        """Every key of the entity ``key`` belongs to (itself and its aliases)."""
        known = self.known()
        root = known.get(key, key)
        return sorted({root, *(k for k, v in known.items() if v == root)})

    def known(self) -> dict[str, str]:
        """Every key that names an accepted entity (aliases included) → its canonical key.

        With ``auto_aliases``, a one-word name that is the first word of exactly one accepted
        multi-word person ("Bob" and "Bob Ruiz") is folded into it.
        """
        stats = self.store.entity_stats()
        cached = _KNOWN.get(id(self.store))
        ident = (
            stats,
            repr(sorted(self.canonical.items())),
            self.config.min_name_files,
            self.config.auto_aliases,
        )
        if cached is not None and cached[0][0] is stats and cached[0][1:] == ident[1:]:
            return cached[1]
        out = {
            k: self.canonical.get(k, k)
            for k, (files, strong) in stats.items()
            if strong or files >= self.config.min_name_files or k in self.canonical
        }
        out.update(self.canonical)
        for k in stats:  # another name of a well-known thing ("postgres" for PostgreSQL)
            other = known_alias(k)
            if other is not None and other != k and k not in self.canonical and (k in out or other in out):
                out[k] = out.setdefault(other, other)
        if self.config.auto_aliases:
            fold_shorter_fulls(out, stats, key_kinds(self.store))
            link_first_names(out, stats, key_kinds(self.store), partial(written_lower, self.texts))
            link_dictated_fulls(out, stats, self.store.entity_summary)  # "joy came": Joy Chepngetich
            link_dictated_names(out, stats, key_kinds(self.store), self.store.entity_summary)  # "bhosale"
            fold_stated_aliases(out, self.store.relation_rows(), set(self.canonical))
            fold_saints(out)  # "St Oswald" beside "St Oswald's": the church
            link_opening_fulls(out, stats, key_kinds(self.store))
            link_unwritten_given(out, stats, key_kinds(self.store))
            link_untyped_given(out, stats, key_kinds(self.store))
            link_surnames(out, stats, key_kinds(self.store), partial(written_placed, self.texts))
            link_titled_surnames(out, stats, key_kinds(self.store))
            link_kin_forms(out, stats, key_kinds(self.store))
            link_given_forms(out, stats, key_kinds(self.store), partial(written_placed, self.texts))
            link_unwritten_called(out, stats, key_kinds(self.store))
            link_fragments(out, key_kinds(self.store), self.store.mention_lines, self.store.line_texts)
            link_homes(out, key_kinds(self.store))
            unlink_kin_namesakes(out, key_kinds(self.store), self.texts.search_text)
            unlink_lower_namesakes(out, key_kinds(self.store), self.texts.search_text)
        if len(_KNOWN) > 16:
            _KNOWN.clear()
        _KNOWN[id(self.store)] = (ident, out)
        return out

    def entities(self, kind: str | None = None, limit: int = 0) -> list[Entity]:
        """Accepted entities, most mentioned first (aggregated by the store, not row by row)."""
        known = self.known()
        groups: dict[str, list[KeySummary]] = {}
        for summary in self.store.entity_summary():
            root = known.get(summary.key)
            if root is not None:
                groups.setdefault(root, []).append(summary)
        shared = _shared_firsts(known, key_kinds(self.store))
        listed = self._entities([(root, parts) for root, parts in groups.items() if root not in shared])
        accepted = [(root, listed[root], groups[root]) for root in listed]
        drop: set[str] = set()
        if entity_filter.model() is not None:  # the shipped model is inactive: the rules decide
            drop = entity_filter.dropped(
                self.texts, self.store.entity_stats(), [entity_filter.listed(*a) for a in accepted]
            )
        drop |= self._kind_names(accepted)
        found = [e for root, e, _parts in accepted if root not in drop]
        kind = "technology" if kind == "tool" else kind  # the kind's old name
        found = [e for e in found if kind is None or e.kind == kind]
        found.sort(key=lambda e: (-e.mentions, e.name.casefold()))
        return found[:limit] if limit > 0 else found

    def _kind_names(self, accepted: Sequence[tuple[str, Entity, Sequence[KeySummary]]]) -> set[str]:
        """The roots of persons and pets written only as one of a kind (:func:`~.kind_names.kind_roots`)."""
        listed = [
            (root, e.kind, e.mentions, [e.name, *e.aliases], [p.key for p in ps]) for root, e, ps in accepted
        ]
        return kind_names.kind_roots(self.store, listed)

    def _entities(self, roots: Sequence[tuple[str, Sequence[KeySummary]]]) -> dict[str, Entity]:
        """Each root's :class:`Entity`; the context model asked once for all the roots whose kind needs it
        (the sentence model embeds their lines in one batch), not root by root."""
        out: dict[str, Entity] = {}
        asked: dict[str, tuple[str, Sequence[KeySummary]]] = {}
        for root, parts in roots:
            with suppress(_Asked):  # an asked root is decided below, once every asked one is read
                out[root] = self._entity(root, parts, asked)
        if asked:
            kinds = self._context_kinds()
            entities = [
                (name, [p.key for p in parts], _written(name, parts)) for name, parts in asked.values()
            ]
            kinds.update(zip(asked, context_probabilities_many(self.store, entities), strict=True))
        return {root: out[root] if root in out else self._entity(root, parts) for root, parts in roots}

    def _entity(self, root: str, parts: Sequence[KeySummary], asked: dict[str, Any] | None = None) -> Entity:
        names: Counter[str] = Counter()
        for part in parts:
            for (name, _kind, _how), n in part.forms.items():
                names[name] += n
        inherited = inherited_key_kinds(self.store)
        head = next((inherited[p.key] for p in parts if p.key in inherited), None)
        if len(parts) == 1:
            lines, files = parts[0].lines, parts[0].files
        else:  # several names of one entity may share lines: count them once
            where = self.store.mention_lines([p.key for p in parts])
            lines, files = len(where), len({path for path, _ in where})
        firsts = [p.first for p in parts if p.first]
        lasts = [p.last for p in parts if p.last]
        shown = [n for n, _ in names.most_common() if n[:1].isupper()] or [names.most_common(1)[0][0]]
        name = self.display.get(root) or (root_name if (root_name := _longest(names, root)) else shown[0])
        aliases = tuple(sorted({n for n in names if entity_key(n) != root} | self._alias_names(root)))
        evidence = Evidence(name, [p.forms for p in parts], head, lines, files)
        kind, source, kind_p = stacked_decision(
            evidence, partial(self._context_probs, root, name, parts, asked)
        )
        return Entity(
            name=name,
            kind=kind,
            mentions=lines,
            files=files,
            first_seen=min(firsts) if firsts else None,
            last_seen=max(lasts) if lasts else None,
            aliases=tuple(a for a in aliases if a != name),
            kind_source=source,
            kind_p=kind_p,
        )

    def _context_probs(
        self, root: str, name: str, parts: Sequence[KeySummary], asked: dict[str, Any] | None = None
    ) -> dict[str, float] | None:
        """Each kind's probability from the words around the entity's mentions
        (:func:`~.kind_context.context_probabilities`), once per entity until the index changes; where not
        read yet and ``asked`` is given, the entity is put there to be read with others (:class:`_Asked`)."""
        kinds = self._context_kinds()
        if root not in kinds:
            if asked is not None:
                asked[root] = (name, parts)
                raise _Asked
            kinds[root] = context_probabilities(
                self.store, name, [p.key for p in parts], _written(name, parts)
            )
        return kinds[root]

    def _context_kinds(self) -> dict[str, dict[str, float] | None]:
        """The context model's probabilities read for this store since its index last changed, by root."""
        stats = self.store.entity_stats()
        cached = _CONTEXT_KINDS.get(id(self.store))
        if cached is None or cached[0] is not stats:
            if len(_CONTEXT_KINDS) > 16:
                _CONTEXT_KINDS.clear()
            cached = _CONTEXT_KINDS[id(self.store)] = (stats, {})
        return cached[1]

    def _alias_names(self, root: str) -> set[str]:
        return {
            other
            for name, others in self.config.aliases.items()
            if entity_key(name) == root
            for other in others
        }

    def resolve(self, name: str) -> str:
        """The canonical key an entity name refers to, or :class:`NotFoundError` with a hint.

        Case is ignored; a single word that is the first or last word of exactly one entity's name
        ("Dana" for Dana Okafor) names it, and one shared by several lists them.
        """
        key = entity_key(name)
        if not key:
            raise MdrecallError("give an entity name, e.g. 'Alice'")
        known = self.known()
        if key in known:
            return known[key]
        roots = set(known.values())
        if " " not in key:
            partial = sorted(r for r in roots if " " in r and key in (r.split()[0], r.split()[-1]))
            if len(partial) == 1:
                return partial[0]
            if partial:
                names = ", ".join(self._shown(partial))
                raise NotFoundError(f"{name!r} names several entities: {names}; give the full name")
        close = sorted({known[k] for k in known if key in k or k in key})[:5]
        if close:
            raise NotFoundError(f"no entity named {name!r}. Did you mean: {', '.join(self._shown(close))}?")
        raise NotFoundError(f"no entity named {name!r}", next_step="entities")

    def _shown(self, roots: Sequence[str]) -> list[str]:
        """The names entities are shown under (as written in the files), for messages."""
        forms: dict[str, Counter[str]] = {}
        for summary in self.store.entity_summary(list(roots)):
            for (written, _kind, _how), n in summary.forms.items():
                forms.setdefault(summary.key, Counter())[written] += n
        return [self.display.get(r) or _longest(forms.get(r, Counter()), r) or r for r in roots]

    def detail(self, name: str, limit: int = 200) -> EntityDetail:
        """The entity's mentions as a dated timeline, who/what it appears with, and its relationships."""
        root = self.resolve(name)
        keys = self.group(root)
        rows = self.store.mention_rows(keys)
        if not rows:
            raise NotFoundError(f"no mentions of {name!r} in the index", next_step="index")
        entity = self._entity(root, self.store.entity_summary(keys))
        by_line: dict[tuple[str, int], MentionRow] = {}
        for m in rows:
            by_line.setdefault((m.path, m.line), m)
        chosen = sorted(by_line.values(), key=lambda m: (m.day or "", m.path, m.line))[-limit:]
        texts = self.store.line_texts([(m.path, m.line) for m in chosen])
        timeline = [
            {
                "day": m.day,
                "path": m.path,
                "line": m.line,
                "citation": f"{m.path}#L{m.line}",
                "text": texts.get((m.path, m.line), "").strip()[:_LINE_CHARS],
            }
            for m in chosen
        ]
        return EntityDetail(entity, timeline, self._related(keys, rows), self._relations(set(keys)))

    def _related(self, keys: Sequence[str], rows: Sequence[MentionRow]) -> list[dict[str, Any]]:
        """Entities mentioned in the same sections (co-occurrence): how many sections they share, and the
        latest shared one's day and citation."""
        known = self.known()
        mine = set(keys)
        shared: dict[str, int] = {}
        latest: dict[str, tuple[str, str]] = {}
        names: dict[str, Counter[str]] = {}
        for key, name, sections, day, cite in self.store.cooccurring(list(keys)):
            root = known.get(key)
            if root is None or root in mine:
                continue
            shared[root] = max(shared.get(root, 0), sections)
            if root not in latest or (day or "") > latest[root][0]:
                latest[root] = (day or "", cite)
            names.setdefault(root, Counter())[name] += sections
        ranked = sorted(shared, key=lambda k: (-shared[k], k))[:20]
        return [
            {
                "name": self.display.get(k) or _longest(names[k], k) or names[k].most_common(1)[0][0],
                "sections": shared[k],
                "day": latest[k][0] or None,
                "citation": latest[k][1],
            }
            for k in ranked
        ]

    def _relations(self, keys: set[str]) -> list[dict[str, Any]]:
        out = []
        for r in self.store.relation_rows():
            s, o = entity_key(r.subject), entity_key(r.object)
            if self.canonical.get(s, s) in keys or s in keys or self.canonical.get(o, o) in keys or o in keys:
                out.append(
                    {
                        "subject": r.subject,
                        "predicate": r.predicate,
                        "object": r.object,
                        "text": phrase(r.subject, r.predicate, r.object),
                        "day": r.day,
                        "citation": f"{r.path}#L{r.line}",
                    }
                )
        return out

    # ---- search (the rest: NameQueries) -------------------------------------------------------------

    def known_roots(self, keys: Sequence[str]) -> Mapping[str, str]:
        """The canonical key of each of ``keys`` that names an accepted entity (the whole table)."""
        return self.known()

    def named_in(self, roots: Sequence[str]) -> Callable[[Chunk], bool]:
        """A predicate: does a chunk's text name any of the entities ``roots`` (any of their names, in any
        Unicode spelling)?"""
        names = {self.display.get(r, r) for r in roots} | {k for r in roots for k in self.group(r)}
        names |= {a for r in roots for a in self._alias_names(r)}
        words = sorted({entity_key(n) for n in names if n.strip()}, key=len, reverse=True)
        if not words:
            return lambda chunk: False
        pattern = re.compile(
            r"(?<!\w)(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + r")(?!\w)",
            re.IGNORECASE,
        )
        # the names are read composed (:mod:`.refresh`): a note written decomposed is matched composed
        return lambda chunk: bool(pattern.search(unicodedata.normalize("NFC", chunk.text)))


def _shared_firsts(known: dict[str, str], kinds: Mapping[str, str]) -> set[str]:
    """One-word names of people that start several accepted longer names ("Sam" with Sam Patel and Sam
    Oduya), or end several people's ("Mazur" with Dawid Mazur and Grzegorz Mazur): a mention of one of
    them, not an entity of its own, so not listed. A thing's name stays listed ("GitHub" beside GitHub
    Actions and GitHub Pages)."""
    by_first = roots_by_first(known)
    shared_last = {last for last, fulls in surnames(by_first, kinds).items() if len(fulls) > 1}
    return {
        k
        for k, root in known.items()
        if root == k
        and (
            (len(by_first.get(k, ())) > 1 and kinds.get(k, "unknown") in ("person", "unknown"))
            or (k in shared_last and kinds.get(k, "person") == "person")
        )
    }


def _longest(names: Counter[str], root: str) -> str | None:
    """The written form of the canonical key itself, capitalised where any mention capitalised it."""
    forms = [n for n in names if entity_key(n) == root]
    return max(forms, key=lambda n: (n[:1].isupper(), names[n])) if forms else None
