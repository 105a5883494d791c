"""The training and measuring data of the learned supersession scorer (``knowledge/changes/pair_model.py``).

Groups, each left out in turn by ``benchmarks/sup_learn_eval.py``:

* the pair corpora ``sup_train.json`` (18 worlds), ``sup_blind17.json`` (12 worlds) and ``sup_pairs.json``
  (its ``tune`` and ``aside`` parts): each corpus written into one workspace as ``sup_pairs_eval.py`` writes
  it; a group is one world, its rows the candidate pairs whose newer line is one of the world's cases';
* the tuned labelled sets, each its own workspace and group, named one by one (:data:`SETS`: never a
  pattern that could reach a blind set).

Positives: a corpus case's pair where ``same_fact``, a set's ``supersession`` pairs; every other candidate
pair (:func:`mdrecall.knowledge.changes.pair_candidates.candidates`, the rules' pairs among them) is a
negative. Also a logistic regression in numpy (:func:`fit`), deterministic.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple
from unittest import mock

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE / "knowledge"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from sup_pairs_eval import _workspace  # noqa: E402

from mdrecall.files.workspace import date_from_name  # noqa: E402
from mdrecall.knowledge.changes.fact_pairs import supersessions  # noqa: E402
from mdrecall.knowledge.changes.pair_model import pair_rows  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts  # noqa: E402

#: The tuned labelled sets (held_out_12 and held_out_14 are blind: never listed here).
SETS = (
    "dev",
    "held_out",
    "held_out_2",
    "held_out_3",
    "held_out_4",
    "held_out_5",
    "held_out_6",
    "held_out_7",
    "held_out_8",
    "held_out_9",
    "held_out_10",
    "held_out_11",
    "held_out_13",
)
#: The pair corpora (sup_blind18.json and sup_blind19.json are blind: never listed here).
CORPORA = ("sup_train", "sup_blind17", "sup_pairs")

Key = tuple[str, int]
#: The L2 weight of :func:`fit` (1 and 10 measured alike left out).
L2 = 3.0


class Workspace(NamedTuple):
    """One workspace's fact lines, its true pairs (older → newer) and each newer line's group."""

    name: str
    facts: list[Fact]
    truth: dict[Key, Key]
    group_of: dict[Key, str]  # a line → its group (lines of no group: the workspace's name)


def _facts(files: dict[str, tuple[str | None, list[str]]]) -> list[Fact]:
    return [
        f for path, (day, lines) in sorted(files.items()) for f in line_facts(path, "\n".join(lines), day)
    ]


def corpus(name: str) -> Workspace:
    """A pair corpus written into one workspace."""
    cases = json.loads((DATA / f"{name}.json").read_text())["cases"]
    files, where = _workspace(cases)
    truth: dict[Key, Key] = {}
    group_of: dict[Key, str] = {}
    for c in cases:
        old, new = where[c["id"]]
        group = f"{name}:{c.get('world') or ('aside' if c.get('aside') else 'tune')}"
        group_of[old] = group_of[new] = group
        if c["same_fact"]:
            truth[old] = new
    return Workspace(name, _facts(files), truth, group_of)


def labelled_set(name: str) -> Workspace:
    """A tuned labelled set's workspace and its supersession pairs."""
    root = DATA / name
    labels = json.loads((DATA / f"{name}.labels.json").read_text())
    files: dict[str, tuple[str | None, list[str]]] = {}
    for p in sorted(root.rglob("*.md")):
        rel = p.relative_to(root).as_posix()
        files[rel] = (date_from_name(p.name), p.read_text(encoding="utf-8").split("\n"))
    truth = {
        (s["older"]["file"], s["older"]["line"]): (s["newer"]["file"], s["newer"]["line"])
        for s in labels["supersession"]
    }
    return Workspace(name, _facts(files), truth, {})


def workspaces() -> list[Workspace]:
    """Every corpus and tuned set."""
    return [corpus(c) for c in CORPORA] + [labelled_set(s) for s in SETS]


def rules_only(facts: list[Fact]) -> dict[Key, Any]:
    """The rules' pairing of ``facts``, without the learned scorer's additions (whether or not its weights
    are installed)."""
    with mock.patch("mdrecall.knowledge.changes.fact_pairs.model_pairs", lambda *_a, **_k: {}):
        return supersessions(facts)


class Rows(NamedTuple):
    """Candidate pairs of every workspace: features, labels, and each row's group, older and newer line."""

    x: np.ndarray
    y: np.ndarray
    group: list[str]
    old: list[Key]
    new: list[Key]
    rule: np.ndarray  # the rules pair the two lines


def rows(spaces: Sequence[Workspace]) -> tuple[Rows, dict[str, Any]]:
    """The candidate pairs' rows, and per group its true pairs and the rules' pairs."""
    xs: list[list[float]] = []
    ys: list[int] = []
    group: list[str] = []
    olds: list[Key] = []
    news: list[Key] = []
    rule: list[bool] = []
    per: dict[str, Any] = {}
    for ws in spaces:
        rules = {old: (s.path, s.line) for old, s in rules_only(ws.facts).items()}
        for key, feats, is_rule in pair_rows(ws.facts, rules):
            old, new = key
            g = ws.group_of.get(new, ws.name)
            xs.append(feats)
            ys.append(int(ws.truth.get(old) == new))
            group.append(g)
            olds.append(old)
            news.append(new)
            rule.append(is_rule)
        for old, new in ws.truth.items():
            per.setdefault(ws.group_of.get(new, ws.name), {"truth": {}, "rules": {}})["truth"][old] = new
        for old, new in rules.items():
            per.setdefault(ws.group_of.get(new, ws.name), {"truth": {}, "rules": {}})["rules"][old] = new
    return Rows(np.array(xs), np.array(ys), group, olds, news, np.array(rule)), per


def fit(
    x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 30, balanced: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An L2 logistic regression by Newton's method on standardised columns: (weights, column means, column
    scales); the bias column (all ones) is left unscaled and unpenalised. Unweighted, so that its scores are
    calibrated probabilities (``balanced``: classes weighted to balance, as the earlier rounds did)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    pos = max(int(y.sum()), 1)
    neg = max(len(y) - pos, 1)
    sw = np.where(y == 1, len(y) / (2 * pos), len(y) / (2 * neg)) if balanced else np.ones(len(y))
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w)))
        grad = z.T @ (sw * (p - y)) + penalty * w
        hess = (z * (sw * p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w, mean, scale


def predict(model: tuple[np.ndarray, np.ndarray, np.ndarray], x: np.ndarray) -> np.ndarray:
    """The probability of each row."""
    w, mean, scale = model
    return 1 / (1 + np.exp(-(((x - mean) / scale) @ w)))
