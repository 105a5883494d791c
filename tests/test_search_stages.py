"""The distinct-hit and query-focused stages as pure functions, on hand-built lists."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.citations import fact_key, group_by_citation, repeats
from mdrecall.search.ranking import Scored
from mdrecall.search.snippets import pieced_snippet
from mdrecall.search.supersede_wording import apply_supersession, query_names
from mdrecall.text.query import build_keyword_query, query_intent


def scored(path: str, start: int, end: int, score: float, text: str = "x", date: str | None = None) -> Scored:
    chunk = Chunk(path, "memory", start, end, text, f"h{path}{start}{end}", date=date)
    return Scored(chunk, score)


def test_chunks_citing_overlapping_lines_of_one_file_are_one_group() -> None:
    ranked = [
        scored("a.md", 10, 20, 0.9),
        scored("a.md", 15, 25, 0.8),  # overlaps the first: joins it
        scored("b.md", 10, 20, 0.7),
        scored("a.md", 30, 40, 0.6),
        scored("a.md", 24, 31, 0.5),  # reaches both groups of a.md: one group
    ]
    groups = group_by_citation(ranked)
    assert [(g.path, g.start, g.end, g.ranks) for g in groups] == [
        ("a.md", 10, 40, [0, 1, 4, 3]),
        ("b.md", 10, 20, [2]),
    ]
    assert [g.path for g in group_by_citation(ranked, limit=1)] == ["a.md"]


def test_the_same_fact_in_other_words_of_markup_is_recognised() -> None:
    said = "Decision: we will ship Kestrel on Friday after the load test passes."
    noted = f"- decision: {said} (memory/conversations/2026-11-26-s1.md#L5)"
    assert fact_key(noted) == fact_key(said) == fact_key(f"- **User**: {said}")
    shown = [fact_key("# Conversation"), fact_key(said)]
    assert repeats([noted], shown) == 1
    assert repeats([noted, "we will ship Osprey on Monday instead of Kestrel"], shown) is None
    assert repeats(["ok thanks"], shown) is None  # too short to be a fact


def test_a_later_change_line_lifts_above_what_it_supersedes() -> None:
    old = scored("memory/2026-01-10.md", 3, 3, 0.9, "- We use MySQL for the booking database.", "2026-01-10")
    other = scored("memory/2026-02-01.md", 3, 3, 0.5, "- booking a table for lunch", "2026-02-01")
    new = scored(
        "memory/2026-03-02.md", 3, 3, 0.3, "- We moved the booking database to PostgreSQL.", "2026-03-02"
    )
    out = apply_supersession([old, other, new], ["booking", "database"])
    assert [s.chunk.path for s in out] == [
        "memory/2026-03-02.md",
        "memory/2026-01-10.md",
        "memory/2026-02-01.md",
    ]
    assert out[0].stages["supersede"] > 0.9 and out[0].superseded_by is None
    assert out[1].superseded_by == "memory/2026-03-02.md#L3 (2026-03-02)"
    assert out[2].superseded_by is None  # it does not hold the changed thing ("database")
    # no change wording, or an earlier date: nothing moves
    same = scored("memory/2026-03-02.md", 3, 3, 0.3, "- The booking database is slow.", "2026-03-02")
    assert apply_supersession([old, same], ["booking", "database"]) == [old, same]
    early = scored(
        "memory/2025-12-01.md", 3, 3, 0.3, "- We moved the booking database to MySQL.", "2025-12-01"
    )
    assert apply_supersession([old, early], ["booking", "database"]) == [old, early]


def test_a_change_line_that_shares_only_names_with_the_question_supersedes_nothing() -> None:
    """A conversation's later turn that says "instead of" about something else, by or to a person the
    question names, does not mark that person's earlier lines (LoCoMo: "Nate: … coconut oil instead of
    butter" marked every earlier chunk of Nate's); a change about the question's topic still does."""
    question = "When did Nate get his first two turtles?"
    kq = build_keyword_query(question)
    assert query_names(question) == ["nate"]
    old = scored(
        "memory/2022-01-23.md", 3, 3, 0.9, "- Nate: I got my first two turtles three years ago.", "2022-01-23"
    )
    butter = scored(
        "memory/2022-09-05.md",
        19,
        19,
        0.4,
        "- Nate: You can use coconut oil instead of butter.",
        "2022-09-05",
    )
    thanks = scored(
        "memory/2022-09-14.md",
        7,
        7,
        0.3,
        "- Joanna: Thanks, Nate. I now have an external drive.",
        "2022-09-14",
    )
    out = apply_supersession([old, butter, thanks], kq.terms, names=query_names(question))
    assert [s.superseded_by for s in out] == [None, None, None]
    turtles = scored(
        "memory/2022-10-01.md",
        4,
        4,
        0.4,
        "- Nate: I moved my first two turtles to a bigger tank.",
        "2022-10-01",
    )
    likely = "Is it likely that Nate has friends besides Joanna?"  # "likely" and "like" share a stem
    friends = scored(
        "memory/2022-01-21.md", 3, 3, 0.9, "- Nate: My friends from the gym came over.", "2022-01-21"
    )
    lone = apply_supersession([friends, butter], build_keyword_query(likely).terms, names=query_names(likely))
    assert [s.superseded_by for s in lone] == [None, None]
    marked = apply_supersession([old, turtles], kq.terms, names=query_names(question))
    assert marked[1].superseded_by == "memory/2022-10-01.md#L4 (2022-10-01)"


def test_question_intent_and_its_keywords() -> None:
    assert query_intent("What should I cook tonight?") == "prefer"
    assert query_intent("Any restaurant you'd recommend?") == "prefer"
    assert query_intent("How many times did we deploy in total?") == "gather"
    assert query_intent("When is the Kestrel launch?") is None
    kq = build_keyword_query("what should I cook tonight?", intent="prefer")
    assert kq.terms == ("cook", "tonight") and "preference" in kq.cues and "preference" in kq.snippet_terms


def test_long_terms_also_match_as_prefixes() -> None:
    kq = build_keyword_query("postgres on k8s nodes", prefixes=True)
    assert kq.prefixes == ("postgres",)  # "nodes" and "k8s" are too short
    assert kq.fts is not None and kq.fts.endswith('OR "postgres"*')
    assert build_keyword_query("postgres").prefixes == ()


def test_a_line_scorer_chooses_the_line_that_answers_in_other_words() -> None:
    lines = [f"- filler line number {i} about nothing at all, padded to length" for i in range(30)]
    lines[5] = "- what should I cook tonight?"
    lines[25] = "- I've been vegetarian since March."
    text = "\n".join(lines)
    plain = pieced_snippet(text, 1, ["cook"], max_chars=200)
    assert "vegetarian" not in plain.text

    def scorer(ls: object) -> list[float]:
        return [1.0 if "vegetarian" in line else 0.0 for line in lines]

    focused = pieced_snippet(text, 1, ["cook"], max_chars=200, line_scorer=scorer)
    assert "vegetarian" in focused.text and "cook tonight" in focused.text
    broken = pieced_snippet(text, 1, ["cook"], max_chars=200, line_scorer=lambda ls: [1.0])  # wrong length
    assert broken == plain


def test_lines_that_state_other_numbers_are_other_facts() -> None:
    """A later line that changes a time or an amount is not a repeat of the earlier one, however many
    words they share: it must get its own hit, not only a citation in the earlier hit's ``also``."""
    before = "- Standup moved to 9:30 on Mondays for the platform team"
    after = "- Standup moved to 10:30 on Mondays for the platform team"
    assert repeats([after], [fact_key(before)]) is None
    assert repeats([before.replace("- ", "- **Ana**: ")], [fact_key(before)]) == 0  # same numbers: a repeat
