"""``capture --turns`` counts right: a second run says every message was already there."""

from __future__ import annotations

import json
from pathlib import Path

from agent_helpers import isolated_env

from helpers import run_cli


def test_a_second_capture_counts_the_messages_already_there(ws: Path, tmp_path: Path) -> None:
    listing = tmp_path / "chat.json"
    chat = [
        {"role": "user", "content": "Remember that the VPN rotates on Mondays."},
        {"role": "assistant", "content": "Noted: the VPN rotates on Mondays."},
    ]
    listing.write_text(json.dumps(chat))
    env = isolated_env(tmp_path / "home")
    first = run_cli("-w", str(ws), "capture", str(listing), "--turns", env=env)
    assert first.returncode == 0 and "captured 2 message(s) (0 already there)" in first.stdout, first.stdout
    again = run_cli("-w", str(ws), "capture", str(listing), "--turns", env=env)
    assert "captured 0 message(s) (2 already there)" in again.stdout, again.stdout
    data = json.loads(run_cli("-w", str(ws), "capture", str(listing), "--turns", "--json", env=env).stdout)
    assert data["written"] == 0 and data["alreadyThere"] == 2
