"""Train the supersession cross-encoder experiment (where PyTorch and transformers are: a lent device).

Fine-tunes all-MiniLM-L6-v2 (the shipped int8 weights, ``scripts/sup_cross_onnx.py base``) to read an older
and a newer line together and say whether the newer changes the older's fact, on the rows of
``benchmarks/sup_cross_data.py``. Runs (``RUNS``): ``fold0`` … ``fold4`` (the tuned sets split in five, one
part left out each time; corpora and threads always trained on), ``corp`` (corpora and threads only, every
set scored), ``all`` (everything; its weights saved for ``sup_cross_onnx.py export``). The left-out rows'
scores go to ``$OUT/scores.json`` (``benchmarks/sup_cross_eval.py`` reads them).

Usage (files in one folder: ``pairs.jsonl.gz``, ``minilm_q.npz``, ``vocab.txt``)::

    OUT=out python scripts/train_sup_cross.py FOLDER [--smoke]

Settings by environment: ``EPOCHS`` (3), ``LR`` (5e-5), ``BS`` (64), ``THREAD_DUP`` (2: thread rows repeated).
Not a dependency of mdrecall: nothing here runs in the package or its tests.
"""

import gzip
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

HERE = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path.cwd()
OUT = Path(os.environ.get("OUT", "/tmp/out"))
OUT.mkdir(parents=True, exist_ok=True)
SMOKE = "--smoke" in sys.argv
EPOCHS = float(os.environ.get("EPOCHS", "3"))
LR = float(os.environ.get("LR", "5e-5"))
MAXLEN = 160
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
t0 = time.time()


def log(*a):
    print(f"[{time.time() - t0:7.1f}s]", *a, flush=True)


def side(t, d, line):
    return f"{d or 'undated'} | {t} | {line.strip()}"


with gzip.open(HERE / "pairs.jsonl.gz", "rt") as fh:
    rows = [json.loads(x) for x in fh]
dup = int(os.environ.get("THREAD_DUP", "2"))
rows = [r for r in rows if r["ws"] != "threads"] + [r for r in rows if r["ws"] == "threads"] * dup
if SMOKE:
    rows = rows[::40]
log("rows", len(rows), "pos", sum(r["y"] for r in rows), dev)

from tokenizers.implementations import BertWordPieceTokenizer  # noqa: E402

tok = BertWordPieceTokenizer(
    str(HERE / "vocab.txt"), lowercase=True, strip_accents=None, clean_text=True, handle_chinese_chars=True
)
tok.enable_truncation(MAXLEN)
enc = tok.encode_batch([(side(r["at"], r["ad"], r["a"]), side(r["bt"], r["bd"], r["b"])) for r in rows])
IDS = [e.ids for e in enc]
TT = [e.type_ids for e in enc]
Y = np.array([r["y"] for r in rows], dtype=np.float32)
log("tokenized; mean len", np.mean([len(i) for i in IDS]))

from transformers import BertConfig, BertModel  # noqa: E402

CFG = BertConfig(
    vocab_size=30522,
    hidden_size=384,
    num_hidden_layers=6,
    num_attention_heads=12,
    intermediate_size=1536,
    max_position_embeddings=512,
    type_vocab_size=2,
    hidden_act="gelu",
    layer_norm_eps=1e-12,
    hidden_dropout_prob=0.1,
    attention_probs_dropout_prob=0.1,
)
z = np.load(HERE / "minilm_q.npz")
BASE = {}
for k in z.files:
    if k.endswith(".q"):
        BASE[k[:-2]] = torch.tensor(z[k].astype(np.float32) * z[k[:-2] + ".s"])
    elif not k.endswith(".s"):
        BASE[k] = torch.tensor(z[k])


class CE(nn.Module):
    def __init__(self):
        super().__init__()
        self.bert = BertModel(CFG, add_pooling_layer=False)
        missing, unexpected = self.bert.load_state_dict(BASE, strict=False)
        assert not unexpected, unexpected
        assert all("position_ids" in m or "token_type_ids" in m for m in missing), missing
        self.head = nn.Linear(384, 1)

    def forward(self, ids, mask, tt):
        h = self.bert(input_ids=ids, attention_mask=mask, token_type_ids=tt).last_hidden_state
        m = mask.unsqueeze(-1).to(h.dtype)
        return self.head((h * m).sum(1) / m.sum(1).clamp(min=1)).squeeze(-1)


