"""Defects the fault campaign's twenty-first round found (benchmarks/fault_round21.py), each shown on the
smallest input that showed it, or on a real workspace where it reached the CLI."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from mdrecall.errors import NotFoundError
from mdrecall.forget.files import rename_new
from mdrecall.knowledge.changes.version_probe import product_versions, upgraded

from helpers import run_cli, write


def test_a_version_of_thousands_of_digits_is_compared_without_an_integer() -> None:
    huge = "7" * 6_000 + ".2"  # past Python's 4,300-digit limit for an int made from text
    assert upgraded(frozenset({"3.1"}), frozenset({huge}))
    assert not upgraded(frozenset({huge}), frozenset({"3.1"}))
    assert upgraded(frozenset({"2.09"}), frozenset({"2.10"}))  # parts stay numbers: 10 after 9
    assert not upgraded(frozenset({"4.007"}), frozenset({"4.7"}))  # the same part, written with zeros


def test_a_long_run_of_dotted_numbers_is_read_in_linear_time() -> None:
    line = "moved redis 4." + ".".join(str(i % 10) for i in range(20_000)) + "..3 on the cache box"
    t0 = time.process_time()
    assert product_versions(line) == {}  # a stray dot and a digit after: no version
    assert time.process_time() - t0 < 1.0
    assert product_versions("moved redis 7.2.4. then the box") == {"redis": frozenset({"7.2.4"})}


_PASSWORD = "Qv7zzUrlSecret"


def test_an_embedder_address_with_a_password_is_never_printed_nor_stored(tmp_path: Path) -> None:
    """An embedder's ``base_url`` carrying a user and password, unreachable: the warnings of ``index``, the
    note of ``search`` and ``probe``'s error name the host, not the password, and the index's record of the
    provider being down (its breaker) does not hold it."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- the kiln fires on Thursdays\n")
    write(
        ws,
        ".mdrecall.toml",
        f'[embedding]\nprovider = "openai"\nbase_url = "http://kilnuser:{_PASSWORD}@127.0.0.1:9/v1"\n'
        'api_key = "x"\nmodel = "m"\ndims = 8\ntimeout_s = 2\nmax_retries = 0\n[rerank]\nprovider = "none"\n',
    )
    env = {"MDRECALL_EMBEDDING_PROVIDER": "openai"}
    said = ""
    for args in (("index",), ("search", "kiln"), ("--json", "probe")):
        r = run_cli("-w", str(ws), *args, env=env)
        said += r.stdout + r.stderr
    assert "127.0.0.1:9" in said  # the message still names where it tried
    assert _PASSWORD not in said and "kilnuser" not in said
    stored = [
        p.name for p in (ws / ".mdrecall").glob("index.sqlite*") if _PASSWORD.encode() in p.read_bytes()
    ]
    assert stored == []


def test_forget_renames_a_note_named_with_the_forgotten_text(tmp_path: Path) -> None:
    """A capture is named after its conversation's words; a forget of one of them renames the note, and no
    row of the index (chunks, mentions, fact lines, history) keeps the old name: the proof finds 0 copies."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- the kiln fires on Thursdays\n")
    write(
        ws,
        "memory/2026-08-05-wexcombe-glaze-order.md",
        "# Session\n\n## Conversation\n\n- Noted: Ola Brandt.\n",
    )
    write(ws, "memory/2026-08-06.md", "# 2026-08-06\n\n- Ola Brandt paid for the wexcombe glaze\n")
    assert run_cli("-w", str(ws), "index").returncode == 0
    assert run_cli("-w", str(ws), "entities").returncode == 0
    done = run_cli("-w", str(ws), "forget", "--text", "wexcombe", "--yes")
    assert done.returncode == 0, done.stdout + done.stderr
    names = sorted(p.name for p in (ws / "memory").glob("*.md"))
    assert not any("wexcombe" in n for n in names)
    assert len(names) == 2
    held = [p.name for p in ws.rglob("*") if p.is_file() and b"wexcombe" in p.read_bytes()]
    assert held == []
    assert "0 copies remain" in done.stdout


def test_the_memory_store_forgets_a_note_named_with_the_text(tmp_path: Path) -> None:
    from mdrecall import Memory
    from mdrecall.config.settings import load_config

    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- the kiln fires on Thursdays\n")
    write(root, "memory/2026-08-05-wexcombe-glaze.md", "# Session\n\n- Noted: Ola Brandt ordered glaze.\n")
    with Memory.open(root, load_config(root, overrides={"store": {"backend": "memory"}})) as mem:
        mem.index()
        mem.entities()
        result = mem.forget(mem.forget_plan("wexcombe"))
        assert result.proven
        assert mem.store.find_text(result.target.needle) == []  # type: ignore[attr-defined]
        assert all("wexcombe" not in str(e) for e in mem.entities())
        with pytest.raises(NotFoundError):  # history keeps no record under the old name
            mem.history("memory/2026-08-05-wexcombe-glaze.md")
    assert [p.name for p in (root / "memory").glob("*wexcombe*")] == []


def test_a_forget_rename_never_replaces_a_file_that_took_the_name(tmp_path: Path) -> None:
    # the new name is chosen free, but a file may take it before the rename: a plain rename would replace it
    old, taken = tmp_path / "2026-05-01-quinlan-ledger.md", tmp_path / "2026-05-01-forgotten-ledger.md"
    old.write_text("# old\n")
    taken.write_text("# someone else's note\n")
    with pytest.raises(FileExistsError):
        rename_new(old, taken)
    assert taken.read_text() == "# someone else's note\n" and old.read_text() == "# old\n"
    free = tmp_path / "2026-05-01-forgotten-ledger-2.md"
    rename_new(old, free)
    assert free.read_text() == "# old\n" and not old.exists()
