"""Each thing done once, in its layer (issue 28): search options checked by the request alone, a note
redacted once, a hit's origin read where the hit is made, and every surface's search a recall."""

from __future__ import annotations

import json
import os
import shutil
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import mdrecall.text.redact as redact_module
from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.cli import cli
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.files.workspace import Workspace
from mdrecall.services.team import open_team

from helpers import write

RECALLS = Path("memory/.dreams/short-term-recall.json")
SECRET = "The deploy key is sk_live_abc123def456ghi789jkl"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _config(**more: object) -> Config:
    return Config().merged({"embedding": {"provider": "none"}, **more})


def _conversation(root: Path, speaker: str, line: str) -> Path:
    """Today's captured conversation record (the format :mod:`mdrecall.capture.turns` writes)."""
    day = date.today().isoformat()
    return write(
        root,
        f"memory/conversations/{day}-s1.md",
        f"# Conversation {day} · session s1\n\n- Session: `s1`\n\n"
        f"### 10:00 · {speaker} · t:aa11bb22\n\n{line}\n",
    )


# ---- 1. search options: one range each, declared and checked in the request ---------------------------


def test_the_limits_live_in_the_request_and_each_surface_only_passes_values() -> None:
    from mdrecall.request import LIMITS, MCP_LIMITS, RequestValueError, SearchRequest, mcp_schema

    assert mcp_schema()["properties"]["maxResults"]["maximum"] == MCP_LIMITS.max_results[1] == 50
    assert SearchRequest("q", max_results=5000).max_results == LIMITS.max_results[1] == 1000  # Python clamps
    # the MCP ceiling holds for a number sent as text too (it used to reach the request unclamped: 500)
    assert SearchRequest.from_mcp({"query": "x", "maxResults": "500"}).max_results == 50
    with pytest.raises(RequestValueError) as refused:  # the command line refuses, naming the field
        SearchRequest.from_cli("q", max_results=1001)
    assert refused.value.field == "max_results" and "1 to 1000" in str(refused.value)
    assert SearchRequest.from_cli("q", max_results=1000, min_score=1).max_results == 1000


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-n", "1001"], "from 1 to 1000"),
        (["--min-score", "nan"], "finite number"),  # was exit 1: the CLI's own range let nan through
        (["--mode", "fuzzy"], "unknown search mode"),
    ],
)
def test_a_value_the_request_refuses_is_a_cli_usage_error_naming_the_option(
    ws: Path, args: list[str], needle: str
) -> None:
    out = invoke("-w", str(ws), "search", "x", *args)
    assert out.exit_code == 2 and needle in out.stderr and "Invalid value for" in out.stderr, out.stderr


def test_the_cli_takes_what_the_request_takes(ws: Path) -> None:
    out = invoke("-w", str(ws), "--json", "search", "Stripe", "--source", "all", "-n", "1000")
    assert out.exit_code == 0, out.stderr  # 'all' is a source the request (and MCP) takes
    assert json.loads(out.stdout)["results"]


# ---- 2. a note is redacted once, by the library, which says what it replaced -------------------------


