"""OpenAI embeddings, and any OpenAI-compatible endpoint (OpenRouter, vLLM, LM Studio, llama.cpp...).

``POST {base_url}/embeddings`` with ``{"model", "input": [...], "encoding_format": "float"}``;
``base_url`` includes the version prefix (default ``https://api.openai.com/v1``,
``$OPENAI_BASE_URL`` when set). Key: ``embedding.api_key``, else ``$OPENROUTER_API_KEY`` for an
openrouter.ai URL, else ``$OPENAI_API_KEY``. A key is required only for api.openai.com and
openrouter.ai; local servers usually need none. ``embedding.batch_api = true`` uses ``/files`` +
``/batches`` for large backfills (see :mod:`mdrecall.embedders.batch`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mdrecall.embedders.remote import RemoteEmbedder
from mdrecall.plugins.options import option

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["OpenAIEmbedder", "create"]

_OFFICIAL_HOSTS = ("api.openai.com", "openrouter.ai")


class OpenAIEmbedder(RemoteEmbedder):
    """OpenAI ``/v1/embeddings`` and compatible servers."""

    provider = "openai"
    default_model = "text-embedding-3-small"
    default_base_url = "https://api.openai.com/v1"
    base_url_env = ("OPENAI_BASE_URL",)
    key_env = ("OPENAI_API_KEY",)
    known_dims = {
        "text-embedding-3-small": 1536,
        "text-embedding-3-large": 3072,
        "text-embedding-ada-002": 1536,
        "openai/text-embedding-3-small": 1536,
        "openai/text-embedding-3-large": 3072,
    }
    max_batch_size = 2048
    default_max_batch_chars = 400_000  # the API allows 300k tokens per request
    option_types = {**RemoteEmbedder.option_types, "dimensions_param": bool}

    def __init__(self, config: EmbeddingConfig, env: Any = None) -> None:
        super().__init__(config, env)
        # ``dimensions`` shortens text-embedding-3 vectors; other servers may reject the field.
        self._send_dims = bool(config.dims) and option(
            config.options, "dimensions_param", "text-embedding-3" in self.model
        )
        if self._send_dims:
            self._dims = config.dims

    def _key_env(self, base_url: str) -> tuple[str, ...]:
        if "openrouter.ai" in base_url:
            return ("OPENROUTER_API_KEY", "OPENAI_API_KEY")
        return self.key_env

    def _key_required(self, base_url: str) -> bool:
        return any(host in base_url for host in _OFFICIAL_HOSTS)

    def body(self, texts: list[str]) -> dict[str, Any]:
        """The JSON body of one embeddings request."""
        body: dict[str, Any] = {"model": self.model, "input": texts, "encoding_format": "float"}
        if self._send_dims:
            body["dimensions"] = self._dims
        return body

    def parse(self, doc: Any, path: str = "embeddings") -> list[Any]:
        """Vectors of an embeddings answer, in input order (sorted by ``index``)."""
        data = self._items(doc, "data", path)
        try:
            data = sorted(data, key=lambda item: item.get("index", 0))
            return [item["embedding"] for item in data]
        except (AttributeError, KeyError, TypeError):
            raise self.shape_error(path, "items without 'embedding'") from None

    def _call(self, texts: list[str], kind: str) -> list[Any]:
        return self.parse(self.http.request_json("POST", "embeddings", self.body(texts)))

    def _batch_api(self, texts: list[str]) -> np.ndarray:
        from mdrecall.embedders.batch import openai_batch

        return openai_batch(self, texts)


def create(config: EmbeddingConfig) -> OpenAIEmbedder:
    """Factory registered as provider ``openai``."""
    return OpenAIEmbedder(config)
