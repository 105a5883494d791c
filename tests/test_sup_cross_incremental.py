"""The supersession cross-encoder's bound made incremental
(:func:`mdrecall.knowledge.changes.cross_candidates.searched`, :mod:`mdrecall.knowledge.changes.cross_state`):
a sync that changed a few files bounds and decides only the newer lines they reach, keeps the other decisions,
and gives the pairs a pairing of every line gives. Real parts: real workspaces, real SQLite, the static
vectors; a stand-in scorer (a hash of the pair as p) so that many pairs are decided whatever the trained model
reads in them."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.changes import cross_candidates, cross_model, cross_pairs
from mdrecall.knowledge.changes.cross_state import STATE_KEY
from mdrecall.knowledge.changes.superseded import refresh_superseded

pytestmark = pytest.mark.skipif(cross_model.unavailable() is not None, reason="no onnxruntime or base model")

PAGES = {
    "MEMORY.md": """# Memory

## Boat club
- The dinghy shed key is kept by Orla Nguyen
- Sailing practice is on Wednesday evenings at the reservoir
- Membership renewals go to Tomasz at the harbour office
- The club launch runs on a Yamaha outboard

## Flat
- Broadband comes from Sky, 80 Mb
- The landlord is Mr Abernathy; rent is due on the 3rd
- The washing machine is a Bosch under the stairs
- Bin collection is every other Monday
- The spare key sits with Mrs Okafor at number 12
""",
    "memory/2028-04-02.md": """# 2028-04-02

- Orla handed the shed key to Bashir after the AGM
- Practice shifted to Thursday evenings while the reservoir is drained
- Mrs Okafor moved away, so the spare key went to the Dunnes next door
""",
    "memory/2028-04-19.md": """# 2028-04-19

- Renewals are now done online; Tomasz retired from the harbour office
- The launch got a new Honda outboard after the Yamaha seized
""",
    "memory/2028-05-07.md": """# 2028-05-07

