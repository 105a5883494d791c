"""A note telling a time changed is judged with its time's lift before ``min_score`` (stage ``times``)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from tests.helpers import write

_LOG = """# 2027-03-02

- Car to the garage for the brakes, back Thursday
- Sent the invoice for the logo job, 30 days
- Rosa's birthday present: the blue scarf from the market
- Dentist moved my cleaning to the 19th
- Ana moved the pottery class: Tuesdays 19:00 from next week, her Saturdays go to the kiln
- Bought compost and two bags of bark for the front bed
- Rang the bank about the standing order, sorted
- Library books back: two overdue, paid the fine
- Window cleaner coming Friday, leave the side gate open
- Leo's football boots are too small again
- Boiler service booked with Fergal for April
- Ordered the new kettle, the old one leaks at the base
- Paid the water bill online
- Met Sinead for coffee, she's starting at the council in May
- Printer out of cyan, ordered two cartridges
- Gutter over the back door dripping again, rang Tomás about it
- Renewed the car tax, the disc is on the fridge
- Swapped the winter duvet for the light one
- Dropped the old paint tins at the recycling centre
- Neighbour's hedge over the path, left a note
- Found the spare key for the shed behind the clock
- Mam's hospital letter came: appointment in Cork
- Seed potatoes chitting on the windowsill
"""


def _world(root: Path) -> None:
    page = "# Pottery\n\n- Pottery wheel at the studio, pottery glaze on order\n"
    write(root, "memory/projects/pottery.md", page)
    day = "# 2027-02-10\n\n- Pottery class: glazing. Class notes on pottery glazes\n"
    write(root, "memory/2027-02-10.md", day)
    write(root, "memory/2027-03-02.md", _LOG)


def _search(root: Path, query: str, skip: tuple[str, ...] = ()) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        return [h.path for h in mem.search(query, max_results=3, today=date(2027, 3, 4))]
    finally:
        mem.close()


def test_the_note_telling_the_new_night_is_kept_through_the_bar(tmp_path: Path) -> None:
    _world(tmp_path)
    # (the wording's supersession stage, which lifts a change line of its own, is off in both)
    asked = "what night is the pottery class now?"
    assert "memory/2027-03-02.md" not in _search(tmp_path, asked, ("times", "supersede"))
    assert "memory/2027-03-02.md" in _search(tmp_path, asked, ("supersede",))


def test_a_line_naming_a_day_without_a_change_is_left_to_the_bar(tmp_path: Path) -> None:
    _world(tmp_path)
    told = "Ana moved the pottery class: Tuesdays 19:00 from next week"
    plain = _LOG.replace(told, "Pottery class: Tue 19:00")
    write(tmp_path, "memory/2027-03-02.md", plain)
    asked = "what night is the pottery class now?"
    assert "memory/2027-03-02.md" not in _search(tmp_path, asked, ("supersede",))
