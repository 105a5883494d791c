"""People written in lower case, session 26 (h-lower38): dictated voice memos and phone notes.

The notes are written for these tests (a bakery in Kumasi, a community clinic in Durban), in words of their
own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.lower_words import person_verb, unlexed

from helpers import mention_kinds, workspace_kinds


def test_a_lower_case_given_name_and_surname_is_a_person() -> None:
    found = mention_kinds("[voice 06:10] ok so the flour guy is now kwame owusu, he phoned me before six\n")
    # fails before: a name dictated in lower case was read only as the given name's candidate
    assert ("person", "typed_name") in found.get("kwame owusu", set()), found


def test_a_lower_case_pair_inside_a_title_or_foreign_words_is_no_person() -> None:
    # "Canta" opens a title that runs on in lower case; a word of another language follows the pair
    found = mention_kinds('- the choir wants "Canta sipho lindiwe ngoma" for the opening\n')
    assert "sipho lindiwe" not in found, found
    found = mention_kinds("- she sang abena mokoena ngiyabonga to us\n")
    assert "abena mokoena" not in found, found


def test_a_word_no_dictionary_knows_before_a_person_s_verb_is_a_candidate() -> None:
    found = mention_kinds("- nokuthula also agreed to take the night clinic\n- the mbali rota changed\n")
    assert ("person", "name_start") in found.get("nokuthula", set()), found
    assert "mbali" not in found, found  # a determiner before it: a modifier of "rota"
    assert "agreed" not in found and "rota" not in found, found


def test_lower_case_prose_and_english_words_give_no_candidates() -> None:
    found = mention_kinds("- the team said ok. sops printed and the board agreed. drove home late\n")
    assert not {k for k in found if k.islower()}, found


def test_the_lexicon_checks() -> None:
    assert unlexed("owusu") and unlexed("nokuthula")
    assert not unlexed("sops") and not unlexed("drive") and not unlexed("postgres") and not unlexed("um")
    assert person_verb("says") and person_verb("said") and person_verb("drove") and person_verb("agreed")
    assert not person_verb("drive") and not person_verb("tell") and not person_verb("printed")


def test_a_name_written_in_lower_case_links_to_the_full_name_and_counts(tmp_path: Path) -> None:
    files = {
        "MEMORY.md": "# Clinic\n\n- Volunteer: Nokuthula Dlamini, evening shifts\n",
        "memory/2027-03-02.md": "# 2027-03-02\n\n[voice 07:40] nokuthula also agreed to cover thursday\n",
        "memory/2027-03-09.md": "# 2027-03-09\n\n[voice 18:05] nokuthula said the vaccine fridge is warm\n",
        "memory/2027-03-11.md": "# 2027-03-11\n\n- the new pharmacist is zanele khumalo, starts monday\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    # fails before: the lower-case "nokuthula" (no given name the lists know) was never read
    assert kinds["nokuthula dlamini"][0] == "person", kinds
    assert "nokuthula" in kinds["nokuthula dlamini"][1], kinds
    assert kinds.get("zanele khumalo", ("",))[0] == "person", kinds


def test_a_given_name_that_is_an_ordinary_word_is_a_person_only_as_a_person_s_subject() -> None:
    found = mention_kinds("- hope says the boda will come at six\n- no hope left for the maize\n")
    # fails before: "hope" (an ordinary word first) was never read in lower case
    assert found.get("hope") == {("person", "name_start")}, found


def test_a_list_name_opening_a_line_is_the_person_its_dictated_given_name_is(tmp_path: Path) -> None:
    files = {
        "MEMORY.md": "# People\n\n- Hope Nakato — my aunt in Jinja\n- Ruth: neighbour\n",
        "memory/2027-05-02.md": "# 2027-05-02\n\n[voice 20:15] hope says she will send seedlings by bus\n",
        "memory/2027-05-06.md": "# 2027-05-06\n\n[voice 07:30] hope came with the seedlings, fifty of them\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    # fails before: "Hope Nakato" opened a line only (no evidence of its own) and "hope" was no one
    assert kinds.get("hope nakato", ("",))[0] == "person", kinds
    assert "hope" in kinds["hope nakato"][1], kinds


def test_a_word_no_dictionary_knows_told_or_asked_is_a_candidate() -> None:
    found = mention_kinds("- told thandiwe the van is late\n- called tamba kowa traders for flour\n")
    # fails before: an unknown lower-case word after "told" was never read
    assert ("person", "name_start") in found.get("thandiwe", set()), found
    assert "tamba" not in found, found  # a run of unknown words: a business's name, no one told


def test_english_compounds_and_unmarked_contractions_are_words() -> None:
    words = ("login", "cutover", "standup", "bloodwork", "runbooks", "recheck", "dedupe", "dont", "didnt")
    for word in words:
        assert not unlexed(word), word
    for name in ("kiptoo", "owusu", "nokuthula", "chemutai"):
        assert unlexed(name), name
    found = mention_kinds("- cutover moved to friday. login failed twice, standup agreed to wait\n")
    assert not {k for k in found if k.islower()}, found


def test_a_business_dictated_in_lower_case_is_an_organisation() -> None:
    found = mention_kinds(
        "[voice 09:12] second quote from tamba kowa traders, too high\n- two kebs auditors came\n"
    )
    # fails before: no lower-case business was read
    assert ("organisation", "typed_name") in found.get("tamba kowa traders", set()), found
    assert "kebs auditors" not in found and "two kebs auditors" not in found, found
