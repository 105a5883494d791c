"""Entities in a coding agent's memory, session 26 (h-ents34): technologies a developer names daily that no
hand-kept list holds, and what stands beside a name without being one.

The notes are written for these tests (an agent keeping a game studio's and a bakery's memory), in words
of their own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_lists import known_name

from helpers import mention_kinds, workspace_entities


def test_pygments_languages_and_formats_are_technologies() -> None:
    # fails before: none of these was a well-known name (no list held them)
    for name in ("Jsonnet", "PromQL", "TOML", "protobuf", "Caddyfile"):
        known = known_name(name)
        assert known is not None and known.kind == "technology", name
    # ordinary words, given names, short capitalised words and a body's initials stay out
    for word in ("Clean", "Felix", "Diff", "Croc", "SQL", "HTML", "RSL", "chai", "Lasso"):
        assert known_name(word) is None or known_name(word).kind != "technology", word  # type: ignore[union-attr]


def test_a_lexer_name_in_prose_is_an_entity_and_in_code_it_is_not(tmp_path: Path) -> None:
    names = {
        e.name.casefold(): e.kind
        for e in workspace_entities(
            tmp_path,
            {
                "MEMORY.md": "- Build config moved from Makefile targets to Jsonnet; alerts in PromQL.\n",
                "memory/2026-03-02.md": "- Wire format is protobuf now; the `toml` loader stays.\n"
                "```\nexport TOML_PATH=/etc/quill\n```\n",
            },
        )
    }
    # fails before: "Jsonnet" and "PromQL" were a name of no kind or a product, "protobuf" nothing
    assert names.get("jsonnet") == "technology", names
    assert names.get("promql") == "technology", names
    assert "protobuf" in names or "protocol buffer" in names, names
    assert "toml" not in names and "toml_path" not in names, names  # code is no prose


def test_a_legal_form_alone_is_no_name() -> None:
    found = mention_kinds("- Client: Copperleaf Bakery LLC; invoices to Wendell Ash at Brightmoor PLLC.\n")
    # fails before: "LLC" and "PLLC" were each an organisation of their own
    assert "LLC" not in found and "PLLC" not in found, found
    assert "Copperleaf Bakery" in found or "Copperleaf Bakery LLC" in found, found


def test_capitals_a_hyphen_and_a_capital_are_one_name() -> None:
    found = mention_kinds(
        "- Snapshots: RESTIC-Z to the cold bucket, nightly.\n"
        "- The new dock charges over USB-C at last.\n"
        "- Studio van: our Mazda CX-V, Ines drives it Mondays.\n"
        "- Ticket GAME-412 closed; PRE-K pickup at three.\n"
    )
    # fails before: none was read ("RESTIC-Z", "USB-C", a maker's "CX-V": a hyphen ended the capitals)
    assert ("technology", "shape_name") in found.get("RESTIC-Z", set()), found
    assert "USB-C" in found, found
    assert ("product", "typed_name") in found.get("Mazda CX-V", set()), found
    assert not {"GAME-412", "GAME", "PRE-K", "CX-V"} & found.keys(), found


def test_a_hyphened_code_in_code_or_inside_a_longer_name_is_not_read_again() -> None:
    found = mention_kinds("- Mount: a Starlynx EQ8-R on the pier.\n- Run `BORG-X prune` weekly.\n")
    assert "EQ8-R" not in found and "BORG-X" not in found, found


def test_initials_listed_beside_a_well_known_technology_are_a_technology() -> None:
    found = mention_kinds(
        "- Site: Flask 3.0, HTMZ, Redis on a small VPS box.\n"
        "- Marguerite reads Kotlin and SQL; owns the oven telemetry.\n"
        "- Hiring: Python and QA, Django or CPR courses.\n"
    )
    # fails before: initials no list knows, in no name's slot, were dropped ("HTMZ"; "SQL" a frequent word)
    assert ("technology", "typed_name") in found.get("HTMZ", set()), found
    assert ("technology", "typed_name") in found.get("SQL", set()), found
    # a role and a class of things by WordNet stay out, beside a technology or not
    assert "QA" not in found and "CPR" not in found, found
