"""What each page shows, over a real workspace (the same library calls as the CLI)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from starlette.testclient import TestClient
from ui_helpers import CFG

from mdrecall import Memory


def _main(html: str) -> str:
    return html.split('<main id="main"', 1)[1]


def test_overview_shows_health_counts_sources_and_days(client: TestClient) -> None:
    page = _main(client.get("/").text)
    assert "<b>7</b> files" in page and "vectors" in page
    assert re.search(r">conversations</a></td><td>1</td>", page) and re.search(
        r">memory</a></td><td>6</td>", page
    )
    assert 'class="chart"' in page and page.count('<rect class="notes"') == 60
    assert f'href="/day/{date.today().isoformat()}"' in page and 'href="/day/2026-01-27"' in page
    assert "<b>workspace</b>" in page and "<b>full-text</b>" in page  # the doctor's checks
    day = client.get("/day/2026-01-27")
    assert day.status_code == 303 and day.headers["location"] == "/file/memory/2026-01-27.md"


def test_search_applies_the_filters_and_explains_on_demand(client: TestClient) -> None:
    page = _main(client.get("/search?q=postgres").text)
    today = f"memory/{date.today().isoformat()}.md#L"
    # today's "Noted" line and the conversation record state one fact: one hit, the other cited as "also"
    assert today in page and ">memory/conversations/" in page
    assert "the same also in" in page
    only = _main(client.get("/search?q=postgres&source=conversations").text)
    assert ">memory/conversations/" in only and today not in only
    dated = _main(client.get("/search?q=alice&since=2026-01-27&until=2026-01-27").text)
    assert "2026-01-27.md#L" in dated and "2026-01-26.md#L" not in dated
    by_path = _main(client.get("/search?q=alice&path=memory/2026-01-26.md").text)
    assert "2026-01-26.md#L" in by_path and "2026-01-27.md#L" not in by_path
    assert "<details><summary>Explain</summary>" not in page
    assert "<details><summary>Explain</summary>" in client.get("/search?q=postgres&explain=1").text
    assert "<mark>postgres</mark>" in page.lower()
    bad = client.get("/search?q=alice&since=2026-02-01&until=2026-01-01")
    assert bad.status_code == 200 and "is after" in bad.text


def test_entities_and_an_entity_with_its_timeline_and_relationships(client: TestClient) -> None:
    page = _main(client.get("/entities").text)
    assert 'href="/entity/Alice"' in page and "person (2)" in page
    alice = _main(client.get("/entity/Alice").text)
    assert "works_at" in alice and 'href="/file/memory/2026-01-27.md?lines=5-5#L5"' in alice
    assert "Timeline" in alice and "2026-01-26.md#L4" in alice
    assert "person (read from the notes)" in alice  # where the kind came from (a model's guess says so)
    assert 'title="person (read from the notes)"' in page
    assert client.get("/entity/Nobody").status_code == 404


def test_history_lists_versions_and_shows_a_file_as_of_a_date(client: TestClient, ui_ws: Path) -> None:
    memory_md = ui_ws / "MEMORY.md"
    memory_md.write_text(memory_md.read_text() + "- Tea on Fridays after all.\n")
    with Memory.open(ui_ws, CFG) as mem:
        mem.index()
    page = _main(client.get("/history?path=MEMORY.md").text)
    assert "2 versions" in page and '<span class="add">+- Tea on Fridays after all.</span>' in page
    now = _main(client.get(f"/history?path=MEMORY.md&as_of={date.today().isoformat()}").text)
    assert "as of" in now and "Tea on Fridays" in now.split("Versions, newest first")[0]
    then = _main(client.get("/history?path=MEMORY.md&as_of=2001-01-01").text)
    assert "did not exist then" in then


def test_browse_groups_the_files_and_review_shows_who_said_what(client: TestClient) -> None:
    page = _main(client.get("/browse").text)
    for heading in ("Long-term memory", "Daily logs", "Conversations", "Other notes"):
        assert heading in page
    assert page.index("memory/2026-01-27.md") < page.index("memory/2026-01-26.md")  # newest first
    day = _main(client.get("/browse?day=2026-01-26").text)
    assert "memory/2026-01-26.md" in day and "2026-01-27" not in day
    review = _main(client.get("/review").text)
    assert "said by <b>user</b>" in review and "We decided to use Postgres" in review


def test_pages_catch_up_with_the_files_at_the_next_sync(client: TestClient, ui_ws: Path) -> None:
    assert "Zed" not in _main(client.get("/entities").text)
    (ui_ws / "memory" / "2026-01-28.md").write_text("# 2026-01-28\n\nLunch with [[Zed]] and [[Alice]].\n")
    client.app.app.state.ui.synced_at -= 3600  # type: ignore[attr-defined]  # as if 5 s had passed
    assert 'href="/entity/Zed"' in _main(client.get("/entities").text)
    assert "2026-01-28.md" in _main(client.get("/browse").text)
    assert "2026-01-28.md#L3" in _main(client.get("/entity/Alice").text)


def test_search_as_of_a_date_and_the_source_view(client: TestClient) -> None:
    past = client.get("/search?q=typescript&as_of=2001-01-01")
    assert past.status_code == 200 and "No results" in past.text
    assert "MEMORY.md#L" in client.get(f"/search?q=typescript&as_of={date.today().isoformat()}").text
    raw = _main(client.get("/file/memory/2026-01-27.md?raw=1&lines=5-5").text)
    marked = [p for p in raw.split('<div class="blk') if p.startswith(' hl"')]
    assert len(marked) == 1 and "Alice works at Acme" in marked[0] and 'id="L5"' in marked[0]


def test_wiki_links_lead_to_the_entity_page(client: TestClient) -> None:
    page = _main(client.get("/file/memory/2026-01-26.md").text)
    assert 'href="/entity/Alice" class="wiki">Alice</a>' in page


def test_an_unknown_entity_links_to_the_entities_page_not_a_cli_command(client: TestClient) -> None:
    page = client.get("/entity/nobody")
    assert page.status_code == 404
    main = _main(page.text)
    assert "no entity named" in main and "mdrecall entities" not in main
    assert '<a href="/entities">' in main
