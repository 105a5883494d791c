"""Review: approving one dreaming candidate writes what ``dream --apply`` writes; rejecting is for good."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from conftest import BASE
from starlette.testclient import TestClient
from ui_helpers import CFG, env_for

from mdrecall import Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.dreaming.promote import dream
from mdrecall.dreaming.review import REJECTED_FILE, approve, reject
from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.files.workspace import Workspace

from helpers import run_cli

WHEN = datetime(2026, 2, 1, 9, 0).astimezone()


def _candidates(ws: Path) -> dict[str, str]:
    report = dream(Workspace(ws), CFG.dreaming)
    return {c.entry["path"]: c.anchor for c in [*report.promoted, *report.rejected]}


def _form(client: TestClient, path: str) -> dict[str, str]:
    page = client.get("/review").text
    item = next(p for p in page.split('<li class="cand"')[1:] if path in p)
    anchor = item.split('name="anchor" value="', 1)[1].split('"', 1)[0]
    return {"anchor": anchor, "csrf": item.split('name="csrf" value="', 1)[1].split('"', 1)[0]}


def test_approving_one_candidate_writes_exactly_what_dream_apply_writes(ui_ws: Path, tmp_path: Path) -> None:
    twin = shutil.copytree(ui_ws, tmp_path / "twin", symlinks=True)
    anchor = _candidates(ui_ws)["memory/2026-01-26.md"]
    approve(Workspace(ui_ws), CFG.dreaming, anchor, now=WHEN)
    applied = dream(Workspace(twin), CFG.dreaming, apply=True, now=WHEN)
    assert [c.anchor for c in applied.promoted] == [anchor]  # the twin promotes this one only
    assert (ui_ws / "MEMORY.md").read_text() == (twin / "MEMORY.md").read_text()
    ours = (ui_ws / "DREAMS.md").read_text().replace("Promoted 1 of 1", "Promoted 1 of 2")
    assert (twin / "DREAMS.md").read_text().startswith(ours)  # the twin adds its "Not promoted" list
    assert "Stripe webhooks retried with backoff" in (ui_ws / "MEMORY.md").read_text()
    assert "memory/2026-01-26.md" not in _candidates(ui_ws)  # promoted: not proposed again
    with pytest.raises(NotFoundError):
        approve(Workspace(ui_ws), CFG.dreaming, anchor, now=WHEN)


def test_the_review_page_approves_through_a_real_post(client: TestClient, ui_ws: Path) -> None:
    before = (ui_ws / "MEMORY.md").read_text()
    r = client.post("/review/approve", data=_form(client, "2026-01-26.md"), headers={"origin": BASE})
    assert r.status_code == 303 and r.headers["location"].startswith("/review?done=promoted")
    after = (ui_ws / "MEMORY.md").read_text()
    assert after.startswith(before) and "## Promoted from recall" in after
    page = client.get(r.headers["location"]).text
    assert "promoted into MEMORY.md" in page and "2026-01-26.md#L4" not in page.split('id="h-noted"')[0]
    assert client.get("/search?q=stripe+webhooks+backoff&path=MEMORY.md").text.count('class="hit"') == 1


def test_a_rejected_candidate_is_never_proposed_again(
    client: TestClient, ui_ws: Path, tmp_path: Path
) -> None:
    before = (ui_ws / "MEMORY.md").read_bytes()
    r = client.post("/review/reject", data=_form(client, "kestrel.md"), headers={"origin": BASE})
    assert r.status_code == 303
    assert (ui_ws / "MEMORY.md").read_bytes() == before
    record = json.loads((ui_ws / REJECTED_FILE).read_text())
    assert [v["path"] for v in record["rejected"].values()] == ["memory/projects/kestrel.md"]
    assert "kestrel.md#L" not in client.get("/review").text.split('id="h-noted"')[0]
    with Memory.open(ui_ws, CFG) as mem:  # recalled again, many times: still not a candidate
        tools = MemoryTools(mem)
        for q in ["kestrel codename", "rust search service kestrel", "what is kestrel", "kestrel project"]:
            tools.memory_search(q, maxResults=1)
    assert "memory/projects/kestrel.md" not in _candidates(ui_ws)
    out = run_cli("dream", "--json", "-w", str(ui_ws), env=env_for(tmp_path / "home"))
    assert out.returncode == 0, out.stderr
    listed = json.loads(out.stdout)
    assert all("kestrel" not in c["citation"] for c in listed["promoted"] + listed["rejected"])


def test_refusals_change_nothing(ui_ws: Path) -> None:
    ws = Workspace(ui_ws)
    anchors = _candidates(ui_ws)
    reject(ws, CFG.dreaming, anchors["memory/projects/kestrel.md"])
    with pytest.raises(NotFoundError):  # rejected: cannot be approved any more
        approve(ws, CFG.dreaming, anchors["memory/projects/kestrel.md"])
    daily = ui_ws / "memory" / "2026-01-26.md"
    daily.write_text(daily.read_text().replace("Stripe webhooks retried", "PayPal callbacks retried"))
    before = (ui_ws / "MEMORY.md").read_bytes()
    with pytest.raises(MdrecallError, match="no longer in"):  # the recalled line was edited away
        approve(ws, CFG.dreaming, anchors["memory/2026-01-26.md"])
    assert (ui_ws / "MEMORY.md").read_bytes() == before and not (ui_ws / "DREAMS.md").exists()


def test_an_unreadable_rejection_record_is_an_error_not_an_amnesty(ui_ws: Path) -> None:
    (ui_ws / REJECTED_FILE).write_text("{not json")
    with pytest.raises(MdrecallError, match="rejected.json"):
        dream(Workspace(ui_ws), CFG.dreaming)