def batches(idx, bs, shuffle, rng):
    idx = np.array(idx)
    if shuffle:
        idx = idx[rng.permutation(len(idx))]
        # bucket by length inside chunks of 50 batches for speed
        chunks = [idx[i : i + bs * 50] for i in range(0, len(idx), bs * 50)]
        idx = np.concatenate([c[np.argsort([len(IDS[j]) for j in c])] for c in chunks])
        bl = [idx[i : i + bs] for i in range(0, len(idx), bs)]
        order = rng.permutation(len(bl))
        bl = [bl[o] for o in order]
    else:
        idx = idx[np.argsort([len(IDS[j]) for j in idx])]
        bl = [idx[i : i + bs] for i in range(0, len(idx), bs)]
    for b in bl:
        L = max(len(IDS[j]) for j in b)
        ids = np.zeros((len(b), L), dtype=np.int64)
        tt = np.zeros((len(b), L), dtype=np.int64)
        mask = np.zeros((len(b), L), dtype=np.int64)
        for r, j in enumerate(b):
            n = len(IDS[j])
            ids[r, :n] = IDS[j]
            tt[r, :n] = TT[j]
            mask[r, :n] = 1
        yield b, torch.from_numpy(ids).to(dev), torch.from_numpy(mask).to(dev), torch.from_numpy(tt).to(dev)


def train(idx, seed=0):
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = CE().to(dev)
    bs = int(os.environ.get("BS", "64"))
    steps = int(np.ceil(len(idx) / bs) * EPOCHS)
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, s / max(1, steps // 10)) * max(0.0, (steps - s) / max(1, steps - steps // 10))
    )
    pos = Y[idx].sum()
    lossf = nn.BCEWithLogitsLoss(
        pos_weight=torch.tensor(min(10.0, (len(idx) - pos) / max(pos, 1) / 4), device=dev)
    )
    model.train()
    s = 0
    ep = 0
    while s < steps:
        for b, ids, mask, tt in batches(idx, bs, True, rng):
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
                logit = model(ids, mask, tt)
            loss = lossf(logit.float(), torch.from_numpy(Y[b]).to(dev))
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            s += 1
            if s >= steps:
                break
        ep += 1
        log(f"  epoch {ep} loss {loss.item():.4f}")
    return model


@torch.no_grad()
def score(model, idx):
    model.eval()
    out = {}
    for b, ids, mask, tt in batches(idx, 256, False, None):
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
            p = torch.sigmoid(model(ids, mask, tt).float()).cpu().numpy()
        for j, v in zip(b, p, strict=True):
            out[int(j)] = round(float(v), 5)
    return out


sets = sorted({r["ws"] for r in rows if r["set"]})
fold_of = {s: i % 5 for i, s in enumerate(sets)}
results = {"sets": sets, "fold_of": fold_of, "runs": {}}
runs = os.environ.get("RUNS", "all,corp,fold0,fold1,fold2,fold3,fold4").split(",")
if SMOKE:
    runs = ["fold0", "all"]
for run in runs:
    if run.startswith("fold"):
        k = int(run[4:])
        tr = [i for i, r in enumerate(rows) if not (r["set"] and fold_of[r["ws"]] == k)]
        te = [i for i, r in enumerate(rows) if r["set"] and fold_of[r["ws"]] == k]
    elif run == "corp":
        tr = [i for i, r in enumerate(rows) if not r["set"]]
        te = [i for i, r in enumerate(rows) if r["set"]]
    else:
        tr = list(range(len(rows)))
        te = []
    log(run, "train", len(tr), "test", len(te))
    model = train(tr)
    results["runs"][run] = score(model, te)
    (OUT / "scores.json").write_text(json.dumps(results))
    log(run, "done")
    if run == "all":
        model.eval().float()
        sd = {k: v.detach().cpu().numpy() for k, v in model.state_dict().items()}
        w = sd.pop("bert.embeddings.word_embeddings.weight")
        sc = np.abs(w).max(axis=1, keepdims=True) / 127.0
        np.savez(OUT / "ce_emb.npz", q=np.round(w / sc).astype(np.int8), s=sc.astype(np.float32))
        lo = {
            k: v.astype(np.float16) for k, v in sd.items() if not any(f"layer.{i}." in k for i in (3, 4, 5))
        }
        hi = {k: v.astype(np.float16) for k, v in sd.items() if k not in lo}
        np.savez(OUT / "ce_lo.npz", **lo)
        np.savez(OUT / "ce_hi.npz", **hi)
        log("saved", [os.path.getsize(OUT / f) for f in ("ce_emb.npz", "ce_lo.npz", "ce_hi.npz")])
log("end")
