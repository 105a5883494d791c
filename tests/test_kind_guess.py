"""The kind a name alone suggests (:mod:`mdrecall.knowledge.kind_guess`): the fallback of the kind vote for
a name the workspace gives no cue for, on real workspaces (invented wording, not from a labelled set)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.kind_guess import guess_kind

from helpers import write


def _kinds(root: Path, text: str) -> dict[str, str]:
    write(root, "memory/2026-02-03.md", text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()


def test_a_name_with_no_cue_takes_the_kind_its_name_suggests(tmp_path: Path) -> None:
    found = _kinds(
        tmp_path,
        "# Tuesday\n\n- Moved my notes into Logseq over the weekend.\n- Logseq sync is flaky again.\n",
    )
    assert found["Logseq"] == "technology"  # the vote had nothing to count: it was unknown


def test_a_kind_the_workspace_gives_is_kept(tmp_path: Path) -> None:
    assert guess_kind("Logseq") == "technology"
    found = _kinds(tmp_path, "# Tuesday\n\n- Bank: Logseq, the new joint account.\n")
    assert found["Logseq"] == "organisation"


def test_an_unsure_model_leaves_the_kind_unknown() -> None:
    assert guess_kind("Quarrow") is None
    assert guess_kind("  ") is None
