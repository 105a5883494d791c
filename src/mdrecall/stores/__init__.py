"""Index stores behind one Protocol: ``sqlite`` (embedded default) and ``memory`` (in-process fake)."""

from mdrecall.stores.base import Store, open_store, register_store, store_names

__all__ = ["Store", "open_store", "register_store", "store_names"]
