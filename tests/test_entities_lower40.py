"""People written in lower case, session 27 (h-lower40): a person's slots in a dictated sentence, read
against the workspace's own capitalised names.

The notes are written for these tests (a print shop in Ibadan), in words of their own, not the labelled
sets'."""

from __future__ import annotations

from pathlib import Path

from helpers import mention_kinds, workspace_kinds


def test_a_word_no_dictionary_knows_in_a_person_s_slot_is_a_candidate() -> None:
    found = mention_kinds(
        "[memo 09:12] went with adetola to the paper market this morning\n"
        "[memo 11:40] bamidele and i sorted the banner orders\n"
        "[memo 13:05] chidinma's sister brought the ink back\n"
        "[memo 15:30] ogunleye sir wants the invoices by friday\n"
        "[memo 16:45] took the cashbox to dr fashola for safekeeping\n"
    )
    # fails before: only a verb a person does after it, or one of telling before it, made a candidate
    for name in ("adetola", "bamidele", "chidinma", "ogunleye", "fashola"):
        assert ("person", "name_start") in found.get(name, set()), (name, found)
    assert "market" not in found and "banner" not in found and "sister" not in found, found


def test_a_name_after_name_is_is_a_person() -> None:
    found = mention_kinds("[memo 08:02] the new driver started, his name is ebere okafor, quiet fellow\n")
    # fails before: "ebere" is no given name the lists know
    assert ("person", "typed_name") in found.get("ebere okafor", set()), found


def test_slots_in_capitalised_prose_or_before_english_words_give_nothing() -> None:
    found = mention_kinds(
        "- Met Dr Fashola with adetola about it.\n- [memo 10:00] with glue and tape the poster held\n"
    )
    assert "adetola" not in found and "glue" not in found, found


def test_a_dictated_surname_is_the_capitalised_person_s(tmp_path: Path) -> None:
    files = {
        "MEMORY.md": "# Shop\n\n- Our landlord is Babatunde Akinola; rent is due on the first\n",
        "memory/2027-02-03.md": "# 2027-02-03\n\n[memo] akinola came for the rent, asked after the roof\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    # fails before: the surname written alone in lower case was left unlinked
    assert "akinola" in kinds["babatunde akinola"][1], kinds


def test_a_dictated_given_name_makes_a_list_opener_a_person(tmp_path: Path) -> None:
    files = {
        "MEMORY.md": "# Staff\n\n- Olabisi Oyelaran — cutter, mornings only\n",
        "memory/2027-02-04.md": "# 2027-02-04\n\n[memo 09:00] went with olabisi to buy blades\n",
        "memory/2027-02-06.md": "# 2027-02-06\n\n[memo 17:20] olabisi and i cleaned the guillotine\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    # fails before: the list line's name had no evidence, and the given name no candidate in a slot
    assert kinds.get("olabisi oyelaran", ("",))[0] == "person", kinds
    assert "olabisi" in kinds["olabisi oyelaran"][1], kinds


def test_a_word_dictated_in_person_s_slots_in_two_files_is_a_person(tmp_path: Path) -> None:
    files = {
        "memory/2027-02-07.md": "# 2027-02-07\n\n[memo 12:00] adeyinka said the laminator is fixed\n",
        "memory/2027-02-09.md": "# 2027-02-09\n\n[memo 14:10] paid adeyinka's boy for the delivery\n",
        "memory/2027-02-10.md": "# 2027-02-10\n\n[memo 09:30] chidinma came early\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    # fails before: a candidate with no capitalised name was never an entity
    assert kinds.get("adeyinka", ("",))[0] == "person", kinds
    assert "chidinma" not in kinds, kinds  # one file only


def test_a_word_after_a_dictated_name_is_no_lone_candidate() -> None:
    found = mention_kinds("[memo 07:50] ikechukwu ebere phoned about the flyers\n")
    assert "ebere" not in found, found  # a surname or a kin word after a name: never a name alone


def test_a_kin_word_after_an_unknown_word_marks_a_name_and_is_none() -> None:
    found = mention_kinds(
        "[memo 10:20] akinola bhai fixed the generator again\n"
        "[memo 12:05] lunch at tokunbo ebere's place, then to adetola kaka's shop\n"
    )
    # fails before: a form of address after a word no dictionary knows made no candidate
    assert ("person", "name_start") in found.get("akinola", set()), found
    assert "kaka" not in found and "bhai" not in found and "ebere" not in found, found


def test_an_english_adjective_dictated_twice_is_no_person(tmp_path: Path) -> None:
    files = {
        "memory/2027-02-11.md": "# 2027-02-11\n\n[memo 08:00] flaky tests fixed before lunch\n",
        "memory/2027-02-12.md": "# 2027-02-12\n\n[memo 08:30] flaky tests fixed again, sigh\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    assert "flaky" not in kinds, kinds
