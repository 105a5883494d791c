"""Ollama embeddings: ``POST {base_url}/api/embed`` with ``{"model", "input": [...]}``.

Base URL: ``embedding.base_url``, else ``$OLLAMA_HOST`` (``host:port`` is accepted), else
``http://localhost:11434``. No key is needed (``embedding.api_key`` is sent as a bearer token when
set, for servers behind a proxy). Pull the model first: ``ollama pull nomic-embed-text``.
An Ollama on this machine counts as local (``is_remote`` is false for loopback URLs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mdrecall.embedders.remote import RemoteEmbedder

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["OllamaEmbedder", "create"]


class OllamaEmbedder(RemoteEmbedder):
    """Ollama ``/api/embed`` (Ollama ≥ 0.3)."""

    provider = "ollama"
    default_model = "nomic-embed-text"
    default_base_url = "http://localhost:11434"
    base_url_env = ("OLLAMA_HOST",)
    key_env = ("OLLAMA_API_KEY",)
    known_dims = {
        "nomic-embed-text": 768,
        "mxbai-embed-large": 1024,
        "all-minilm": 384,
        "snowflake-arctic-embed": 1024,
        "bge-m3": 1024,
        "embeddinggemma": 768,
    }
    max_batch_size = 512
    default_max_batch_chars = 100_000

    def __init__(self, config: EmbeddingConfig, env: Any = None) -> None:
        super().__init__(config, env)
        self._dims = self._dims or self.known_dims.get(self.model.removesuffix(":latest"), 0)

    def _normalize_base_url(self, url: str) -> str:
        url = url.strip().rstrip("/")
        if "://" not in url:
            url = f"http://{url}"
        return url.replace("://0.0.0.0", "://127.0.0.1")

    def _key_required(self, base_url: str) -> bool:
        return False

    def _call(self, texts: list[str], kind: str) -> list[Any]:
        body = {"model": self.model, "input": texts, "truncate": True}
        return self._items(self.http.request_json("POST", "api/embed", body), "embeddings", "api/embed")


def create(config: EmbeddingConfig) -> OllamaEmbedder:
    """Factory registered as provider ``ollama``."""
    return OllamaEmbedder(config)
