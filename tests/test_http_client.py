"""The one loopback check every seam uses (embedders, rerankers, the MCP server's bind address)."""

from __future__ import annotations

import pytest

from mdrecall.mcp.server import is_loopback
from mdrecall.plugins.http_client import is_loopback_host, is_loopback_url


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("LOCALHOST", True),
        ("api.localhost", True),
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("10.0.0.1", False),
        ("192.168.1.10", False),
        ("localhost.example.com", False),
        ("api.openai.com", False),
        ("", False),
    ],
)
def test_hosts(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback
    assert is_loopback(host) is loopback  # the MCP server asks the same function


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://[::1]:11434", True),
        ("http://localhost", True),
        ("https://api.voyageai.com/v1", False),
        ("http://127.0.0.1.nip.io/v1", False),
        ("not a url", False),
    ],
)
def test_urls(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback
