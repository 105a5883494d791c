from __future__ import annotations

from mdrecall.search.snippets import best_snippet, citation


def test_snippet_is_centred_on_matching_lines_not_the_head() -> None:
    lines = [f"filler line number {i} about nothing in particular" for i in range(40)]
    lines[30] = "We decided the billing API ships on Friday."
    text = "\n".join(lines)
    snip = best_snippet(text, first_line=10, terms=["billing", "api"], max_chars=200)
    assert "billing API" in snip.text
    assert len(snip.text) <= 200
    assert snip.start_line <= 40 <= snip.end_line  # file line = first_line + index
    assert snip.text.splitlines()[40 - snip.start_line].startswith("We decided")


def test_snippet_prefers_window_covering_most_terms() -> None:
    lines = ["alpha here"] + ["x" * 60] * 20 + ["alpha and beta together"] + ["y" * 60] * 20
    snip = best_snippet("\n".join(lines), 1, ["alpha", "beta"], max_chars=150)
    assert "alpha and beta together" in snip.text


def test_light_stemming_matches_word_forms() -> None:
    lines = ["nothing"] * 30 + ["They were deciding on deployments"] + ["nothing"] * 30
    snip = best_snippet("\n".join(lines), 1, ["decided", "deployment"], max_chars=60)
    assert "deciding on deployments" in snip.text


def test_long_single_line_is_cut_around_match() -> None:
    line = "a " * 1000 + "needle " + "b " * 1000
    snip = best_snippet(line, 5, ["needle"], max_chars=300)
    assert "needle" in snip.text and len(snip.text) <= 300
    assert snip.start_line == snip.end_line == 5


def test_no_match_returns_head() -> None:
    snip = best_snippet("first\nsecond\nthird", 1, ["zzz"], max_chars=700)
    assert snip.text.startswith("first")


def test_citation() -> None:
    assert citation("memory/a.md", 3, 9) == "memory/a.md#L3-L9"
    assert citation("MEMORY.md", 4, 4) == "MEMORY.md#L4"


def test_small_chunk_is_its_own_snippet_and_prefixes_must_be_word_forms() -> None:
    from mdrecall.search.snippets import pieced_snippet, term_matches

    text = "# Prefs\n- Python for data jobs\n\n## Decisions\n- PostgreSQL for bookings"
    snip = pieced_snippet(text, 3, ["database"], max_chars=700)
    assert snip.text == text and (snip.start_line, snip.end_line) == (3, 7)
    assert term_matches("Python for data jobs", frozenset({"database"})) == set()
    assert term_matches("we deployed it", frozenset({"deployment"})) == {"deployment"}


def test_a_matching_question_brings_its_answer_and_shown_lines_are_not_repeated() -> None:
    from mdrecall.search.snippets import pieced_snippet

    filler = [f"- Tom: unrelated chatter number {n} about the weather and the garden" for n in range(12)]
    lines = [
        *filler[:6],
        "- Ana: How long have you had the turtles?",
        "- Tom: Three years now, they bring me joy.",
        *filler[6:],
        "- Ana: The turtles look happy today.",
    ]
    text = "\n".join(lines)
    snip = pieced_snippet(text, 10, ["turtles"], max_chars=120)
    assert "Three years now" in snip.text  # the answer follows the question, though it holds no term
    assert 17 in snip.shown_lines() and 16 in snip.shown_lines()
    again = pieced_snippet(text, 10, ["turtles"], max_chars=120, shown=snip.shown_lines())
    assert "Three years now" not in again.text and "look happy" in again.text
    assert set(again.shown_lines()).isdisjoint(snip.shown_lines())


def test_a_speakers_name_on_every_line_does_not_crowd_out_the_reply() -> None:
    """In a conversation the speaker's name is on nearly every line: the lines holding only the name
    are not evidence, so the snippet's room goes to the neighbours of the line that matched (the
    reply after it), not to name-only lines from the top of the passage."""
    from mdrecall.search.snippets import pieced_snippet

    lines = [f"- Nate: chatter number {i} about nothing much at all, really." for i in range(10)]
    lines += ["- Nate: the turtles came home with me", "- Joanna: that was three years ago, in spring."]
    lines += [f"- Nate: more chatter number {i} about nothing." for i in range(4)]
    snip = pieced_snippet("\n".join(lines), 1, ["nate", "turtles"], max_chars=160)
    assert "the turtles came home" in snip.text
    assert "three years ago" in snip.text


def test_a_list_questions_snippet_offers_new_terms_before_repeated_ones() -> None:
    """Asked for several things, a snippet shows a line holding a term not yet shown before a fourth
    line holding the same term: "pets" on every line of a chat is one answer shown again and again."""
    from mdrecall.search.snippets import pieced_snippet

    lines = [f"- Nate: shelter pets get adopted fast, {i} of many said about it." for i in range(4)]
    lines += [f"- Joanna: filler {i} about the weather and nothing in particular here." for i in range(6)]
    lines += ["- Nate: my dog Max came home last week."]
    text = "\n".join(lines)
    terms = ["pets", "adopted", "shelter", "dog"]
    plain = pieced_snippet(text, 1, terms, max_chars=200, context=False)
    novel = pieced_snippet(text, 1, terms, max_chars=200, context=False, repeat_weight=0.2)
    assert "my dog Max" in novel.text
    assert "my dog Max" not in plain.text
