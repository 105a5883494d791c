"""Entity and relationship extraction (pure), valid time, and the entity view on real workspaces."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.knowledge.dates.time_args import DateRange, parse_as_of, parse_during
from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.knowledge.index import apply_entity_boost
from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.mentions.relations import find_relations
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored

from helpers import write
from pgserver import backend_config, drop_namespaces, unique_agent


def _found(text: str, day: str | None = "2026-03-10") -> set[tuple[str, str, str]]:
    return {(m.name, m.kind, m.how) for m in extract_entities(text, day).mentions}


def test_links_mentions_speakers_and_front_matter() -> None:
    text = (
        "---\npeople: [Alice Smith, Bob]\ntags:\n  - billing\n---\n# Notes\n"
        "**Carol**: see [[Project Atlas|atlas]] and ask @dave.\n"
        "- Erin: mail erin@example.com, not a mention.\n"
        "Note: this label is not a person.\n"
    )
    found = _found(text)
    assert ("Alice Smith", "person", "front_matter") in found
    assert ("Bob", "person", "front_matter") in found
    assert ("billing", "unknown", "front_matter") in found
    assert ("Carol", "person", "speaker") in found
    assert ("Project Atlas", "unknown", "wiki") in found
    assert ("dave", "person", "mention") in found
    assert ("Erin", "person", "speaker") in found
    assert not any(name in ("example.com", "erin", "Note") for name, _, _ in found)


def test_capitalised_names_inside_sentences_only() -> None:
    found = _found("Yesterday we met Dave in Paris. The Acme Corp team liked it.\n`Hidden Name` in code.\n")
    assert ("Dave", "person", "rare_name") in found  # a known given name inside a sentence: an entity
    assert ("Paris", "place", "typed_name") in found  # a known place
    assert ("Acme Corp", "organisation", "typed_name") in found
    # sentence-initial words are weak candidates only; code spans are not read
    assert ("Yesterday", "unknown", "name") not in found
    assert ("The", "unknown", "name_start") not in found  # a stop word, dropped
    assert not any(n == "Hidden Name" for n, _, _ in found)


def test_fenced_code_is_not_read() -> None:
    assert not _found("```\nsee Zed Shaw here\n```\n")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Bob works at Acme Corp now.", ("Bob", "works_at", "Acme Corp")),
        ("Jane is Tom's older sister.", ("Jane", "sister_of", "Tom")),
        ("We use Redis for queues.", ("we", "uses", "Redis")),
        ("Maria moved to Lisbon in May.", ("Maria", "moved_to", "Lisbon")),
        ("In the end we chose PostgreSQL over MongoDB.", ("PostgreSQL", "chosen_over", "MongoDB")),
        ("**Ann** uses [[Obsidian]] daily.", ("Ann", "uses", "Obsidian")),
    ],
)
def test_relationship_patterns(line: str, expected: tuple[str, str, str]) -> None:
    found = [(r.subject, r.predicate, r.object) for r in find_relations(line, 1)]
    assert expected in found


def test_no_relationship_in_plain_text() -> None:
    assert find_relations("the build works again after the fix", 1) == []


def test_line_dates_from_file_headings_and_text() -> None:
    text = (
        "# Log\nMet Bob yesterday.\n## 2026-02-01 trip\nflew on 2026-01-05\nlast Friday we shipped\nplain\n"
    )
    days = line_dates(text, "2026-03-10")
    assert days == [
        date(2026, 3, 10),
        date(2026, 3, 9),
        date(2026, 2, 1),
        date(2026, 1, 5),
        date(2026, 1, 30),
        date(2026, 2, 1),
    ]
    assert line_dates("no dates here\n", None) == [None]
    assert chunk_dates("plain", "2026-03-10", "Trip > 2026-01-02") == {date(2026, 3, 10), date(2026, 1, 2)}


def test_parse_during_and_as_of() -> None:
    assert parse_during("2026-01-01..2026-01-31") == DateRange(date(2026, 1, 1), date(2026, 1, 31))
    assert parse_during("2026-01-01..") == DateRange(date(2026, 1, 1), None)
    assert parse_during("2026-01-05") == DateRange(date(2026, 1, 5), date(2026, 1, 5))
    for bad in ("..", "2026-02-01..2026-01-01", "last week"):
        with pytest.raises(MdrecallError):
            parse_during(bad)
    when = parse_as_of("2026-03-05")
    assert when.tzinfo is not None and (when.year, when.month, when.day, when.hour) == (2026, 3, 5, 23)
    with pytest.raises(MdrecallError, match="as-of"):
        parse_as_of("soon")


def test_entity_boost_is_a_pure_stage() -> None:
    def chunk(path: str) -> Chunk:
        return Chunk(path, "memory", 1, 2, "text", "h" + path)

    items = [Scored(chunk("a.md"), 0.9), Scored(chunk("b.md"), 0.6)]
    out = apply_entity_boost(items, lambda c: c.path == "b.md", 0.8)  # 0.6 × 1.8 = 1.08 > 0.9
    assert [s.chunk.path for s in out] == ["b.md", "a.md"]
    assert out[0].score == pytest.approx(0.6 * 1.8)
    assert out[0].stages["entity"] == out[0].score


# ---- the entity view on real workspaces ----------------------------------------------------------------


def _team(root: Path) -> Path:
    write(
        root,
        "MEMORY.md",
        """
        # Team
        - Robert Ruiz works at Northwind Labs; Alice Chen is Robert's sister.
        - The release train is run by Priya Nair.
        """,
    )
    write(
        root,
        "memory/2026-03-02.md",
        """
        # 2026-03-02

        ## Kick-off
        - Bob said the billing API needs retries.
        - We met Priya Nair and Sparrow at lunch.
        """,
    )
    write(
        root,
        "memory/2026-03-09.md",
        """
        # 2026-03-09

        ## Billing
        - **Alice**: the invoices job failed twice; Bobby will fix the retries.

        ## Garden
        - The tomatoes need water.
        """,
    )
    return root


def _config(store: str = "sqlite", **entities: object) -> Config:
    base = {"aliases": {"Robert Ruiz": ["Bob", "Bobby"]}}
    over = {"embedding": {"provider": "none"}, "entities": {**base, **entities}}
    if store == "postgres":
        return backend_config("postgres", unique_agent("entities")).merged(over)
    return Config().merged({"store": {"backend": store}, **over})


@pytest.mark.parametrize("store", ["sqlite", "memory", "postgres"])
def test_entities_listing_and_detail(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> None:
    if store == "postgres":
        pytest.importorskip("psycopg")
        request.addfinalizer(lambda: drop_namespaces("entities"))
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config(store)) as mem:
        mem.index()
        ents = {e.name: e for e in mem.entities()}
        assert ents["Robert Ruiz"].kind == "person"
        assert ents["Robert Ruiz"].mentions == 3  # MEMORY.md, "Bob" on 03-02, "Bobby" on 03-09
        assert (
            ents["Robert Ruiz"].first_seen == "2026-03-02" and ents["Robert Ruiz"].last_seen == "2026-03-09"
        )
        assert {"Bob", "Bobby"} <= set(ents["Robert Ruiz"].aliases)
        assert ents["Northwind Labs"].kind == "organisation"
        # both kinds read from the notes, on every store (where a kind came from is no store's own)
        assert {ents[n].kind_source for n in ("Robert Ruiz", "Northwind Labs")} == {"notes"}
        assert "Priya Nair" in ents  # a capitalised name in two files
        assert "Sparrow" not in ents  # a capitalised frequent word in one file only
        assert [e.name for e in mem.entities(kind="organisation")] == ["Northwind Labs"]
        bob = mem.entity("bobby")  # any alias, any case
        assert bob.entity.name == "Robert Ruiz"
        cites = [t["citation"] for t in bob.timeline]
        assert cites == ["MEMORY.md#L2", "memory/2026-03-02.md#L4", "memory/2026-03-09.md#L4"]
        assert bob.timeline[1]["day"] == "2026-03-02" and "retries" in bob.timeline[1]["text"]
        preds = {(r["subject"], r["predicate"], r["object"]) for r in bob.relations}
        assert ("Robert Ruiz", "works_at", "Northwind Labs") in preds
        assert ("Alice Chen", "sister_of", "Robert") in preds
        related = {r["name"]: r for r in bob.related}
        assert "Alice Chen" in related and "Northwind Labs" in related
        assert related["Alice Chen"]["citation"] == "memory/2026-03-09.md#L3"  # the latest shared section
        assert related["Alice Chen"]["day"] == "2026-03-09"
        with pytest.raises(NotFoundError, match="no entity named|Did you mean"):
            mem.entity("Nobody Here")


def test_entity_views_rebuilt_after_the_index_is_deleted(tmp_path: Path) -> None:
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
        before = [e.to_dict() for e in mem.entities()]
        detail = mem.entity("Robert Ruiz").to_dict()
    shutil.rmtree(root / ".mdrecall")
    with Memory.open(root, _config()) as mem:
        mem.index()
        assert [e.to_dict() for e in mem.entities()] == before
        assert mem.entity("Robert Ruiz").to_dict() == detail


def test_views_follow_edits_and_deletions(tmp_path: Path) -> None:
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
        assert mem.entity("Priya Nair").entity.files == 2
        (root / "memory/2026-03-02.md").unlink()
        mem.index()
        # now in one file only (a given name and a surname: an entity on that evidence alone)
        assert mem.entity("Priya Nair").entity.files == 1
        write(root, "memory/2026-03-20.md", "# 2026-03-20\n- Lunch with @priya and [[Priya Nair]].\n")
        mem.index()
        assert mem.entity("Priya Nair").entity.last_seen == "2026-03-20"


def test_stale_views_are_refilled_on_the_next_sync(tmp_path: Path) -> None:
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
        store = mem.store
        for path in store.file_records():
            store.replace_views(path, [], [])  # as an index upgraded from schema 3 would be
        store.set_meta("views", "0")
        assert mem.entities(sync=False) == []
        mem.index()
        assert any(e.name == "Robert Ruiz" for e in mem.entities())


def test_search_by_entity_and_aliases(tmp_path: Path) -> None:
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
        hits = mem.search("retries", min_score=0, entity="Robert")
        assert hits and all("Bob" in h.snippet or "Robert" in h.snippet for h in hits)
        assert mem.search("tomatoes", min_score=0)
        assert not mem.search("tomatoes", min_score=0, entity="Priya Nair")
        # "Bobby" is an alias: a query naming Robert Ruiz finds lines that only say Bobby
        assert any("Bobby" in h.snippet for h in mem.search("Robert", min_score=0, max_results=6))
        with pytest.raises(NotFoundError):
            mem.search("retries", entity="Nobody Here")


def test_a_search_naming_no_entity_builds_no_entity_table(tmp_path: Path) -> None:
    """The accepted-name table aggregates every mention: a search must not pay for it (the index keeps
    it, knowledge/known.py), and one that names an entity still gets its aliases."""
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config(min_name_files=1)) as mem:
        mem.index()
        calls = []
        real = mem.store.entity_stats  # type: ignore[attr-defined]
        mem.store.entity_stats = lambda: calls.append(1) or real()  # type: ignore[attr-defined]
        assert mem.search("tomatoes water", min_score=0)
        assert calls == []
        assert any("Bobby" in h.snippet for h in mem.search("Robert", min_score=0, max_results=6))
        assert calls == []


def test_the_search_path_loads_no_extraction_history_or_entity_view() -> None:
    code = (
        "import sys, mdrecall.memory, mdrecall.cli.app\n"
        "print(sorted(m for m in sys.modules if m.startswith('mdrecall.knowledge.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(out.stdout))
    assert not loaded & {
        "mdrecall.knowledge.mentions.extract",
        "mdrecall.knowledge.index",
        "mdrecall.knowledge.history",
        "mdrecall.knowledge.mentions.names",
        "mdrecall.knowledge.lexicon.mention_patterns",
        "mdrecall.knowledge.mentions.mention_readers",
        "mdrecall.knowledge.lexicon.name_lists",
    }, loaded


def test_search_during_filters_valid_time(tmp_path: Path) -> None:
    root = _team(tmp_path / "ws")
    with Memory.open(root, _config()) as mem:
        mem.index()
        march9 = mem.search("retries", min_score=0, during="2026-03-05..2026-03-31")
        assert march9 and {h.path for h in march9} == {"memory/2026-03-09.md"}
        assert {h.path for h in mem.search("retries", min_score=0, during="..2026-03-03")} == {
            "memory/2026-03-02.md"
        }


def test_entity_boost_favours_chunks_about_the_entity(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-01-01.md", "# 2026-01-01\n- Tim read Dune and loved the books.\n")
    write(root, "memory/2026-01-02.md", "# 2026-01-02\n- Sara read books about books and more books.\n")
    write(root, "memory/2026-01-03.md", "# 2026-01-03\n- Lunch with Tim and Sara.\n")
    plain = Config().merged(
        {
            "search": {"min_score": 0},
            "embedding": {"provider": "none"},
            "entities": {"aliases": {"Timothy": ["Tim"]}, "expand_aliases": False},
        }
    )
    with Memory.open(root, plain) as mem:
        mem.index()
        assert mem.search("books Timothy read", max_results=1)[0].path == "memory/2026-01-02.md"
    boosted = plain.merged({"entities": {"boost": 0.5}})
    with Memory.open(root, boosted) as mem:
        top = mem.search("books Timothy read", max_results=1, explain=True)[0]
        assert top.path == "memory/2026-01-01.md" and "entity" in (top.explain or {})
