"""First names of session 24 (h-names29): a name alone follows the naming custom its person's full name
shows. A Vietnamese or Khmer family name first calls the person by the last part ("Võ Thị Hạnh" → "Hạnh",
with or without its accents), a Chinese or Korean one by the given name after it ("Tan Wei Ming" → "Wei
Ming"), a Malay or Malaysian Indian patronym by the own names before "binti" or "a/p", never the father's;
the forms of address of these languages before the name fold into the person; a given name two people share
stays unlinked.

The notes are written for these tests (a fabric stall in Huế, a bakery in Ipoh, a ferry on the Mekong,
a clinic in Johor Bahru), in words of their own, not the labelled sets'."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.lexicon.family_customs import called_names, customary_name, last_given_family

from helpers import write


def _known(tmp_path: Path, files: Mapping[str, str]) -> dict[str, str]:
    for path, text in files.items():
        write(tmp_path, path, text)
    extra = sorted(p.name for p in tmp_path.iterdir() if p.is_dir() and p.name not in ("memory", ".mdrecall"))
    cfg = Config().merged(
        {"history": {"git": False}, "embedding": {"provider": "none"}, "extra_paths": extra}
    )
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_the_names_a_custom_calls_a_person_by() -> None:
    assert called_names("võ thị hạnh") == ["hạnh"]
    assert called_names("đoàn minh khôi") == ["khôi", "minh khôi"]
    assert called_names("sok dara") == ["dara"]
    assert called_names("siti hajar binti yusof") == ["siti hajar", "siti", "hajar"]
    assert called_names("prema a/p subramaniam") == ["prema"]
    assert called_names("le monde diplomatique") == []  # "Le", a French word too: no Vietnamese letter
    assert last_given_family(["le", "van", "tam"])  # "Van" after it shows the custom
    assert called_names("vo minh tri") == ["tri", "minh tri"]  # a frequent middle name shows it too
    assert not customary_name(["Ha", "Long", "Bay"])  # a place's last word
    assert customary_name(["Tan", "Wei", "Ming"]) and customary_name(["Lim", "Bee", "Hoon"])
    assert not customary_name(["Lee", "Ann", "Smith"]) and not customary_name(["Tan", "Lines", "Club"])


def test_a_vietnamese_name_is_called_by_its_last_part(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "stall/people.md": "# Stall people\n\n- Võ Thị Hạnh: owns the silk stall next door\n"
            "- Đặng Văn Hùng: drives the van to Đà Nẵng\n- Đoàn Minh Khôi: cousin, does the books\n",
            "memory/2027-05-02.md": "# 2027-05-02\n\n- Hạnh wants the blue rolls by Friday.\n"
            "- Called Hung about the van; he says Thursday.\n- Asked Khoi to check the receipts.\n",
        },
    )
    # All fail before: the full names were no entities (a family name of two letters dropped, accented
    # letters outside the name pattern) and nothing linked a last part.
    assert known.get("hạnh") == "võ thị hạnh"
    assert known.get("hung") == "đặng văn hùng"  # written without its accents
    assert known.get("khoi") == "đoàn minh khôi"


def test_vietnamese_forms_of_address_fold_into_the_person(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "stall/people.md": "# Stall people\n\n- Võ Thị Hạnh: owns the silk stall next door\n"
            "- Đặng Văn Hùng: drives the van\n",
            "memory/2027-05-03.md": "# 2027-05-03\n\n- Chị Hạnh lent us two chairs.\n"
            "- Anh Hùng fixed the tyre.\n- Cô Hạnh phoned about the rent.\n"
            "- anh hung says the road is flooded.\n",
        },
    )
    assert known.get("chị hạnh") == "võ thị hạnh"  # fails before: an entity of its own
    assert known.get("cô hạnh") == "võ thị hạnh"
    assert known.get("anh hùng") == "đặng văn hùng"
    assert "anh" not in known  # the form alone, typed in lower case, is no one's name


def test_a_given_name_two_people_share_stays_unlinked(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "stall/people.md": "# Stall people\n\n- Bùi Thị Lan: cashier on weekends\n"
            "- Ngô Thị Lan: sells the dyes\n- Võ Thị Hạnh: owns the stall\n",
            "memory/2027-05-04.md": "# 2027-05-04\n\n- Lan counted the till twice.\n- Hạnh paid the dyes.\n",
        },
    )
    assert known.get("lan", "lan") == "lan"
    assert known.get("hạnh") == "võ thị hạnh"


def test_chinese_and_khmer_given_names_after_the_family_name(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "bakery/people.md": "# Bakery\n\n- Lim Bee Hoon: runs the front counter\n"
            "- Tan Kok Leong: flour supplier\n- Sok Dara: ferry pilot in Kratié\n",
            "memory/2027-06-01.md": "# 2027-06-01\n\n- Bee Hoon wants more egg tarts on Saturdays.\n"
            "- Kok Leong raised the price of flour.\n- Dara waited at the gate.\n",
        },
    )
    assert known.get("kok leong") == "tan kok leong"  # fails before: "Tan" dropped as a sentence opener
    assert known.get("bee hoon") == "lim bee hoon"
    assert known.get("dara") == "sok dara"


def test_a_patronym_lends_the_own_names_never_the_fathers(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "clinic/staff.md": "# Staff\n\n- Siti Hajar binti Yusof: nurse\n"
            "- Prema a/p Subramaniam: receptionist\n- Arjun s/o Murugan: pharmacist\n",
            "memory/2027-07-10.md": "# 2027-07-10\n\n- Hajar swapped the night shift.\n"
            "- Prema answered the phones all morning.\n- Arjun restocked the paracetamol.\n"
            "- Mr Yusof came to collect his daughter.\n",
        },
    )
    assert known.get("hajar") == "siti hajar binti yusof"  # fails before: the second own name
    assert known.get("prema") == "prema a/p subramaniam"  # fails before: "a/p" split the name
    assert known.get("arjun") == "arjun s/o murugan"
    assert known.get("mr yusof") != "siti hajar binti yusof"  # her father, not her


def test_a_name_then_the_customs_full_name_in_brackets(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Accountant: chú Minh (Đỗ Quang Minh) comes on Tuesdays.\n"
            "- Sarah (Trương Mỹ Linh) handles the Danish buyer.\n",
            "memory/2027-08-01.md": "# 2027-08-01\n\n- Minh closed July.\n"
            "- Sarah wants the swatches by Friday.\n",
        },
    )
    assert known.get("minh") == "đỗ quang minh"  # fails before: the bracketed full name was no alias
    assert known.get("sarah") == "trương mỹ linh"  # an English name taken beside it


def test_the_customs_full_name_then_another_name_in_brackets(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Landlord: Khoo Beng Huat (Alvin), pays the quit rent himself.\n"
            "- Bookkeeper: Huỳnh Thị Thanh Tâm (cô Tâm), Thursdays.\n",
            "memory/2027-08-03.md": "# 2027-08-03\n\n- Alvin fixed the gate.\n- Tâm filed the July VAT.\n",
        },
    )
    assert known.get("alvin") == "khoo beng huat"  # fails before: the brackets' name was no alias
    assert known.get("tâm") == "huỳnh thị thanh tâm"


def test_a_people_pages_heading_and_a_name_never_written_alone(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "people/swim-coaches.md": "# Coaches\n\n## Teo Hui Min\n- Lane 3, mornings.\n\n"
            "## Farah Izzati binti Kamal\n- Lifeguard.\n",
            "memory/2027-09-02.md": "# 2027-09-02\n\n- Hui Min wants the kickboards back.\n"
            "- Izzati covered the early shift.\n- Koay Swee Lin signed her son up for Saturdays.\n",
        },
    )
    assert known.get("hui min") == "teo hui min"  # fails before: a heading's name was a weak mention
    assert known.get("izzati") == "farah izzati binti kamal"
    assert known.get("swee lin") == "koay swee lin"  # never written alone: the name she is called by


def test_a_parent_named_by_the_child_and_a_pair_are_not_the_childs_names(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "people/parents.md": "# Parents\n\n| Chat name | Pupil |\n|---|---|\n"
            "| Siew Mei Mummy | Ooi Siew Mei (F3) |\n| Rosnah Amirah | Nur Amirah binti Zulkifli (F2) |\n",
            "memory/2027-10-05.md": "# 2027-10-05\n\n- Siew Mei topped the class in Science.\n"
            "- Amirah forgot her swimming cap again.\n- Meena & Prakash say the pool is too cold.\n"
            "- Meena a/p Suppiah renewed the Saturday slot.\n- Meena paid in cash.\n",
        },
    )
    assert known.get("siew mei") == "ooi siew mei"  # fails before: "Siew Mei Mummy" shared the name
    assert known.get("amirah") == "nur amirah binti zulkifli"  # not the mother's chat name's last word
    assert known.get("meena") == "meena a/p suppiah"  # not the pair
