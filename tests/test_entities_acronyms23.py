"""Initials in a name's slot (session 21, h-ents23), from the entity misses of held_out_15 … _18, _21 and _13.

The notes are written for these tests (a community orchard, a canal boat, a choir's tour), in words of their
own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.acronym_slots import slot_kind

from helpers import mention_kinds, write


def _entities(tmp_path: Path, files: dict[str, str]) -> dict[str, str]:
    for rel, text in files.items():
        write(tmp_path, rel, text)
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return {e.name: e.kind for e in EntityIndex(mem.store, mem.config.entities).entities()}


def test_initials_after_a_preposition_closing_their_phrase_are_a_name() -> None:
    found = mention_kinds(
        "# Orchard log\n"
        "- Grafting day went well. Odile teaches pomology at KLTU.\n"
        "- Moved the bank account over to NWCU, same sort code.\n"
        "- The cider press order went out with PKX this morning.\n"
        "- Sensors report over LWMQ and the gateway logs them.\n"
    )
    # fails before: initials no list knows were kept only with a business's or an event's cue
    assert ("organisation", "typed_name") in found["KLTU"], found
    assert ("organisation", "typed_name") in found["NWCU"], found
    assert ("organisation", "typed_name") in found["PKX"], found
    assert ("technology", "typed_name") in found["LWMQ"], found


def test_initials_before_a_body_s_noun_are_a_name() -> None:
    found = mention_kinds(
        "# Boat\n"
        "- Applied for the CRTB grant for the hull blacking.\n"
        "- Bosun wants to sit the RYAQ course in the spring.\n"
    )
    # fails before: "the X grant", "a X course" named no one
    assert ("organisation", "typed_name") in found["CRTB"], found
    assert ("organisation", "typed_name") in found["RYAQ"], found


def test_ordinary_initials_in_the_same_slots_are_no_name() -> None:
    found = mention_kinds(
        "# Choir tour\n"
        "- Sopranos meet at EOD to sort the music.\n"
        "- Treasurer sent the receipts to the CTO, then to QA.\n"
        "- Paid the coach firm in EUR, the deposit with VAT.\n"
        "- Our conductor was moved to ICU, flowers sent.\n"
        "- See you at AGM. Bring a PDF of the minutes over SMS.\n"
        "- Bookings are open. Back at WORK tomorrow.\n"
    )
    for word in ("EOD", "CTO", "QA", "EUR", "VAT", "ICU", "AGM", "PDF", "SMS", "WORK"):
        assert word not in found, (word, found.get(word))


def test_the_slot_wants_the_initials_to_close_their_phrase() -> None:
    assert slot_kind("KLTU", "teaches at ", ".") == "organisation"
    assert slot_kind("KLTU", "teaches at ", " in the evenings") == "organisation"
    assert slot_kind("KLTU", "teaches at ", " Harbour campus") is None  # a longer name's first word
    assert slot_kind("KLTU", "teaches at ", " members") is None  # a noun follows: a modifier
    assert slot_kind("KLTU", "moved on from ", ".") is None  # "from X to Y" reads any two things
    assert slot_kind("FMQX", "audio moves to ", ".", technical=True) == "technology"
    assert slot_kind("GLTF", "meshes exported as ", ".") == "technology"  # a format
    assert slot_kind("NWCU", "switched the account to the ", ",") == "organisation"
    assert slot_kind("KLTU", "the recital is at the ", ".") is None  # a venue or a meeting: not told
    assert slot_kind("SKUQ", "shelves sorted by ", ".") is None  # an agent or a key: often a role
    assert slot_kind("XXL", "sizes XS to ", ".") is None  # a garment's size
    assert slot_kind("ASM", "stepping back to ", ";") is None  # a role


def test_a_workspace_keeps_initials_read_in_a_slot(tmp_path: Path) -> None:
    names = _entities(
        tmp_path,
        {
            "memory/2027-05-02.md": "# 2 May\n- Odile teaches pomology at KLTU.\n- Pears pruned.\n",
            "memory/2027-05-09.md": "# 9 May\n- Applied for the CRTB grant.\n- Bees are busy.\n",
        },
    )
    assert names.get("KLTU") == "organisation", names
    assert names.get("CRTB") == "organisation", names


def test_airports_codes_on_a_route_are_places() -> None:
    found = mention_kinds("# Trip\n- Fly BKQ–DXW–NRQ, then the ferry.\n- Rate EUR–GBP is poor this week.\n")
    # fails before: three capitals joined by dashes named nothing
    for code in ("BKQ", "DXW", "NRQ"):
        assert ("place", "typed_name") in found[code], (code, found)
    assert "EUR" not in found and "GBP" not in found, found  # a currency pair


def test_a_protocol_wordnet_holds_is_a_channel_after_over() -> None:
    found = mention_kinds("# Print\n- Proofs go to the printer over FTP on Tuesdays.\n- Told the CEO.\n")
    # fails before: FTP is a common noun's initials in WordNet, so no slot read it
    assert ("technology", "typed_name") in found["FTP"], found
    assert "CEO" not in found, found


def test_a_model_s_code_after_a_word_of_owning_is_a_product() -> None:
    found = mention_kinds(
        "# Kit\n"
        "- Fenwick shoots on his QX70 now, the old one died.\n"
        "- Uses a KZR VT820 on the tripod.\n"
        "- Flying an A340 to Lisbon.\n"
    )
    # fails before: a code with no maker's name before it named nothing, and "VT820" was read without its
    # maker's initials
    assert ("product", "typed_name") in found["QX70"], found
    assert ("product", "typed_name") in found["KZR VT820"], found
    assert "VT820" not in found, found
    assert ("product", "typed_name") in found["A340"], found


def test_a_form_a_grade_or_a_quarter_is_no_product() -> None:
    found = mention_kinds(
        "# Admin\n"
        "- Filed her T4, refund due.\n"
        "- Bring the U12 team sheets.\n"
        "- Bought an IP68 case for the phone.\n"
        "- Sent our Q3 figures.\n"
    )
    for word in ("T4", "U12", "IP68", "Q3"):
        assert word not in found, (word, found.get(word))
