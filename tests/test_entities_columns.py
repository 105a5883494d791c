"""First names and kinds, round 2 (issue 29 item 1): a table column of people's names gives its kind to
the name opening its other cells, a nickname in quotes is another name of the person, and well-known
hosted services and API companies are read as the labelled sets mostly read them.

The notes are written for these tests (a choir, a shop's team), in words of their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.lexicon.name_lists import known_name
from mdrecall.knowledge.mentions.relations import ALIAS, find_relations

from helpers import mention_kinds, write

_HELPERS = (
    "# Choir helpers\n\n"
    "| Name | Job | Notes |\n"
    "|---|---|---|\n"
    "| Dorothea Quennell | tea urn | Signal admin |\n"
    "| Bartosz Wilczek | chairs | has the hall key |\n"
    "| Hedda Lindqvist | music stands | alto |\n"
    "| Rieke Sommerfeld | sheet music | soprano |\n"
    "| Rieke Frost | posters | Tuesdays only |\n"
)


def test_a_column_of_peoples_names_makes_its_other_cells_people() -> None:
    """ "Rieke Frost" (an unlisted given name, a surname that is also a word) opens a cell of a column whose
    other cells are people's names: she is a person, not a capitalised line opening."""
    found = mention_kinds(_HELPERS, None, "2027-04-01")
    assert ("person", "typed_name") in found["Rieke Frost"]
    # the notes column, whose cells open with ordinary words, gives nothing
    assert {how for _, how in found["Signal"]} == {"name_start"}


def test_a_column_with_no_majority_gives_no_kind() -> None:
    text = (
        "| Who | What |\n|---|---|\n"
        "| Dorothea Quennell | tea |\n| Halberd Rubber Ltd | tyres |\n| Rieke Frost | posters |\n"
    )
    assert {how for _, how in mention_kinds(text, None, "2027-04-01")["Rieke Frost"]} == {"name_start"}


def test_a_first_name_two_people_in_a_table_share_links_to_neither(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", _HELPERS)
    write(tmp_path, "memory/2027-04-02.md", "# 2027-04-02\n\n- Rieke offered to bring the urn.\n")
    write(tmp_path, "memory/2027-04-09.md", "# 2027-04-09\n\n- Rieke Sommerfeld sang the solo.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        known = EntityIndex(mem.store, mem.config.entities).known()
    assert known.get("rieke frost") == "rieke frost"
    assert known.get("rieke", "rieke") == "rieke"  # not Rieke Sommerfeld: two Riekes


@pytest.mark.parametrize(
    ("line", "nick", "full"),
    [
        ('- Wiktoria Zielińska ("Wika"): treasurer since March.', "Wika", "Wiktoria Zielińska"),
        ("- Florentyna Sobczak (“Flo”) runs the till.", "Flo", "Florentyna Sobczak"),
        ('Met Bartholomew "Bart" Quint at the seed swap.', "Bart", "Bartholomew Quint"),
    ],
)
def test_a_nickname_in_quotes_is_an_alias(line: str, nick: str, full: str) -> None:
    rels = [(r.subject, r.object) for r in find_relations(line, 1) if r.predicate == ALIAS]
    assert (nick, full) in rels


@pytest.mark.parametrize(
    "line",
    ['She said "Hello" Monday and left.', '- Dorothea Quennell ("Finance") sends the minutes.'],
)
def test_quoted_words_that_are_no_nickname_are_no_alias(line: str) -> None:
    assert not [r for r in find_relations(line, 1) if r.predicate == ALIAS]


@pytest.mark.parametrize(
    ("name", "kind"),
    [("Sentry", "product"), ("Travis CI", "product"), ("Datadog", "product"), ("Twilio", "organisation")],
)
def test_hosted_services_are_products_and_api_companies_organisations(name: str, kind: str) -> None:
    known = known_name(name)
    assert known is not None and known.kind == kind


def test_a_lake_or_a_business_named_without_its_head_noun_is_the_same_thing(tmp_path: Path) -> None:
    """ "Vransko" alone, after "Lake Vransko", is the lake (not a person for "Vransko is too far"); "Brandl"
    alone, after "Umzüge Brandl" (movers), is the business."""
    write(tmp_path, "memory/2027-04-02.md", "# 2027-04-02\n\n- Booked a cabin on Lake Vransko for May.\n")
    write(
        tmp_path,
        "memory/2027-04-09.md",
        "# 2027-04-09\n\n- Vransko is too far after all.\n- Movers: Umzüge Brandl, quote 1,900 EUR.\n",
    )
    write(tmp_path, "memory/2027-04-16.md", "# 2027-04-16\n\n- Brandl cancelled on us.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        known = EntityIndex(mem.store, mem.config.entities).known()
    assert known.get("vransko") == "lake vransko"
    assert known.get("brandl") == "umzüge brandl"


def test_a_payments_company_is_an_organisation_not_the_place_it_is_at() -> None:
    found = mention_kinds("- I run the data team at Quillon Payments in Lyon.\n", None, "2027-04-01")
    assert ("organisation", "typed_name") in found["Quillon Payments"]
