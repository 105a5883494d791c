"""The page's forget: a hit's or a file's lines, the plan shown first (nothing changed), then a POST with the
CSRF token does it and shows the proof; without the token nothing changes."""

from __future__ import annotations

from pathlib import Path

from conftest import BASE
from starlette.testclient import TestClient

LOG = "memory/2026-01-26.md"
FACT = "Debugged the flaky CI job"


def _field(page: str, name: str) -> str:
    return page.split(f'name="{name}" value="', 1)[1].split('"', 1)[0]


def _bytes_hold(root: Path, text: str) -> list[str]:
    return [
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and text.encode() in p.read_bytes()
    ]


def test_a_hit_is_forgotten_after_its_plan_and_the_proof_is_shown(client: TestClient, ui_ws: Path) -> None:
    before = (ui_ws / LOG).read_text().split("\n")
    n = next(i for i, line in enumerate(before, 1) if FACT in line)
    page = client.get("/search?q=flaky+CI+job+lockfile").text
    link = page.split('class="forget" href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert link.startswith("/forget?cite=")

    plan = client.get(link)
    assert plan.status_code == 200 and FACT in plan.text and "Forget all of this" in plan.text
    assert (ui_ws / LOG).read_text().split("\n") == before, "showing the plan changes nothing"
    form = {"csrf": _field(plan.text, "csrf"), "cite": _field(plan.text, "cite")}

    refused = client.post("/forget", data={"cite": form["cite"]}, headers={"origin": BASE})
    assert refused.status_code == 403
    wrong = client.post("/forget", data={**form, "csrf": "0" * 64}, headers={"origin": BASE})
    assert wrong.status_code == 403
    assert (ui_ws / LOG).read_text().split("\n") == before and _bytes_hold(ui_ws, FACT)

    done = client.post("/forget", data=form, headers={"origin": BASE})
    assert done.status_code == 200 and "0 copies remain" in done.text
    path, lines = form["cite"].split("#L")
    a, b = (int(x) for x in lines.split("-L"))
    assert path == LOG and a <= n <= b
    after = (ui_ws / LOG).read_text().split("\n")
    assert after[: a - 1] == before[: a - 1] and after[b:] == before[b:], "the other lines are kept"
    assert "[forgotten " in after[n - 1] and _bytes_hold(ui_ws, FACT) == []
    assert FACT not in client.get("/search?q=flaky+CI+job+lockfile").text


def test_a_files_selected_lines_are_forgotten_from_the_file_page(client: TestClient, ui_ws: Path) -> None:
    key = "memory/projects/kestrel.md"
    before = (ui_ws / key).read_text().split("\n")
    n = next(i for i, line in enumerate(before, 1) if "Tantivy" in line)
    page = client.get(f"/file/{key}?lines={n}-{n}").text
    assert f"Forget lines {n}–{n}" in page and 'name="lines"' in page
    plan = client.get(f"/forget?path={key}&lines={n}").text
    assert "Tantivy index prototype" in plan
    r = client.post(
        "/forget", data={"csrf": _field(plan, "csrf"), "cite": _field(plan, "cite")}, headers={"origin": BASE}
    )
    assert r.status_code == 200 and "0 copies remain" in r.text
    after = (ui_ws / key).read_text().split("\n")
    assert after[n - 1].startswith("- [forgotten ") and after[: n - 1] == before[: n - 1]
    assert _bytes_hold(ui_ws, "Tantivy index prototype") == []
