"""Entities whose kind the page's layout or a cue around a name tells (issue 29 part 1): a table column's
header, a section of works, sub-headings under a heading naming a kind, a label of people, a given name that
is also a city, a thing named alone beside longer names that start with it.

The notes are written for these tests (a choir, a bike workshop, a household), in words of their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from growth import near_linear

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import entity_key
from mdrecall.knowledge.mentions.section_kinds import TableCells, heading_things, work_items

from helpers import mention_kinds, write


def _kinds(text: str, path: str | None = None) -> dict[str, set[tuple[str, str]]]:
    return mention_kinds(text, path, "2027-04-01")


def test_a_table_header_gives_the_kind_of_the_names_opening_its_cells() -> None:
    text = (
        "# Parts\n\n"
        "| Part | Vendor | Contact | When |\n"
        "|------|--------|---------|------|\n"
        "| Chains | Wrenfold Cycleworks | Moritz | Thu |\n"
        "| Tyres | Halberd Rubber | Aoife Brannigan, 0161 555 010 | Mon |\n"
    )
    found = _kinds(text)
    assert ("organisation", "typed_name") in found["Wrenfold Cycleworks"]
    assert ("organisation", "typed_name") in found["Halberd Rubber"]
    assert ("person", "typed_name") in found["Moritz"]  # one mention, but the column says who
    # a cell of a column whose header tells nothing opens its cell: only a weak candidate
    assert {how for _, how in found["Chains"]} == {"name_start"}


def test_a_section_of_works_lists_titles_and_their_makers() -> None:
    text = (
        "# Evenings\n\n"
        "## Films we liked\n"
        "- Quiet Harbour, Ines Marlowe. Slow but lovely.\n"
        "- Lantern Weather (Oskar Lindqvist): twice.\n"
        "- the Glass Orchard, on the sofa\n\n"
        "Podcasts\n"
        "- Shoreline Talks: every Friday\n\n"
        "## Chores\n"
        "- Clean Gutters, ladder in the shed\n"
    )
    found = _kinds(text)
    assert ("work", "typed_name") in found["Quiet Harbour"]
    assert ("work", "typed_name") in found["Lantern Weather"]
    assert ("work", "typed_name") in found["the Glass Orchard"]
    assert ("work", "typed_name") in found["Shoreline Talks"]
    assert ("person", "typed_name") in found["Ines Marlowe"]
    assert ("person", "typed_name") in found["Oskar Lindqvist"]
    assert "Ines Marlowe. Slow" not in found
    assert all(kind != "work" for kind, _ in found.get("Clean Gutters", set()))  # not a section of works


def test_sub_headings_under_a_kind_heading_name_things_of_that_kind() -> None:
    text = "# Animals\n\n## Toffee\n- Old, deaf, happy.\n\n## Bramble (the young one)\n- Chews cables.\n"
    found = _kinds(text)
    assert ("pet", "typed_name") in found["Toffee"]
    assert ("pet", "typed_name") in found["Bramble"]
    clients = "# Clients\n\n## Orchard Lane Press\n- Website.\n\n## Receipts\n- Filed.\n"
    found = _kinds(clients)
    assert ("organisation", "typed_name") in found["Orchard Lane Press"]
    assert all(kind != "organisation" for kind, _ in found.get("Receipts", set()))  # a section's title


def test_a_label_of_people_makes_a_given_name_an_entity_at_once() -> None:
    found = _kinds("- Choir parent, two seasons. Kids: Oren (7) and Tali (4).\n")
    assert ("person", "typed_name") in found["Oren"]
    assert ("person", "typed_name") in found["Tali"]


def test_a_given_name_that_is_also_a_city_is_a_person_unless_a_place_cue_says_otherwise() -> None:
    found = _kinds("- Florence wants the minutes by Thursday.\n- Agenda items to Florence.\n")
    assert {kind for kind, _ in found["Florence"]} == {"person"}
    found = _kinds("- My aunt moved to Florence last spring.\n")
    assert {kind for kind, _ in found["Florence"]} == {"place"}
    found = _kinds("- Dad is renting in Norwood for now.\n")  # a given name too, but a place here
    assert ("place", "typed_name") in found["Norwood"]


def test_a_business_label_makes_a_name_ending_in_a_place_word_an_organisation() -> None:
    found = _kinds("- Clients: Marrow Street Bakery (menus), Tidewell Cycles (site).\n")
    assert {kind for kind, _ in found["Marrow Street Bakery"]} == {"organisation"}
    # a label of a topic ("Food bank:") says nothing of a building named further on
    found = _kinds("- Food bank: we borrowed a van from St Brigid's Church.\n")
    assert {kind for kind, _ in found["St Brigid's Church"]} == {"place"}


def test_a_title_after_the_may_start_with_a_number() -> None:
    found = _kinds("- Reading The 39-Step Staircase with the kids.\n")
    assert ("work", "typed_name") in found["The 39-Step Staircase"]


def test_a_thing_named_alone_stays_listed_beside_longer_names_that_start_with_it(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root, "MEMORY.md", "# Memory\n\n- Code lives on GitHub; CI on GitHub Actions.\n")
    write(
        root,
        "memory/2027-04-02.md",
        "# 2027-04-02\n\n- Docs moved to GitHub Pages.\n- Opened GitHub again.\n",
    )
    write(root, "memory/2027-04-03.md", "# 2027-04-03\n\nMet Sam Okoro and Sam Varga.\n- Sam was late.\n")
    cfg = Config().merged({"embedding": {"provider": "none"}})
    mem = Memory.open(root, cfg, create=True)
    try:
        mem.sync()
        names = {entity_key(e.name) for e in EntityIndex(mem.store, mem.config.entities).entities()}
    finally:
        mem.close()
    assert {"github", "github actions", "github pages"} <= names
    assert "sam" not in names  # a first name two people share is no entity of its own


# ---- adversarial layouts (fault round 8): each was quadratic ----------------------------------------


def _linear(make: Callable[[int], Callable[[], object]], n: int) -> None:
    """``make(n)()`` grows near-linearly with ``n`` (after a warm-up call on a small input)."""
    make(8)()
    near_linear(make, n)


def test_a_list_of_bullets_each_naming_a_kind_of_work_reads_each_line_once() -> None:
    # each a kind's line before a list: each re-read the rest of it (> 10 s for 8,000)
    _linear(lambda n: lambda: work_items(["- Films"] * n, []), 8000)
    lines = ["## Films", "- Perfect Days, Wim Wenders", "Books", "- Piranesi, Susanna Clarke", "", "## Films"]
    lines.append("- Past Lives (Celine Song)")
    found = [(i, lines[i][a:b], k) for i, a, b, k in work_items(lines, [0, 5])]
    assert found == [
        (1, "Perfect Days", "work"),
        (1, "Wim Wenders", "person"),
        (3, "Piranesi", "work"),
        (3, "Susanna Clarke", "person"),
        (6, "Past Lives", "work"),
        (6, "Celine Song", "person"),
    ]


def test_a_table_row_of_20000_cells_finds_each_cell_without_a_scan() -> None:
    def make(n: int) -> Callable[[], list[object]]:
        row = "|" + "Acme Dana|" * n
        at_row = 13 * n + 2  # after the header (9n + 1 characters) and the rule (4n + 1)
        cells = TableCells(["|" + "Supplier|" * n, "|" + "---|" * n, row], [0, 9 * n + 1, at_row])
        return lambda: [cells.cell(2, at_row + i * 10 + 6) for i in range(n)]

    _linear(make, 20_000)  # a scan per name: > 10 s
    row = "|" + "Acme Dana|" * 20_000
    cells = TableCells(["|" + "Supplier|" * 20_000, "|" + "---|" * 20_000, row], [0, 180_001, 260_002])
    starts = [260_002 + i * 10 + 1 for i in range(20_000)]
    assert cells.cell(2, starts[7] + 5) == (starts[7], "organisation")


def test_many_kind_headings_do_not_copy_the_headings_after_them() -> None:
    def make(n: int) -> Callable[[], object]:
        lines = ["# Pets" if j % 2 == 0 else "## Mochi" for j in range(n)]
        return lambda: heading_things(lines, list(range(n)))

    _linear(make, 120_000)
    lines = ["# Pets", "## Mochi", "# Pets", "## Mochi"]
    assert heading_things(lines, [0, 1, 2, 3]) == [(1, "Mochi", "pet"), (3, "Mochi", "pet")]
