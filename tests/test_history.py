"""Transaction time: as-of search and file history, from a real git repository with back-dated commits
and from the index's own record in a plain folder."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.errors import MdrecallError, PathError
from mdrecall.knowledge.history import line_changes, superseded_by, versions_as_of
from mdrecall.stores.views import FileVersion

from helpers import write

HEAD = "# Memory\n\n## Decisions\n"
OLD = HEAD + "- We use MongoDB for the billing service.\n- Deploys go through Jenkins.\n"
NEW = HEAD + "- We moved to PostgreSQL for the billing service.\n- Deploys go through Jenkins.\n"


def _config(**history: object) -> Config:
    return Config().merged(
        {"embedding": {"provider": "none"}, "history": history, "search": {"min_score": 0}}
    )


def _git(root: Path, *args: str, when: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com"}
    env.update({"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"})
    if when:
        env.update({"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when})
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def _repo(root: Path) -> Path:
    """A repository whose workspace is a sub-folder, with commits on 2026-03-02, -09 and -16."""
    ws = root / "notes"
    root.mkdir(parents=True)
    _git(root, "init", "-q")
    write(ws, "MEMORY.md", OLD)
    write(ws, "memory/2026-03-02.md", "# 2026-03-02\n- Kick-off: billing starts on MongoDB.\n")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "first", when="2026-03-02T12:00:00+00:00")
    write(ws, "memory/2026-03-09.md", "# 2026-03-09\n- Lock contention on invoices.\n")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "second", when="2026-03-09T12:00:00+00:00")
    write(ws, "MEMORY.md", NEW)
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "third", when="2026-03-16T12:00:00+00:00")
    return ws


def test_as_of_search_reads_git_history(tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    with Memory.open(ws, _config()) as mem:
        mem.index()
        now = mem.search("billing service database", max_results=3)
        assert any("PostgreSQL" in h.snippet for h in now)
        assert all(h.superseded is None for h in now)
        result = mem.search_result("billing service database", as_of="2026-03-05")
        then = result.hits
        assert then, result.fallback
        top = next(h for h in then if h.path == "MEMORY.md")
        assert "MongoDB" in top.snippet and "PostgreSQL" not in top.snippet
        assert top.superseded is not None and top.superseded.startswith("2026-03-16T12:00:00")
        assert not any(h.path == "memory/2026-03-09.md" for h in then)  # not written yet
        assert "git" in (result.fallback or "")
        assert top.to_dict()["superseded"] == top.superseded
        assert mem.search("billing", as_of="2026-03-01") == []  # before the first commit


def test_history_from_git_with_grep(tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    write(ws, "MEMORY.md", NEW + "- Billing invoices are monthly.\n")  # not committed yet
    with Memory.open(ws, _config()) as mem:
        changes = [(c.kind, c.text, c.rev) for c in mem.history("MEMORY.md", grep="billing")]
        assert changes[0][:2] == ("added", "- We use MongoDB for the billing service.")
        assert ("removed", "- We use MongoDB for the billing service.") in [c[:2] for c in changes]
        assert ("added", "- We moved to PostgreSQL for the billing service.") in [c[:2] for c in changes]
        assert changes[-1] == ("added", "- Billing invoices are monthly.", "working tree")
        dated = mem.history("MEMORY.md", grep="PostgreSQL")[0]
        assert dated.to_dict()["when"] == "2026-03-16T12:00:00+00:00"
        assert dated.to_dict()["citation"] == "MEMORY.md#L4"
        with pytest.raises(PathError):
            mem.history("../outside.md")


def test_git_history_has_one_deadline(tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    with Memory.open(ws, _config(git_timeout_s=1e-9)) as mem, pytest.raises(MdrecallError, match="timeout"):
        mem.history("MEMORY.md")


def _stamp(day: str) -> float:
    return datetime.fromisoformat(day + "T12:00:00+00:00").timestamp()


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_plain_folder_uses_the_index_record(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    config = _config()
    if store == "postgres":
        pytest.importorskip("psycopg")
        from pgserver import backend_config, drop_namespaces, unique_agent

        request.addfinalizer(lambda: drop_namespaces("history"))
        config = backend_config("postgres", unique_agent("history")).merged({"search": {"min_score": 0}})
    ws = tmp_path / "plain"
    mem_file = write(ws, "MEMORY.md", OLD)
    os.utime(mem_file, (_stamp("2026-03-02"), _stamp("2026-03-02")))
    with Memory.open(ws, config) as mem:
        mem.index()
        mem_file.write_text(NEW, encoding="utf-8")
        os.utime(mem_file, (_stamp("2026-03-16"), _stamp("2026-03-16")))
        mem.index()
        then = mem.search("billing service", as_of="2026-03-05")
        assert then and "MongoDB" in then[0].snippet
        assert then[0].superseded and then[0].superseded.startswith("2026-03-16")
        assert "PostgreSQL" in mem.search("billing service", as_of="2026-03-20")[0].snippet
        kinds = [(c.kind, c.text) for c in mem.history("MEMORY.md", grep="billing")]
        assert kinds == [
            ("added", "- We use MongoDB for the billing service."),
            ("removed", "- We use MongoDB for the billing service."),
            ("added", "- We moved to PostgreSQL for the billing service."),
        ]
        mem_file.unlink()
        mem.index()
        gone = mem.history("MEMORY.md")
        assert gone[-1].kind == "removed" and gone[-1].when >= time.time() - 60
        assert mem.search("billing service", as_of=datetime.now(timezone.utc)) == []


def test_untracked_memory_in_a_repository_uses_the_index_record(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q")
    write(root, ".gitignore", "MEMORY.md\nmemory/\n.mdrecall/\n")
    _git(root, "add", ".gitignore")
    _git(root, "commit", "-q", "-m", "ignore memory", when="2026-03-01T12:00:00+00:00")
    mem_file = write(root, "MEMORY.md", OLD)
    os.utime(mem_file, (_stamp("2026-03-02"), _stamp("2026-03-02")))
    with Memory.open(root, _config()) as mem:
        mem.index()
        result = mem.search_result("billing service", as_of="2026-03-05")
        assert "index history" in (result.fallback or "") and "MongoDB" in result.hits[0].snippet


def test_git_can_be_turned_off(tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    with Memory.open(ws, _config(git=False)) as mem:
        mem.index()  # the index saw only today's text: nothing was written before it looked
        result = mem.search_result("billing", as_of="2026-03-05")
        assert "index history" in (result.fallback or "")


def test_example_workspace_replayed_as_a_repository(tmp_path: Path) -> None:
    demo = Path(__file__).resolve().parents[1] / "examples" / "timeline" / "demo.py"
    spec = importlib.util.spec_from_file_location("timeline_demo", demo)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    repo = module.build_repo(tmp_path / "timeline")
    config = _config().merged({"entities": {"aliases": {"Alice Chen": ["Alice"]}}})
    with Memory.open(repo, config) as mem:
        mem.index()
        alice = mem.entity("Alice")
        assert alice.entity.name == "Alice Chen" and alice.entity.kind == "person"
        assert [t["day"] for t in alice.timeline if t["day"]] == sorted(
            t["day"] for t in alice.timeline if t["day"]
        )
        assert alice.entity.first_seen == "2026-03-02" and alice.entity.last_seen == "2026-03-16"
        top = mem.search("which database does the billing service use", as_of="2026-03-05")[0]
        assert "We use MongoDB" in top.snippet and top.superseded
        # an entity filter on past versions matches the entity's names (aliases too) in their text
        dana = mem.search("demo", as_of="2026-03-05", entity="Dana", min_score=0)
        assert dana and all("dana" in h.snippet.lower() for h in dana)
        assert not mem.search("demo", as_of="2026-03-05", entity="Expo", min_score=0)  # not written yet


# ---- pure functions --------------------------------------------------------------------------------------


def _v(when: float, text: str | None, path: str = "MEMORY.md") -> FileVersion:
    return FileVersion(path, when, str(hash(text)), text)


def test_line_changes_versions_as_of_and_superseded() -> None:
    vs = [_v(1, "a\nb\n"), _v(2, "a\nc\n"), _v(3, None)]
    assert [(c.kind, c.text, c.when) for c in line_changes(vs)] == [
        ("added", "a", 1),
        ("added", "b", 1),
        ("removed", "b", 2),
        ("added", "c", 2),
        ("removed", "a", 3),
        ("removed", "c", 3),
    ]
    assert [c.text for c in line_changes(vs, grep="C")] == ["c", "c"]
    assert versions_as_of(vs, 1.5)["MEMORY.md"].text == "a\nb\n"
    assert versions_as_of(vs, 3) == {}  # deleted by then
    assert superseded_by(["a", ""], vs[1:]) is vs[2]
    assert superseded_by(["b"], vs[1:]) is vs[1]


def test_as_of_hits_cite_the_same_passages_as_live_hits(tmp_path: Path) -> None:
    """Past versions are chunked like the index chunks today (``parent_tokens`` included), so a hit on
    an unchanged file cites the same lines with and without ``as_of``."""
    config = _config(git=False).merged({"chunking": {"tokens": 40, "overlap": 0, "parent_tokens": 400}})
    ws = tmp_path / "plain"
    body = "".join(f"- Item {i}: routine note about the garden and the weekly shopping.\n" for i in range(30))
    mem_file = write(ws, "MEMORY.md", "# Memory\n\n" + body + "- The billing service runs on MongoDB.\n")
    os.utime(mem_file, (_stamp("2026-03-02"), _stamp("2026-03-02")))
    with Memory.open(ws, config) as mem:
        mem.index()
        live = mem.search("billing service MongoDB")[0]
        then = mem.search("billing service MongoDB", as_of="2026-03-05")[0]
        assert live.end_line - live.start_line > 5  # a passage, not the chunk's few lines
        assert (then.start_line, then.end_line) == (live.start_line, live.end_line)
