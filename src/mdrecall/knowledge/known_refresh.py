"""Keeps the stored accepted-name table (:mod:`mdrecall.knowledge.known`) up to date after a sync.

Computed only when the mentions changed since it was stored (or the entity settings that shape it did),
so a sync that changed nothing costs one read of the meta table and loads no entity view.
"""

from __future__ import annotations

from mdrecall.config.settings import EntitiesConfig
from mdrecall.errors import StoreError
from mdrecall.knowledge.known import config_names, settings_signature
from mdrecall.knowledge.refresh import views_built
from mdrecall.stores.base import Store
from mdrecall.stores.views import KnownNameStore

__all__ = ["refresh_known"]


def refresh_known(store: Store, config: EntitiesConfig) -> bool:
    """Recompute and store the accepted-name table when it is stale; True when it did. A store that
    cannot be written now (read-only, busy) keeps the old one: a search then computes it in process."""
    if not views_built(store) or not isinstance(store, KnownNameStore):
        return False  # pending views: the first search builds them and computes names in process
    generation, made_at, signature = store.known_state()
    wanted = settings_signature(config)
    if made_at == generation and signature == wanted:
        return False
    from mdrecall.knowledge.index import EntityIndex  # here: an unchanged index loads no entity view

    known = EntityIndex(store, config).known()
    mentioned = store.entity_stats()
    # a name only the config gives is not stored (StoredNames answers it from the config): a name
    # forgotten from the files leaves no copy in the index
    canonical = config_names(config)
    table = {k: root for k, root in known.items() if k in mentioned or k not in canonical}
    try:
        store.replace_known(table, generation, wanted)
    except StoreError:
        return False
    return True
