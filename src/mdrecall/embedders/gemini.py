"""Google Gemini embeddings (Gemini API, ``generativelanguage.googleapis.com``).

``POST {base_url}/models/{model}:batchEmbedContents`` with the key in ``x-goog-api-key``
(``embedding.api_key``, else ``$GEMINI_API_KEY``, else ``$GOOGLE_API_KEY``). Documents are sent with
``taskType = RETRIEVAL_DOCUMENT`` and queries with ``RETRIEVAL_QUERY``; ``embedding.dims`` is sent
as ``outputDimensionality`` (vectors are re-normalised here, as the API asks for shortened ones).
``embedding.batch_api = true`` uses ``models/{model}:asyncBatchEmbedContent`` for large backfills.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mdrecall.embedders.remote import QUERY, RemoteEmbedder

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["GeminiEmbedder", "create"]


class GeminiEmbedder(RemoteEmbedder):
    """Gemini ``batchEmbedContents`` (at most 100 texts per request)."""

    provider = "gemini"
    default_model = "gemini-embedding-001"
    default_base_url = "https://generativelanguage.googleapis.com/v1beta"
    key_env = ("GEMINI_API_KEY", "GOOGLE_API_KEY")
    known_dims = {"gemini-embedding-001": 3072, "text-embedding-004": 768, "embedding-001": 768}
    max_batch_size = 100
    default_max_batch_chars = 200_000

    def __init__(self, config: EmbeddingConfig, env: Any = None) -> None:
        super().__init__(config, env)
        self.model = self.model.removeprefix("models/")
        self._out_dims = config.dims
        self._dims = config.dims or self.known_dims.get(self.model, 0)

    def _auth_headers(self, key: str) -> dict[str, str]:
        return {"x-goog-api-key": key} if key else {}

    def _key_required(self, base_url: str) -> bool:
        return "googleapis.com" in base_url

    def item(self, text: str, kind: str) -> dict[str, Any]:
        """One ``EmbedContentRequest``."""
        req: dict[str, Any] = {
            "model": f"models/{self.model}",
            "content": {"parts": [{"text": text}]},
            "taskType": "RETRIEVAL_QUERY" if kind == QUERY else "RETRIEVAL_DOCUMENT",
        }
        if self._out_dims:
            req["outputDimensionality"] = self._out_dims
        return req

    def values(self, embedding: Any, path: str) -> Any:
        """The vector of one ``ContentEmbedding``."""
        if not isinstance(embedding, dict) or "values" not in embedding:
            raise self.shape_error(path, "an embedding without 'values'")
        return embedding["values"]

    def _call(self, texts: list[str], kind: str) -> list[Any]:
        path = f"models/{self.model}:batchEmbedContents"
        doc = self.http.request_json("POST", path, {"requests": [self.item(t, kind) for t in texts]})
        return [self.values(e, path) for e in self._items(doc, "embeddings", path)]

    def _batch_api(self, texts: list[str]) -> np.ndarray:
        from mdrecall.embedders.batch import gemini_batch

        return gemini_batch(self, texts)


def create(config: EmbeddingConfig) -> GeminiEmbedder:
    """Factory registered as provider ``gemini``."""
    return GeminiEmbedder(config)
