"""The static model distilled from MiniLM (real table, real tokenizer), and its distillation steps."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders import create_embedder
from mdrecall.embedders.distill import quantize, rank_weights, save_model, tokenlearn, wordnet_glosses
from mdrecall.embedders.static import MODEL_FILE, StaticEmbedder
from mdrecall.errors import EmbedderError


@pytest.fixture(scope="module")
def static() -> StaticEmbedder:
    emb = create_embedder(EmbeddingConfig(provider="static"))
    assert isinstance(emb, StaticEmbedder)
    emb.load()
    return emb


def test_shape_norm_identity(static):
    out = static.embed_documents(["hello world", "", "Grüße aus Köln", "東京", "[CLS] [SEP]"])
    assert out.shape == (5, 256) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out[[0, 2, 3]], axis=1), 1.0, atol=1e-5)
    assert not out[1].any()  # no tokens: a zero vector, which matches nothing
    assert static.identity.key == "static:static-minilm-256-v2:256:-"  # v2: fitted on WordNet glosses
    assert static.identity.key != create_embedder(EmbeddingConfig(provider="local")).identity.key
    assert not static.is_remote and static.dims == 256


def test_semantic_sanity(static):
    query = static.embed_query("How do I reset my password?")
    paraphrase, unrelated = static.embed_documents(
        ["Steps to recover a forgotten login password", "The recipe needs two cups of flour and an egg"]
    )
    assert query @ paraphrase > query @ unrelated + 0.2


def test_batches_do_not_change_vectors(static, monkeypatch):
    texts = ["short note", "a longer note about the deployment plan " * 40, "", "databases and indexes"] * 3
    whole = static.embed_documents(texts)
    monkeypatch.setattr("mdrecall.embedders.static.TOKENIZE_BATCH", 2)
    assert np.allclose(static.embed_documents(texts), whole, atol=1e-6)
    for text, row in zip(texts, whole, strict=True):
        assert np.allclose(static.embed_query(text), row, atol=1e-6)


def test_max_tokens_is_part_of_the_identity_and_unknown_model_is_an_error():
    short = create_embedder(EmbeddingConfig(provider="static", options={"max_tokens": 64}))
    assert short.identity.model == "static-minilm-256-v2@64"
    with pytest.raises(EmbedderError, match="no model 'potion'"):
        create_embedder(EmbeddingConfig(provider="static", model="potion"))


def test_a_damaged_table_is_a_clear_error(tmp_path: Path):
    bad = tmp_path / "static.npz"
    bad.write_bytes(b"not a numpy file")
    with pytest.raises(EmbedderError, match="cannot read the static model"):
        StaticEmbedder(model_file=bad).embed_query("x")
    with np.load(MODEL_FILE) as data:
        table = {k: data[k] for k in data.files}
    table["calibration"] = table["calibration"][:, ::-1]  # falling knots: interpolation would be wrong
    np.savez(bad, **table)
    with pytest.raises(EmbedderError, match="damaged calibration knots"):
        StaticEmbedder(model_file=bad).embed_query("x")


def test_quantized_table_round_trips(tmp_path: Path):
    rows = np.random.default_rng(0).normal(size=(10, 256)).astype(np.float32)
    rows[3] = 0
    q, scale = quantize(rows)
    assert q.dtype == np.int8 and scale[3] == 0
    assert np.abs(q * scale[:, None] - rows).max() <= scale.max() / 2 + 1e-6
    save_model(rows, tmp_path / "m.npz", {"model": "t"})
    assert sorted(np.load(tmp_path / "m.npz").files) == ["model", "rows", "scale"]
    assert not list(tmp_path.glob("*.tmp"))


def test_rank_weights_zero_special_tokens_and_favour_rare_words():
    vocab = ["[PAD]"] + [f"[unused{i}]" for i in range(1995)] + ["the", "of", "kestrel"]  # BERT's layout
    w = rank_weights(vocab)
    assert not w[:1996].any()
    assert w[-1] > w[-2] > w[-3] > 0


def test_hybrid_search_with_static_vectors(ws: Path, monkeypatch: pytest.MonkeyPatch):
    """A note that shares no word with the question is found by the static vectors alone, and its
    cosine is judged in the table's units: with ``min_score`` just above it, the table's calibrated
    bar (a cosine as rare as MiniLM's ``min_score``) still keeps it; taken as MiniLM's, it is cut."""
    from mdrecall.embedders.calibration import cosine_for

    (ws / "memory" / "2026-01-27.md").write_text(
        "# 2026-01-27\n\nTooth cleaning on Thursday at 3pm with Dr. Ruiz.\n"
    )
    cfg = Config().merged({"embedding": {"provider": "static"}})
    with Memory.open(ws, cfg) as mem:
        report = mem.index()
        assert report.embedded > 0 and report.pending_vectors == 0
        result = mem.search_result("when is the dentist?", explain=True)
        assert result.hits and result.vectors["indexed"] == result.vectors["total"] > 0
        assert result.provider == "static"
        top = result.hits[0]
        assert top.path == "memory/2026-01-27.md", [h.path for h in result.hits]
        assert "text" not in top.explain and top.explain["vector"] >= cosine_for(
            0.35, StaticEmbedder().cosine_knots
        )
        above = top.explain["vector"] + 0.01
        assert [h.path for h in mem.search("when is the dentist?", min_score=above)][:1] == [top.path]
        monkeypatch.setattr(StaticEmbedder, "cosine_knots", property(lambda self: None))
        assert top.path not in [h.path for h in mem.search("when is the dentist?", min_score=above)]


def test_the_shipped_table_carries_its_calibration(static):
    """The knots rise in both rows and end at (1, 1); MiniLM's 0.35 is a lower cosine in this table."""
    from mdrecall.embedders.calibration import cosine_for

    knots = static.cosine_knots
    assert knots is not None and knots.shape[0] == 2 and knots.shape[1] >= 6
    assert (np.diff(knots, axis=1) > 0).all() and tuple(knots[:, -1]) == (1.0, 1.0)
    assert 0.2 < cosine_for(0.35, knots) < 0.35
    assert cosine_for(0.0, knots) == 0.0  # min_score 0 cuts nothing, in any units


def test_wordnet_glosses_reads_lemmas_and_glosses_and_skips_the_licence(tmp_path: Path):
    header = "  1 This software and database is being provided to you | by Princeton\n"
    lines = {
        "noun": "00001740 03 n 02 entity 0 thing 0 000 | that which is perceived to exist\n",
        "verb": '00001740 29 v 01 breathe 0 000 | draw air into the lungs; "she breathed deeply"\n',
        "adj": "",
        "adv": "00001740 02 r 01 a_cappella 0 000 | without musical accompaniment\n",
    }
    for pos, text in lines.items():
        (tmp_path / f"data.{pos}").write_text(header + text, encoding="utf-8")
    texts = wordnet_glosses(tmp_path, n=10)
    assert sorted(texts) == [
        "a cappella: without musical accompaniment",
        'breathe: draw air into the lungs; "she breathed deeply"',
        "entity, thing: that which is perceived to exist",
    ]
    assert wordnet_glosses(tmp_path, n=2) == texts[:2]  # a seeded shuffle: the same order each time


def test_tokenlearn_pulls_text_means_toward_the_teacher():
    """A planted table: the teacher is the weighted token mean under other rows; the fit recovers them."""
    from mdrecall.embedders.distill import _design
    from mdrecall.embedders.local import vocab_path

    vocab = vocab_path().read_text(encoding="utf-8").splitlines()
    rng = np.random.default_rng(0)
    words = ["river", "bank", "money", "loan", "water", "fish", "boat", "stream", "credit", "cash"]
    texts = [" ".join(rng.choice(words, size=5)) for _ in range(200)]
    weights = rank_weights(vocab)
    pooled = rng.normal(size=(len(vocab), 384)).astype(np.float32)
    target = pooled.copy()
    used = np.unique(_design(texts, weights)[1])
    target[used] += rng.normal(size=(len(used), 384)).astype(np.float32)
    r, c, v = _design(texts, weights)
    teacher = np.zeros((len(texts), 384))
    np.add.at(teacher, r, v[:, None] * (target - pooled.mean(axis=0))[c])

    fitted = tokenlearn(pooled, texts, teacher.astype(np.float32), weights, ridge=1e-3)

    def fit_error(rows: np.ndarray) -> float:
        pred = np.zeros_like(teacher)
        np.add.at(pred, r, v[:, None] * rows[c])
        return float(
            np.mean(
                np.sum(pred * (teacher - teacher.mean(0)), 1)
                / np.linalg.norm(pred, axis=1)
                / np.linalg.norm(teacher - teacher.mean(0), axis=1)
            )
        )

    centred = pooled - pooled.mean(axis=0)
    assert fit_error(fitted) > 0.99 > fit_error(centred) + 0.2
    unused = np.setdiff1d(np.arange(len(vocab)), used)[:100]
    assert np.allclose(fitted[unused], centred[unused], atol=1e-4)  # tokens not in the corpus keep their row


def test_sparse_products_match_dense():
    from mdrecall.embedders.distill import _Sparse

    rng = np.random.default_rng(1)
    dense = (rng.random((60, 45)) < 0.1) * rng.random((60, 45))
    dense[:, 5] = 0
    dense[7] = 0
    r, c = np.nonzero(dense)
    sparse = _Sparse(r, c, dense[r, c], dense.shape)
    x, z = rng.random((45, 4)), rng.random((60, 4))
    assert np.allclose(sparse.dot(x), dense @ x) and np.allclose(sparse.tdot(z), dense.T @ z)


def test_a_compressed_or_damaged_table_is_read_as_numpy_reads_it(static, tmp_path: Path):
    """The shipped table is found without :mod:`zipfile`; any other archive (compressed here, or cut short)
    is read by ``np.load``: the same vectors, or the same clear error."""
    with np.load(MODEL_FILE) as data:
        table = {k: data[k] for k in data.files}
    squeezed = tmp_path / "compressed.npz"
    np.savez_compressed(squeezed, **table)
    texts = ["the Kestrel deploy moved to Friday", "Grüße aus Köln"]
    vectors = StaticEmbedder(model_file=squeezed).embed_documents(texts)
    assert np.array_equal(vectors, static.embed_documents(texts))
    cut = tmp_path / "cut.npz"
    cut.write_bytes(MODEL_FILE.read_bytes()[:-100])
    with pytest.raises(EmbedderError, match="cannot read the static model"):
        StaticEmbedder(model_file=cut).embed_query("x")
