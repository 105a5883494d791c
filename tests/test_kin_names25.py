"""First names of session 22 (h-firsts25): a name written with a kin term or an honorific of another
language ("Kuya Ramil", "Ate Pilar", "Mehul bhai", "Tante Ilse") means the person the name alone means
(:mod:`mdrecall.knowledge.aliases.kin_names`).

The notes are written for these tests (a dive shop in Moalboal, a textile shop in Surat, a Hamburg
allotment, a Cebu bakery), in words of their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.kin_names import address_parts, shortened_from
from mdrecall.knowledge.index import EntityIndex

from helpers import write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["people"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_the_form_of_address_is_told_from_the_name() -> None:
    assert address_parts("kuya ramil") == "ramil"
    assert address_parts("mehul bhai") == "mehul"
    assert address_parts("tante ilse") == "ilse"
    assert address_parts("ramil dimaculangan") is None
    # A word that is a given name or an English word too opens a person's own name here, not a form:
    assert address_parts("lola fernandez") is None and address_parts("doc holloway") is None
    assert address_parts("tito bernie") == "bernie"  # a given name after it: the kin term
    assert shortened_from("linda", "rosalinda") and shortened_from("nando", "fernando")
    assert not shortened_from("anna", "joanna")  # two letters more only: another given name


def test_a_kin_term_before_a_given_name_folds_into_the_full_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-08-03.md",
        "# 2027-08-03\n\n- Boat roster: Eduardo Villacorta skippers, Marites Buenaventura on the tanks.\n"
        "- Dive log signed by Eduardo Villacorta.\n",
    )
    write(
        tmp_path,
        "memory/2027-08-05.md",
        "# 2027-08-05\n\n- Ask Kuya Eduardo about the second compressor.\n"
        "- Tanks refilled. Ate Marites says the O-rings are low.\n",
    )
    known = _known(tmp_path)
    # Both fail before: the forms were entities of their own, and the first names linked to nobody.
    assert known.get("kuya eduardo") == "eduardo villacorta"
    assert known.get("ate marites") == "marites buenaventura"
    assert known.get("marites") == "marites buenaventura"


def test_a_name_after_the_kin_term_may_shorten_the_given_name_from_its_end(tmp_path: Path) -> None:
    write(tmp_path, "people/bakery.md", "# Bakery\n\n- Supplier: Pilarica Montemayor, flour and yeast.\n")
    write(
        tmp_path,
        "memory/2027-09-01.md",
        "# 2027-09-01\n\n- Paid Ate Rica for the flour, 3 sacks.\n- Ensaymada trays back from Ate Rica.\n",
    )
    known = _known(tmp_path)
    assert known.get("ate rica") == "pilarica montemayor"  # fails before: "Rica" opens no name


def test_an_honorific_after_the_name_folds_too(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-10-11.md",
        "# 2027-10-11\n\n- Bolts of cotton from Mehul Parekh, cash on delivery.\n"
        "- Mehul Parekh wants the order confirmed by Monday.\n"
        "- Called Mehul Bhai again about the indigo dye.\n",
    )
    known = _known(tmp_path)
    assert known.get("mehul bhai") == "mehul parekh"  # fails before: two names opened with "Mehul"
    assert known.get("mehul") == "mehul parekh"


def test_two_people_the_name_could_mean_link_neither(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-02.md",
        "# 2027-06-02\n\n- Plot 14: Ilse Vormann. Plot 15: Ilse Brandauer.\n"
        "- Tante Ilse brought the rhubarb.\n",
    )
    known = _known(tmp_path)
    assert known.get("tante ilse") not in ("ilse vormann", "ilse brandauer")


def test_a_surname_with_a_particle_of_filipino_or_malay_names_stays_whole(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-11-04.md",
        "# 2027-11-04\n\n- Sound system from Leonora dela Rama, pick-up Friday.\n"
        "- Rizalino delos Reyes says the catering quote holds.\n"
        "- Visa letter signed by Faridah binti Osman.\n",
    )
    known = _known(tmp_path)
    # All fail before: "dela", "delos" and "binti" cut the names in two ("Leonora", "Rama").
    assert known.get("leonora dela rama") == "leonora dela rama"
    assert known.get("leonora") == "leonora dela rama"
    assert known.get("rizalino") == "rizalino delos reyes"
    assert known.get("faridah binti osman") == "faridah binti osman"  # a patronym: "Osman" is a given name


def test_a_form_of_address_keeps_a_name_that_is_also_a_month_or_an_english_word(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-12-01.md",
        "# 2027-12-01\n\n- Paid Kuya Jun for the jeepney rental.\n- Kuya Jun drives again on the 8th.\n"
        "- Lechon from Mang Boy, 2 kilos.\n",
    )
    known = _known(tmp_path)
    # Both fail before: "Jun" was read as June and dropped, "Mang Boy" was a weak run.
    assert known.get("kuya jun") == "kuya jun"
    assert known.get("jun") == "kuya jun"  # the name alone, never written so, is the form's
    assert known.get("mang boy") == "mang boy"


def test_a_hungarian_family_name_written_first_lends_the_given_name_after_it(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2028-01-10.md",
        "# 2028-01-10\n\n- Szabó Katalin sent the translation invoice.\n"
        "- Katalin wants it paid before the 20th.\n",
    )
    known = _known(tmp_path)
    assert known.get("katalin") == "szabó katalin"  # fails before: the given name was read as the first word


def test_a_hyphened_honorific_after_a_surname_names_the_one_person_of_it(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2028-02-03.md",
        "# 2028-02-03\n\n- Makoto Fujiwara says the glaze samples leave Mashiko on Monday.\n"
        "- Fujiwara-san wants the kiln temperatures first.\n"
        "- Meenakshi Iyer sent the rent receipt. Iyer-ji asked for cash next time.\n",
    )
    known = _known(tmp_path)
    # Both fail before: a name glued to "-san" or "-ji" was no mention at all.
    assert known.get("fujiwara") == "makoto fujiwara"
    assert known.get("iyer") == "meenakshi iyer"


def test_a_people_page_heading_with_the_family_name_first_is_the_persons_name(tmp_path: Path) -> None:
    write(tmp_path, "people/yoon.md", "# Yoon Da-eun\n\n- Tutors the twins on Wednesdays.\n")
    write(tmp_path, "memory/2028-02-09.md", "# 2028-02-09\n\n- Da-eun moved the lesson to Thursday.\n")
    known = _known(tmp_path)
    assert known.get("da-eun") == "yoon da-eun"  # fails before: the heading was skipped, no full name


def test_a_form_of_address_in_brackets_after_a_full_name_is_that_persons(tmp_path: Path) -> None:
    write(
        tmp_path,
        "people/neighbours.md",
        "# Neighbours\n\n- Herminio Sandoval (Tito Minyong) keeps the spare key.\n",
    )
    write(tmp_path, "memory/2028-03-01.md", "# 2028-03-01\n\n- Tito Minyong watered the plants.\n")
    known = _known(tmp_path)
    # Both fail before: no table or rule ties "Minyong" to Herminio.
    assert known.get("tito minyong") == "herminio sandoval"
    assert known.get("minyong") == "herminio sandoval"


def test_a_given_name_that_is_a_month_keeps_its_surname_and_its_form_of_address(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2028-04-02.md",
        "# 2028-04-02\n\n- Jun Magsaysay brought the tricycle back.\n"
        "- Kuya Jun says the brakes are fine now.\n",
    )
    known = _known(tmp_path)
    # Both fail before: "Jun" opening the line was taken for the month and cut off its surname.
    assert known.get("jun magsaysay") == "jun magsaysay"
    assert known.get("kuya jun") == "jun magsaysay"
