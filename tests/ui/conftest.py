"""Fixtures of the UI tests: the app over a real workspace, reached through Starlette's TestClient."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the ui extra is not installed: pip install 'mdrecall[ui]'")

from starlette.testclient import TestClient  # noqa: E402
from ui_helpers import CFG, make_workspace  # noqa: E402

from mdrecall import Memory  # noqa: E402
from mdrecall.ui.app import create_app  # noqa: E402
from mdrecall.ui.security import Access  # noqa: E402

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def ui_ws(tmp_path: Path) -> Path:
    """A workspace with notes, a hostile note, a captured conversation and two dreaming candidates."""
    return make_workspace(tmp_path / "agent")


@pytest.fixture
def access() -> Access:
    return Access("test-token-123", PORT)


@pytest.fixture
def anon(ui_ws: Path, access: Access) -> Iterator[TestClient]:
    """A client without the cookie."""
    mem = Memory.open(ui_ws, CFG)
    with TestClient(create_app(mem, access), base_url=BASE, follow_redirects=False) as client:
        yield client
    mem.close()


@pytest.fixture
def client(anon: TestClient, access: Access) -> TestClient:
    """A client that has visited the URL with the token (it holds the cookie)."""
    assert anon.get(f"/?token={access.token}").status_code == 303
    assert anon.cookies.get(access.cookie) == access.token
    return anon
