"""Entities of round 19 (issue 29 part 1): the initials of countries and organisations WordNet knows, and a
product's or a firm's full name written shorter later.

The notes are written for these tests (an allotment, a used van, a pottery studio), in words of their own,
not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from helpers import mention_kinds, workspace_kinds


def test_initials_of_countries_and_bodies_are_names_of_their_kind() -> None:
    found = mention_kinds(
        "# Allotment log\n\n- NOAA says frost tonight, covered the beans.\n"
        "- Seed parcel from the USA still stuck in customs.\n- Lettuce order from Thompson (UK) arrived.\n"
    )
    assert ("organisation", "typed_name") in found["NOAA"]  # fails before: no name
    assert ("place", "typed_name") in found["USA"]  # fails before
    assert ("place", "typed_name") in found["UK"]  # fails before
    found = mention_kinds("- IMO the blue glaze wins. Our CIO agrees, and the kiln is booked.\n")
    assert not {"IMO", "CIO"} & found.keys()  # initials that are mostly a chat word or a role


def test_a_products_full_name_written_shorter_later_is_one_thing(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "memory/2027-05-02.md": "- Shortlist: the Fiat Doblo Maxi Cargo (2020) from the Dunmore lot.\n",
            "memory/2027-05-04.md": "- Test drove the Doblo Maxi Cargo today, the sliding door sticks.\n",
            "memory/2027-05-06.md": "- Rang the Fiat Doblo seller back, he takes 200 off.\n",
        },
    )
    # fails before: "Doblo Maxi Cargo" and "Fiat Doblo" were two more entities
    assert {"Doblo Maxi Cargo", "Fiat Doblo"} <= set(found["fiat doblo maxi cargo"][1])
    assert "doblo maxi cargo" not in found and "fiat doblo" not in found


def test_a_place_is_not_folded_into_a_group_named_after_it(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "memory/2027-05-02.md": "- Viewed a flat in Kelby Heath, ten minutes from the station.\n",
            "memory/2027-05-05.md": "- First practice with the Kelby Heath Handbell Ringers on Tuesday.\n",
            "memory/2027-05-09.md": "- Kelby Heath Handbell Ringers play the fete in June.\n",
        },
    )
    assert "kelby heath" in found and found["kelby heath"][0] == "place"
