"""First names of session 26 (h-names38), found by ``benchmarks/name_link_probe.py`` (names of many naming
cultures, introduced in several ways): a nickname stated once in brackets after a full name that does not
begin as the given name does, a full name with a Dutch or Arabic surname particle.

The notes are written for these tests (a lifeboat station, a print shop, a market garden, a language
school), in words of their own, not the labelled sets'."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.relations import ALIAS, find_relations

from helpers import write


def _known(tmp_path: Path, files: Mapping[str, str]) -> dict[str, str]:
    for path, text in files.items():
        write(tmp_path, path, text)
    extra = sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name not in ("memory", ".mdrecall"))
    over = {"history": {"git": False}, "embedding": {"provider": "none"}, "extra_paths": extra}
    cfg = Config().merged(over)
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def _aliases(line: str) -> set[tuple[str, str]]:
    return {(r.subject, r.object) for r in find_relations(line, 1) if r.predicate == ALIAS}


def test_a_bracketed_nickname_whose_letters_come_from_the_given_name() -> None:
    # All fail before: none begins as the given name does, nor is listed as its nickname.
    assert ("Paudie", "Pádraic Ó Ceallaigh") in _aliases("- Coxswain: Pádraic Ó Ceallaigh (Paudie)")
    assert ("Katya", "Ekaterina Morozova") in _aliases("Met Ekaterina Morozova (Katya) at the print shop.")
    assert ("Hamudi", "Muhammad al-Rashid") in _aliases("| Muhammad al-Rashid (Hamudi) | van driver |")
    assert ("Hans", "Jorrit ter Haar") in _aliases("# Jorrit ter Haar (Hans)")


def test_a_bracketed_word_that_is_a_team_a_firm_or_a_place_is_no_nickname() -> None:
    assert not _aliases("Attendees: Colin Drury (Acme), Tess Ward (Stripe), Priya Nair (Monzo)")
    assert not _aliases("Gemma Rooke (Finance) and Lorna Pike (Glasgow)")
    assert not _aliases("Ruth Kemp (Rtk) signed off the proofs")


def test_a_stated_nickname_links_the_name_alone(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "crew/station.md": "# Station crew\n\n- Coxswain: Pádraic Ó Ceallaigh (Paudie)\n"
            "- Mechanic: Ekaterina Morozova (Katya)\n- Launch: Jorrit ter Haar (Hans)\n",
            "memory/2027-05-02.md": "# 2027-05-02\n\n- Paudie ran the night drill.\n- Katya serviced the"
            " port engine.\n- Hans logged the tide times.\n",
            "memory/2027-05-09.md": "# 2027-05-09\n\n- Paudie wants a second trainee.\n- Katya ordered"
            " filters.\n- Hans is off on Saturday.\n",
        },
    )
    assert known.get("paudie") == "pádraic ó ceallaigh"
    assert known.get("katya") == "ekaterina morozova"
    assert known.get("hans") == "jorrit ter haar"


def test_a_surname_with_a_glued_arabic_article_is_part_of_the_name(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "memory/2027-06-01.md": "# 2027-06-01\n\nMet Samira al-Mansouri from the language school"
            " about the spring timetable.\n",
            "memory/2027-06-05.md": "# 2027-06-05\n\n- Samira sent the new timetable.\n",
            "memory/2027-06-08.md": "# 2027-06-08\n\n- Waiting on Samira for the room bookings.\n",
        },
    )
    # Fails before: "al-Mansouri" was cut off, "Samira" stood alone.
    assert known.get("samira") == "samira al-mansouri"


def test_initials_before_a_given_name_make_one_person_called_by_the_given_name(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "shop/press.md": "# Print shop\n\n| Name | Does |\n| --- | --- |\n"
            "| V. Saravanan | the guillotine |\n| T.N. Revathi | invoices |\n",
            "memory/2027-07-01.md": "# 2027-07-01\n\n[P. Anbarasu] the toner came in\n\n"
            "- Saravanan trimmed the flyers.\n- Revathi chased the school's invoice.\n",
            "memory/2027-07-04.md": "# 2027-07-04\n\n- Saravanan is off on Monday.\n- Anbarasu fixed the"
            " jam.\n- Revathi sent the quote.\n",
        },
    )
    # All fail before: the initials were dropped and the given name stood alone.
    assert known.get("saravanan") == "v. saravanan"
    assert known.get("revathi") == "t.n. revathi"
    assert known.get("anbarasu") == "p. anbarasu"


def test_a_given_name_after_initials_shared_with_another_person_links_to_neither(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "garden/crew.md": "# Market garden crew\n\n- Beds: M. Selvam\n- Tunnels: Selvam Rajagopal\n",
            "memory/2027-07-10.md": "# 2027-07-10\n\n- Selvam watered the tunnels.\n",
            "memory/2027-07-12.md": "# 2027-07-12\n\n- Selvam asked for more netting.\n",
        },
    )
    # Fails before: "Selvam" went to the surname of "M. Selvam" or the first name of Selvam Rajagopal.
    assert known.get("selvam") not in ("m. selvam", "selvam rajagopal")


def test_a_chinese_given_name_of_two_syllables_written_as_one_word_after_the_family_name() -> None:
    from mdrecall.knowledge.mentions.syllable_names import family_given

    assert family_given("zhao jianhua") == "jianhua"
    assert family_given("lee anna") is None  # two given names of the European lists: left as written


def test_a_second_name_that_is_a_given_name_too_links_alone_to_its_one_person(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "dairy/committee.md": "# Dairy committee\n\n- Chair: Dennis Kiptoo\n"
            "- Milk collection: Brian Chebet\n",
            "memory/2027-08-02.md": "# 2027-08-02\n\n- kiptoo wants the cooler serviced before the rains\n"
            "- Chebet counted 410 litres at the evening collection.\n",
            "memory/2027-08-06.md": "# 2027-08-06\n\n- Kiptoo signed the cooler quote.\n- Chebet is off on"
            " Friday.\n",
        },
    )
    # Both fail before: a surname that is a given name too was never read alone.
    assert known.get("kiptoo") == "dennis kiptoo"
    assert known.get("chebet") == "brian chebet"


def test_a_given_name_surname_written_as_a_place_links_to_no_one(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "people/staff.md": "# Staff\n\n- Dennis Kendal: stores\n",
            "memory/2027-08-09.md": "# 2027-08-09\n\n- Drove to Kendal for the spare parts.\n",
            "memory/2027-08-11.md": "# 2027-08-11\n\n- The depot in Kendal closes at five.\n",
        },
    )
    assert known.get("kendal") != "dennis kendal"


def test_a_given_name_surname_that_is_also_a_relatives_bare_name_links_to_no_one(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "dairy/committee.md": "# Dairy committee\n\n- Treasurer: Dennis Nyambura\n",
            "memory/2027-08-12.md": "# 2027-08-12\n\n- Lunch with my cousin Nyambura after the market.\n",
            "memory/2027-08-14.md": "# 2027-08-14\n\n- Nyambura lent us her cool box.\n",
        },
    )
    assert known.get("nyambura") != "dennis nyambura"
