"""A one-shot search skips the walk when the last sync's snapshot proves that nothing changed, and still
sees every edit, addition, deletion and rename (issue 33)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.index.indexer import sync_check

from helpers import write

KEYWORD = Config().merged({"embedding": {"provider": "none"}})
PAST = time.time() - 3600


def _age(root: Path) -> None:
    """Date every file and folder an hour back (a snapshot never vouches for entries written just now)."""
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            if name != ".mdrecall":
                os.utime(os.path.join(folder, name), (PAST, PAST))
    os.utime(root, (PAST, PAST))


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    root = tmp_path / "ws"
    write(root, "MEMORY.md", "# Memory\n\n- The user prefers concise answers.\n")
    write(root, "memory/2026/2026-03-02.md", "# Monday\n\nDana moved the deploy to Friday.\n")
    write(root, "memory/2026/2026-03-03.md", "# Tuesday\n\nThe budget review is on Thursday.\n")
    write(root, "memory/projects/empty.txt", "not memory\n")
    (root / "memory" / "later").mkdir()
    (root / ".mdrecall").mkdir()
    _age(root)
    m = Memory.open(root, KEYWORD)
    m.index()
    return m


def _paths(mem: Memory, query: str) -> set[str]:
    return {h.path for h in mem.search(query, mode="bm25")}


def test_an_unchanged_workspace_is_not_walked_and_status_says_so(mem: Memory) -> None:
    fresh, how = sync_check(mem.workspace, mem.store, mem.config)
    assert fresh and how.startswith("snapshot:"), how
    assert mem.sync().scanned == 0  # no walk
    assert mem.status().to_dict()["sync_check"] == how
    assert _paths(mem, "deploy") == {"memory/2026/2026-03-02.md"}


def test_an_edit_in_place_is_seen_by_the_next_search(mem: Memory) -> None:
    assert sync_check(mem.workspace, mem.store, mem.config)[0]
    path = mem.workspace.root / "memory/2026/2026-03-03.md"
    with open(path, "a", encoding="utf-8") as f:  # an append: the folder's mtime does not move
        f.write("\nA zeppelin arrived.\n")
    os.utime(path, (PAST + 5, PAST + 5))
    assert not sync_check(mem.workspace, mem.store, mem.config)[0]
    assert _paths(mem, "zeppelin") == {"memory/2026/2026-03-03.md"}


def test_a_same_size_edit_is_seen(mem: Memory) -> None:
    path = mem.workspace.root / "memory/2026/2026-03-02.md"
    path.write_text(path.read_text().replace("Dana", "Zora"))
    os.utime(path, (PAST + 5, PAST + 5))
    assert _paths(mem, "Zora") == {"memory/2026/2026-03-02.md"}


def test_an_added_file_is_seen_even_in_a_folder_that_held_none(mem: Memory) -> None:
    write(mem.workspace.root, "memory/later/2026-04-01.md", "# April\n\nThe walrus report is due.\n")
    _age(mem.workspace.root / "memory" / "later")  # the folder's own mtime still moved (to PAST)
    os.utime(mem.workspace.root / "memory" / "later", (PAST + 7, PAST + 7))
    assert _paths(mem, "walrus") == {"memory/later/2026-04-01.md"}


def test_a_new_folder_is_seen(mem: Memory) -> None:
    write(mem.workspace.root, "memory/projects/deep/notes.md", "# Notes\n\nThe yak shave finished.\n")
    assert _paths(mem, "yak") == {"memory/projects/deep/notes.md"}


def test_a_deleted_file_is_seen(mem: Memory) -> None:
    assert _paths(mem, "budget") == {"memory/2026/2026-03-03.md"}
    (mem.workspace.root / "memory/2026/2026-03-03.md").unlink()
    assert _paths(mem, "budget") == set()


def test_a_renamed_file_is_seen(mem: Memory) -> None:
    root = mem.workspace.root
    os.rename(root / "memory/2026/2026-03-03.md", root / "memory/2026/2026-03-09.md")
    assert _paths(mem, "budget") == {"memory/2026/2026-03-09.md"}


def test_files_written_just_now_are_never_vouched_for(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "memory/2026-03-02.md", "# Monday\n\nDana moved the deploy.\n")
    with Memory.open(root, KEYWORD, create=True) as m:
        m.index()
        fresh, how = sync_check(m.workspace, m.store, m.config)
        assert not fresh and how.startswith("full walk")
