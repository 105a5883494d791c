"""The one plugin mechanism: built-ins and third-party plugins are entry points of the same groups."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.errors import ConfigError
from mdrecall.plugins.registry import BACKENDS, EMBEDDERS, RERANKERS, STORES, Registry

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
REGISTRIES = {"mdrecall.stores": STORES, "mdrecall.embedders": EMBEDDERS}
REGISTRIES.update({"mdrecall.rerankers": RERANKERS, "mdrecall.backends": BACKENDS})

PLUGIN = '''
"""A third-party package: a store and an embedder, known to mdrecall only through entry points."""
import hashlib

import numpy as np

from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.stores.in_memory import InMemoryStore


class NotebookStore(InMemoryStore):
    description = "notebook: a plugin store"


def create_store(config, workspace_root):
    return NotebookStore()


class HashEmbedder:
    identity = EmbedderIdentity("hash", "letters", 26)
    dims = 26
    is_remote = False

    def _one(self, text):
        v = np.zeros(26, dtype=np.float32)
        for ch in text.lower():
            if "a" <= ch <= "z":
                v[ord(ch) - 97] += 1
        n = np.linalg.norm(v)
        return v / n if n else v

    def embed_documents(self, texts):
        return np.stack([self._one(t) for t in texts]) if texts else np.zeros((0, 26), np.float32)

    def embed_query(self, text):
        return self._one(text)


def create_embedder(config):
    return HashEmbedder()
'''


@pytest.fixture
def plugin_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Install a package the way pip would leave it: a module and its .dist-info with entry points."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "mdr_notebook.py").write_text(textwrap.dedent(PLUGIN))
    dist = site / "mdr_notebook-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mdr-notebook\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[mdrecall.stores]\nnotebook = mdr_notebook:create_store\n\n"
        "[mdrecall.embedders]\nletters = mdr_notebook:create_embedder\n"
    )
    monkeypatch.syspath_prepend(str(site))
    for registry in REGISTRIES.values():
        registry.refresh()
    yield
    monkeypatch.undo()
    for registry in REGISTRIES.values():
        registry.refresh()
    sys.modules.pop("mdr_notebook", None)


def test_builtins_are_the_entry_points_declared_in_pyproject() -> None:
    declared = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"]
    assert set(declared) == set(REGISTRIES)
    for group, registry in REGISTRIES.items():
        assert set(declared[group]) <= set(registry.names()), group
        for name in declared[group]:
            assert callable(registry.get(name)), (group, name)


def test_a_store_and_an_embedder_added_purely_through_entry_points(plugin_on_path, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\nThe kestrel nests on the north tower.\n")
    (root / "memory" / "2026-03-01.md").write_text("# 2026-03-01\n\nBought oat milk and bread.\n")
    assert "notebook" in STORES.names() and "letters" in EMBEDDERS.names()
    cfg = Config().merged({"store": {"backend": "notebook"}, "embedding": {"provider": "letters"}})
    with Memory.open(root, cfg) as mem:
        assert mem.store.description == "notebook: a plugin store"
        report = mem.index()
        assert report.added == 2 and report.embedded == report.chunks_written > 0
        result = mem.search_result("kestrel tower", min_score=0.0)
        assert result.hits[0].path == "MEMORY.md"
        assert result.mode == "hybrid" and result.model == "letters" and not result.fallback
        assert mem.store.counts()["vectors"] == mem.store.counts()["chunks"]


def test_unknown_names_list_what_is_installed(plugin_on_path) -> None:
    with pytest.raises(ConfigError, match=r"unknown store backend 'nope'\. Known backends: .*notebook"):
        STORES.get("nope")
    with pytest.raises(ConfigError, match=r"Known providers: none, auto, .*letters"):
        EMBEDDERS.get("nope")


def test_run_time_registration_wins_and_is_undone() -> None:
    registry: Registry[object] = Registry("widget", "widgets", "mdrecall.test-widgets")
    assert registry.names() == [] and not registry.has("w")
    first, second = (lambda: 1), (lambda: 2)
    registry.register("w", first)
    registry.register("w", second, replace=False)
    assert registry.get("w") is first
    with registry.registered("w", second):
        assert registry.get("w") is second
    assert registry.get("w") is first
    registry.unregister("w")
    assert not registry.has("w")


def test_a_plugin_cannot_replace_a_built_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    (site / "evil-0.1.dist-info").mkdir(parents=True)
    (site / "evil-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 0.1\n")
    (site / "evil-0.1.dist-info" / "entry_points.txt").write_text("[mdrecall.stores]\nsqlite = evil:x\n")
    monkeypatch.syspath_prepend(str(site))
    STORES.refresh()
    try:
        from mdrecall.stores.sqlite import create

        assert STORES.get("sqlite") is create
    finally:
        monkeypatch.undo()
        STORES.refresh()
