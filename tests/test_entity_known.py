"""The accepted-name table kept with the index (knowledge/known.py): a search reads the rows of its own
words instead of aggregating every mention, with the same synonyms and boosts as the table computed in
process, and the table follows the mentions and the entity settings."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.known import StoredNames
from mdrecall.search.pipeline import PipelineRequest
from mdrecall.search.scope import scope_request
from mdrecall.stores.sqlite_rows import CHUNK_COLS, row_chunk
from mdrecall.text.needle import Needle

from helpers import write

QUERIES = [
    "postgres migration plan",
    "what did Bob say about retries",
    "Bobby's postgres move",
    "Robert Ruiz at Northwind Labs",
    "Fatima review",
    "fatima okafor sign-off",
    "ask Sam about the rota",
    "Sam Patel and Sam Oduya",
    "PostgreSQL billing",
    "tomatoes water",
]


def _workspace(root: Path) -> Path:
    write(
        root,
        "MEMORY.md",
        """
        # Team
        - Robert Ruiz works at Northwind Labs with Fatima Okafor.
        - Sam Patel and Sam Oduya both joined the platform team.
        - We run PostgreSQL for billing.
        """,
    )
    write(
        root,
        "memory/2026-03-02.md",
        """
        # 2026-03-02

        ## Kick-off
        - Bob said the billing API needs retries; the postgres migration plan is due.
        - Fatima reviewed the plan with Sam and Fatima Okafor signed off.
        """,
    )
    write(
        root,
        "memory/2026-03-09.md",
        """
        # 2026-03-09

        ## Review
        - Bobby moved the postgres migration to Friday; Sam Patel agreed with Fatima.
        - Sam Oduya met Robert Ruiz at Northwind Labs; ask Sam about the rota.
        """,
    )
    return root


def _config(**entities: object) -> Config:
    base = {"aliases": {"Robert Ruiz": ["Bob", "Bobby"]}, "boost": 0.5}
    return Config().merged({"embedding": {"provider": "none"}, "entities": {**base, **entities}})


def _stored_table(mem: Memory) -> dict[str, str]:
    return {r[0]: r[1] for r in mem.store.query("SELECT key, root FROM entity_known")}  # type: ignore[attr-defined]


def test_the_stored_table_answers_as_the_one_computed_in_process(tmp_path: Path) -> None:
    cfg = _config()
    with Memory.open(_workspace(tmp_path / "ws"), cfg) as mem:
        mem.index()
        stored = StoredNames.of(mem.store, cfg.entities)
        computed = EntityIndex(mem.store, cfg.entities)
        assert stored is not None
        table = computed.known()
        # the cases: aliases from config, a first name folded into its one full name, a shared first
        # name kept apart, another name of a well-known thing
        assert table["bob"] == table["bobby"] == "robert ruiz"
        assert table["fatima"] == "fatima okafor"
        assert table["sam"] == "sam"
        assert table["postgres"] == "postgresql"
        assert stored.known_roots(sorted({*table, "sam", "nobody", "platform team"})) == table
        for root in {*table.values(), *table, "nobody"}:
            assert stored.group(root) == computed.group(root), root
        chunks = [row_chunk(r) for r in mem.store.query(f"SELECT {CHUNK_COLS} FROM chunks c")]  # type: ignore[attr-defined]
        for query in QUERIES:
            assert stored.named_in_query(query) == computed.named_in_query(query), query
            assert stored.in_query(query) == computed.in_query(query), query
            assert stored.alias_synonyms(query) == computed.alias_synonyms(query), query
            roots = computed.in_query(query)
            about, about_here = stored.about(roots), computed.about(roots)
            assert [about(c) for c in chunks] == [about_here(c) for c in chunks], query
        assert stored.alias_synonyms("postgres migration plan") == {"postgres": ["postgresql"]}
        assert stored.alias_synonyms("Fatima review") == {"fatima": ["fatima okafor"]}


def test_a_search_gives_the_same_synonyms_boosts_and_hits_either_way(tmp_path: Path) -> None:
    cfg = _config()
    with Memory.open(_workspace(tmp_path / "ws"), cfg) as mem:
        mem.index()
        calls: list[int] = []
        real = mem.store.entity_stats  # type: ignore[attr-defined]
        mem.store.entity_stats = lambda: calls.append(1) or real()  # type: ignore[attr-defined]
        stored = {q: _answer(mem, cfg, q) for q in QUERIES}
        assert calls == []  # the stored table is read, the mentions are not aggregated
        mem.store.set_meta("known_gen", "stale")  # type: ignore[attr-defined]
        assert StoredNames.of(mem.store, cfg.entities) is None
        here = {q: _answer(mem, cfg, q) for q in QUERIES}
        assert calls  # computed in process, as before
        assert stored == here
        assert stored["Fatima review"][0] == {"fatima": ["fatima okafor"]}
        assert stored["what did Bob say about retries"][1]  # a boost for Robert Ruiz's chunks


def _answer(mem: Memory, cfg: Config, query: str) -> tuple[object, ...]:
    """The synonyms and boost the entity stage adds, and the hits of the whole search."""
    pipe = PipelineRequest(query=query, mode="bm25", max_results=10, min_score=0.0)
    req, scfg = scope_request(pipe, cfg.search, mem.store, cfg)
    hits = [(h.path, h.start_line, round(h.score, 6)) for h in mem.search(query, min_score=0, sync=False)]
    return dict(scfg.synonyms), req.boost is not None, hits


def test_an_edit_adding_a_mention_or_an_alias_updates_the_table_on_the_next_sync(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "ws")
    cfg = _config()
    with Memory.open(root, cfg) as mem:
        mem.index()
        generation = mem.store.known_state()[0]  # type: ignore[attr-defined]
        assert "dana scully" not in _stored_table(mem)
        # an edit that changes no name leaves the table (and its change count) alone
        path = root / "memory" / "2026-03-09.md"
        path.write_text(path.read_text() + "- The release is on Friday.\n")
        mem.sync()
        assert mem.store.known_state()[0] == generation  # type: ignore[attr-defined]
        write(root, "memory/2026-03-10.md", "# 2026-03-10\n\n- Met Dana Scully (@dana) about billing.\n")
        mem.sync()
        stored = StoredNames.of(mem.store, cfg.entities)
        assert stored is not None and "dana scully" in _stored_table(mem)
        table = EntityIndex(mem.store, cfg.entities).known()
        assert stored.known_roots(sorted(table)) == table
        (root / "memory" / "2026-03-10.md").unlink()
        mem.sync()
        assert "dana scully" not in _stored_table(mem)
    wider = _config(aliases={"Robert Ruiz": ["Bob", "Bobby", "Rob"], "PostgreSQL": ["pg"]})
    with Memory.open(root, wider) as mem:
        assert StoredNames.of(mem.store, wider.entities) is None  # made with other settings: not used
        mem.sync()
        stored = StoredNames.of(mem.store, wider.entities)
        assert stored is not None
        assert stored.known_roots(["rob", "pg"]) == {"rob": "robert ruiz", "pg": "postgresql"}
        assert stored.alias_synonyms("pg plan") == {"pg": ["postgres", "postgresql"]}
        assert stored.alias_synonyms("Rob") == {"rob": ["bob", "bobby", "robert ruiz"]}
        # a name only the config gives is answered from the config, not stored: forgetting a person from
        # the files leaves no copy of the name in the index
        assert "rob" not in _stored_table(mem) and "bob" in _stored_table(mem)


def test_a_redaction_drops_the_stored_names_it_removes(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "ws")
    cfg = _config()
    with Memory.open(root, cfg) as mem:
        mem.index()
        assert "fatima okafor" in _stored_table(mem)
        assert mem.store.purge_text(Needle(("Fatima",)), "[redacted]")
        assert not any("fatima" in k for k in _stored_table(mem))
        assert StoredNames.of(mem.store, cfg.entities) is None  # computed in process until the next sync


def test_a_one_shot_search_naming_an_entity_loads_no_extraction(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
    code = (
        "import sys\n"
        "from mdrecall import Config, Memory\n"
        "cfg = Config().merged({'embedding': {'provider': 'none'},"
        " 'entities': {'aliases': {'Robert Ruiz': ['Bob', 'Bobby']}, 'boost': 0.5}})\n"
        f"with Memory.open({str(root)!r}, cfg) as mem:\n"
        "    hits = mem.search('what did Bob say about the postgres migration', min_score=0)\n"
        "assert hits\n"
        "print(sorted(m for m in sys.modules if m.startswith('mdrecall.knowledge.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(out.stdout.strip().splitlines()[-1]))
    assert "mdrecall.knowledge.known" in loaded
    assert not loaded & {
        "mdrecall.knowledge.mentions.extract",
        "mdrecall.knowledge.index",
        "mdrecall.knowledge.mentions.names",
        "mdrecall.knowledge.lexicon.mention_patterns",
        "mdrecall.knowledge.mentions.mention_readers",
        "mdrecall.knowledge.lexicon.name_lists",
        "mdrecall.knowledge.mentions.relations",
    }, loaded
