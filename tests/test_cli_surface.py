"""The CLI surface of issue 11 in process (tests/helpers.py: run_cli, real workspaces and indexes):
formats, filters, highlighting, ls, multi-get, doctor, config show, completion, quiet/verbose,
JSON errors and the workspace requirement."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
from datetime import date
from pathlib import Path

import pytest

from mdrecall.cli.core import parse_ref

from helpers import run_cli, write


def checks_of(out: subprocess.CompletedProcess[str]) -> dict[str, dict[str, str]]:
    return {c["name"]: c for c in json.loads(out.stdout)["checks"]}


@pytest.fixture
def indexed(ws: Path) -> Path:
    assert run_cli("-w", str(ws), "index").returncode == 0
    return ws


# ---- formats ------------------------------------------------------------------------------------------


def test_search_json_has_a_version_and_the_documented_fields(indexed: Path) -> None:
    out = run_cli("search", "Stripe", "webhooks", "-w", str(indexed), "--json")
    data = json.loads(out.stdout)
    assert data["version"] == 1 and data["query"] == "Stripe webhooks"
    assert set(data) >= {"results", "mode", "provider", "model", "fallback", "reranker"}
    assert data["results"][0]["path"] == "memory/2026-01-26.md"


def test_search_jsonl_csv_md_files(indexed: Path) -> None:
    w = ["-w", str(indexed)]
    lines = run_cli("search", "Kestrel", *w, "-f", "jsonl").stdout.splitlines()
    assert lines and all(json.loads(line)["path"] for line in lines)
    rows = list(csv.DictReader(io.StringIO(run_cli("search", "Kestrel", *w, "--format", "csv").stdout)))
    assert rows[0]["path"] == "memory/projects/kestrel.md" and float(rows[0]["score"]) > 0
    assert "\n" in rows[0]["snippet"]  # multi-line snippets survive CSV quoting
    md = run_cli("search", "Kestrel", *w, "-f", "md").stdout.splitlines()
    assert md[0].startswith("| path | startLine |") and md[1].startswith("|---|")
    assert md[2].startswith("| memory/projects/kestrel.md |")
    files = run_cli("search", "billing OR Kestrel OR Stripe", *w, "-f", "files", "--min-score", "0").stdout
    paths = files.splitlines()
    assert len(paths) == len(set(paths)) >= 2 and all(p.endswith(".md") for p in paths)


def test_highlight_on_a_terminal_never_in_json(indexed: Path) -> None:
    w = ["-w", str(indexed)]
    coloured = run_cli("search", "Stripe", *w, color=True).stdout
    assert "\x1b[" in coloured and "Stripe\x1b[0m" in coloured
    plain = run_cli("search", "Stripe", *w).stdout  # not a terminal: click strips the styles
    assert "\x1b[" not in plain and "Stripe" in plain
    data = run_cli("search", "Stripe", *w, "--json", color=True).stdout
    assert "\x1b[" not in data


def test_no_color_turns_highlighting_off(indexed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = run_cli("search", "Stripe", "-w", str(indexed), color=True).stdout
    assert "Stripe\x1b[0m" not in out


def test_status_has_no_python_none_and_readable_times(indexed: Path) -> None:
    out = run_cli("status", "-w", str(indexed)).stdout
    assert "None" not in out and "last_sync_at: " + date.today().isoformat() in out
    data = json.loads(run_cli("status", "-w", str(indexed), "--json").stdout)
    assert data["version"] == 1 and data["last_sync_at"].startswith(date.today().isoformat())
    rows = list(csv.DictReader(io.StringIO(run_cli("status", "-w", str(indexed), "-f", "csv").stdout)))
    assert {"key": "files", "value": "4"} in rows
    bad = run_cli("status", "-w", str(indexed), "-f", "files")
    assert bad.returncode == 2 and "lists no files" in bad.stderr


def test_init_says_what_it_did_in_plain_words(tmp_path: Path) -> None:
    dry = run_cli("init", str(tmp_path / "a"), "--dry-run").stdout
    assert "dry run: would create 7 files and keep 0 in" in dry  # .gitignore the 7th
    made = run_cli("init", str(tmp_path / "a")).stdout
    assert "created 7 files, kept 0 in" in made
    data = json.loads(run_cli("init", str(tmp_path / "a"), "--json").stdout)
    assert len(data["files"]) == 7 and {f["action"] for f in data["files"]} == {"exists"}


# ---- filters ------------------------------------------------------------------------------------------


def test_search_filters_path_source_and_dates(indexed: Path) -> None:
    w = ["-w", str(indexed), "--json", "--min-score", "0", "-n", "20"]

    def paths(*extra: str) -> set[str]:
        out = run_cli("search", "Stripe OR Kestrel OR planning OR TypeScript", *w, *extra)
        assert out.returncode == 0, out.stderr
        return {h["path"] for h in json.loads(out.stdout)["results"]}

    everything = paths()
    assert {"MEMORY.md", "memory/2026-01-26.md", "memory/2026-01-27.md"} <= everything
    assert paths("--path", "memory/projects") == {"memory/projects/kestrel.md"}
    assert paths("--path", "memory/2026-*.md") == {"memory/2026-01-26.md", "memory/2026-01-27.md"}
    both = paths("--path", "MEMORY.md", "--path", "memory/projects/*")
    assert both == {"MEMORY.md", "memory/projects/kestrel.md"}
    assert paths("--since", "2026-01-27") == {"memory/2026-01-27.md"}
    assert paths("--until", "2026-01-26") == {"memory/2026-01-26.md"}
    assert paths("--since", "2026-01-26", "--until", "2026-01-26") == {"memory/2026-01-26.md"}
    assert paths("--source", "sessions") == set()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-n", "0"], "-n"),
        (["-n", "x"], "is not a valid integer"),
        (["--min-score", "1.5"], "--min-score"),
        (["--since", "last tuesdayish"], "not a date"),
        (["--source", "email"], "--source"),
    ],
)
def test_search_flags_are_validated(indexed: Path, args: list[str], needle: str) -> None:
    out = run_cli("search", "x", "-w", str(indexed), *args)
    assert out.returncode == 2 and needle in out.stderr


def test_a_reversed_date_range_is_a_user_error(indexed: Path) -> None:
    dates = ["--since", "2026-02-01", "--until", "2026-01-01"]
    out = run_cli("search", "x", "-w", str(indexed), *dates, "--json")
    assert out.returncode == 1
    err = json.loads(out.stderr)["error"]
    assert err["code"] == "error" and "after --until" in err["message"] and err["exit"] == 1


def test_search_agent_uses_that_agents_workspace(tmp_path: Path) -> None:
    ws = tmp_path / "alpha"
    write(ws, "MEMORY.md", "# Memory\n- The alpha agent keeps bees.\n")
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[agents.alpha]\nworkspace = "{ws.as_posix()}"\n')
    out = run_cli("search", "bees", "--agent", "alpha", "--config", str(cfg), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["results"][0]["path"] == "MEMORY.md"


# ---- ls, get ------------------------------------------------------------------------------------------


def test_ls_lists_indexed_files_with_chunks_sizes_and_dates(indexed: Path) -> None:
    data = json.loads(run_cli("ls", "-w", str(indexed), "--json").stdout)
    files = {f["path"]: f for f in data["files"]}
    assert data["count"] == 4 and set(files) == {
        "MEMORY.md",
        "memory/2026-01-26.md",
        "memory/2026-01-27.md",
        "memory/projects/kestrel.md",
    }
    daily = files["memory/2026-01-26.md"]
    assert daily["date"] == "2026-01-26" and daily["chunks"] >= 1
    assert daily["size"] == (indexed / "memory/2026-01-26.md").stat().st_size
    assert files["MEMORY.md"]["date"] is None and files["MEMORY.md"]["modified"]
    table = run_cli("ls", "-w", str(indexed)).stdout.splitlines()
    assert table[0].split() == ["path", "source", "chunks", "size", "modified", "date"]
    only = run_cli("ls", "-w", str(indexed), "--path", "memory/2026-*", "-f", "files").stdout.split()
    assert only == ["memory/2026-01-26.md", "memory/2026-01-27.md"]


def test_get_several_paths_and_spans_in_one_call(indexed: Path) -> None:
    w = ["-w", str(indexed)]
    data = json.loads(run_cli("get", "MEMORY.md:3:2", "memory/2026-01-26.md#L1-L1", *w, "--json").stdout)
    first, second = data["files"]
    assert (first["path"], first["from"], first["to"]) == ("MEMORY.md", 3, 4)
    assert first["text"] == "## Preferences\n- The user prefers TypeScript over JavaScript for new services."
    assert (second["from"], second["to"], second["text"]) == (1, 1, "# 2026-01-26")
    human = run_cli("get", "MEMORY.md:1:1", "memory/2026-01-27.md:1:1", *w).stdout
    expected = "==> MEMORY.md:1-1 <==\n# Long-term memory\n\n==> memory/2026-01-27.md:1-1 <==\n# 2026-01-27\n"
    assert human == expected
    single = json.loads(run_cli("get", "MEMORY.md", "--from", "3", "--lines", "1", *w, "--json").stdout)
    assert single["text"] == "## Preferences" and single["version"] == 1
    missing = run_cli("get", "MEMORY.md", "memory/nope.md", *w)
    assert missing.returncode == 1 and "no such memory file" in missing.stderr and missing.stdout == ""


def test_parse_ref() -> None:
    assert parse_ref("a.md", 1, None) == ("a.md", 1, None)
    assert parse_ref("a.md:5", 1, 9) == ("a.md", 5, 9)
    assert parse_ref("a.md:5:3", 1, None) == ("a.md", 5, 3)
    assert parse_ref("a.md#L7-L9", 1, None) == ("a.md", 7, 3)
    assert parse_ref("a.md#L7", 1, None) == ("a.md", 7, 1)
    assert parse_ref("odd:name.md", 1, None) == ("odd:name.md", 1, None)


# ---- doctor, config show, completion ------------------------------------------------------------------


def test_doctor_checks_a_healthy_workspace(indexed: Path, tmp_path: Path) -> None:
    out = run_cli("doctor", "-w", str(indexed), "--json")
    assert out.returncode == 0, out.stdout
    checks = checks_of(out)
    names = {"workspace", "config", "index", "full-text", "vectors", "watcher", "recall", "embedder", "mcp"}
    assert set(checks) == names
    assert checks["workspace"]["status"] == checks["index"]["status"] == checks["full-text"]["status"] == "ok"
    assert "schema" in checks["index"]["detail"] and "4 files" in checks["index"]["detail"]
    assert checks["embedder"]["status"] == "skip"  # the isolated test environment has no embedder
    assert "$MDRECALL_EMBEDDING_PROVIDER" in checks["config"]["detail"]
    assert checks["mcp"]["status"] == "skip" and "hooks install" in checks["mcp"]["hint"]
    (indexed / "memory/2026-01-28.md").write_text("# 2026-01-28\nnew\n")
    stale = checks_of(run_cli("doctor", "-w", str(indexed), "--json"))
    assert stale["index"]["status"] == "warn" and stale["index"]["hint"] == "mdrecall index"


def test_doctor_fails_outside_a_workspace_and_sees_the_mcp_entry(tmp_path: Path, ws: Path) -> None:
    out = run_cli("doctor", "-w", str(tmp_path / "empty"))
    assert out.returncode == 1 and "FAIL  workspace" in out.stdout
    project = tmp_path / "project"
    assert run_cli("-w", str(ws), "hooks", "install", "claude-code", "--dir", str(project)).returncode == 0
    cwd = os.getcwd()
    os.chdir(project)
    try:
        checks = checks_of(run_cli("doctor", "-w", str(ws), "--json"))
    finally:
        os.chdir(cwd)
    assert checks["mcp"]["status"] == "ok" and str(ws.resolve()) in checks["mcp"]["detail"]


def test_doctor_loads_the_real_local_model(indexed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "local")
    checks = checks_of(run_cli("doctor", "-w", str(indexed), "--json"))
    assert checks["embedder"]["status"] == "ok" and "local, loads" in checks["embedder"]["detail"]
    assert checks["vectors"]["status"] == "warn"  # indexed keyword-only: no vectors yet


def test_config_show_with_origins(ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (ws / ".mdrecall.toml").write_text("[search]\nmin_score = 0.2\n")
    user = tmp_path / "user.toml"
    user.write_text("[chunking]\ntokens = 300\n")
    monkeypatch.setenv("MDRECALL_SEARCH_MAX_RESULTS", "9")
    flags = ["-w", str(ws), "--config", str(user), "--index-path", "/x/i.db"]
    out = run_cli("config", "show", "--origin", *flags)
    lines = {line.split(" = ")[0].strip(): line for line in out.stdout.splitlines()}
    assert lines["search.min_score"].endswith(f"= 0.2  # {ws / '.mdrecall.toml'}")
    assert lines["chunking.tokens"].endswith(f"= 300  # {user}")
    assert lines["search.max_results"].endswith("= 9  # $MDRECALL_SEARCH_MAX_RESULTS")
    assert lines["store.path"].endswith('= "/x/i.db"  # flags')
    assert lines["chunking.overlap"].endswith("= 60  # default")
    data = json.loads(run_cli("config", "show", "-w", str(ws), "--json").stdout)
    assert data["version"] == 1 and data["values"]["search.max_results"] == 9 and "origins" not in data


def test_completion_scripts_and_live_completion(monkeypatch: pytest.MonkeyPatch) -> None:
    scripts = {"bash": "_mdrecall_completion", "zsh": "#compdef mdrecall", "fish": "complete"}
    for shell, needle in scripts.items():
        out = run_cli("completion", shell)
        assert out.returncode == 0 and needle in out.stdout
    monkeypatch.setenv("_MDRECALL_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", "mdrecall sea")
    monkeypatch.setenv("COMP_CWORD", "1")
    out = run_cli()
    assert "plain,search" in out.stdout


# ---- quiet, verbose, errors, workspace required -------------------------------------------------------


def test_quiet_and_verbose(indexed: Path) -> None:
    loud = run_cli("search", "Stripe", "-w", str(indexed), "-v")
    assert "mdrecall: workspace " in loud.stderr and "mdrecall: note: no embedder configured" in loud.stderr
    quiet = run_cli("search", "Stripe", "-w", str(indexed), "-q")
    assert quiet.stderr == "" and "memory/2026-01-26.md" in quiet.stdout


def test_commands_that_read_refuse_a_folder_that_is_not_a_workspace(tmp_path: Path) -> None:
    plain = tmp_path / "downloads"
    plain.mkdir()
    for args in (["status"], ["search", "x"], ["ls"], ["get", "MEMORY.md"], ["index"], ["remember", "hi"]):
        out = run_cli(*args, "-w", str(plain))
        assert out.returncode == 1, args
        assert "not an mdrecall workspace" in out.stderr and "mdrecall init" in out.stderr
        assert "MDRECALL_WORKSPACE" in out.stderr
    assert list(plain.iterdir()) == []  # nothing created: no .mdrecall/index.sqlite, no memory/


def test_hooks_install_refuses_a_missing_workspace(tmp_path: Path) -> None:
    out = run_cli("-w", str(tmp_path / "nope"), "hooks", "install", "claude-code", "--dir", str(tmp_path))
    assert out.returncode == 1 and "does not exist" in out.stderr
    assert not (tmp_path / ".mcp.json").exists()


def test_json_errors_for_usage_and_user_errors(indexed: Path) -> None:
    usage = run_cli("search", "x", "-w", str(indexed), "--json", "--bogus")
    assert usage.returncode == 2
    err = json.loads(usage.stderr)
    assert err["version"] == 1 and err["error"]["code"] == "usage" and "--bogus" in err["error"]["message"]
    missing = run_cli("get", "memory/none.md", "-w", str(indexed), "-f", "jsonl")
    assert json.loads(missing.stderr)["error"] == {
        "code": "not_found",
        "message": "memory/none.md: no such memory file",
        "exit": 1,
    }
    plain = run_cli("get", "memory/none.md", "-w", str(indexed))
    assert plain.stderr == "mdrecall: error: memory/none.md: no such memory file\n"


def test_capture_of_a_missing_file_or_a_folder_is_a_user_error(indexed: Path, tmp_path: Path) -> None:
    gone = run_cli("capture", str(tmp_path / "nope.jsonl"), "-w", str(indexed))
    assert gone.returncode == 1 and "no such transcript file" in gone.stderr
    folder = run_cli("capture", str(tmp_path), "-w", str(indexed), "--json")
    assert folder.returncode == 1 and json.loads(folder.stderr)["error"]["code"] == "path"


def test_agents_json_is_versioned(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[agents.a]\nworkspace = "{(tmp_path / "a").as_posix()}"\n')
    data = json.loads(run_cli("agents", "--config", str(cfg), "--json").stdout)
    assert data["version"] == 1 and data["agents"][0]["agent"] == "a"


@pytest.mark.parametrize(
    "args",
    [
        ["status"],
        ["ls"],
        ["index"],
        ["search", "Stripe"],
        ["get", "MEMORY.md"],
        ["get", "MEMORY.md", "memory/2026-01-27.md"],
        ["remember", "a versioned note"],
        ["doctor", "--no-model"],
        ["config", "show"],
        ["config", "show", "--origin"],
        ["context"],
        ["dream"],
        ["probe", "--provider", "fake"],
        ["agents"],
    ],
)
def test_every_json_output_is_versioned(indexed: Path, args: list[str]) -> None:
    out = run_cli(*args, "-w", str(indexed), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert next(iter(data)) == "version" and data["version"] == 1


def test_verbose_says_how_long_it_took(indexed: Path) -> None:
    out = run_cli("-v", "ls", "-w", str(indexed))
    assert re.search(r"mdrecall: done in \d+ ms", out.stderr)
    assert "done in" not in run_cli("-v", "-q", "ls", "-w", str(indexed)).stderr


def test_get_expands_globs_over_the_indexed_files(indexed: Path) -> None:
    w = ["-w", str(indexed)]
    data = json.loads(run_cli("get", "memory/2026-01-*.md:1:1", *w, "--json").stdout)
    assert [(f["path"], f["text"]) for f in data["files"]] == [
        ("memory/2026-01-26.md", "# 2026-01-26"),
        ("memory/2026-01-27.md", "# 2026-01-27"),
    ]
    one = json.loads(run_cli("get", "memory/projects/*", *w, "--json").stdout)
    assert [f["path"] for f in one["files"]] == ["memory/projects/kestrel.md"]  # a glob always lists
    none = run_cli("get", "memory/1999-*.md", *w)
    assert none.returncode == 1 and "no indexed file matches" in none.stderr


def test_get_notes_more_lines_only_when_it_cut_the_file(indexed: Path) -> None:
    w = ["-w", str(indexed)]
    assert "more lines follow" not in run_cli("get", "MEMORY.md:1:2", *w).stderr
    cut = run_cli("get", "MEMORY.md", "--lines", "2", *w)
    assert "more lines follow" not in cut.stderr  # the user asked for 2 lines
    (indexed / "memory/long.md").write_text("# Long\n" + "line\n" * 300)
    long = run_cli("get", "memory/long.md", *w)
    assert "more lines follow: mdrecall get memory/long.md:121" in long.stderr


def test_config_flag_is_passed_not_smuggled_through_the_environment(ws: Path, tmp_path: Path) -> None:
    user = tmp_path / "user.toml"
    user.write_text("[search]\nmax_results = 3\n")
    before = dict(os.environ)
    out = run_cli("config", "show", "--origin", "-w", str(ws), "--config", str(user))
    line = next(x for x in out.stdout.splitlines() if x.startswith("search.max_results "))
    assert line.endswith(f"= 3  # {user}")
    assert dict(os.environ) == before  # nothing set, nothing left behind
    from mdrecall.config.settings import load_config

    assert load_config(ws, user_file=user).search.max_results == 3
    assert load_config(ws).search.max_results != 3
