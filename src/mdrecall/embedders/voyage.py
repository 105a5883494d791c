"""Voyage AI embeddings: ``POST {base_url}/embeddings`` (default ``https://api.voyageai.com/v1``).

Body ``{"model", "input": [...], "input_type": "document" | "query"}``; ``embedding.dims`` is sent as
``output_dimension``. Key: ``embedding.api_key`` or ``$VOYAGE_API_KEY``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mdrecall.embedders.remote import QUERY, RemoteEmbedder

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["VoyageEmbedder", "create"]


class VoyageEmbedder(RemoteEmbedder):
    """Voyage ``/v1/embeddings`` with ``input_type`` (at most 1000 texts per request)."""

    provider = "voyage"
    default_model = "voyage-3.5"
    default_base_url = "https://api.voyageai.com/v1"
    key_env = ("VOYAGE_API_KEY",)
    known_dims = {
        "voyage-3.5": 1024,
        "voyage-3.5-lite": 1024,
        "voyage-3-large": 1024,
        "voyage-3": 1024,
        "voyage-3-lite": 512,
        "voyage-code-3": 1024,
        "voyage-finance-2": 1024,
        "voyage-law-2": 1024,
        "voyage-multilingual-2": 1024,
    }
    max_batch_size = 1000
    default_max_batch_chars = 100_000  # voyage-3.5 allows 320k tokens per request; stay well below

    def __init__(self, config: EmbeddingConfig, env: Any = None) -> None:
        super().__init__(config, env)
        self._out_dims = config.dims
        if config.dims:
            self._dims = config.dims

    def _key_required(self, base_url: str) -> bool:
        return "voyageai.com" in base_url

    def _call(self, texts: list[str], kind: str) -> list[Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "input": texts,
            "input_type": "query" if kind == QUERY else "document",
        }
        if self._out_dims:
            body["output_dimension"] = self._out_dims
        data = self._items(self.http.request_json("POST", "embeddings", body), "data", "embeddings")
        try:
            return [item["embedding"] for item in sorted(data, key=lambda item: item.get("index", 0))]
        except (AttributeError, KeyError, TypeError):
            raise self.shape_error("embeddings", "items without 'embedding'") from None


def create(config: EmbeddingConfig) -> VoyageEmbedder:
    """Factory registered as provider ``voyage``."""
    return VoyageEmbedder(config)
