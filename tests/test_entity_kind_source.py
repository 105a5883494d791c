"""Where an entity's kind came from (issue 29 item 1): read from the notes, or a model's guess with its
probability, on every surface (Python API, ``mdrecall entities`` / ``entity``, the MCP tools).

The notes are written for these tests (a home brewer's log), in words of their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mdrecall import Config, Entity, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.knowledge.kinds import kind_context
from mdrecall.knowledge.kinds.kind_guess import guess
from mdrecall.mcp.tools import Tool, tool_named

from helpers import run_cli, write

BREWER = {
    "memory/2027-06-01.md": (
        "# Tuesday\n\n"
        "- Hops order: 4 kg of Cascade pellets from Brackenfold, delivered Thursday.\n"
        "- Tasting went well; Wren Achebe said the stout needs more body.\n"
    ),
    "memory/2027-06-04.md": (
        "# Friday\n\n"
        "- Brackenfold sent the invoice; their prices went up again.\n"
        "- Wren Achebe joined the brewers' guild.\n"
    ),
    "memory/2027-06-07.md": "# Monday\n\n- Set up Syncthing between the two laptops in the shed.\n",
}


@pytest.fixture
def brewer(tmp_path: Path) -> Path:
    root = tmp_path / "brewer"
    for path, text in BREWER.items():
        write(root, path, text)
    write(root, ".mdrecall.toml", '[embedding]\nprovider = "none"\n\n[history]\ngit = false\n')
    return root


def _entities(root: Path) -> dict[str, Entity]:
    with Memory.open(root, Config().merged({"history": {"git": False}})) as mem:
        mem.index()
        return {e.name: e for e in mem.entities()}


def test_a_kind_a_cue_gives_is_read_from_the_notes(brewer: Path) -> None:
    """ "Wren Achebe said" is a person's cue: the kind is the notes', with no probability."""
    wren = _entities(brewer)["Wren Achebe"]
    assert (wren.kind, wren.kind_source, wren.kind_p) == ("person", "notes", None)
    assert wren.kind_note() == "person (read from the notes)"


def test_an_uncued_suppliers_kind_is_the_context_models_guess(brewer: Path) -> None:
    """No rule types "Brackenfold" and the name alone says nothing: the kind is the context model's, and
    says so, with the probability it gave (it was shown as if read from the notes)."""
    assert guess("Brackenfold") is None
    found = _entities(brewer)["Brackenfold"]
    assert found.kind == "organisation" and found.kind_source == "context model"
    assert found.kind_p is not None and kind_context.GATE <= found.kind_p <= 1
    assert re.fullmatch(r"organisation \(guessed from context, p 0\.\d\d\)", found.kind_note())


def test_an_uncued_name_the_name_model_knows_carries_its_probability(brewer: Path) -> None:
    guessed = guess("Syncthing")
    assert guessed is not None
    found = _entities(brewer)["Syncthing"]
    assert (found.kind, found.kind_source, found.kind_p) == (guessed.kind, "name model", guessed.p)


def test_the_cli_shows_where_each_kind_came_from(brewer: Path) -> None:
    out = run_cli("entities", "--json", cwd=brewer)
    assert out.returncode == 0, out.stderr
    rows = {e["name"]: e for e in json.loads(out.stdout)["entities"]}
    assert rows["Wren Achebe"]["kindSource"] == "notes" and rows["Wren Achebe"]["kindProbability"] is None
    assert rows["Brackenfold"]["kindSource"] == "context model"
    assert kind_context.GATE <= rows["Brackenfold"]["kindProbability"] <= 1
    table = run_cli("entities", cwd=brewer).stdout.splitlines()
    assert table[0].split()[:3] == ["name", "kind", "kindSource"]
    line = next(t for t in table if t.startswith("Brackenfold"))
    assert re.search(r"organisation\s+context model p 0\.\d\d\s", line), line
    one = run_cli("entity", "Brackenfold", cwd=brewer)
    assert one.returncode == 0, one.stderr
    assert re.search(r"^kind: organisation \(guessed from context, p 0\.\d\d\)$", one.stdout, re.MULTILINE)
    assert "kind: person (read from the notes)" in run_cli("entity", "Wren", cwd=brewer).stdout
    detail = json.loads(run_cli("entity", "Brackenfold", "--json", cwd=brewer).stdout)
    assert detail["kindSource"] == "context model" and detail["kindProbability"] >= kind_context.GATE


def _tool(name: str) -> Tool:
    tool = tool_named(name)
    assert tool is not None
    return tool


def test_the_mcp_tools_carry_where_each_kind_came_from(brewer: Path) -> None:
    with Memory.open(brewer, Config().merged({"history": {"git": False}})) as mem:
        mem.index()
        tools = MemoryTools(mem)
        listed = _tool("memory_entities").handler(tools, {})
        one = _tool("memory_entity").handler(tools, {"name": "brackenfold"})
    rows = {e["name"]: e for e in listed["entities"]}
    assert (rows["Wren Achebe"]["kindSource"], rows["Wren Achebe"]["kindProbability"]) == ("notes", None)
    assert one["kindSource"] == "context model" and one["kindProbability"] >= kind_context.GATE
    assert one["kindProbability"] == rows["Brackenfold"]["kindProbability"]
