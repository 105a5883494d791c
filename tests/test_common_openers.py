"""A frequent word opening a sentence before a verb of speech or will ("Compliance says", "Maintenance
wants") is a team or a role, not a person; a given name there ("Okoro says", "Hope wants") still is one."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _kinds(text: str) -> dict[str, str]:
    return {m.name: m.kind for m in extract_entities(text, "2031-05-04", "memory/2031-05-04.md").mentions}


def test_a_department_before_says_is_no_person() -> None:
    assert _kinds("- Compliance says the bonus lands in June.\n").get("Compliance") != "person"


def test_a_role_before_wants_is_no_person() -> None:
    assert _kinds("- Maintenance wants the meter reading by the weekend.\n").get("Maintenance") != "person"


def test_a_field_before_a_verb_is_no_person() -> None:
    assert _kinds("- Management signed off on the new rota.\n").get("Management") != "person"


def test_a_rare_surname_still_a_person() -> None:
    assert _kinds("- Okoro says the scaffolding comes down Monday.\n").get("Okoro") == "person"


def test_a_given_name_that_is_a_word_still_a_person() -> None:
    assert _kinds("- Hope wants the slides before lunch.\n").get("Hope") == "person"


def test_a_surname_built_like_a_noun_still_a_person() -> None:
    assert _kinds("- Manning wants the draft by Thursday.\n").get("Manning") == "person"
