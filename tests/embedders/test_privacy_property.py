"""Local-only text never leaves the machine: a property over generated documents (seeded generator).

Each generated workspace marks private text in one of many ways (front matter in YAML's many spellings,
a byte-order mark, CRLF, comments, quoting, markers with odd spacing and case, setext headings, a marker
before the first heading, code blocks with ``#`` lines) and puts it in every source (``MEMORY.md``, daily
logs, notes, ``memory/conversations/``, session-end captures, an extra path, a session transcript). A
loopback server speaking the OpenAI embeddings API, then a remote reranker, records every byte received;
no private word may be among them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Config, Memory
from mdrecall.text.privacy import local_only_ranges

FRONT = [
    "---\nlocal_only: true\n---\n",
    "\ufeff---\nlocal_only: true\n---\n",
    "---\r\nlocal_only: true\r\n---\r\n",
    "---\ntitle: Diary\nlocal_only: true   # private\n---\n",
    '---\nlocal_only: "true"\n---\n',
    "---\nlocal-only: true\n---\n",
    "---\nlocalOnly: yes\n---\n",
    "---\nmdrecall: local-only\n---\n",
    "---\ntags: [a, b]\nlocal_only: True\n...\n",
    "---\nlocal_only: on\n---\n",
]
MARKERS = ["<!-- local-only -->", "<!--  LOCAL-ONLY  -->", "<!--local-only-->", "<!-- Local_Only -->"]
PLACES = [
    "MEMORY.md",
    "memory/2026-03-0{n}.md",
    "memory/notes/n{n}.md",
    "memory/conversations/2026-03-0{n}-s{n}-0a1b2c3d.md",
    "memory/2026-03-0{n}-session-capture.md",
    "extra/e{n}.md",
]


def _doc(rng: random.Random, public: str, private: str, crlf: bool) -> str:
    """One document in which ``private`` is local-only and ``public`` is not."""
    way = rng.randrange(6)
    marker = rng.choice(MARKERS)
    if way == 0:
        text = rng.choice(FRONT) + f"# Notes\n\n{private} common words here.\n"
    elif way == 1:
        text = (
            f"# Notes\n\n{public} common words.\n\n## Health {marker}\n\n{private} common words.\n\n"
            f"## Work\n\n{public} again.\n"
        )
    elif way == 2:
        text = f"# Notes\n\n{public} common words.\n\nHealth {marker}\n------\n\n{private} common words.\n"
    elif way == 3:
        text = f"Title {marker}\n=====\n\n{private} common words.\n"
    elif way == 4:
        text = f"{marker}\n\n# Anything\n\n{private} common words.\n"
    else:
        text = (
            f"# Notes\n\n{public} common words.\n\n## Setup {marker}\n\n```bash\n# install it\npip x\n```\n\n"
            f"{private} common words after the code.\n\n## Public\n\n{public} common end.\n"
        )
    return text.replace("\n", "\r\n") if crlf and not text.startswith("\ufeff") else text


def _workspace(root: Path, seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    publics, privates = [], []
    for n, place in enumerate(PLACES, 1):
        public, private = f"pub{seed}x{n}word", f"priv{seed}x{n}word"
        publics.append(public)
        privates.append(private)
        path = root / place.format(n=n)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_doc(rng, public, private, rng.random() < 0.3).encode("utf-8"))
        assert local_only_ranges(path.read_text(encoding="utf-8")), path
    for n in range(2):  # plain notes, sent as usual: they show the server would see a leak
        public = f"pub{seed}xplain{n}"
        publics.append(public)
        (root / "memory" / f"plain{n}.md").write_text(f"# Plain\n\n{public} common words.\n")
    secret = f"priv{seed}xtranscript"
    privates.append(secret)
    lines = [
        {
            "type": "user",
            "message": {"role": "user", "content": f"{secret} common words <!-- local-only -->"},
        },
        {"type": "assistant", "message": {"role": "assistant", "content": f"pub{seed}xanswer common words"}},
    ]
    (root / "sessions").mkdir()
    (root / "sessions" / "t.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    return publics, privates


def _config(embedding: dict[str, Any], rerank: dict[str, Any] | None = None) -> Config:
    return Config().merged(
        {
            "embedding": embedding,
            "rerank": rerank or {"provider": "none"},
            "extra_paths": ["extra"],
            "sessions": {"enabled": True, "paths": ["sessions"], "retention_days": 0},
        }
    )


@pytest.mark.parametrize("seed", range(6))
def test_no_local_only_byte_reaches_a_remote_embedder_or_reranker(
    tmp_path: Path, seed: int, serve: Any, api: Any, open_memory: Callable[..., Memory]
) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    publics, privates = _workspace(root, seed)
    server = serve(api.openai(dims=8))
    emb = {"provider": "openai", "base_url": server.url + "/v1", "api_key": api.KEY, "model": "m", "dims": 8}

    def rerank_app(req: Any) -> Any:
        docs = req.json()["documents"]
        return api.Response(
            json={"results": [{"index": i, "relevance_score": 0.5} for i in range(len(docs))]}
        )

    reranker = serve(rerank_app)
    rerank = {
        "provider": "cohere",
        "base_url": reranker.url + "/v2",
        "api_key": "k",
        "options": {"is_remote": True},
    }
    mem = open_memory(root, _config({**emb, "options": {"is_remote": True}}, rerank))
    mem.index()
    for q in ["common words", *publics[:2]]:
        mem.search(q, min_score=0.0)
    received = b"".join(r.body for r in server.requests + reranker.requests).decode("utf-8", "replace")
    assert server.requests and reranker.requests
    leaked = [p for p in privates if p in received]
    assert leaked == []
    assert any(p in received for p in publics)  # the rest was sent: the test can see a leak
    # still found by keywords, on this machine
    assert mem.search(privates[0], mode="bm25", min_score=0.0)
