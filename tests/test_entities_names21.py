"""Names of session 20, second round (issue 29 part 1, h-ents21), from the misses of held_out_15, _16, _21
and _22 and the audit's false names.

The notes are written for these tests (a knitting circle, a rural fire brigade, a seed library), in words of
their own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from helpers import mention_kinds


def test_a_listed_item_running_on_in_lower_case_to_the_line_end_is_no_title() -> None:
    found = mention_kinds(
        "# Things to hear\n\n"
        "## Listening\n"
        "- Kestrel FM's gardening hour on the 1950 floods\n"
        "- Bluegum Nights\n"
        "- Saltmarsh Hymns, Ada Penhallow\n"
    )
    # fails before: the end of the line counted as a mark ending a title ("" is in every string)
    assert not any(name.startswith("Kestrel FM's gardening") for name in found), found
    assert ("work", "typed_name") in found["Bluegum Nights"]  # capitalised words alone stay a title
    assert ("work", "typed_name") in found["Saltmarsh Hymns"]
