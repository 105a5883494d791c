"""Salience rules: each built-in kind on real sentences, what is never noted, and user rules from config."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import load_config
from mdrecall.errors import ConfigError
from mdrecall.text.salience import RULES, compile_rules, find_notes, sentences, states


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("TODO: rotate the staging certificates.", "todo"),
        ("We decided to keep the monolith for now.", "decision"),
        ("Let's go with Postgres for the team store.", "decision"),
        ("Remember that Alice is on leave in March.", "remember"),
        ("I prefer tabs over spaces in Go code.", "preference"),
        ("We never deploy on Fridays.", "preference"),
        ("I'm allergic to most reptiles and animals with fur.", "preference"),
        ("I've been vegetarian since March, so no meat at the team lunch.", "preference"),
        ("We don't eat pork at home.", "preference"),
        ("I will send the invoice to the client.", "commitment"),
        ("Now I'm gonna submit it to some film festivals.", "commitment"),
        ("My sister's birthday is on the 4th.", "fact"),
        ("Bob's manager approved the rollout.", "fact"),
        ("I just signed up Nike for a basketball shoe deal.", "fact"),
        ("I'm currently considering sports brands like Nike.", "fact"),
        ("The review happened on March 3rd.", "date"),
        ("The trip is planned for 2026-07-14.", "date"),
        ("The quote came to $4,200 in total.", "amount"),
        ("Latency dropped 40% after the change.", "amount"),
    ],
)
def test_each_kind_is_noted(text: str, kind: str) -> None:
    notes = find_notes(text)
    assert [n.kind for n in notes] == [kind], notes
    assert notes[0].text == text


@pytest.mark.parametrize(
    "text",
    [
        "Did we decide to use Postgres?",  # a question asks, it does not state
        "Hey Mel! Good to see you!",
        "Thanks, that means a lot.",
        "I'll do my best to make it work.",  # a promise without content
        "We got this!",
        "My api_key = sk-live-abcdefghijklmnop1234 for the record.",  # a secret is never copied into a note
        "ok",
    ],
)
def test_small_talk_questions_and_secrets_are_not_noted(text: str) -> None:
    from mdrecall.text.redact import redact

    assert find_notes(redact(text)) == []


def test_sentences_split_lists_and_lines_and_limit_notes() -> None:
    text = "- We decided on Lisbon.\n- I prefer window seats. And I will book flights by Friday."
    assert sentences(text) == [
        "We decided on Lisbon.",
        "I prefer window seats.",
        "And I will book flights by Friday.",
    ]
    assert [n.kind for n in find_notes(text)] == ["decision", "preference", "commitment"]
    assert len(find_notes(text, limit=2)) == 2
    long = "We decided " + "very " * 100 + "carefully."
    assert len(find_notes(long)[0].text) == 300 and find_notes(long)[0].text.endswith("…")


def test_user_rules_extend_the_table_and_bad_patterns_are_named(ws: Path) -> None:
    (ws / ".mdrecall.toml").write_text(
        "[capture.rules]\nincident = ['\\b(outage|postmortem)\\b']\ndecision = ['\\bship it\\b']\n"
    )
    cfg = load_config(ws)
    rules = compile_rules(cfg.capture.rules)
    assert len(rules) == len(RULES) + 2
    assert [n.kind for n in find_notes("The outage lasted an hour overnight.", rules)] == ["incident"]
    assert find_notes("The outage lasted an hour overnight.") == []  # not a built-in rule
    with Memory.open(ws, cfg) as mem:
        res = mem.capture_turn("Postmortem is written, ship it now please.", session="rules")
    assert res.notes == ["decision: Postmortem is written, ship it now please."]  # decision comes first
    with pytest.raises(ConfigError, match=r"capture.rules.broken: invalid pattern"):
        compile_rules({"broken": ["(unclosed"]})


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(?:[a-z0-9]+[_\-])*secret", r"(\w+)\1"])
def test_user_rules_that_can_backtrack_forever_are_refused(pattern: str) -> None:
    with pytest.raises(ConfigError, match=r"capture\.rules\.mine"):
        compile_rules({"mine": [pattern]})


def test_rules_read_bounded_sentences() -> None:
    rules = compile_rules({"long": [r"a{1,5}b"]})
    text = "x" + "a" * 100_000 + "b"
    assert find_notes(text, rules) == []  # the sentence is cut before the rule sees it


def test_states_reads_each_sentence_and_never_a_question() -> None:
    assert states("preference", "- User: Hi.\n- User: I've been vegan for years, by the way.")
    assert not states("preference", "- User: Do you like sushi?\n- Assistant: Here is the agenda.")
    assert not states("preference", "The deploy failed again on staging.")
    assert not states("no-such-kind", "I prefer tea.")
