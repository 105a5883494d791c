"""What every network provider shares: keys, batching, dims, normalisation and the batch-API switch.

A provider subclasses :class:`RemoteEmbedder`, names its defaults, and implements ``_call`` (one
inline request → a list of vectors) and, optionally, ``_batch_api`` (an asynchronous batch job).

Dimensions: ``embedding.dims`` if set, else the provider's table of known models, else they are
learned from the first response. :attr:`RemoteEmbedder.identity` needs them, so reading it before
any embedding of an unknown model makes one small probe request; callers can therefore rely on
``identity`` being exact before they store vectors.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from mdrecall.config.sources import env_value
from mdrecall.embedders._util import to_matrix
from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.errors import EmbedderError
from mdrecall.plugins.http_client import HttpClient, is_loopback_url
from mdrecall.plugins.options import EMBEDDING_SHARED, check_options, option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

log = logging.getLogger("mdrecall.embedders")

#: Texts gathered for one batch-API job during an index run (the job is used from batch_api_min_texts).
BATCH_JOB_TEXTS = 2048

DOCUMENT = "document"
QUERY = "query"


class RemoteEmbedder:
    """Base class of the HTTP providers (OpenAI-compatible, Gemini, Voyage, Ollama)."""

    provider: ClassVar[str] = ""
    default_model: ClassVar[str] = ""
    default_base_url: ClassVar[str] = ""
    base_url_env: ClassVar[tuple[str, ...]] = ()
    key_env: ClassVar[tuple[str, ...]] = ()
    known_dims: ClassVar[dict[str, int]] = {}
    max_batch_size: ClassVar[int] = 2048
    default_max_batch_chars: ClassVar[int] = 200_000
    probe_text: ClassVar[str] = "dimension probe"
    #: ``embedding.options`` the provider reads (subclasses add theirs).
    option_types: ClassVar[dict[str, type]] = {
        **EMBEDDING_SHARED,
        "max_batch_chars": int,
        "batch_api_min_texts": int,
        "batch_api_max_failures": int,
        "batch_poll_s": float,
        "batch_timeout_s": float,
        "is_remote": bool,
        "retry_backoff_s": float,
    }

    def __init__(self, config: EmbeddingConfig, env: Mapping[str, str] | None = None) -> None:
        opts = config.options
        check_options("embedding", self.provider, opts, self.option_types)
        self.model = config.model or self.default_model
        base = config.base_url or env_value(self.base_url_env, env)
        self.base_url = self._normalize_base_url(base or self.default_base_url)
        key_vars = self._key_env(self.base_url)
        key = config.api_key or env_value(key_vars, env)
        if not key and self._key_required(self.base_url):
            names = " or ".join(f"${k}" for k in key_vars)
            raise EmbedderError(
                f"{self.provider} embeddings need an API key: set {names} or embedding.api_key "
                "(or choose another embedding.provider)."
            )
        self.batch_api = bool(config.batch_api)
        self.batch_size = max(1, min(config.batch_size, self.max_batch_size))
        self.concurrency = max(1, config.concurrency)
        self.max_batch_chars = option(opts, "max_batch_chars", self.default_max_batch_chars)
        self.batch_api_min_texts = option(opts, "batch_api_min_texts", 256)
        self.batch_api_max_failures = option(opts, "batch_api_max_failures", 2)
        self.batch_poll_s = option(opts, "batch_poll_s", 10.0)
        self.batch_timeout_s = option(opts, "batch_timeout_s", 3600.0)
        self.batch_failures = 0
        self.last_batch_error = ""
        self._dims = config.dims or self.known_dims.get(self.model, 0)
        self._is_remote = option(opts, "is_remote", not is_loopback_url(self.base_url))
        self._lock = threading.Lock()
        headers = {**self._auth_headers(key), **config.headers}
        self.http = HttpClient(
            self.provider,
            self.base_url,
            headers=headers,
            secret=key,
            timeout_s=config.timeout_s,
            max_retries=config.max_retries,
            backoff_s=option(opts, "retry_backoff_s", 0.5),
        )

    # -- provider hooks -------------------------------------------------------------------------

    def _auth_headers(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"} if key else {}

    def _key_env(self, base_url: str) -> tuple[str, ...]:
        return self.key_env

    def _key_required(self, base_url: str) -> bool:
        return True

    def _normalize_base_url(self, url: str) -> str:
        return url.rstrip("/")

    def _call(self, texts: list[str], kind: str) -> list[Any]:
        """One inline request: ``texts`` → one vector (list of floats) per text, in order."""
        raise NotImplementedError

    def _batch_api(self, texts: list[str]) -> np.ndarray:
        """Embed documents through the provider's asynchronous batch API (optional)."""
        raise EmbedderError(f"{self.provider} has no batch API in mdrecall; set embedding.batch_api = false")

    # -- the Embedder protocol ------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r})"

    @property
    def is_remote(self) -> bool:
        """True unless the endpoint is on this machine (loopback); ``options.is_remote`` overrides."""
        return self._is_remote

    @property
    def dims(self) -> int:
        """Vector length; probes the endpoint once when it is not known yet."""
        if not self._dims:
            self.embed_inline([self.probe_text], QUERY)
        return self._dims

    @property
    def dims_known(self) -> bool:
        """True when :attr:`dims` (and so :attr:`identity`) can be read without a probe request."""
        return bool(self._dims)

    @property
    def identity(self) -> EmbedderIdentity:
        """Provider, model, dims and the base URL (fingerprinted in the key)."""
        return EmbedderIdentity(self.provider, self.model, self.dims, self.base_url)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed documents (batched; the batch API is used for large backfills when enabled)."""
        texts = list(texts)
        if texts and self._batch_api_wanted(len(texts)):
            try:
                return self.checked(self._batch_api([_nonempty(t) for t in texts]), len(texts))
            except (EmbedderError, ValueError, TypeError, KeyError, AttributeError) as exc:
                # The batch API is an optimisation: any failure of it means "embed inline".
                self.batch_failures += 1
                self.last_batch_error = str(exc)
                log.warning(
                    "%s batch API failed (%d/%d), embedding inline: %s",
                    self.provider,
                    self.batch_failures,
                    self.batch_api_max_failures,
                    exc,
                )
        return self.embed_inline(texts, DOCUMENT)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one search query."""
        return self.embed_inline([text], QUERY)[0]

    # -- internals ------------------------------------------------------------------------------

    def _batch_api_wanted(self, n: int) -> bool:
        return (
            self.batch_api
            and n >= self.batch_api_min_texts
            and self.batch_failures < self.batch_api_max_failures
        )

    @property
    def window_hint(self) -> int:
        """Texts worth passing to one :meth:`embed_documents` call: a request for each of
        ``concurrency`` slots, or a whole batch-API job when the batch API is on."""
        hint = self.batch_size * self.concurrency
        if self.batch_api and self.batch_failures < self.batch_api_max_failures:
            hint = max(hint, self.batch_api_min_texts, BATCH_JOB_TEXTS)
        return hint

    def embed_inline(self, texts: list[str], kind: str) -> np.ndarray:
        """Embed ``texts`` (``kind`` is :data:`DOCUMENT` or :data:`QUERY`) with inline requests, never the
        batch API: split by :meth:`batches`, up to ``concurrency`` requests in flight; rows in order."""
        if not texts:
            return np.zeros((0, self._dims), dtype=np.float32)
        texts = [_nonempty(t) for t in texts]
        batches = list(self.batches(texts))
        if len(batches) == 1 or self.concurrency == 1:
            parts = [self.request(batch, kind) for batch in batches]
        else:
            parts = in_flight(lambda batch: self.request(batch, kind), batches, self.concurrency)
        return parts[0] if len(parts) == 1 else np.vstack(parts)

    def request(self, texts: list[str], kind: str) -> np.ndarray:
        """One inline request for ``texts`` (at most one of :meth:`batches`), checked by :meth:`checked`."""
        return self.checked(self._call(texts, kind), len(texts))

    def checked(self, rows: Any, expected: int) -> np.ndarray:
        """``rows`` (vectors as lists or an array) as a normalised float32 matrix of ``expected`` rows,
        or an :class:`EmbedderError`; the first answer of a model of unknown size sets :attr:`dims`."""
        matrix = to_matrix(rows, expected, self._dims, self.provider)
        if not self._dims:
            with self._lock:
                self._dims = self._dims or matrix.shape[1]
        return matrix

    def batches(self, texts: list[str]) -> Iterator[list[str]]:
        """Split ``texts`` into requests of at most ``batch_size`` texts and ``max_batch_chars``."""
        batch: list[str] = []
        chars = 0
        for text in texts:
            if batch and (len(batch) >= self.batch_size or chars + len(text) > self.max_batch_chars):
                yield batch
                batch, chars = [], 0
            batch.append(text)
            chars += len(text)
        if batch:
            yield batch

    def _items(self, doc: Any, key: str, path: str) -> list[Any]:
        """``doc[key]`` as a list, or a clear error when the answer has another shape."""
        items = doc.get(key) if isinstance(doc, dict) else None
        if not isinstance(items, list):
            raise self.shape_error(path, f"no '{key}' list")
        return items

    def shape_error(self, path: str, what: str) -> EmbedderError:
        """The error for an answer that does not have the provider's shape."""
        return EmbedderError(
            f"{self.provider}: the answer of {path} has {what}. "
            "Check embedding.base_url points at the provider's API."
        )


def in_flight(
    call: Callable[[list[str]], np.ndarray], batches: list[list[str]], slots: int
) -> list[np.ndarray]:
    """``call`` on every batch with up to ``slots`` requests in flight; results in order.

    The first failure (in batch order) is raised once the requests in flight have ended; batches not
    started yet are not sent.
    """
    workers = min(slots, len(batches))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mdrecall-embed") as pool:
        futures = [pool.submit(call, b) for b in batches]
        try:
            return [f.result() for f in futures]
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def _nonempty(text: str) -> str:
    """APIs reject empty input; a blank text is sent as one space."""
    return text if text.strip() else " "
