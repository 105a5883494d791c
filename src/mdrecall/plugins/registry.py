"""One registry type for every kind of plugin: stores, embedders, rerankers and search backends.

Built-ins are declared exactly like third-party plugins, as entry points in ``pyproject.toml``:

=========================  ======================================================  ====================
group                      factory signature                                        registry
=========================  ======================================================  ====================
``mdrecall.stores``        ``(config: Config, workspace_root: str) -> Store``       :data:`STORES`
``mdrecall.embedders``     ``(config: EmbeddingConfig) -> Embedder``                :data:`EMBEDDERS`
``mdrecall.rerankers``     ``(config: RerankConfig) -> Reranker``                   :data:`RERANKERS`
``mdrecall.backends``      ``(config: Config, workspace, reader) -> SearchBackend``  :data:`BACKENDS`
=========================  ======================================================  ====================

A registry reads mdrecall's own ``entry_points.txt`` first (found on ``sys.path`` and parsed directly:
well under a millisecond, where importing :mod:`importlib.metadata` alone costs a one-shot CLI run
about 10 ms) and scans every installed distribution only for a name it does not know yet (about
20 ms), so a one-shot CLI run pays for the scan only when a plugin is configured. An entry point is imported
when its factory is first asked for, so naming a provider never imports the others' runtimes.

Programs and tests add factories at run time with :meth:`Registry.register`, or for a while with
:meth:`Registry.registered`. Lookup order: run-time registrations, then mdrecall's own entry points,
then other distributions' (a plugin cannot silently replace a built-in of the same name).

Why not pluggy: pluggy calls hooks (one call, many implementations, results collected); here each
name maps to exactly one factory that must be imported lazily. ``load_setuptools_entrypoints``
imports every plugin module up front, which would import ONNX Runtime or psycopg on every CLI start.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Generic, NamedTuple, TypeVar

from mdrecall.errors import ConfigError

__all__ = ["BACKENDS", "EMBEDDERS", "RERANKERS", "STORES", "Registry"]

F = TypeVar("F", bound=Callable[..., Any])

#: The distribution whose entry points are the built-ins.
DISTRIBUTION = "mdrecall"


class EntryPoint(NamedTuple):
    """A named ``module:attribute`` reference, imported on :meth:`load`."""

    name: str
    group: str
    value: str

    def load(self) -> Any:
        """Import the module and return the attribute."""
        module, _, attr = self.value.partition(":")
        obj: Any = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            obj = getattr(obj, part)
        return obj


@lru_cache(maxsize=1)
def own_entry_points() -> tuple[EntryPoint, ...] | None:
    """mdrecall's own entry points, read from the first ``mdrecall-*.dist-info`` on ``sys.path``.

    ``None`` when none is found (a source tree, a zip): the caller falls back to :mod:`importlib.metadata`.
    """
    prefix = DISTRIBUTION + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith(prefix) and name.endswith((".dist-info", ".egg-info")):
                path = os.path.join(entry or ".", name, "entry_points.txt")
                try:
                    with open(path, encoding="utf-8") as fh:
                        return tuple(_parse_entry_points(fh.read()))
                except OSError:
                    return None
    return None


def _parse_entry_points(text: str) -> Iterator[EntryPoint]:
    group = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif "=" in line and group:
            name, _, value = line.partition("=")
            yield EntryPoint(name.strip(), group, value.strip())


class Registry(Generic[F]):
    """Factories of one kind of plugin, by name, from entry points and run-time registrations."""

    def __init__(self, kind: str, plural: str, group: str, extra_names: tuple[str, ...] = ()) -> None:
        self.kind = kind  # "store backend", "embedding provider", … (used in error messages)
        self.plural = plural
        self.group = group
        self._extra_names = extra_names  # names handled outside the registry ("none", "builtin")
        self._runtime: dict[str, F] = {}
        self._found: dict[str, Any] = {}  # name -> an entry point not loaded yet, or its factory
        self._own_read = False
        self._all_read = False

    def register(self, name: str, factory: F, *, replace: bool = True) -> None:
        """Register ``factory`` as ``name``; with ``replace=False`` a known name is kept."""
        if replace or not self.has(name):
            self._runtime[name] = factory

    def unregister(self, name: str) -> None:
        """Forget a run-time registration (entry points stay)."""
        self._runtime.pop(name, None)

    @contextmanager
    def registered(self, name: str, factory: F) -> Iterator[None]:
        """Register ``factory`` as ``name`` for the ``with`` block, then restore what was there."""
        previous = self._runtime.get(name)
        self._runtime[name] = factory
        try:
            yield
        finally:
            if previous is None:
                self._runtime.pop(name, None)
            else:
                self._runtime[name] = previous

    def has(self, name: str) -> bool:
        """True when ``name`` is registered (scans installed packages only if it must)."""
        return self._lookup(name) is not None

    def get(self, name: str) -> F:
        """The factory for ``name``, or a :class:`~mdrecall.errors.ConfigError` naming the known ones."""
        factory = self._lookup(name)
        if factory is None:
            known = ", ".join([*self._extra_names, *self.names()])
            raise ConfigError(f"unknown {self.kind} '{name}'. Known {self.plural}: {known}")
        return factory

    def names(self) -> list[str]:
        """Every registered name, built-in, installed plugin or registered at run time."""
        self._read_own()
        self._read_all()
        return sorted(set(self._runtime) | set(self._found))

    def refresh(self) -> None:
        """Read entry points again on the next lookup (after installing a plugin in this process)."""
        self._found.clear()
        self._own_read = self._all_read = False

    def _lookup(self, name: str) -> F | None:
        if name in self._runtime:
            return self._runtime[name]
        self._read_own()
        if name not in self._found:
            self._read_all()
        found = self._found.get(name)
        if found is not None and hasattr(found, "load") and hasattr(found, "group"):
            found = self._found[name] = found.load()
        return found

    def _read_own(self) -> None:
        if self._own_read:
            return
        self._own_read = True
        entries = own_entry_points()
        if entries is None:
            self._read_all()
            return
        for ep in entries:
            if ep.group == self.group:
                self._found.setdefault(ep.name, ep)

    def _read_all(self) -> None:
        if self._all_read:
            return
        self._all_read = True
        from importlib import metadata

        for ep in metadata.entry_points(group=self.group):
            self._found.setdefault(ep.name, ep)


#: Index stores (``store.backend``).
STORES: Registry[Any] = Registry("store backend", "backends", "mdrecall.stores")
#: Embedding providers (``embedding.provider``; ``none`` and ``auto`` are resolved before the registry).
EMBEDDERS: Registry[Any] = Registry("embedding provider", "providers", "mdrecall.embedders", ("none", "auto"))
#: Rerankers (``rerank.provider``; ``none`` turns reranking off).
RERANKERS: Registry[Any] = Registry("rerank provider", "providers", "mdrecall.rerankers", ("none",))
#: Search backends answering before the builtin store (``backend``; ``builtin`` is none).
BACKENDS: Registry[Any] = Registry("search backend", "backends", "mdrecall.backends", ("builtin",))
