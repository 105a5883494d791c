"""First names of session 21 (h-firsts23): a given name never written alone names the one person it opens
even where no mention types the pair a person, when both words read as a given name and a surname
(:mod:`mdrecall.knowledge.aliases.given_shape`).

The notes are written for these tests (an allotment society, a village cricket club, a language school), in
words of their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.given_shape import unlexed_word
from mdrecall.knowledge.index import EntityIndex

from helpers import write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["club"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_a_frequent_word_no_dictionary_knows_reads_as_a_given_name() -> None:
    assert unlexed_word("Vikram") and unlexed_word("prakash")
    assert not unlexed_word("Golden") and not unlexed_word("fresh") and not unlexed_word("Happy")


def test_an_untyped_pair_of_given_name_and_surname_lends_its_first_word(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-05-02.md",
        "# 2027-05-02\n\n- Seed potatoes: Vijay Nadkarni, two sacks.\n"
        "- Nets on Friday, Ashok Pillai has the key.\n",
    )
    write(tmp_path, "memory/2027-05-09.md", "# 2027-05-09\n\n- Hedge cutting: Tendai Mupfumi, Thursday.\n")
    known = _known(tmp_path)
    # All fail before: no mention types these pairs, and no first word is written alone.
    assert known.get("vijay") == "vijay nadkarni"  # a frequent word, but no English one
    assert known.get("ashok") == "ashok pillai"
    assert known.get("tendai") == "tendai mupfumi"  # no list knows it; a name by its shape


def test_a_listed_nickname_takes_a_surname_that_is_a_frequent_word(tmp_path: Path) -> None:
    write(tmp_path, "club/rota.md", "# Rota\n\n- Scorebook: Teddy Walsh, as usual.\n")
    known = _known(tmp_path)
    assert known.get("teddy") == "teddy walsh"  # fails before: the pair has no cued kind


def test_words_that_are_no_given_name_or_two_people_link_nothing(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-05-16.md",
        "# 2027-05-16\n\n- Dessert order: Golden Pakwaan, again.\n"
        "- Hedge cutting: Anjola Bankole, Thursday; strimming: Anjola Okonjo.\n",
    )
    known = _known(tmp_path)
    assert known.get("golden pakwaan") == "golden pakwaan"
    assert "golden" not in known  # an adjective, not a given name
    assert known.get("anjola") in (None, "anjola")  # two people share it: neither


def test_nicknames_from_the_public_table_and_the_hand_list_link(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-01.md",
        "# 2027-06-01\n\n- Barbara Lindqvist takes over the seed swap; Mohammed Qureshi keeps the accounts.\n"
        "- Rebecca Hartigan joined the language school's board.\n",
    )
    write(
        tmp_path,
        "memory/2027-06-08.md",
        "# 2027-06-08\n\n- Spoke to Babs about the seed swap tables.\n- Mo says the accounts balance.\n"
        "- Bex wants the board minutes by Friday.\n",
    )
    known = _known(tmp_path)
    assert known.get("babs") == "barbara lindqvist"  # fails before: no nickname table had Babs
    assert known.get("mo") == "mohammed qureshi"  # fails before
    assert known.get("bex") == "rebecca hartigan"  # fails before


def test_the_public_table_keeps_no_word_or_given_name_as_a_nickname() -> None:
    from mdrecall.knowledge.lexicon.name_lists import nicknames

    table = nicknames()
    assert "barbara" in table["babs"] and "beatrice" in table["trixie"]
    assert "liz" in table and "elizabeth" in table["liz"]  # the hand list is still read
    for word in ("ray", "rose", "mark", "joy", "austin", "lee"):
        assert word not in table  # ordinary words and given names of their own


def test_a_title_and_a_surname_name_the_one_person_of_that_surname(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-10.md",
        "# 2027-06-10\n\n- Ifeoma Adebayo-Cole agreed to judge the marrow contest.\n"
        "- Walter Okonkwo and Niamh Okonkwo run the plant stall.\n"
        "- Tobias Grünberg teaches German on Tuesdays.\n",
    )
    write(
        tmp_path,
        "memory/2027-06-17.md",
        "# 2027-06-17\n\n- Dr Adebayo-Cole asked for the entry list by Friday.\n"
        "- Mrs Okonkwo wants a second table.\n- Mr Grünberg moved the class to room 4.\n",
    )
    known = _known(tmp_path)
    assert known.get("dr adebayo-cole") == "ifeoma adebayo-cole"  # fails before: two entities
    assert known.get("mr grünberg") == "tobias grünberg"  # fails before
    assert known.get("mrs okonkwo") == "mrs okonkwo"  # two Okonkwos: neither


def test_a_sentence_opener_before_a_listed_nickname_is_no_part_of_the_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-20.md",
        "# 2027-06-20\n\n- Rebecca Mwangi booked the village hall for the quiz.\n"
        "- Later Bex said the raffle prizes are in her boot.\n",
    )
    known = _known(tmp_path)
    assert "later bex" not in known  # fails before: "Later Bex" was read as one name
    assert known.get("bex") == "rebecca mwangi"


def test_a_lower_case_full_name_labelling_a_list_of_people_is_a_person(tmp_path: Path) -> None:
    write(
        tmp_path,
        "club/committee.md",
        "# Committee\n\n- Hamish Dunbar: captain, picks the Saturday side.\n"
        "- Sarah Menon: treasurer.\n- tomas berglund: groundsman, owns the roller.\n"
        "- next meeting: after the Harvest fixture.\n",
    )
    write(
        tmp_path,
        "memory/2027-07-03.md",
        "# 2027-07-03\n\n- tomas says the square needs another week before it is rolled.\n",
    )
    known = _known(tmp_path)
    assert known.get("tomas berglund") == "tomas berglund"  # fails before: a lower-case label was no name
    assert known.get("tomas") == "tomas berglund"
    assert "next meeting" not in known


def test_a_lower_case_label_outside_a_list_of_people_is_no_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-07-04.md",
        "# 2027-07-04\n\n- Hamish Dunbar: captain.\n- rose bowl: booked for the 14th.\n\n"
        "- grace period: two weeks on subs.\n",
    )
    known = _known(tmp_path)
    assert "rose bowl" not in known and "grace period" not in known


def test_spanish_and_portuguese_hypocoristics_link_to_the_one_given_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-07-10.md",
        "# 2027-07-10\n\n- Francisco Ibarra lent us the trailer for the regatta.\n"
        "- Dolores Quintana is the new harbour secretary.\n",
    )
    write(
        tmp_path,
        "memory/2027-07-12.md",
        "# 2027-07-12\n\n- Returned the trailer to Paco, tyres pumped.\n"
        "- Lola wants the regatta results by Monday.\n",
    )
    known = _known(tmp_path)
    assert known.get("paco") == "francisco ibarra"  # fails before: "Paco" shares no opening with Francisco
    assert known.get("lola") == "dolores quintana"  # fails before
