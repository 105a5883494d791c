"""``mdrecall entities``, ``entity``, ``history`` and ``search --entity/--as-of/--during`` through the real
entry point, on the example workspace replayed as a git repository with back-dated commits."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from helpers import run_cli

DEMO = Path(__file__).resolve().parents[1] / "examples" / "timeline" / "demo.py"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec = importlib.util.spec_from_file_location("timeline_demo", DEMO)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    root = module.build_repo(tmp_path_factory.mktemp("cli") / "timeline")
    (root / ".mdrecall.toml").write_text('[embedding]\nprovider = "none"\n', encoding="utf-8")
    assert run_cli("index", cwd=root).returncode == 0
    return root


def test_entities_and_entity(repo: Path) -> None:
    out = run_cli("entities", "--kind", "person", "--json", cwd=repo)
    assert out.returncode == 0, out.stderr
    people = {e["name"]: e for e in json.loads(out.stdout)["entities"]}
    assert people["Alice Chen"]["firstSeen"] == "2026-03-02" and "Alice" in people["Alice Chen"]["aliases"]
    table = run_cli("entities", "-n", "2", cwd=repo)
    assert table.stdout.splitlines()[0].split()[:4] == ["name", "kind", "kindSource", "mentions"]
    assert len(table.stdout.splitlines()) == 3
    one = run_cli("entity", "Bob", cwd=repo)
    assert one.returncode == 0, one.stderr
    assert one.stdout.startswith("Bob Ruiz · person")
    assert "Bob works at Northwind Labs  memory/2026-03-02.md#L8  (2026-03-02)" in one.stdout
    missing = run_cli("entity", "Nobody", cwd=repo)
    assert missing.returncode == 1 and "no entity named 'Nobody'" in missing.stderr


def test_search_as_of_during_and_entity(repo: Path) -> None:
    then = run_cli("search", "which database does billing use", "--as-of", "2026-03-05", "--json", cwd=repo)
    assert then.returncode == 0, then.stderr
    top = json.loads(then.stdout)["results"][0]
    assert "We use MongoDB" in top["snippet"] and top["superseded"].startswith("2026-03-16")
    human = run_cli("search", "which database does billing use", "--as-of", "2026-03-05", "-n", "1", cwd=repo)
    assert "superseded 2026-03-16" in human.stdout and "from git" in human.stderr
    during = run_cli(
        "search", "MongoDB", "--during", "2026-03-08..2026-03-10", "--min-score", "0", "--json", cwd=repo
    )
    assert {r["path"] for r in json.loads(during.stdout)["results"]} == {"memory/2026-03-09.md"}
    dana = run_cli("search", "demo", "--entity", "Dana", "--min-score", "0", "--json", cwd=repo)
    assert all("ana" in r["snippet"] for r in json.loads(dana.stdout)["results"])


def test_history_with_grep(repo: Path) -> None:
    out = run_cli("history", "MEMORY.md", "--grep", "mongodb", "--json", cwd=repo)
    assert out.returncode == 0, out.stderr
    changes = json.loads(out.stdout)["changes"]
    assert [c["kind"] for c in changes] == ["added", "removed", "added"]
    assert changes[0]["when"].startswith("2026-03-02") and changes[1]["when"].startswith("2026-03-16")
    human = run_cli("history", "MEMORY.md", "--grep", "PostgreSQL", cwd=repo)
    assert "+ MEMORY.md#L8  - We moved to PostgreSQL" in human.stdout
    outside = run_cli("history", "../etc/passwd.md", "--grep", "x", cwd=repo)
    assert outside.returncode == 1 and "outside the memory files" in outside.stderr  # exit 1, one line


@pytest.fixture(scope="module")
def prose(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """People, organisations and places named in ordinary prose, as a user writes daily notes."""
    root = tmp_path_factory.mktemp("prose") / "ws"
    (root / "memory").mkdir(parents=True)
    (root / ".mdrecall.toml").write_text('[embedding]\nprovider = "none"\n', encoding="utf-8")
    (root / "MEMORY.md").write_text("# Memory\n\n- We use MySQL for billing.\n", encoding="utf-8")
    (root / "memory" / "2026-02-02.md").write_text(
        "# 2026-02-02\n\nMet Dana Okafor from Lumen Labs about the Oslo office.\n"
        "Dana Okafor prefers async updates.\nSam Park said the draft is ready.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-02-03.md").write_text(
        "# 2026-02-03\n\nDana Okafor signed off the Oslo lease.\nSam Reyes said the budget holds.\n",
        encoding="utf-8",
    )
    assert run_cli("index", cwd=root).returncode == 0
    return root


def test_names_in_prose_are_entities_with_kinds(prose: Path) -> None:
    out = run_cli("entities", "--json", cwd=prose)
    assert out.returncode == 0, out.stderr
    kinds = {e["name"]: e["kind"] for e in json.loads(out.stdout)["entities"]}
    assert kinds["Dana Okafor"] == "person"
    assert kinds["Lumen Labs"] == "organisation"
    assert kinds["Oslo"] == "place"
    assert "Met Dana Okafor" not in kinds
    people = run_cli("entities", "--kind", "person", "--json", cwd=prose)
    names = {e["name"] for e in json.loads(people.stdout)["entities"]}
    assert {"Dana Okafor", "Sam Park", "Sam Reyes"} <= names


def test_entity_lookup_ignores_case_and_takes_a_unique_first_or_last_name(prose: Path) -> None:
    for name in ("Dana", "dana okafor", "okafor"):
        one = run_cli("entity", name, cwd=prose)
        assert one.returncode == 0, one.stderr
        assert one.stdout.startswith("Dana Okafor · person · 3 mentions in 2 files")
    found = run_cli("search", "lease", "--entity", "Dana", "--json", cwd=prose)
    assert found.returncode == 0, found.stderr
    assert [r["path"] for r in json.loads(found.stdout)["results"]] == ["memory/2026-02-03.md"]
    both = run_cli("entity", "Sam", cwd=prose)
    assert both.returncode == 1
    assert "names several entities: Sam Park, Sam Reyes" in both.stderr


def test_relationships_read_as_sentences(prose: Path) -> None:
    one = run_cli("entity", "MySQL", cwd=prose)
    assert one.returncode == 0, one.stderr
    assert "we use MySQL  MEMORY.md#L3" in one.stdout
    assert "we uses" not in one.stdout
