"""The MCP server end to end: `mdrecall mcp` started as a subprocess, driven by the official SDK client.

One server (stdio) serves the whole module: the SDK takes seconds to import, so each launch is costly.
The workspace has ``index.sync_on_search = false``: what is searchable was indexed by the server's
own file watcher.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from agent_helpers import (  # noqa: E402
    SECRET_KEY,
    SECRET_PASSWORD,
    McpClient,
    claude_code_transcript,
    isolated_env,
    write_jsonl,
)

from helpers import run_cli, write  # noqa: E402

CONFIG = """
[index]
sync_on_search = false

[sessions]
enabled = true
paths = ["transcripts"]

[watch]
debounce_s = 0.2
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[McpClient, Path, dict[str, str]]]:
    from mcp import StdioServerParameters, stdio_client

    base = tmp_path_factory.mktemp("mcp")
    root = base / "agent"
    write(root, ".mdrecall.toml", CONFIG)
    write(
        root,
        "MEMORY.md",
        "# Long-term memory\n\n## Decisions\n- We chose PostgreSQL for billing: row-level locks.\n",
    )
    write(root, "memory/2026-01-26.md", "# 2026-01-26\n\n## 09:30\nMet Alice about Stripe webhooks.\n")
    write(base, "secret.md", "TOP SECRET outside the workspace\n")
    write(root, "memory/notes.txt", "not markdown\n")
    (root / "memory" / "escape.md").symlink_to(base / "secret.md")
    write_jsonl(root / "transcripts" / "cc.jsonl", claude_code_transcript())
    env = isolated_env(base / "home")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mdrecall", "-w", str(root), "mcp"], env=env, cwd=str(base)
    )
    with McpClient(stdio_client(params)) as client:
        yield client, root, env