- Switched broadband to Virgin, 350 Mb, engineer came this morning
- Rent now goes to the letting agency, due on the 1st
- The Bosch died mid-cycle; a Beko was fitted in the same spot
- The council moved bins to a weekly Friday pickup
""",
}


class StandIn:
    """The cross-encoder's interface, p from a hash of the pair: two pairs in three near 1 (the stacker then
    adds most), of several heights (an older line's best newer line is chosen among them)."""

    digest = "stand-in"

    def scores(self, pairs: Any) -> np.ndarray:
        out = []
        for a, b in pairs:
            h = int(hashlib.blake2b(f"{a}\0{b}".encode(), digest_size=2).hexdigest(), 16)
            out.append(1 - 10.0 ** -(2 + h % 5) if h % 3 else 0.001)
        return np.array(out)


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    monkeypatch.setattr(cross_model, "load", lambda: StandIn())
    monkeypatch.setattr(cross_pairs, "DRIFT", 10.0)  # a small world: never bounded anew for its share
    runs: list[dict[str, Any]] = []
    real = cross_pairs.CrossPairing.__call__

    def counted(self, facts, rules):  # type: ignore[no-untyped-def]
        out = real(self, facts, rules)
        runs.append(
            {"searched": getattr(self, "searched", None), "decided": len(getattr(self, "decided", ()))}
        )
        return out

    monkeypatch.setattr(cross_pairs.CrossPairing, "__call__", counted)
    return runs


def _write(root: Path, pages: dict[str, str]) -> None:
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _open(root: Path) -> Memory:
    cfg = Config().merged(
        {
            "history": {"git": False},
            "embedding": {"provider": "none"},
            "entities": {"supersession_model": True},
        }
    )
    return Memory.open(root, cfg)


def _first_edit(root: Path) -> None:
    log = root / "memory" / "2028-04-19.md"
    log.write_text(
        log.read_text(encoding="utf-8").replace("new Honda", "second-hand Suzuki"), encoding="utf-8"
    )


def _second_edit(root: Path) -> None:
    _write(
        root,
        {
            "memory/2028-06-11.md": "# 2028-06-11\n\n"
            "- Bashir passed the shed key on to Priti for the summer\n"
            "- Practice is back on Wednesdays now the reservoir is full\n"
        },
    )


def test_a_sync_after_an_edit_bounds_only_the_lines_it_reaches(tmp_path: Path, stand_in) -> None:
    _write(tmp_path, PAGES)
    with _open(tmp_path) as mem:
        mem.index()
        assert stand_in[-1]["searched"] is None  # the first pairing bounds every line
        assert stand_in[-1]["decided"] >= 2
        assert mem.store.get_meta(STATE_KEY)
        _first_edit(tmp_path)
        mem.index()
    searched = stand_in[-1]["searched"]
    # of the 9 dated lines: the edited page's 2 and the 4 later ones its lines are nearest to
    assert searched is not None and searched < 9


def test_past_a_share_of_the_lines_changed_every_line_is_bounded_again(
    tmp_path: Path, stand_in, monkeypatch
) -> None:
    monkeypatch.setattr(cross_pairs, "DRIFT", 0.25)  # of ~20 lines: 2 changed, then 2 new, then 2 more
    _write(tmp_path, PAGES)
    with _open(tmp_path) as mem:
        mem.index()
        _first_edit(tmp_path)
        mem.index()
        assert stand_in[-1]["searched"] is not None
        _second_edit(tmp_path)
        mem.index()
        assert stand_in[-1]["searched"] is not None
        (tmp_path / "memory" / "2028-05-07.md").write_text(
            "# 2028-05-07\n\n- Broadband went back to Sky after the outage\n"
            "- Rent is paid by standing order now\n",
            encoding="utf-8",
        )
        mem.index()
    assert stand_in[-1]["searched"] is None


def test_pairs_left_past_the_budget_are_bounded_again_without_the_other_lines(
    tmp_path: Path, stand_in, monkeypatch
) -> None:
    _write(tmp_path, PAGES)
    with _open(tmp_path) as mem:
        mem.index()
        monkeypatch.setattr(cross_pairs, "BUDGET", 0)  # as a search's sync: no pair scored
        _second_edit(tmp_path)
        mem.index()
        assert stand_in[-1]["searched"] is not None
        monkeypatch.setattr(cross_pairs, "BUDGET", 1000)
        mem.index()  # nothing changed on disk: the new page's pairs are scored now
        assert stand_in[-1]["searched"] is not None  # its lines only, not every line
        incremental = mem.store.superseded_all()  # type: ignore[attr-defined]
        mem.store.set_meta("superseded_gen", "")
        refresh_superseded(mem.store, mem.config.entities)
        assert stand_in[-1]["searched"] is None
        assert mem.store.superseded_all() == incremental  # type: ignore[attr-defined]


def test_the_incremental_pairs_are_a_full_pairings_after_two_edits(tmp_path: Path, stand_in) -> None:
    edited, fresh = tmp_path / "edited", tmp_path / "fresh"
    edited.mkdir()
    _write(edited, PAGES)
    with _open(edited) as mem:
        mem.index()
        _first_edit(edited)
        mem.index()
        _second_edit(edited)
        mem.index()
        assert stand_in[-1]["searched"] is not None  # both syncs resumed from the kept decisions
        incremental = mem.store.superseded_all()  # type: ignore[attr-defined]
        mem.store.set_meta("superseded_gen", "")  # never paired: every line bounded anew
        refresh_superseded(mem.store, mem.config.entities)
        assert stand_in[-1]["searched"] is None
        assert mem.store.superseded_all() == incremental  # type: ignore[attr-defined]
    shutil.copytree(edited, fresh, ignore=shutil.ignore_patterns(".mdrecall*"))
    with _open(fresh) as mem:
        mem.index()
        assert mem.store.superseded_all() == incremental  # type: ignore[attr-defined]


def test_a_changed_line_is_searched_among_the_later_lines_whose_window_holds_it(monkeypatch) -> None:
    rng = np.random.default_rng(9)
    vec = rng.standard_normal((300, 12)).astype(np.float32)
    vec /= np.linalg.norm(vec, axis=1, keepdims=True)
    ends = [6 * (i // 6) for i in range(300)]  # six lines a day
    monkeypatch.setattr(cross_candidates, "WINDOW", 50)
    rows = [0, 5, 44, 137, 299]
    got = cross_candidates.nearest_later(vec, ends, rows, 3)
    for r in rows:
        later = [j for j in range(300) if ends[j] - 50 <= r < ends[j]]
        if not later:
            assert r not in got
            continue
        sims = vec[later] @ vec[r]
        assert got[r] == [later[int(i)] for i in np.argsort(-sims, kind="stable")[:3]]


def test_postgresql_keeps_the_decisions_and_resumes_as_sqlite(tmp_path: Path, stand_in) -> None:
    pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")
    from pgserver import backend_config, drop_namespaces, unique_agent

    _write(tmp_path, PAGES)
    agent = unique_agent("crossinc")
    cfg = backend_config("postgres", agent).merged(
        {
            "history": {"git": False},
            "embedding": {"provider": "none"},
            "entities": {"supersession_model": True},
        }
    )
    try:
        with Memory.open(tmp_path, cfg) as mem:
            mem.index()
            assert mem.store.get_meta(STATE_KEY)
            _first_edit(tmp_path)
            _second_edit(tmp_path)
            mem.index()
            assert stand_in[-1]["searched"] is not None
            incremental = mem.store.superseded_all()  # type: ignore[attr-defined]
            mem.store.set_meta("superseded_gen", "")
            refresh_superseded(mem.store, mem.config.entities)
            assert mem.store.superseded_all() == incremental  # type: ignore[attr-defined]
    finally:
        drop_namespaces(agent)


def test_an_update_of_one_file_embeds_only_the_lines_its_windows_read(monkeypatch) -> None:
    """After a sync that changed one file, the static vectors are read for the lines that file's windows
    reach (its lines, the later lines whose window holds them, and those lines' own windows), not for every
    line: the same pairs as with every line embedded."""
    from mdrecall.embedders.static import StaticEmbedder
    from mdrecall.knowledge.fact_lines.facts import line_facts

    topics = ["the bakery order", "the lift inspection", "the choir rota", "the parking permit"]
    facts = []
    for d in range(40):
        day = f"2031-03-{d % 28 + 1:02d}" if d < 28 else f"2031-04-{d - 27:02d}"
        text = f"# {day}\n\n" + "\n".join(
            f"- {t} is now handled by desk {d * 4 + k} on floor {k}" for k, t in enumerate(topics)
        )
        facts += line_facts(f"memory/{day}.md", text, day)
    embedded: list[int] = []
    real = StaticEmbedder.embed_documents

    def counted(self: Any, texts: Any) -> Any:
        embedded.append(len(texts))
        return real(self, texts)

    monkeypatch.setattr(StaticEmbedder, "embed_documents", counted)
    monkeypatch.setattr(cross_candidates, "WINDOW", 12)
    changed = {facts[40].path}
    full = cross_candidates.bounded_pairs(facts, {}, changed=changed)
    assert 0 < sum(embedded) < len(facts) // 2
    assert full.pairs  # the bound holds pairs
    vectors = cross_candidates.LineVectors
    monkeypatch.setattr(vectors, "need_spans", lambda self, spans: self.need(np.arange(len(self.facts))))
    embedded.clear()
    every = cross_candidates.bounded_pairs(facts, {}, changed=changed)
    assert sum(embedded) == len(facts)
    assert every.pairs == full.pairs and every.ranks == full.ranks
