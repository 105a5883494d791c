"""The gold entities of a labelled set that its entity view finds, in the order the view lists them (most
mentioned first), each once: the shared opening of the kind benchmarks (``kind_audit.py``,
``kind_context_eval.py``, ``kind_stack_eval.py``)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import knowledge_eval as ke


@dataclass
class Match:
    """One found entity matched to a gold entity: its root key, its key summaries, the view's entity, the
    gold label, and what ``after`` returned right after the view decided it."""

    root: str
    parts: list[Any]
    entity: Any
    gold: dict[str, Any]
    extra: Any = None


@contextmanager
def matched_entities(
    which: str, after: Callable[[], Any] | None = None
) -> Iterator[tuple[Any, Any, list[Match]]]:
    """Index a copy of the set ``which`` and yield (the open memory, its ``EntityIndex``, the matches);
    the memory is closed on leaving. ``after`` is called right after each entity is decided (to read what
    a patched stage recorded for it)."""
    from mdrecall.knowledge import index as index_module
    from mdrecall.knowledge import stored_kinds
    from mdrecall.knowledge.mentions.extract import entity_key

    labels = json.loads((ke.DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    by_key: dict[str, dict[str, Any]] = {}
    for g in labels["entities"]:
        for n in [g["name"], *g["aliases"]]:
            by_key.setdefault(entity_key(n), g)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(ke.DATA / which, root)
        mem = ke._open(root)
        try:
            idx = index_module.EntityIndex(mem.store, mem.config.entities)
            known = idx.known()
            groups: dict[str, list[Any]] = {}
            for summary in mem.store.entity_summary():
                if (r := known.get(summary.key)) is not None:
                    groups.setdefault(r, []).append(summary)
            shared = index_module._shared_firsts(known, stored_kinds.key_kinds(mem.store))
            entities = []
            for r, parts in groups.items():
                if r not in shared:
                    entity = idx._entity(r, parts)
                    entities.append((r, parts, entity, after() if after else None))
            entities.sort(key=lambda t: (-t[2].mentions, t[2].name.casefold()))
            seen: set[str] = set()
            matches: list[Match] = []
            for r, parts, e, extra in entities:
                keys = list(dict.fromkeys(entity_key(n) for n in (e.name, *sorted(e.aliases))))
                hit = next((by_key[k] for k in keys if k in by_key), None)
                if hit is None or hit["name"] in seen:
                    continue
                seen.add(hit["name"])
                matches.append(Match(r, parts, e, hit, extra))
            yield mem, idx, matches
        finally:
            mem.close()
