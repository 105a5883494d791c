"""Write ``src/mdrecall/knowledge/data/kind_model.npz``: a softmax regression that tells a name's kind
from its static vector alone (:mod:`mdrecall.knowledge.kinds.kind_guess`, issue 29 part 1).

Trained on names *generated from the shipped general lists*, never on a labelled set's notes: the places
(``places.txt`` and the GeoNames ``gazetteer.txt``), the given names (``first_names.txt``,
``given_names.txt``) and the well-known technologies, products, organisations and holidays
(``known_names.txt``), at most ``--per-kind`` names of each kind (seeded sample), classes weighted to count
alike. Features: the name's vector from the shipped static table (``embedders/data/static-minilm.npz``).
There is no general list of works or pets, so the model never says those. Run it when the lists or the
static table change (numpy and tokenizers only)::

    python scripts/gen_kind_model.py

``benchmarks/kind_model_eval.py`` measures it (and MiniLM, and zero-shot prototypes) on every labelled set.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "kind_model.npz"


def training_names(per_kind: int, seed: int) -> dict[str, list[str]]:
    """Kind → names from the shipped general lists (kinds as the entity view writes them)."""
    from mdrecall.knowledge.lexicon import name_lists as nl

    data: dict[str, list[str]] = {"place": sorted(nl.places()), "person": sorted(nl.first_names())}
    for name, known in nl.known_names().items():
        data.setdefault(known.kind, []).append(name)
    rng = random.Random(seed)
    for names in data.values():
        names[:] = sorted(set(names))
        rng.shuffle(names)
        del names[per_kind:]
    return data


def fit(
    x: np.ndarray, y: np.ndarray, n: int, epochs: int, rate: float = 0.5
) -> tuple[np.ndarray, np.ndarray]:
    """Class-balanced softmax regression by full-batch gradient descent (L2 1e-3)."""
    w = np.zeros((x.shape[1], n), np.float32)
    b = np.zeros(n, np.float32)
    one_hot = np.eye(n, dtype=np.float32)[y]
    weight = (1.0 / np.bincount(y, minlength=n)[y]).astype(np.float32)
    for _ in range(epochs):
        z = x @ w + b
        p = np.exp(z - z.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        g = (p - one_hot) * weight[:, None]
        w -= rate * (x.T @ g / weight.sum() + 1e-3 * w)
        b -= rate * g.sum(0) / weight.sum()
    return w, b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=1200)
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from mdrecall.embedders.static import StaticEmbedder

    data = training_names(args.per_kind, args.seed)
    kinds = sorted(data)
    names = [n for k in kinds for n in data[k]]
    y = np.array([kinds.index(k) for k in kinds for _ in data[k]])
    x = StaticEmbedder().embed_documents(names)
    w, b = fit(x, y, len(kinds), args.epochs)
    np.savez_compressed(OUT, weights=w.astype(np.float32), bias=b.astype(np.float32), kinds=np.array(kinds))
    sizes = ", ".join(f"{k} {len(data[k])}" for k in kinds)
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size:,} bytes; trained on {sizes})")


if __name__ == "__main__":
    main()
