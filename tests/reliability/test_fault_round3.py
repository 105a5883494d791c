"""What the third round of the fault campaign found (``benchmarks/fault_round3.py``): a key split by an
invisible character was stored, and a local-only marker written over several lines reached a remote
embedder. Through the real entry points: ``mdrecall remember`` and ``mdrecall index``."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall.text.privacy import local_only_ranges

from helpers import run_cli

KEY = "Zq4Lm8Rt2Vx6Bn0Kp3Wy7Hd5Fs9Jc1Ga"
PRIV, PUB = "zorblaxprivate", "quintpublic"
FILL = "".join(f"Paragraph {i} of ordinary filler text about the garden.\n\n" for i in range(40))


@pytest.mark.parametrize("invisible", ["\u200b", "\u2060", "\ufeff", "\u00ad"])
def test_a_key_split_by_an_invisible_character_is_not_stored(ws: Path, invisible: str) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # a ZWJ emoji sequence: not a token, kept
    out = run_cli("-w", str(ws), "remember", f"openai key sk-proj-{invisible}{KEY} for the {family} eval")
    assert out.returncode == 0, out.stderr
    stored = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory").glob("*.md"))
    assert f"for the {family} eval" in stored
    assert KEY not in stored.replace(invisible, "")


@pytest.fixture
def recorder() -> Iterator[tuple[str, list[str]]]:
    """A loopback OpenAI-compatible embeddings server keeping every text it is sent."""
    texts: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            got = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["input"]
            texts.extend(got)
            data = [{"index": i, "embedding": [0.1 * (i % 7 + 1)] * 8} for i in range(len(got))]
            payload = json.dumps({"data": data}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", texts
    finally:
        server.shutdown()
        server.server_close()


MULTI_LINE = {
    "after the heading's text": f"# N\n\n{FILL}## Health <!--\nlocal-only\n-->\n\n{FILL}{PRIV}.\n",
    "as its own block": f"# N\n\n{FILL}## Health\n\n<!--\n  local-only\n-->\n\n{FILL}{PRIV}.\n",
}


@pytest.mark.parametrize("form", sorted(MULTI_LINE))
def test_a_marker_written_over_several_lines_keeps_its_section_local(
    tmp_path: Path, recorder: tuple[str, list[str]], form: str
) -> None:
    url, texts = recorder
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text(f"# Memory\n\n{PUB} plain note.\n")
    (ws / "memory" / "w.md").write_text(MULTI_LINE[form])
    (ws / ".mdrecall.toml").write_text(
        f'[embedding]\nprovider = "openai"\nbase_url = "{url}"\napi_key = "sk-test-0123456789abcdef"\n'
        'model = "m"\ndims = 8\n[embedding.options]\nis_remote = true\n[rerank]\nprovider = "none"\n'
    )
    out = run_cli("-w", str(ws), "index", env={"MDRECALL_EMBEDDING_PROVIDER": None})
    assert out.returncode == 0, out.stderr
    sent = "\n".join(texts)
    assert PUB in sent and "Paragraph 3 of" in sent  # the rest was sent: a leak would be seen
    assert PRIV not in sent
    fenced = f"# N\n\n## Shell\n\n```html\n<!--\nlocal-only\n-->\n```\n\n{PRIV}.\n"
    assert local_only_ranges(fenced) == []  # in a fence it is code, over lines or not
