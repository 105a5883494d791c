"""Entity spans, session 25 (h-ents33): the marks an agent's memory log puts where a name could stand: a
type tag opening a bullet, a day stamped before a colon, a wiki link to a page by its address.

The notes are written for these tests (an agent keeping a beekeeper's and a choir singer's memory), in
words of their own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.log_marks import DAY_STAMPED, TAGGED, page_address

from helpers import mention_kinds, workspace_entities


def test_a_wiki_link_to_a_page_s_address_names_no_entity(tmp_path: Path) -> None:
    names = {
        e.name
        for e in workspace_entities(
            tmp_path,
            {
                "MEMORY.md": "- Hamid Rostami keeps bees. See [[contacts/hamid]] and [[hive-inspections]].\n",
                "memory/2026-05-02.md": "- Swarm logged in [[apiary/swarm-log]]; Hamid Rostami came.\n",
                "memory/2026-05-04.md": "- Linked [[Heather Honey Co]] from the sales page.\n",
            },
        )
    }
    # fails before: each page's address was taken for a name of no kind ("contacts/hamid", "hive-inspections")
    assert not {"contacts/hamid", "hive-inspections", "apiary/swarm-log"} & names, names
    assert "Hamid Rostami" in names and "Heather Honey Co" in names, names


def test_page_address_is_a_path_or_a_slug_not_a_name() -> None:
    assert page_address("projects/garden-shed")
    assert page_address("choir-rota")
    assert page_address("notes/2026-03-01.md")
    assert not page_address("Marta Lindqvist")
    assert not page_address("python")  # one lower-case word: a topic's name as its writer links it
    assert not page_address("Projects/Atlas")  # capitals: written as a name


def test_a_type_tag_opening_a_bullet_opens_the_line() -> None:
    found = mention_kinds(
        "## Standing facts\n"
        "- [fact] Sings alto in the Elmhurst Chorale, rehearsals on Mondays.\n"
        "- [fact] Beekeeping club meets at the scout hut.\n"
        "- [pref] Gardening talk only after lunch.\n"
    )
    # fails before: the word after a tag was read as inside a sentence, a name ("Sings", "Beekeeping")
    for word in ("Sings", "Beekeeping", "Gardening"):
        assert all(how == "name_start" for _kind, how in found.get(word, set())), found
    assert "Elmhurst Chorale" in found, found


def test_a_day_stamped_before_a_colon_is_no_label() -> None:
    found = mention_kinds(
        "## Decisions\n- [decision] 4/5: Beekeeping course booked for June.\n- 9/5: Hives moved.\n"
    )
    # fails before: the word after "4/5:" was a label's value, an entity at once when rare
    assert all(how != "rare_name" for _kind, how in found.get("Beekeeping", set())), found
    assert all(how != "rare_name" for _kind, how in found.get("Hives", set())), found


def test_the_marks_match_only_a_line_s_lead() -> None:
    assert TAGGED.match("- [todo, due Fri] Ring the")
    assert TAGGED.match("* [pref] No")
    assert not TAGGED.match("- [Acme site](https://acme.test) launched")
    assert DAY_STAMPED.match("- 14/10/2026: Moved")
    assert DAY_STAMPED.match("- [decision] 2/9: Kayak")
    assert not DAY_STAMPED.match("- Bank: Triodos")


def test_a_bracketed_nickname_with_the_surname_is_the_same_person(tmp_path: Path) -> None:
    entities = workspace_entities(
        tmp_path,
        {
            "MEMORY.md": '- [person] Bartholomew Finch ("Tolly") — runs the allotment society.\n',
            "memory/2026-04-02.md": "- Tolly Finch will lend the rotavator on Saturday.\n",
            "memory/2026-04-09.md": "- Tolly rang about the water trough.\n- Tolly Finch paid the fees.\n",
        },
    )
    by_name = {e.name: e for e in entities}
    # fails before: "Tolly Finch" (the nickname and the surname) was no other name of Bartholomew Finch
    assert "Tolly Finch" not in by_name, sorted(by_name)
    assert {"Tolly", "Tolly Finch"} <= set(by_name["Bartholomew Finch"].aliases), by_name


def test_middle_initials_and_a_surname_stay_one_name() -> None:
    found = mention_kinds(
        "- Lent her Strong Poison by Margery H. Allingham; she wants the next one.\n"
        "- Tomasz K. Wright fixed the gate. Piotr W. is on call.\n"
    )
    # fails before: the run stopped at the initial ("Margery H.") and the surname stood alone
    assert "Margery H. Allingham" in found and "Allingham" not in found, found
    assert "Tomasz K. Wright" in found and "Wright" not in found, found
    assert "Piotr W." in found, found  # a surname's initial alone, as before


def test_a_log_s_past_form_label_is_no_speaker() -> None:
    log = (
        "## 09:15 session\n"
        "- Decided: the hives get new roofs before winter.\n"
        "- Decided: Hamid Rostami does the varroa count.\n"
        "- Decided: honey goes to the Saturday market.\n"
        "- Tavita: can we move the frames?\n"
        "- Tavita: done, thanks.\n"
        "- Tavita: see you Friday.\n"
    )
    found = mention_kinds(log)
    # fails before: a label opening three lines or more was a speaker, "Decided" a person
    assert ("person", "speaker") not in found.get("Decided", set()), found
    assert ("person", "speaker") in found.get("Tavita", set()), found  # an unlisted name still speaks


def test_an_association_or_union_of_something_is_one_organisation() -> None:
    found = mention_kinds(
        "- Renewed her membership of the Wessex Association of Beekeepers.\n"
        "- Ciarán wrote to the National Union of Journalists.\n"
    )
    # fails before: the run was cut at "of" ("Wessex Association", "Beekeepers")
    assert ("organisation", "typed_name") in found.get("Wessex Association of Beekeepers", set()), found
    assert "National Union of Journalists" in found and "Journalists" not in found, found


def test_a_regnal_number_before_an_institution_s_word_stays_in_the_name() -> None:
    found = mention_kinds("- Noor sat the entrance test at Queen Mary II College on Friday.\n")
    # fails before: "Queen Mary II" and "II College" were two names
    assert "Queen Mary II College" in found and "II College" not in found, found
    assert "Henry VIII" in mention_kinds("We saw the Henry VIII exhibit.\n")  # a king alone, as before


def test_a_saint_s_name_alone_is_the_place_named_after_the_saint(tmp_path: Path) -> None:
    entities = workspace_entities(
        tmp_path,
        {
            "memory/2026-03-02.md": "- Choir practice at St Brigid's tonight; Noor drove.\n",
            "memory/2026-03-09.md": "- Sang at St Brigid's on Sunday.\n",
            "memory/2026-03-12.md": "- Went to the St Brigid's spring fair with Noor.\n",
        },
    )
    by_name = {e.name: e for e in entities}
    # fails before: "St Brigid" (read before a noun) was an entity beside "St Brigid's"
    assert "St Brigid" not in by_name, sorted(by_name)
    assert "St Brigid" in by_name["St Brigid's"].aliases, by_name
