"""Can the shipped embedding models tell an entity's kind from its name alone (issue 29 part 1)?

Names the workspace gives no cue for ("Lanzarote", "Qiagen", "Wwise") get no kind from the rules: the vote
over their mentions has nothing to vote with. This measures two sources of world knowledge, both from the
models mdrecall ships, on every labelled set (``benchmarks/knowledge/``):

* **zero-shot**: the name's vector against prototype phrases per kind ("a city", "a company", "a book"…),
  the kind of the nearest one;
* **learned**: a softmax regression over the name's vector, trained on name lists *generated from the
  shipped general lists* (GeoNames places, given names, the well-known technologies, products,
  organisations and holidays of ``knowledge/data``), never on a labelled set's names. There is no general
  list of works or pets, so it never says those.

Each with MiniLM (``embedders/local.py``) and the static table (``embedders/static.py``). For each set it
reports kinds right among the matched entities as today, and with the model's kind used as a fallback
where the rules give none (``unknown``), with no gate and gated at a probability of 0.3 ("rules +
kind_guess": the shipped fallback, :mod:`mdrecall.knowledge.kinds.kind_guess`); "alone" is the
model's kind for every matched name (how often it would override a right kind), and the time to embed the
names. Usage::

    python benchmarks/kind_model_eval.py [--sets dev held_out ...] [--no-minilm]

Prints a table and writes ``benchmarks/results/kind_model.json``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import gen_kind_model  # noqa: E402  (scripts/gen_kind_model.py: the shipped model's training)
import knowledge_eval as ke  # noqa: E402

SETS = ["dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5"]
PROTOTYPES = {
    "person": [
        "a person's name",
        "a woman",
        "a man",
        "an author, writer or musician",
        "a friend or colleague",
    ],
    "org": ["a company", "a business or firm", "an organisation, charity or agency", "a bank", "an airline"],
    "place": ["a city", "a country", "a town or village", "an island", "a region or province", "a district"],
    "product": ["a product or brand", "an app or online service", "a medicine", "a food or drink brand"],
    "technology": ["a software technology", "a programming tool or library", "a programming language"],
    "work": ["a book", "a film or movie", "an album or song", "a novel", "a TV series", "a video game"],
    "pet": ["a pet dog", "a cat", "an animal's name"],
    "event": ["an event or festival", "a holiday", "a race or competition", "a conference"],
}
GATE = 0.3


def matched_kinds(which: str) -> list[dict[str, Any]]:
    """The set's gold entities the entity view finds: name as shown, gold kind, the view's kind."""
    from mdrecall.knowledge import index
    from mdrecall.knowledge.kinds.kind_guess import guess_kind
    from mdrecall.knowledge.mentions.extract import entity_key

    index.guess = lambda name: None  # the rules' kinds alone; the shipped fallback is a column

    labels = json.loads((ke.DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    by_key: dict[str, dict[str, Any]] = {}
    for g in labels["entities"]:
        for n in [g["name"], *g["aliases"]]:
            by_key.setdefault(entity_key(n), g)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(ke.DATA / which, root)
        mem = ke._open(root)
        try:
            seen: set[str] = set()
            for e in index.EntityIndex(mem.store, mem.config.entities).entities():
                keys = {entity_key(n) for n in (e.name, *e.aliases)}
                hit = next((by_key[k] for k in keys if k in by_key), None)
                if hit is not None and hit["name"] not in seen:
                    seen.add(hit["name"])
                    kind = ke._KINDS.get(e.kind, e.kind)
                    shipped = kind if kind != "unknown" else guess_kind(e.name) or kind
                    rows.append(
                        {
                            "name": e.name,
                            "gold": hit["kind"],
                            "rules": kind,
                            "shipped": ke._KINDS.get(shipped, shipped),
                        }
                    )
        finally:
            mem.close()
    return rows


def training_names(per_kind: int = 1200, seed: int = 0) -> dict[str, list[str]]:
    """Names per kind from the shipped general lists (none from a labelled set's notes), as the shipped
    model is trained on them (:func:`gen_kind_model.training_names`), the labels' "org" for organisations."""
    data = gen_kind_model.training_names(per_kind, seed)
    if "organisation" in data:
        data["org"] = data.pop("organisation")
    return data


def fit(x: np.ndarray, y: np.ndarray, n: int, epochs: int = 300, rate: float = 0.5) -> tuple[Any, Any]:
    """The shipped model's training (:func:`gen_kind_model.fit`)."""
    return gen_kind_model.fit(x, y, n, epochs, rate)


def softmax(z: np.ndarray) -> np.ndarray:
    z = np.exp(z - z.max(1, keepdims=True))
    return z / z.sum(1, keepdims=True)


def classifiers(embedder: Any, names: list[str]) -> dict[str, tuple[list[str], np.ndarray, float]]:
    """For each method: the kind per name, its score, and the seconds it took to embed the names."""
    out = {}
    started = time.perf_counter()
    x = embedder.embed_documents(names)
    spent = time.perf_counter() - started
    kinds = list(PROTOTYPES)
    sims = np.stack([(x @ embedder.embed_documents(PROTOTYPES[k]).T).max(1) for k in kinds], 1)
    out["zero-shot"] = ([kinds[i] for i in sims.argmax(1)], sims.max(1), spent)
    data = training_names()
    learned = sorted(data)
    train = [n for k in learned for n in data[k]]
    y = np.array([learned.index(k) for k in learned for _ in data[k]])
    w, b = fit(embedder.embed_documents(train), y, len(learned))
    p = softmax(x @ w + b)
    out["learned"] = ([learned[i] for i in p.argmax(1)], p.max(1), spent)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--no-minilm", action="store_true", help="the static table only")
    args = parser.parse_args()
    from mdrecall.embedders.local import LocalEmbedder
    from mdrecall.embedders.static import StaticEmbedder

    rows = {s: matched_kinds(s) for s in args.sets}
    flat = [r for s in args.sets for r in rows[s]]
    names = [r["name"] for r in flat]
    embedders = {"static": StaticEmbedder()} | ({} if args.no_minilm else {"minilm": LocalEmbedder()})
    result: dict[str, Any] = {"gate": GATE, "methods": {}}
    print(f"{'method':22} " + " ".join(f"{s:>10}" for s in args.sets) + "   unknown→right  alone  overrides")
    print(f"{'rules (today)':22} " + " ".join(f"{_right(rows[s]):10.2f}" for s in args.sets))
    shipped = {s: _right([{**r, "rules": r["shipped"]} for r in rows[s]]) for s in args.sets}
    print(f"{'rules + kind_guess':22} " + " ".join(f"{shipped[s]:10.2f}" for s in args.sets))
    result["shipped"] = shipped
    for ename, embedder in embedders.items():
        for method, (kinds, score, spent) in classifiers(embedder, names).items():
            for gate in (0.0, GATE) if method == "learned" else (0.0,):
                label = f"{ename} {method}" + (f" p>={gate}" if gate else "")
                at = 0
                per_set = {}
                fixed = wrong_guess = 0
                for s in args.sets:
                    after = []
                    for r in rows[s]:
                        guess, sc = kinds[at], float(score[at])
                        at += 1
                        use = r["rules"] == "unknown" and sc >= gate
                        after.append({**r, "rules": guess if use else r["rules"]})
                        fixed += use and guess == r["gold"]
                        wrong_guess += use and guess != r["gold"]
                    per_set[s] = _right(after)
                alone = sum(k == r["gold"] for k, r in zip(kinds, flat, strict=True)) / len(flat)
                overrides = sum(k != r["gold"] == r["rules"] for k, r in zip(kinds, flat, strict=True))
                n_unknown = sum(r["rules"] == "unknown" for r in flat)
                print(
                    f"{label:22} "
                    + " ".join(f"{per_set[s]:10.2f}" for s in args.sets)
                    + f"   {fixed}/{n_unknown} ({wrong_guess} wrong)  {alone:.2f}  {overrides}"
                )
                result["methods"][label] = {
                    "kinds_right": per_set, "fixed": fixed, "wrong_guesses": wrong_guess,
                    "unknown": n_unknown, "alone": alone, "overrides_right": overrides,
                    "embed_s": spent, "names": len(names),
                }  # fmt: skip
        print(f"  {ename}: {len(names)} names embedded in {spent * 1000:.0f} ms")
    result["rows"] = rows
    out = ke.ROOT / "results" / "kind_model.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


def _right(rows: list[dict[str, Any]]) -> float:
    return sum(r["rules"] == r["gold"] for r in rows) / len(rows) if rows else 0.0


if __name__ == "__main__":
    sys.exit(main())