@pytest.fixture
def redactions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each redaction pass run (the real one, counted)."""
    passes: list[str] = []
    real = redact_module._redact

    def counted(text: str, found: list[str] | None) -> str:
        passes.append(text)
        return real(text, found)

    monkeypatch.setattr(redact_module, "_redact", counted)
    return passes


def test_an_mcp_write_is_redacted_once(tmp_path: Path, redactions: list[str]) -> None:
    team = tmp_path / "team"
    (team / "memory").mkdir(parents=True)
    (tmp_path / "own" / "memory").mkdir(parents=True)
    with Memory.open(tmp_path / "own", _config(team={"workspace": str(team)})) as own:
        shared = open_team(own)
        tools = MemoryTools(own, team=shared)
        for to_team in (False, True):
            redactions.clear()
            out = tools.memory_write(SECRET, team=to_team)
            assert len(redactions) == 1 and out["redacted"] == ["stripe"], (to_team, redactions, out)
            assert "sk_live" not in ((team if to_team else own.workspace.root) / out["path"]).read_text()
        shared.close()
        assert own.remember(SECRET).redacted == ("stripe",) and own.remember("green tea").redacted == ()


def test_a_cli_remember_is_redacted_once(ws: Path, redactions: list[str]) -> None:
    out = invoke("-w", str(ws), "--json", "remember", SECRET)
    assert out.exit_code == 0 and len(redactions) == 1, redactions
    assert json.loads(out.stdout)["redacted"] == ["stripe"] and "redacted stripe" in out.stderr


# ---- 3. who said a hit: from the index that made it --------------------------------------------------


def test_a_symlink_swapped_in_for_a_hits_file_is_not_followed(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    path = _conversation(ws, "assistant", "The walrus gateway listens on port 8443.")
    outside = write(tmp_path / "outside", "c.md", path.read_text().replace("· assistant ·", "· user ·"))
    cfg = _config(index={"sync_on_search": False})
    with Memory.open(ws, cfg) as mem:
        mem.index()
        path.unlink()
        os.symlink(outside, path)  # the file is now a link out of the workspace: never read through
        hits = MemoryTools(mem).memory_search("walrus gateway port", minScore=0.0)["results"]
    assert hits and hits[0]["origin"] == ["assistant"], hits


def test_a_team_hit_gets_its_own_label(tmp_path: Path) -> None:
    team = tmp_path / "team"
    _conversation(team, "assistant", "The zebra relay restarts every night, the page said.")
    own = tmp_path / "own"
    _conversation(own, "user", "Mind the zebra relay logs.")  # the same path in the agent's own workspace
    with Memory.open(own, _config(team={"workspace": str(team)})) as mem:
        shared = open_team(mem)
        hits = MemoryTools(mem, team=shared).memory_search("zebra relay", minScore=0.0)["results"]
        shared.close()
    by = {h["workspace"]: h for h in hits}
    assert by["team"]["origin"] == ["assistant"] and "origin" not in by["own"], hits


def test_cli_json_and_mcp_show_a_hit_alike(ws: Path) -> None:
    _conversation(ws, "assistant", "The walrus gateway listens on port 8443.")
    cli_out = invoke("-w", str(ws), "--json", "search", "walrus", "gateway", "--min-score", "0")
    assert cli_out.exit_code == 0, cli_out.stderr
    by_cli = json.loads(cli_out.stdout)
    with Memory.open(ws, _config()) as mem:
        by_mcp = MemoryTools(mem).memory_search("walrus gateway", minScore=0.0)
    assert by_cli["results"] == by_mcp["results"] and by_cli["results"][0]["origin"] == ["assistant"]
    assert set(by_cli) - {"version", "query"} == set(by_mcp)


# ---- 4. every surface's search is a recall for dreaming ---------------------------------------------


def _recalled(root: Path) -> list[dict[str, object]]:
    return list(RecallLog(Workspace(root)).load()["entries"].values())  # the journal folded in


def test_a_cli_and_a_python_search_leave_a_recall_unless_switched_off(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert invoke("-w", str(ws), "search", "Stripe", "webhooks").exit_code == 0
    assert [e["queries"] for e in _recalled(ws)] == [["stripe webhooks"]]
    with Memory.open(ws, _config()) as mem:
        assert mem.search("Kestrel search service")
        context = MemoryTools(mem).memory_context("How is the Kestrel search service doing?")
    assert context["citations"]
    queries = {q for e in _recalled(ws) for q in e["queries"]}  # type: ignore[attr-defined]
    assert "kestrel search service" in queries
    assert "how is the kestrel search service doing?" in queries  # a digest is one recall, its message
    assert len(queries) == 3  # not one per query the digest derived

    shutil.rmtree(ws / RECALLS.parent)
    monkeypatch.setenv("MDRECALL_DREAMING_RECORD_RECALLS", "false")
    assert invoke("-w", str(ws), "search", "Stripe", "webhooks").exit_code == 0
    with Memory.open(ws, _config(dreaming={"record_recalls": False})) as mem:
        assert mem.search("Kestrel search service")
        MemoryTools(mem).memory_search("Kestrel")
    assert not (ws / RECALLS.parent).exists()


def test_a_secret_in_a_query_is_never_written_to_the_recall_log(ws: Path) -> None:
    secret = "sk-proj-" + "Zq8vT2mL9xR4wK7nB3cY6hJ1"
    query = f"Stripe webhooks curl -H 'Authorization: Bearer {secret}'"
    assert invoke("-w", str(ws), "search", query).exit_code == 0
    log = "".join(p.read_text() for p in (ws / RECALLS.parent).iterdir())  # the aggregate and journal
    assert _recalled(ws) and secret not in log and secret.lower() not in log
