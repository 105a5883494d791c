"""Entities of round 19 (issue 29 part 1): the initials of countries and organisations WordNet knows, and a
product's or a firm's full name written shorter later.

The notes are written for these tests (an allotment, a used van, a pottery studio), in words of their own,
not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from helpers import mention_kinds


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
