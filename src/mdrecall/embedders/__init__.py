"""Embedders: build the configured one with :func:`create_embedder`.

Importing this package is cheap: built-in providers are registered as lazy factories, and a
provider's module (with numpy, ONNX Runtime or HTTP code) is imported only when it is built.

``embedding.provider``:

- ``"none"`` → no embedder (keyword search only);
- ``"auto"`` → the static model distilled from MiniLM (``static``: a table lookup, indexed with the
  files, so a search never has vectors missing; docs/search.md gives the measurements that chose it),
  else the local MiniLM if it is installed, else the first remote provider whose API key is in the
  environment, in :data:`AUTO_ORDER` (``OPENAI_API_KEY``, ``GEMINI_API_KEY`` / ``GOOGLE_API_KEY``,
  ``VOYAGE_API_KEY``), else none;
- any registered name: ``static``, ``local``, ``local-e5``, ``sentence-transformers``, ``openai``, ``gemini``,
  ``voyage``, ``ollama``, ``fake``, or a plugin's (entry-point group ``mdrecall.embedders``).

``embedding.fallback`` names a second provider. It is built from the primary's config with the
provider-specific fields cleared (``model``, ``base_url``, ``api_key``, ``headers``, ``dims``,
``options``) and the fields of the table ``embedding.options.fallback`` applied; ``batch_size``,
``timeout_s``, ``max_retries`` and ``batch_api`` carry over. See :mod:`mdrecall.embedders.fallback`
for how identities are reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from mdrecall.config.sources import env_value
from mdrecall.embedders.base import (
    Embedder,
    EmbedderFactory,
    EmbedderIdentity,
    available_providers,
    get_factory,
    register_embedder,
)
from mdrecall.embedders.fallback import (
    FallbackEmbedder,
    embed_documents_tagged,
    embed_query_tagged,
    local_only,
)
from mdrecall.errors import ConfigError
from mdrecall.plugins.options import option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = [
    "AUTO_ORDER",
    "Embedder",
    "EmbedderFactory",
    "EmbedderIdentity",
    "FallbackEmbedder",
    "available_providers",
    "create_embedder",
    "embed_documents_tagged",
    "embed_query_tagged",
    "get_factory",
    "local_only",
    "register_embedder",
    "resolve_provider",
]

#: Remote providers tried by ``provider = "auto"`` when the local model is not installed, in order,
#: with the environment variables that hold their keys.
AUTO_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("openai", ("OPENAI_API_KEY",)),
    ("gemini", ("GEMINI_API_KEY", "GOOGLE_API_KEY")),
    ("voyage", ("VOYAGE_API_KEY",)),
)


def _local_available() -> bool:
    from mdrecall.embedders.local import is_available

    return is_available()


def _static_available() -> bool:
    from mdrecall.embedders.static import is_available

    return is_available()


def resolve_provider(config: EmbeddingConfig, env: Mapping[str, str] | None = None) -> str:
    """The provider name ``config`` selects (``"auto"`` resolved), or ``"none"``."""
    name = config.provider.strip().lower() or "none"
    if name != "auto":
        return name
    if _static_available():
        return "static"
    if _local_available():
        return "local"
    for provider, variables in AUTO_ORDER:
        if env_value(variables, env):
            return provider
    return "none"


def create_embedder(config: EmbeddingConfig, env: Mapping[str, str] | None = None) -> Embedder | None:
    """Build the configured embedder (a :class:`FallbackEmbedder` when ``fallback`` is set), or ``None``.

    Raises :class:`~mdrecall.errors.ConfigError` for an unknown provider,
    :class:`~mdrecall.errors.MissingDependencyError` when its extra is not installed and
    :class:`~mdrecall.errors.EmbedderError` when it is misconfigured (e.g. no API key).
    """
    name = resolve_provider(config, env)
    fallback_name = config.fallback.strip().lower()
    primary = None if name == "none" else get_factory(name)(replace(config, provider=name))
    if not fallback_name or fallback_name in {"none", name}:
        return primary
    fallback = get_factory(fallback_name)(_fallback_config(config, fallback_name))
    if primary is None:
        return fallback
    cooldown = option(config.options, "fallback_cooldown_s", 60.0)
    return FallbackEmbedder(primary, fallback, cooldown_s=cooldown)


def _fallback_config(config: EmbeddingConfig, name: str) -> EmbeddingConfig:
    overrides: Any = config.options.get("fallback", {})
    if not isinstance(overrides, Mapping):
        raise ConfigError("embedding.options.fallback must be a table of embedding settings")
    known = {f.name for f in fields(config)} - {"provider", "fallback"}
    unknown = set(overrides) - known
    if unknown:
        raise ConfigError(
            f"embedding.options.fallback: unknown keys {', '.join(sorted(unknown))}. "
            f"Known keys: {', '.join(sorted(known))}"
        )
    base = replace(
        config, provider=name, fallback="", model="", base_url="", api_key="", headers={}, dims=0, options={}
    )
    return replace(base, **dict(overrides))
