"""The UI's gate: token and cookie, Host (DNS rebinding), Origin and CSRF on POST, headers, no path escapes,
and memory content that cannot run in the page."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import BASE, PORT
from starlette.testclient import TestClient

from mdrecall.errors import MissingDependencyError
from mdrecall.ui.security import Access

SECRET = "TOP-SECRET-OUTSIDE-THE-WORKSPACE"


def test_every_request_needs_the_token(anon: TestClient, access: Access) -> None:
    for url in ("/", "/search?q=alice", "/file/MEMORY.md", "/static/style.css", "/review"):
        r = anon.get(url)
        assert r.status_code == 401 and "Token required" in r.text, url
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert anon.get("/?token=wrong").status_code == 403
    anon.cookies.set(access.cookie, "wrong")
    assert anon.get("/").status_code == 401
    anon.cookies.clear()
    assert anon.post("/review/reject", headers={"origin": BASE}).status_code == 401


def test_the_first_visit_sets_a_strict_cookie_and_drops_the_token_from_the_url(
    anon: TestClient, access: Access
) -> None:
    r = anon.get(f"/search?q=alice&token={access.token}&source=memory")
    assert r.status_code == 303
    assert r.headers["location"] == "/search?q=alice&source=memory"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"mdrecall_ui_{PORT}={access.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert anon.get("/search?q=alice").status_code == 200


@pytest.mark.parametrize(
    "host", ["evil.test:8765", "127.0.0.1:9999", "localhost", "127.0.0.1.nip.io:8765", ""]
)
def test_a_foreign_host_header_is_refused_even_with_the_cookie(client: TestClient, host: str) -> None:
    r = client.get("/", headers={"host": host})
    assert r.status_code == 421 and "Wrong address" in r.text
    moved = client.get("/?q=1", headers={"host": f"localhost:{PORT}"})  # to the address the cookie is for
    assert moved.status_code == 307 and moved.headers["location"] == f"http://127.0.0.1:{PORT}/?q=1"


def test_changes_need_post_the_right_origin_and_the_csrf_token(client: TestClient, ui_ws: Path) -> None:
    before = (ui_ws / "MEMORY.md").read_bytes()
    page = client.get("/review").text
    anchor = page.split('name="anchor" value="', 1)[1].split('"', 1)[0]
    csrf = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
    assert client.get("/review/approve").status_code == 405  # no change through GET
    assert (
        client.post("/review/approve", data={"anchor": anchor, "csrf": csrf}).status_code == 403
    )  # no Origin
    bad = {"origin": "http://evil.test:8765"}
    assert (
        client.post("/review/approve", data={"anchor": anchor, "csrf": csrf}, headers=bad).status_code == 403
    )
    ok = {"origin": BASE}
    r = client.post("/review/approve", data={"anchor": anchor, "csrf": "nope"}, headers=ok)
    assert r.status_code == 403 and "CSRF" in r.text
    assert client.post("/review/approve", data={"anchor": anchor}, headers=ok).status_code == 403
    assert client.request("PUT", "/review/approve", headers=ok).status_code == 405
    assert (ui_ws / "MEMORY.md").read_bytes() == before
    r = client.post("/review/approve", data={"anchor": anchor, "csrf": csrf}, headers=ok)
    assert r.status_code == 303 and (ui_ws / "MEMORY.md").read_bytes() != before


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for url in ("/", "/search?q=alice", "/static/app.js", "/file/MEMORY.md", "/nowhere"):
        h = client.get(url).headers
        csp = h["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "same-origin"


@pytest.mark.parametrize(
    "url",
    [
        "/file/..%2F..%2Foutside.md",
        "/file/%2E%2E/outside.md",
        "/file/memory/..%2F..%2Foutside.md",
        "/file/{root}/../outside.md",
        "/file/memory/link.md",
        "/file/memory/linkdir/secret.md",
        "/file/.mdrecall/index.sqlite",
        "/history?path=../outside.md",
        "/history?path=memory/link.md",
        "/file/%2Fetc%2Fpasswd",
    ],
)
def test_no_path_outside_the_workspace_is_shown(client: TestClient, ui_ws: Path, url: str) -> None:
    (ui_ws.parent / "outside.md").write_text(f"# {SECRET}\n")
    (ui_ws.parent / "secret").mkdir(exist_ok=True)
    (ui_ws.parent / "secret" / "secret.md").write_text(f"# {SECRET}\n")
    for name, target in (("link.md", ui_ws.parent / "outside.md"), ("linkdir", ui_ws.parent / "secret")):
        if not (ui_ws / "memory" / name).is_symlink():
            os.symlink(target, ui_ws / "memory" / name)
    r = client.get(url.format(root=ui_ws))
    assert r.status_code in (403, 404), (url, r.status_code)
    assert SECRET not in r.text


def test_a_note_with_script_is_shown_as_text_and_cannot_run(client: TestClient) -> None:
    r = client.get("/file/memory/notes/evil.md")
    assert r.status_code == 200
    body = r.text.split('<main id="main"', 1)[1]
    assert "&lt;script&gt;document.title" in body and "<script" not in body
    assert "<img" not in body and "<iframe" not in body
    assert not re.search(r"<[a-z][^>]*\son\w+=", body), "no element carries an event handler"
    assert 'href="javascript:' not in body
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    for url in ("/search?q=pwned+document+title", "/review", "/history?path=memory/notes/evil.md"):
        page = client.get(url).text.split('<main id="main"', 1)[1]
        assert "<script" not in page and "<img" not in page, url


def test_the_deep_link_highlights_the_cited_lines(client: TestClient) -> None:
    r = client.get("/file/memory/2026-01-26.md?lines=4-4")
    marked = [part for part in r.text.split('<div class="blk') if part.startswith(' hl"')]
    assert len(marked) == 1 and "Stripe webhooks" in marked[0] and 'id="L4"' in marked[0]


def test_a_missing_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from mdrecall.ui import require_ui

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "jinja2" else real(n, *a))
    with pytest.raises(MissingDependencyError, match=r"pip install 'mdrecall\[ui\]'"):
        require_ui()


def test_an_explicit_host_is_answered_besides_loopback() -> None:
    acc = Access("t", 8400, extra=("192.168.1.5",))
    assert acc.host_ok("192.168.1.5:8400") and acc.host_ok("localhost:8400") and acc.host_ok("[::1]:8400")
    assert not acc.host_ok("192.168.1.6:8400") and not acc.host_ok("192.168.1.5:8401")
    assert acc.origin_ok("http://192.168.1.5:8400") and not acc.origin_ok("null")


def test_a_note_image_is_never_fetched_it_is_shown_as_a_link() -> None:
    from mdrecall.ui.render import markdown_blocks

    html = "".join(b.html for b in markdown_blocks("See ![tracker](http://evil.test/pixel.png) here.\n"))
    assert "<img" not in html and 'href="http://evil.test/pixel.png"' in html
