"""Session 27 (h-dates40), dates: a holiday whose day a country sets (Thanksgiving: the United States' fourth
Thursday of November, Canada's second Monday of October) is read in the country the workspace's notes
name, by its name or a state's or province's; a country named nowhere gives no day. Notes written for these
tests (a curling club, an orchard), not from the labelled sets."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.dates.date_country import workspace_country
from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.countries import agreed_country, named_country
from mdrecall.text.date_phrases.note_dates import note_dates

WRITTEN = date(2027, 9, 1)


def _days(line: str, country: str | None) -> list[date]:
    return [d for n in note_dates(line, WRITTEN, country=country) for d in n.days]


def test_the_country_a_page_names() -> None:
    assert named_country("The orchard is outside Kelowna, British Columbia.") == "ca"
    assert named_country("- drove down to Tulsa, Oklahoma for the bonspiel") == "us"
    assert named_country("- flights: Manitoba to Nebraska") is None  # two countries: no vote
    assert named_country("- Georgia and Virginia came to the club night") is None  # given names
    assert named_country("- told us about the trip") is None
    assert agreed_country(["ca", None, "ca", "us"]) == "ca"
    assert agreed_country(["ca", "us"]) is None
    assert agreed_country([None]) is None


def test_thanksgiving_in_the_country_named() -> None:
    assert _days("- Thanksgiving 2027 at the cabin", "us") == [date(2027, 11, 25)]
    assert _days("- Thanksgiving 2027 at the cabin", "ca") == [date(2027, 10, 11)]
    assert _days("- closing the rink after Thanksgiving", "ca") == [date(2027, 10, 11)]
    assert _days("- Thanksgiving 2027 at the cabin", None) == []  # no country named: no day
    assert _days("- the Thanksgiving break schedule", "us") == []  # a period, not the day


def test_a_page_read_in_the_workspaces_country() -> None:
    text = "# Family\n\n- Thanksgiving 2027 at Marguerite's farm.\n"
    assert line_dates(text, None, "2027-09-01", country="ca")[2] == date(2027, 10, 11)
    assert line_dates(text, None, "2027-09-01")[2] is None


def test_the_index_keeps_the_countries_pages_name(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "notes").mkdir()
    (root / "notes" / "club.md").write_text("# Club\n\n- Rink in Brandon, Manitoba. Ice from November.\n")
    (root / "notes" / "family.md").write_text("# Family\n\n- Thanksgiving 2027 at the farm.\n")
    (root / "memory" / "2027-09-01.md").write_text("# 2027-09-01\n\n- Sharpened the stones.\n")
    cfg = Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["notes"]})
    with Memory.open(root, cfg) as mem:
        mem.index()
        assert workspace_country(mem.store) == "ca"
        hits = mem.search("Thanksgiving farm", min_score=0, during="2027-10-11")
        assert any(h.path == "notes/family.md" for h in hits)
        (root / "notes" / "club.md").write_text("# Club\n\n- Ice from November.\n")
        mem.index()
        assert workspace_country(mem.store) is None
