"""Rerankers over real HTTP on loopback: each API shape, failures, local-only chunks, plugins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config, RerankConfig
from mdrecall.errors import RerankError
from mdrecall.plugins.registry import RERANKERS
from mdrecall.rerankers import available_rerankers, create_reranker, register_reranker

from helpers import run_cli, write

KEY = "rk-test-SECRET-0123456789"


def workspace(root: Path) -> Path:
    """BM25 ranks the ocelot-heavy notes first; only one note says where the ocelot is now."""
    write(root, "memory/2026-02-01.md", "# 2026-02-01\n\nOcelot, ocelot, ocelot: the ocelot escaped again.\n")
    write(root, "memory/2026-02-02.md", "# 2026-02-02\n\nThe ocelot was seen near the ocelot sign.\n")
    write(root, "memory/2026-02-03.md", "# 2026-02-03\n\nKeepers put the ocelot back in its enclosure.\n")
    return root


def judge(passages: list[str]) -> list[float]:
    """The loopback 'model': a passage about the enclosure is the answer."""
    return [0.97 if "enclosure" in p else 0.05 + 0.01 * i for i, p in enumerate(passages)]


def app_for(api: Any, shape: str, key: str | None = KEY) -> Callable[[Any], Any]:
    Response = api.Response  # noqa: N806 - the response class of this folder's test servers

    def app(req: Any) -> Any:
        if key is not None and req.headers.get("Authorization") != f"Bearer {key}":
            return Response(401, json={"message": "invalid api token"})
        body = req.json()
        if shape == "tei":
            if req.path != "/rerank":
                return Response(404, json={"error": "no route"})
            logits = [8.0 if s > 0.5 else -4.0 for s in judge(body["texts"])]
            return Response(json=[{"index": i, "score": x} for i, x in enumerate(logits)][::-1])
        scores = judge(body["documents"])
        items = [{"index": i, "relevance_score": x} for i, x in enumerate(scores)]
        items.sort(key=lambda item: -item["relevance_score"])
        if shape == "voyage":
            assert req.path == "/v1/rerank" and body["top_k"] == len(body["documents"])
            return Response(json={"object": "list", "data": items, "model": body["model"]})
        assert req.path.endswith("/rerank") and body["top_n"] == len(body["documents"])
        return Response(json={"id": "r1", "results": items, "meta": {}})

    return app


def open_with(root: Path, open_memory: Callable[..., Memory], rerank: dict[str, Any]) -> Memory:
    cfg = Config().merged({"embedding": {"provider": "none"}, "rerank": rerank})
    return open_memory(root, cfg)


@pytest.mark.parametrize(
    ("provider", "shape", "path", "model"),
    [
        ("cohere", "cohere", "/v2", "rerank-v3.5"),
        ("jina", "cohere", "/v1", "jina-reranker-v2-base-multilingual"),
        ("voyage", "voyage", "/v1", "rerank-2.5"),
        ("http", "cohere", "/v1", ""),
        ("tei", "tei", "", ""),
    ],
)
def test_each_api_shape_reorders_the_top_hits(
    tmp_path: Path,
    open_memory: Callable[..., Memory],
    serve: Any,
    api: Any,
    provider: str,
    shape: str,
    path: str,
    model: str,
) -> None:
    root = workspace(tmp_path / "ws")
    plain = open_with(root, open_memory, {}).search("where is the ocelot", min_score=0.0)
    assert plain[0].path != "memory/2026-02-03.md"  # BM25 alone puts the answer lower
    server = serve(app_for(api, shape))
    mem = open_with(root, open_memory, {"provider": provider, "base_url": server.url + path, "api_key": KEY})
    result = mem.search_result("where is the ocelot", min_score=0.0, explain=True)
    top = result.hits[0]
    assert top.path == "memory/2026-02-03.md" and top.score == pytest.approx(
        0.97 if shape != "tei" else 1.0, abs=0.01
    )
    assert top.explain is not None and "rerank" in top.explain
    assert result.reranker == (f"{provider}:{model}" if model else provider) and "rerank" not in (
        result.fallback or ""
    )
    assert [h.score for h in result.hits] == sorted((h.score for h in result.hits), reverse=True)
    (req,) = server.requests
    body = req.json()
    assert body["query"] == "where is the ocelot"
    sent = body.get("documents") or body.get("texts")
    assert len(sent) == 3 and any("enclosure" in d for d in sent)
    assert body.get("model", "") == model
    assert result.to_dict()["reranker"] == result.reranker


def test_a_failing_reranker_keeps_the_fused_order_and_says_why(
    tmp_path: Path, open_memory: Callable[..., Memory], serve: Any, api: Any, closed_url: str
) -> None:
    Response = api.Response  # noqa: N806
    root = workspace(tmp_path / "ws")
    plain = [h.path for h in open_with(root, open_memory, {}).search("ocelot", min_score=0.0)]
    broken = serve(lambda req: Response(500, json={"message": "model crashed"}))
    for url in (broken.url + "/v2", closed_url):
        mem = open_with(
            root, open_memory, {"provider": "cohere", "base_url": url, "api_key": KEY, "max_retries": 0}
        )
        result = mem.search_result("ocelot", min_score=0.0)
        assert [h.path for h in result.hits] == plain
        assert result.reranker is None and "reranker failed, fused order kept" in (result.fallback or "")
        assert KEY not in (result.fallback or "")
    garbage = serve(lambda req: Response(json={"results": [{"index": 0}]}))
    mem = open_with(root, open_memory, {"provider": "http", "base_url": garbage.url})
    result = mem.search_result("ocelot", min_score=0.0)
    assert [h.path for h in result.hits] == plain and "unexpected rerank shape" in (result.fallback or "")


def test_local_only_chunks_never_reach_a_remote_reranker(
    tmp_path: Path, open_memory: Callable[..., Memory], serve: Any, api: Any
) -> None:
    root = workspace(tmp_path / "ws")
    write(
        root,
        "memory/health.md",
        "# Health\n\n## Vet visit <!-- local-only -->\nThe ocelot's vet found an infection.\n",
    )
    server = serve(app_for(api, "cohere"))
    rerank = {"provider": "cohere", "base_url": server.url + "/v2", "api_key": KEY}
    mem = open_with(root, open_memory, {**rerank, "options": {"is_remote": True}})
    hits = mem.search("ocelot vet infection", min_score=0.0)
    assert any(h.path == "memory/health.md" for h in hits)  # still found, by keywords
    sent = [d for r in server.requests for d in r.json()["documents"]]
    assert sent and not any("infection" in d for d in sent)
    server.requests.clear()
    write(root, "memory/2026-02-03.md", "# 2026-02-03\n\n## Ocelot vet bill <!-- local-only -->\nPaid 300.\n")
    mem.search("ocelot vet infection", min_score=0.0)  # marked since the last search: not sent now
    assert not any("Paid 300" in d for r in server.requests for d in r.json()["documents"])
    server.requests.clear()
    local = open_with(root, open_memory, rerank)  # a loopback endpoint counts as local
    local.search("ocelot vet infection", min_score=0.0)
    assert any("infection" in d for r in server.requests for d in r.json()["documents"])


def test_configuration_errors_disable_reranking_without_failing_search(
    tmp_path: Path, open_memory: Callable[..., Memory], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = workspace(tmp_path / "ws")
    monkeypatch.delenv("COHERE_API_KEY", raising=False)
    monkeypatch.delenv("CO_API_KEY", raising=False)
    for rerank, says in [
        ({"provider": "nosuch"}, "unknown rerank provider 'nosuch'"),
        ({"provider": "cohere"}, "needs an API key: set $COHERE_API_KEY"),
        ({"provider": "tei"}, "needs rerank.base_url"),
        (
            {"provider": "tei", "base_url": "http://127.0.0.1:9", "options": {"is_remote": "maybe"}},
            "rerank.options.is_remote: expected true or false, got 'maybe'",
        ),
        (
            {"provider": "http", "base_url": "http://127.0.0.1:9", "options": {"top": 3}},
            "rerank.options.top: unknown option for provider 'http'",
        ),
    ]:
        mem = open_with(root, open_memory, rerank)
        result = mem.search_result("ocelot", min_score=0.0)
        assert result.hits and result.reranker is None
        assert says in (result.fallback or "")
        assert says in mem.status().to_dict()["reranker_error"]
    with pytest.raises(RerankError, match="needs rerank.base_url"):
        create_reranker(RerankConfig(provider="http"))
    assert create_reranker(RerankConfig()) is None
    assert {"cohere", "jina", "voyage", "http", "tei", "cross-encoder"} <= set(available_rerankers())


def test_the_local_cross_encoder_names_its_extra_when_missing(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    import importlib.util

    if importlib.util.find_spec("sentence_transformers") is not None:
        pytest.skip("sentence-transformers is installed here")
    from mdrecall.errors import MissingDependencyError

    with pytest.raises(MissingDependencyError, match=r"pip install 'mdrecall\[sentence-transformers\]'"):
        create_reranker(RerankConfig(provider="cross-encoder"))
    mem = open_with(workspace(tmp_path / "ws"), open_memory, {"provider": "cross-encoder"})
    result = mem.search_result("ocelot", min_score=0.0)
    assert result.hits and "sentence-transformers" in (result.fallback or "")


def test_a_registered_reranker_is_used_like_a_builtin(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    seen: list[list[str]] = []

    class Shortest:
        name = "shortest"
        is_remote = False

        def rerank(self, query: str, passages: list[str]) -> list[float]:
            seen.append(list(passages))
            return [1.0 / len(p) for p in passages]

    register_reranker("shortest", lambda config: Shortest())
    root = workspace(tmp_path / "ws")
    try:
        result = open_with(root, open_memory, {"provider": "shortest", "top_n": 2}).search_result(
            "ocelot", min_score=0.0
        )
    finally:
        RERANKERS.unregister("shortest")
    assert result.reranker == "shortest" and len(seen) == 1 and len(seen[0]) == 2  # only the top 2
    head = [len(h.snippet) for h in result.hits[:2]]
    assert head == sorted(head)  # shortest first
    assert result.hits[2].score <= result.hits[1].score


def test_probe_rerank_through_the_cli(tmp_path: Path, serve: Any, api: Any) -> None:
    import json

    server = serve(app_for(api, "cohere", key=None))
    env = {
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / ".config"),
        "MDRECALL_RERANK_PROVIDER": "http",
        "MDRECALL_RERANK_BASE_URL": server.url + "/v1",
    }
    cmd = ["-w", str(tmp_path), "probe", "--rerank"]
    out = run_cli(*cmd, "--json", env=env)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["reranker"] == "http" and found["is_remote"] is False and len(found["scores"]) == 2
    assert found["scores"] == [0.05, 0.06] and found["sane"] is True  # the server's scores, by index
    assert len(server.requests) == 2  # cold and warm
    env["MDRECALL_RERANK_PROVIDER"] = "none"
    bad = run_cli(*cmd, env=env)
    assert bad.returncode != 0 and "no reranker is configured" in bad.stderr and "Traceback" not in bad.stderr
