"""The Recall page: per session, what the ``UserPromptSubmit`` hook injected and why, and the hook's times."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient

from helpers import run_cli


def test_the_recall_page_shows_per_session_what_was_injected_and_why(client: TestClient, ui_ws: Path) -> None:
    assert "No session has been given a memory yet" in client.get("/recall").text
    assert run_cli("-w", str(ui_ws), "index").returncode == 0
    payload = {"session_id": "sess-42", "prompt": "What does Alice want for the Stripe webhooks?"}
    out = run_cli("-w", str(ui_ws), "hook", "user-prompt-submit", stdin=json.dumps(payload))
    assert out.returncode == 0 and out.stdout.strip(), out.stderr
    page = client.get("/recall").text
    assert "Session sess-42" in page and 'href="/file/memory/2026-01-26.md?lines=' in page
    assert "injected" in page and "matched " in page and "webhook" in page
    assert "over the last 1 prompts" in page and "injected in 1" in page
    assert 'href="/recall" aria-current="page"' in page
