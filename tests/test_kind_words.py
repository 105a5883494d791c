"""A question asking for the instances of a common kind ("what instruments", "which martial arts")
finds the lines naming one, through the WordNet table of kinds (issue 29, part 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.text.kind_words import asked_instances, number_forms
from mdrecall.text.query import asks_for_list, build_keyword_query
from tests.helpers import write


def test_a_question_asking_for_a_kind_gets_its_instances() -> None:
    found = asked_instances("What instruments does Melanie play?")
    assert {"clarinet", "violin", "piano"} <= set(found)
    assert "bass" not in found  # its most frequent sense is a pitch, not the instrument
    assert {"judo", "karate"} <= set(asked_instances("What martial arts has John done?"))
    assert "postgresql" in asked_instances("what database did we pick and why")
    countries = asked_instances("What European countries has Maria been to?")
    assert {"spain", "england"} <= set(countries) and "us" not in countries  # a pronoun, in every note
    assert "oregon" in asked_instances("What states has Maria vacationed at?")
    assert "me" not in asked_instances("What states has Maria vacationed at?")


def test_the_kind_must_be_what_is_asked_for() -> None:
    assert asked_instances("What does Jon's dance studio offer?") == ()  # asks for no dances
    assert asked_instances("when did Mel play the instrument?") == ()  # one thing, not a list
    assert asked_instances("what did we decide") == ()


def test_the_instances_are_searched_and_shown_but_only_when_asked() -> None:
    kq = build_keyword_query("What instruments does Mel play?", kinds=True)
    assert "violin" in kq.all_terms and "violin" in kq.snippet_terms
    assert kq.fts is not None and '"violin"' in kq.fts
    assert build_keyword_query("What instruments does Mel play?").instances == ()


def _workspace(root: Path) -> None:
    notes = {
        "2026-03-02": "Mel will play tennis with Ana on Sunday.",
        "2026-03-03": "Mel practises the violin before work.",
        "2026-03-04": "Ana fixed the boiler.",
        "2026-03-05": "Ana and Bo cooked dinner.",
        "2026-03-06": "Bo booked the flights.",
    }
    for day, line in notes.items():
        write(root, f"memory/{day}.md", f"# {day}\n\n{line}\n")


def _top(root: Path, query: str, skip: list[str]) -> str:
    over = {"embedding": {"provider": "none"}, "search": {"skip_stages": skip}}
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        hits = mem.search(query, max_results=3, min_score=0.0)
    finally:
        mem.close()
    return hits[0].citation.split("#")[0] if hits else ""


def test_what_instruments_finds_the_violin_without_the_word(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert _top(tmp_path, "What instruments does Mel play?", []) == "memory/2026-03-03.md"
    # without the kinds stage the keyword leg ranks the line sharing "play" first
    assert _top(tmp_path, "What instruments does Mel play?", ["kinds"]) == "memory/2026-03-02.md"


def test_a_kind_word_in_the_other_number_than_the_table_lists_it() -> None:
    # the tables list "broker", "cloud", "datastore", "startup(s)": the other number asks the same kind
    assert {"kafka", "rabbitmq"} <= set(asked_instances("which message brokers do we run?"))
    assert "hetzner" in asked_instances("which clouds do we deploy to?")
    assert "duckdb" in asked_instances("what datastores do we use?")
    assert number_forms("categories") == ("categories", "category")
    assert number_forms("queue") == ("queue", "queues")


def test_which_brokers_finds_the_note_naming_one(tmp_path: Path) -> None:
    notes = {
        "2026-03-02": "We run the billing jobs nightly.",
        "2026-03-03": "Billing events go through RabbitMQ now.",
        "2026-03-04": "Bo fixed the billing export.",
    }
    for day, line in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{line}\n")
    assert _top(tmp_path, "which brokers do we run for billing?", []) == "memory/2026-03-03.md"


def test_a_list_question_is_recognised() -> None:
    assert asks_for_list("What books has Tim read?")
    assert asks_for_list("Which European countries has Maria been to?")
    assert not asks_for_list("What is Caroline's identity?")
    assert not asks_for_list("what database did we pick and why")


@pytest.mark.parametrize(
    "question",
    [
        "Where has Ana hiked this year?",
        "what have the kids built with the lego?",
        "What are Ana's favourite films?",
        "what kinds of tea does Bo drink",
        "How many times did the boiler break?",
    ],
)
def test_the_present_perfect_a_named_plural_and_a_count_ask_for_several(question: str) -> None:
    assert asks_for_list(question)


@pytest.mark.parametrize(
    "question", ["Where has Ana been working lately?", "What is Ana's address?", "who owns billing now"]
)
def test_one_answer_questions_stay_so(question: str) -> None:
    assert not asks_for_list(question)


def test_a_list_question_keeps_the_weaker_answers(tmp_path: Path) -> None:
    """ "Which places has Jon visited?" has several answers, each sharing few words with it: the note
    naming Rome scores under ``min_score`` beside the one sharing "visited", and is kept all the same."""
    notes = {
        "2026-03-02": "Jon visited the new gym.",
        "2026-03-03": "Took a short trip to Rome last week, Jon said.",
        "2026-03-04": "Ana fixed the boiler.",
        "2026-03-05": "Ana and Bo cooked dinner.",
        "2026-03-06": "Bo booked the flights.",
    }
    for day, line in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{line}\n")
    for skip, want in (([], 2), (["kinds"], 1)):
        over = {"embedding": {"provider": "none"}, "search": {"skip_stages": skip}}
        mem = Memory.open(tmp_path, Config().merged(over), create=True)
        try:
            mem.index()
            assert len(mem.search("Which places has Jon visited?", max_results=5)) == want
        finally:
            mem.close()


def test_what_breed_asks_for_the_kinds_of_dog_and_cat_not_the_animal() -> None:
    found = set(asked_instances("what breed is Pepper?"))
    assert {"beagle", "spaniel", "terrier", "whippet"} <= found
    assert "dog" not in found and "domestic dog" not in found  # the animal is no breed of itself


def test_what_breed_finds_the_pet_page_naming_one(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/pets.md",
        "# Pepper\n\nA beagle mix, rescued in 2021.\n\n- Dinner: one scoop, no grapes\n- Vet: Dr Okafor\n",
    )
    for day, line in {
        "2026-05-01": "Pepper ate a sock. Again.",
        "2026-05-02": "Walked Pepper by the canal, Pepper met Juno.",
        "2026-05-03": "Pepper groomed: Pepper hates the dryer.",
    }.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n- {line}\n")
    assert _top(tmp_path, "what breed is Pepper", []) == "memory/pets.md"
    assert _top(tmp_path, "what breed is Pepper", ["kinds"]) != "memory/pets.md"
