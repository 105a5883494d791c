"""Each way of saying local-only that a user tried (issue 32, item 6), through the real path.

A workspace holds one form; it is indexed with a remote embedder served by a loopback server that speaks the
OpenAI embeddings API and records every text it receives. The private word must never reach it; a public word
in the same workspace must (so the test can see a leak).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Config, Memory

PRIV, PUB, SIDE = "zorblaxprivate", "quintpublic", "grembleside"
MARK = "<!-- local-only -->"
LONG_FRONT = "---\ntitle: Diary\n" + "".join(f"field{i}: value {i}\n" for i in range(260))
# paragraphs enough for several chunks: the private word lands in a chunk that does not hold the marker
FILL = "".join(
    f"Paragraph {i} of ordinary filler text about the garden and the weather.\n\n" for i in range(60)
)
QUOTED = "".join(f"> {line}\n" for line in FILL.split("\n"))

# name -> (relative path, bytes of the file); every form also has a plain note with PUB in it
FORMS: dict[str, tuple[str, bytes]] = {
    "utf16le-front-matter": (
        "memory/notes/w.md",
        ("\ufeff---\nlocal_only: true\n---\n# Diary\n\n" + PRIV + " common words.\n").encode("utf-16-le"),
    ),
    "utf16be-front-matter": (
        "memory/notes/w.md",
        ("\ufeff---\r\nlocal_only: true\r\n---\r\n# Diary\r\n\r\n" + PRIV + " words.\r\n").encode(
            "utf-16-be"
        ),
    ),
    "utf16-section-marker": (
        "memory/notes/w.md",
        f"\ufeff# Notes\n\n{SIDE} words.\n\n{FILL}## Health {MARK}\n\n{FILL}{PRIV} words.\n".encode(
            "utf-16-le"
        ),
    ),
    "fence-in-list-item": (
        "memory/notes/w.md",
        (
            f"# Setup\n\n{SIDE} words.\n\n{FILL}- install:\n- ```bash\n  pip install x\n  ```\n\n"
            f"## Health {MARK}\n\n{FILL}{PRIV} words.\n"
        ).encode(),
    ),
    "four-backtick-fence": (
        "memory/notes/w.md",
        (
            f"# Setup\n\n{SIDE} words.\n\n{FILL}````markdown\n```\ncode\n````\n\n"
            f"## Health {MARK}\n\n{FILL}{PRIV} words.\n"
        ).encode(),
    ),
    "blockquote-heading": (
        "memory/notes/w.md",
        (f"# Notes\n\n{SIDE} words.\n\n{FILL}> ## Health {MARK}\n>\n{QUOTED}> {PRIV} words.\n").encode(),
    ),
    "long-front-matter": (
        "memory/notes/w.md",
        (LONG_FRONT + f"local_only: true\n---\n# D\n\n{PRIV}.\n").encode(),
    ),
    "tags-local-only": (
        "memory/notes/w.md",
        f"---\ntags: [work, local-only]\n---\n# D\n\n{PRIV}.\n".encode(),
    ),
    "tags-block-list": ("memory/notes/w.md", f"---\ntags:\n  - private\n---\n# D\n\n{PRIV}.\n".encode()),
    "privacy-local": ("memory/notes/w.md", f"---\nprivacy: local\n---\n# D\n\n{PRIV}.\n".encode()),
    "visibility-private": ("memory/notes/w.md", f"---\nvisibility: private\n---\n# D\n\n{PRIV}.\n".encode()),
    "toml-front-matter": (
        "memory/notes/w.md",
        f'+++\ntitle = "D"\nlocal_only = true\n+++\n# D\n\n{PRIV}.\n'.encode(),
    ),
    "toml-privacy": ("memory/notes/w.md", f'+++\nprivacy = "local"\n+++\n# D\n\n{PRIV}.\n'.encode()),
    "unknown-privacy-value": ("memory/notes/w.md", f"---\nprivacy: internal\n---\n# D\n\n{PRIV}.\n".encode()),
}


def _transcript(root: Path) -> None:
    """One user message long enough to be split into several chunks; the marker is at its end."""
    text = " ".join(f"{PRIV}{i} filler words here" for i in range(400)) + f" {MARK}"
    lines = [
        {"type": "user", "message": {"role": "user", "content": text}},
        {"type": "assistant", "message": {"role": "assistant", "content": f"{PUB} answer"}},
    ]
    (root / "sessions").mkdir()
    (root / "sessions" / "t.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))


def _index(root: Path, serve: Any, api: Any, open_memory: Callable[..., Memory]) -> tuple[str, list[str]]:
    server = serve(api.openai(dims=8))
    emb = {
        "provider": "openai",
        "base_url": server.url + "/v1",
        "api_key": api.KEY,
        "model": "m",
        "dims": 8,
        "options": {"is_remote": True},
    }
    cfg = Config().merged(
        {
            "embedding": emb,
            "rerank": {"provider": "none"},
            "sessions": {"enabled": True, "paths": ["sessions"], "retention_days": 0},
        }
    )
    mem = open_memory(root, cfg)
    report = mem.index()
    received = "\n".join(t for r in server.requests for t in r.json()["input"])
    return received, list(report.warnings)


def _workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory" / "notes").mkdir(parents=True)
    (root / "MEMORY.md").write_text(f"# Memory\n\n{PUB} plain note.\n")
    return root


@pytest.mark.parametrize("form", sorted(FORMS))
def test_form_never_reaches_a_remote_embedder(
    tmp_path: Path, form: str, serve: Any, api: Any, open_memory: Callable[..., Memory]
) -> None:
    root = _workspace(tmp_path)
    rel, data = FORMS[form]
    (root / rel).write_bytes(data)
    received, warnings = _index(root, serve, api, open_memory)
    assert PUB in received  # the rest was sent: a leak would be seen
    assert PRIV not in received
    if MARK.encode() in data or MARK.encode("utf-16-le") in data:  # only the marked section is held back
        assert SIDE in received
    if form == "unknown-privacy-value":  # kept local, and said so
        assert any("privacy: internal" in w for w in warnings), warnings


def test_split_transcript_message_is_held_back_whole(
    tmp_path: Path, serve: Any, api: Any, open_memory: Callable[..., Memory]
) -> None:
    root = _workspace(tmp_path)
    _transcript(root)
    received, _ = _index(root, serve, api, open_memory)
    assert PUB in received
    assert PRIV not in received