def _search(client: McpClient, args: dict, want: int = 1, timeout: float = 20.0) -> dict:
    """Search until at least ``want`` results come back (the watcher indexes in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        err, data = client.call("memory_search", args)
        assert not err, data
        if len(data["results"]) >= want or time.monotonic() > deadline:
            return data
        time.sleep(0.2)


def test_lists_the_tools_with_schemas_and_teaching_descriptions(served) -> None:
    client, _, _ = served
    tools = {t.name: t for t in client.list_tools()}
    assert set(tools) == {
        "memory_search",
        "memory_get",
        "memory_context",
        "memory_write",
        "memory_capture",
        "memory_entities",
        "memory_entity",
        "memory_history",
        "memory_recall",
    }
    assert tools["memory_entity"].annotations.read_only_hint is True
    assert {"entity", "during", "asOf"} <= set(tools["memory_search"].input_schema["properties"])
    assert "BEFORE answering" in tools["memory_search"].description
    assert "after memory_search" in tools["memory_get"].description
    assert set(tools["memory_get"].input_schema["properties"]) >= {"path", "from", "lines"}
    assert tools["memory_search"].input_schema["required"] == ["query"]
    assert tools["memory_search"].annotations.read_only_hint is True
    assert tools["memory_write"].annotations.read_only_hint is False
    assert tools["memory_capture"].annotations.read_only_hint is False
    assert "turnId" in tools["memory_capture"].input_schema["properties"]


def test_search_returns_cited_hits_in_the_documented_shape(served) -> None:
    client, _, _ = served
    data = _search(client, {"query": "which database for billing?", "maxResults": 3})
    assert {"results", "provider", "model", "fallback"} <= set(data)
    hit = data["results"][0]
    assert {"path", "startLine", "endLine", "score", "snippet", "source", "citation", "date"} <= set(hit)
    assert hit["path"] == "MEMORY.md" and hit["source"] == "memory"
    assert hit["citation"] == f"MEMORY.md#L{hit['startLine']}-L{hit['endLine']}"
    assert "PostgreSQL" in hit["snippet"]
    assert data["fallback"]  # keyword-only in tests, and it says so


def test_get_reads_lines_and_says_where_to_continue(served) -> None:
    client, _, _ = served
    err, data = client.call("memory_get", {"path": "MEMORY.md", "from": 2, "lines": 2})
    assert not err
    assert data["path"] == "MEMORY.md" and data["from"] == 2 and data["to"] == 3 and data["nextFrom"] == 4
    assert "## Decisions" in data["text"]


@pytest.mark.parametrize(
    "path",
    [
        "../secret.md",
        "memory/../../secret.md",
        "/etc/passwd",
        "memory/escape.md",
        "memory/notes.txt",
        "",
        "x\x00.md",
    ],
)
def test_path_traversal_and_non_memory_files_are_refused(served, path: str) -> None:
    client, _, _ = served
    err, data = client.call("memory_get", {"path": path} if path else {"path": path})
    assert err
    assert data["error"] and data["action"]
    assert "TOP SECRET" not in json.dumps(data) and "root:" not in json.dumps(data)


@pytest.mark.parametrize(
    ("tool", "args", "needle"),
    [
        ("memory_search", {}, "query"),
        ("memory_search", {"query": 5}, "not of type 'string'"),
        ("memory_search", {"query": "x", "maxResults": 0}, "maxResults"),
        ("memory_search", {"query": "x", "source": "web"}, "source"),
        ("memory_search", {"query": "x", "sneaky": True}, "sneaky"),
        ("memory_get", {"path": "MEMORY.md", "from": "two"}, "from"),
        ("memory_write", {"text": ""}, "text"),
        ("memory_nope", {}, "unknown tool"),
    ],
)
def test_bad_arguments_come_back_as_structured_errors(served, tool: str, args: dict, needle: str) -> None:
    client, _, _ = served
    err, data = client.call(tool, args)
    assert err
    assert needle in data["error"] and data["action"]
    if tool == "memory_search":
        assert data["results"] == []


def test_context_digest_is_cited_and_within_budget(served) -> None:
    client, _, _ = served
    _search(client, {"query": "Alice Stripe webhooks"})
    err, data = client.call(
        "memory_context",
        {"message": "Yesterday Alice asked about Stripe webhooks; what did we say?", "budgetChars": 300},
    )
    assert not err, data
    assert len(data["digest"]) <= 300
    assert "memory/2026-01-26.md#L" in data["digest"]
    assert "Alice" in data["queries"] and len(data["queries"]) >= 3


def test_write_is_picked_up_by_the_watcher_and_found(served) -> None:
    client, root, _ = served
    err, data = client.call(
        "memory_write", {"text": "The user's cat is called Quetzalcoatl", "longTerm": True}
    )
    assert not err and data["path"] == "MEMORY.md"
    assert "Quetzalcoatl" in (root / "MEMORY.md").read_text()
    found = _search(client, {"query": "Quetzalcoatl"})
    assert found["results"] and "Quetzalcoatl" in found["results"][0]["snippet"]
    (root / "memory" / "deep" / "er").mkdir(parents=True)
    (root / "memory" / "deep" / "er" / "new.md").write_text("# New\nZanzibar ferry schedule\n")
    hits = _search(client, {"query": "Zanzibar ferry"})["results"]
    assert hits and hits[0]["path"] == "memory/deep/er/new.md"


def test_session_hits_map_to_transcript_lines_and_are_redacted(served) -> None:
    client, _, _ = served
    data = _search(client, {"query": "Kestrel rollout Thursday", "source": "sessions"})
    hit = data["results"][0]
    assert hit["source"] == "sessions" and hit["path"] == "transcripts/cc.jsonl"
    assert hit["startLine"] <= 6 <= hit["endLine"]
    assert 6 in range(hit["snippetStartLine"], hit["snippetEndLine"] + 1)
    err, got = client.call("memory_get", {"path": hit["path"], "from": 6, "lines": 2})
    assert not err, got
    assert got["text"].startswith("User: Deploy with the key [REDACTED]")
    assert SECRET_KEY not in json.dumps(got) and SECRET_KEY not in json.dumps(data)
    only_memory = _search(
        client, {"query": "Kestrel rollout Thursday", "source": "memory"}, want=0, timeout=0
    )
    assert all(r["source"] == "memory" for r in only_memory["results"])
    pw = _search(client, {"query": SECRET_PASSWORD, "source": "all"}, want=0, timeout=0)
    assert not pw["results"]


def test_hits_are_recorded_for_dreaming_and_a_get_confirms_them(served) -> None:
    client, root, _ = served
    hit = _search(client, {"query": "Stripe webhooks Alice"})["results"][0]
    client.call("memory_get", {"path": hit["path"], "from": hit["startLine"], "lines": 5})
    data = json.loads((root / "memory" / ".dreams" / "short-term-recall.json").read_text())
    entry = next(e for e in data["entries"].values() if "Stripe webhooks" in e["text"])
    assert entry["path"] == hit["path"]
    assert entry["recallCount"] >= 1 and "stripe webhooks alice" in entry["queries"]
    assert entry["confirmed"] >= 1


def test_a_turn_captured_over_mcp_is_searchable_as_a_conversation(served) -> None:
    client, root, _ = served
    args = {"user": "We decided the Zephyr API freezes on May 9th.", "session": "stdio-1", "turnId": "t-1"}
    err, out = client.call("memory_capture", args)
    assert not err and out["written"] == 1 and out["notes"] == ["decision: " + args["user"]]
    err, again = client.call("memory_capture", args)
    assert not err and again["written"] == 0
    err, bad = client.call("memory_capture", {"user": "x", "bogus": 1})
    assert err and "bogus" in json.dumps(bad)
    data = _search(client, {"query": "Zephyr API freeze", "source": "conversations"})
    assert data["results"][0]["path"] == out["paths"][0] and data["results"][0]["source"] == "conversations"
    assert "Zephyr" in (root / out["paths"][0]).read_text()


def test_status_shows_the_servers_watcher(served) -> None:
    _, root, env = served
    out = run_cli("-w", str(root), "status", "--json", env=env)
    assert out.returncode == 0, out.stderr
    st = json.loads(out.stdout)
    assert st["watcher"]["state"] == "watching", st["watcher"]
    assert st["watcher"]["pid"] != os.getpid()
    assert st["sessions"] == {"enabled": True, "transcripts": 1, "pending": 0}


def test_entities_entity_history_and_scoped_search(served) -> None:
    client, _, _ = served
    err, data = client.call("memory_write", {"text": "**Zephyr**: the Helios rollout is done."})
    assert not err, data
    deadline = time.monotonic() + 20
    while True:
        err, ents = client.call("memory_entities", {"kind": "person"})
        assert not err, ents
        if any(e["name"] == "Zephyr" for e in ents["entities"]) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    zephyr = next(e for e in ents["entities"] if e["name"] == "Zephyr")
    assert zephyr["kind"] == "person" and zephyr["mentions"] >= 1  # hooks may also note the line elsewhere
    err, one = client.call("memory_entity", {"name": "zephyr"})
    assert not err, one
    mine = [t for t in one["timeline"] if t["path"] == data["path"]]
    assert any(t["line"] >= data["line"] and "Helios" in t["text"] for t in mine)
    err, found = client.call("memory_search", {"query": "rollout", "entity": "Zephyr", "minScore": 0})
    assert not err and found["results"] and all("Zephyr" in r["snippet"] for r in found["results"])
    err, hist = client.call("memory_history", {"path": data["path"], "grep": "Helios"})
    assert not err, hist
    assert [c["kind"] for c in hist["changes"]] == ["added"]
    err, missing = client.call("memory_entity", {"name": "Nobody Known"})
    assert err and "no entity" in missing["error"] and missing["action"]
    err, bad = client.call("memory_search", {"query": "x", "during": "last week"})
    assert err and "YYYY-MM-DD" in bad["error"]


def test_memory_entity_takes_a_unique_first_name(served) -> None:
    client, _, _ = served
    err, data = client.call("memory_write", {"text": "Dana Okafor signed off the Oslo lease."})
    assert not err, data
    deadline = time.monotonic() + 20
    while True:
        err, one = client.call("memory_entity", {"name": "Dana"})
        if not err or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not err, one
    assert one["name"] == "Dana Okafor" and one["kind"] == "person"


def test_a_write_with_a_secret_says_what_was_redacted(served) -> None:
    """Before: the stored note said [REDACTED] and the agent was not told (the CLI warns)."""
    client, root, _ = served
    err, data = client.call("memory_write", {"text": "The deploy key is sk_live_abc123def456ghi789jkl"})
    assert not err and data["redacted"] == ["stripe"], data
    assert "sk_live" not in (root / data["path"]).read_text()
    err, plain = client.call("memory_write", {"text": "The user likes green tea"})
    assert not err and "redacted" not in plain
