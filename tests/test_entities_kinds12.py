"""Kinds told by how a note lists works and their makers (issue 29 part 1, kinds round 12): a title with its
maker's name in brackets on a line whose label names works ("- Quartet night: Spiegel im Spiegel (Pärt)"),
and a one-word maker in brackets in a section of works.

The notes are written for these tests (a string quartet, a film club, a retired teacher), in words of their
own."""

from __future__ import annotations

from mdrecall.knowledge.mentions.section_kinds import work_items, work_label_items

from helpers import mention_kinds


def _kinds(text: str) -> dict[str, set[tuple[str, str]]]:
    return mention_kinds(text, None, "2027-05-03")


def test_a_work_label_gives_each_title_and_its_maker_in_brackets() -> None:
    text = (
        "# Quartet\n\n"
        "- Pieces to learn: Spiegel im Spiegel (Pärt), Different Trains (Steve Reich)\n"
        "- Audiobooks this month: The Remains of the Day (Ishiguro) - on the train\n"
    )
    found = _kinds(text)
    assert ("work", "typed_name") in found["Spiegel im Spiegel"]
    assert ("person", "typed_name") in found["Pärt"]
    assert ("work", "typed_name") in found["Different Trains"]
    assert ("person", "typed_name") in found["Steve Reich"]
    assert ("person", "typed_name") in found["Ishiguro"]


def test_a_bracket_after_a_title_says_nothing_where_the_label_names_no_works() -> None:
    lines = [
        "- GP: Dr Olu Bankole (Hollis Lane Surgery)",
        "- Office: Harbour House (Leith)",
        "- Film night: Tokyo Story (Netflix), Stalker (Friday)",
    ]
    found = work_label_items(lines)
    assert [lines[i][a:b] for i, a, b, _ in found] == []  # a streaming service and a day are no makers


def test_a_one_word_maker_in_brackets_in_a_section_of_works() -> None:
    lines = [
        "## Films we showed",
        "- Late Spring (Ozu) - packed room",
        "- Close-Up (1990)",
        "- Rashomon (Kurosawa)",
    ]
    found = {lines[i][a:b]: kind for i, a, b, kind in work_items(lines, [0])}
    assert found["Late Spring"] == "work"
    assert found["Ozu"] == "person"
    assert found["Kurosawa"] == "person"
    assert "1990" not in found


def test_a_countrys_first_level_region_is_a_place() -> None:
    text = (
        "# Olive oil import\n\n"
        "- Our distributor now covers Abruzzo and Podlaskie, samples shipped Tuesday.\n"
        "- Ikaika wants a second warehouse in Kujawsko-Pomorskie.\n"
    )
    found = _kinds(text)
    for region in ("Abruzzo", "Podlaskie", "Kujawsko-Pomorskie"):
        assert ("place", "typed_name") in found[region], region


def test_a_name_called_after_any_animals_word_is_a_pets() -> None:
    text = (
        "# Home\n\n"
        "- Noor keeps an axolotl named Pico in the study; the tank filter is due.\n"
        "- The twins want two cockatiels called Mango and Biscuit.\n"
        "- Noor's old school friend plays in a band called Velvet Orchard.\n"
    )
    found = _kinds(text)
    assert ("pet", "typed_name") in found["Pico"]
    assert ("pet", "typed_name") in found["Mango"]
    assert all(kind != "pet" for kind, _ in found["Velvet Orchard"])  # a band is no animal
