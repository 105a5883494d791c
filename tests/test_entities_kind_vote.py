"""An entity's kind decided from all its mentions (issue 29 part 1, kinds round 5): a cue outweighs the
shape's default ("MixedCase" → product), a longer name's head noun passes to its short form, and the
shape's default decides only where no mention has a cue.

The notes are written for these tests (a small charity, a bike shop, a bakery), in words of their own, not
the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from collections.abc import Callable

from growth import near_linear

from mdrecall.knowledge.kinds.kind_vote import inherited_kinds, vote
from mdrecall.knowledge.mentions.extract import SHAPE, extract_entities


def test_a_mixed_case_name_with_no_cue_is_marked_as_the_shapes_default() -> None:
    found = {
        (m.name, m.kind, m.how)
        for m in extract_entities("Renewal paperwork for GreenKettle done.\n").mentions
    }
    assert ("GreenKettle", "product", SHAPE) in found  # fails before: typed_name, as strong as a cue


def test_a_cue_outweighs_any_number_of_shape_defaults() -> None:
    forms = {("GreenKettle", "product", SHAPE): 5, ("GreenKettle", "organisation", "typed_name"): 1}
    assert vote([forms]) == ("organisation", True)
    assert vote([{("GreenKettle", "product", SHAPE): 2}]) == ("product", False)
    assert vote([{("GreenKettle", "unknown", "rare_name"): 2}]) == (None, False)


def test_a_short_form_takes_the_kind_its_full_forms_head_noun_gives() -> None:
    keys = {
        "brightwell foundation": {("BrightWell Foundation", "organisation", "typed_name"): 1},
        "brightwell": {("BrightWell", "product", SHAPE): 4},
        "orwin room": {("Orwin room", "place", "typed_name"): 1},
        "orwin": {("Orwin", "unknown", "rare_name"): 2},
    }
    assert inherited_kinds(keys) == {"brightwell": "organisation", "orwin": "place"}  # no such rule before


def test_a_short_form_two_longer_names_of_different_kinds_start_takes_neither() -> None:
    keys = {
        "tallow rowing club": {("Tallow Rowing Club", "organisation", "typed_name"): 1},
        "tallow harbour": {("Tallow Harbour", "place", "typed_name"): 1},
        "tallow": {("Tallow", "unknown", "rare_name"): 2},
    }
    assert "tallow" not in inherited_kinds(keys)


def test_a_run_of_thousands_of_capitalised_words_is_not_tried_prefix_by_prefix() -> None:
    """Fault round 7's 1 MB line of "Alice Alice …": one key of ~16,000 words whose prefixes were each
    rebuilt from the whole key (quadratic: 100 KB took 11 s, 1 MB hung); now only the few words a short form
    can have are tried. A growth check (near-linear), not a speed target."""

    def make(n: int) -> Callable[[], object]:
        run = " ".join(["Alice"] * n)
        keys = {
            run.lower(): {(run, "organisation", "typed_name"): 1},
            "alice": {("Alice", "person", "rare_name"): 3},
        }
        return lambda: inherited_kinds(keys)

    make(10)()  # what the first call loads is no part of the growth
    near_linear(make, 16_000)  # about 4 s before at the full size (quadratic), milliseconds now
