"""The UI in a real headless Chromium against the real server (``mdrecall ui`` in a subprocess).

Chromium is driven over its DevTools pipe (:mod:`cdp`): no driver binary, no websocket library. The
screenshots of docs/ui.md are taken here: set ``UPDATE_UI_SCREENSHOTS=1`` to write them to docs/ui/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cdp import Browser, chromium_path
from ui_helpers import make_workspace, start_server, stop_server

pytestmark = pytest.mark.skipif(
    chromium_path() is None, reason="no chromium: install Debian's `chromium` package (the CI script does)"
)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "ui"


class Site:
    """The running server and a browser that has opened its URL."""

    def __init__(
        self, ws: Path, proc: subprocess.Popen[str], url: str, browser: Browser, shots: Path
    ) -> None:
        self.ws, self.proc, self.url, self.b, self.shots = ws, proc, url, browser, shots
        self.base = url.split("/?", 1)[0]

    def shot(self, name: str, width: int = 1200) -> None:
        self.b.screenshot(self.shots / f"{name}.png", width)
        if os.environ.get("UPDATE_UI_SCREENSHOTS") == "1":
            DOCS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.shots / f"{name}.png", DOCS / f"{name}.png")

    def text(self) -> str:
        return str(self.b.js("document.body.innerText"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    root = tmp_path_factory.mktemp("ui")
    old = os.environ.get("MDRECALL_EMBEDDING_PROVIDER")
    os.environ["MDRECALL_EMBEDDING_PROVIDER"] = "none"
    try:
        ws = make_workspace(root / "agent")
    finally:
        if old is None:
            os.environ.pop("MDRECALL_EMBEDDING_PROVIDER", None)
        else:
            os.environ["MDRECALL_EMBEDDING_PROVIDER"] = old
    proc, url = start_server(ws, root / "home")
    browser = Browser(root / "profile", ("--host-resolver-rules=MAP rebind.test 127.0.0.1",))
    try:
        yield Site(ws, proc, url, browser, root / "shots")
    finally:
        browser.close()
        code = stop_server(proc)
        assert code == 0, f"Ctrl-C should stop the server cleanly (exit status {code})"


def test_01_without_the_token_nothing_is_shown(site: Site) -> None:
    site.b.goto(site.base + "/")
    assert "Token required" in site.text() and "Long-term memory" not in site.text()
    site.b.goto(site.base + "/file/MEMORY.md")
    assert "Token required" in site.text()


def test_02_the_url_with_the_token_opens_the_overview_and_leaves_the_address_bar(site: Site) -> None:
    site.b.goto(site.url)
    assert site.b.js("location.href") == site.base + "/"
    text = site.text()
    assert "Overview" in text and "Memory over time" in text and "Health" in text
    assert site.b.js("document.cookie") == ""  # HttpOnly: scripts cannot read it
    assert site.b.js("document.querySelectorAll('svg.chart rect.notes').length") > 0
    site.shot("overview")
    site.shot("overview-phone", 390)


def test_03_a_rebinding_host_name_is_refused(site: Site) -> None:
    port = site.base.rsplit(":", 1)[1]
    site.b.goto(f"http://rebind.test:{port}/")
    assert "Wrong address" in site.text()


def test_04_search_finds_a_fact_and_follows_it_to_its_lines(site: Site) -> None:
    site.b.goto(site.base + "/search")
    site.b.submit(
        "document.getElementById('q').value = 'stripe webhooks backoff';"
        "document.querySelector('form.search-form').submit()"
    )
    assert "q=stripe+webhooks+backoff" in site.b.js("location.search")
    marks = site.b.js("[...document.querySelectorAll('.hit mark')].map(m => m.textContent.toLowerCase())")
    assert {"stripe", "webhooks", "backoff"} <= set(marks)
    first = site.b.js("document.querySelector('.hit .cite a').textContent")
    assert first.startswith("memory/2026-01-26.md#L")
    site.shot("search")
    site.shot("search-phone", 390)
    site.b.goto(site.base + "/search?q=stripe+webhooks+backoff&since=2026-01-01&explain=1")
    site.b.js("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert "fused" in site.text() or "final" in site.text()
    site.shot("search-explain")
    site.b.goto(site.base + "/search?q=stripe+webhooks+backoff")
    site.b.submit("document.querySelector('.hit .cite a').click()")
    assert site.b.js("location.pathname") == "/file/memory/2026-01-26.md"
    marked = site.b.js("[...document.querySelectorAll('.blk.hl')].map(b => b.innerText).join(' ')")
    assert "Stripe webhooks retried with backoff" in marked
    site.shot("file")


def test_05_a_citation_fragment_deep_links_and_highlights(site: Site) -> None:
    site.b.goto(site.base + "/file/memory/2026-01-27.md#L5-L5")
    marked: Any = site.b.js("[...document.querySelectorAll('.blk.hl')].map(b => b.dataset.start)")
    assert marked == ["4"] or marked == ["5"]
    text = site.b.js("document.querySelector('.blk.hl').innerText")
    assert "Alice works at Acme" in text
    top = site.b.js("document.querySelector('.blk.hl').getBoundingClientRect().top")
    assert 0 <= top < site.b.js("window.innerHeight")
    site.shot("deep-link")


def test_06_a_note_with_script_does_not_run(site: Site) -> None:
    site.b.goto(site.base + "/file/memory/notes/evil.md")
    assert site.b.js("document.title") != "pwned" and site.b.js("typeof window.pwned") == "undefined"
    assert site.b.js("document.querySelectorAll('.md script, .md img, .md iframe').length") == 0
    assert "<script>" in site.text()  # shown as text
    site.b.goto(site.base + "/review")  # a captured turn that holds a script
    assert "<script>window.pwned=4</script>" in site.text()
    assert site.b.js("typeof window.pwned") == "undefined"


def test_07_browse_entities_and_history(site: Site) -> None:
    site.b.goto(site.base + "/browse")
    assert "Daily logs" in site.text() and "memory/2026-01-27.md" in site.text()
    site.shot("browse")
    site.b.goto(site.base + "/entities")
    assert "Alice" in site.text()
    site.shot("entities")
    site.b.submit("[...document.querySelectorAll('a')].find(a => a.textContent === 'Alice').click()")
    text = site.text()
    assert "Timeline" in text and "works_at" in text and "memory/2026-01-27.md#L5" in text
    site.shot("entity")


def test_08_approve_promotes_into_memory_md(site: Site) -> None:
    before = (site.ws / "MEMORY.md").read_text()
    site.b.goto(site.base + "/review")
    assert "Dreaming candidates" in site.text()
    site.shot("review")
    site.b.submit(
        "[...document.querySelectorAll('.cand')].find(c => c.innerText.includes('2026-01-26.md'))"
        ".querySelector('button.approve').click()"
    )
    assert "promoted into MEMORY.md" in site.text()
    after = (site.ws / "MEMORY.md").read_text()
    assert after.startswith(before) and "Stripe webhooks retried with backoff" in after[len(before) :]


def test_09_reject_leaves_memory_md_alone_and_is_remembered(site: Site) -> None:
    before = (site.ws / "MEMORY.md").read_bytes()
    site.b.goto(site.base + "/review")
    site.b.submit(
        "[...document.querySelectorAll('.cand')].find(c => c.innerText.includes('kestrel.md'))"
        ".querySelector('button.reject').click()"
    )
    assert "will not be proposed again" in site.text()
    assert (site.ws / "MEMORY.md").read_bytes() == before
    assert "kestrel.md" in (site.ws / "memory" / ".dreams" / "rejected.json").read_text()
    site.b.goto(site.base + "/review")
    assert site.b.js("document.querySelectorAll('.cand').length") == 0
    site.b.goto(site.base + "/history?path=MEMORY.md")  # the approval is a new version of MEMORY.md
    assert "2 versions" in site.text() and "+- Met [[Alice]]" in site.text()
    site.shot("history")


def test_10_keyboard_first_tab_skips_to_content_and_slash_searches(site: Site) -> None:
    for url in ("/", "/search?q=alice", "/review", "/file/MEMORY.md", "/entities", "/history"):
        site.b.goto(site.base + url)
        unlabelled = site.b.js(
            "[...document.querySelectorAll('input:not([type=hidden]), select')]"
            ".filter(i => !(i.labels && i.labels.length)).map(i => i.name)"
        )
        assert unlabelled == [], (url, unlabelled)
    site.b.goto(site.base + "/file/MEMORY.md")
    site.b.key("Tab", "Tab", 9)
    assert site.b.js("document.activeElement.className") == "skiplink"
    site.b.key("/", "Slash", 191, "/")
    assert site.b.js("document.activeElement.id") == "quick-q"


def test_11_reading_works_without_javascript(site: Site) -> None:
    site.b.call("Emulation.setScriptExecutionDisabled", session=True, value=True)
    try:
        site.b.goto(site.base + "/search")
        site.b.js("document.getElementById('q').value = 'onboarding funnel'")  # DevTools still runs
        site.b.submit("document.querySelector('form.search-form').submit()")
        assert "memory/2026-01-27.md#L" in site.text()
        site.b.goto(site.base + "/file/memory/2026-01-27.md?lines=4-4#L4")
        assert "Quarterly planning" in site.b.js("document.querySelector('.blk.hl').innerText")
    finally:
        site.b.call("Emulation.setScriptExecutionDisabled", session=True, value=False)
