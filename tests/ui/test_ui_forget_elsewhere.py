"""A forget run by another process while the page is open: the entity list and an entity's page (kept
between syncs) never show the forgotten line again, however long until the page's next sync."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BASE
from starlette.testclient import TestClient
from ui_helpers import CFG

from mdrecall import Memory
from mdrecall.ui import app as ui_app
from mdrecall.ui.app import create_app
from mdrecall.ui.security import Access

from helpers import write


def test_a_line_forgotten_elsewhere_leaves_the_cached_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ui_app, "SYNC_EVERY_S", 3600.0)  # no sync of files in between: only the index says
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- the user keeps bees\n")
    write(ws, "memory/2026-02-11.md", "# 2026-02-11\n\n- Tamsin Oduya keeps her hives at Pellworth Farm\n")
    write(ws, "memory/2026-06-19.md", "# 2026-06-19\n\n- Tamsin Oduya moved the hives to Quarrendon Mill\n")
    access = Access("tok-forget-elsewhere", 8765)
    mem = Memory.open(ws, CFG)
    try:
        with TestClient(create_app(mem, access), base_url=BASE, follow_redirects=False) as client:
            assert client.get(f"/?token={access.token}").status_code == 303
            assert "Quarrendon" in client.get("/entities").text
            assert "Quarrendon" in client.get("/entity/Tamsin%20Oduya").text
            with Memory.open(ws, CFG) as other:  # another process's forget: its own handle on the index
                result = other.forget(other.forget_plan("Quarrendon Mill"))
                assert not result.remaining
            assert "Quarrendon" not in client.get("/entities").text
            assert "Quarrendon" not in client.get("/entity/Tamsin%20Oduya").text
    finally:
        mem.close()
