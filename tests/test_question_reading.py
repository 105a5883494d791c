"""How a question's own words are read before search (issue 29): which way its date points, which
"languages" it asks for, and when it asks what someone likes."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.kinds import asked_entity_kinds
from mdrecall.text.query import asks_for_code_language, build_keyword_query, query_intent
from tests.helpers import write

JAN_20 = date(2027, 1, 20)  # a Wednesday
MAR_8 = date(2027, 3, 8)


def _days(question: str, today: date) -> tuple[str, ...]:
    return build_keyword_query(question, today=today).dates


def test_a_deadline_asked_before_it_is_the_coming_one() -> None:
    assert _days("what is due by 1 February", JAN_20) == ("2027-02-01",)
    assert _days("what is on 6 April", MAR_8) == ("2027-04-06",)
    assert _days("what is due Friday", JAN_20) == ("2027-01-22",)
    # asked five weeks after it, "by 1 February" is the one just past, not next year's
    assert _days("what is due by 1 February", MAR_8) == ("2027-02-01",)
    assert _days("what did we do on 14 February", JAN_20) == ("2026-02-14",)
    assert _days("what did we do on Friday", JAN_20) == ("2027-01-15",)
    assert _days("what happened between 3 and 9 May", JAN_20) == ("2026-05-09",)


def test_programming_languages_are_technologies_not_spoken_languages() -> None:
    q = "what programming languages does Hollowtide use"
    assert asks_for_code_language(q)
    assert "technology" in asked_entity_kinds(q)
    instances = build_keyword_query(q, kinds=True).instances
    assert "french" not in instances and "english" not in instances
    spoken = "what languages does Lena speak"
    assert not asks_for_code_language(spoken)
    assert "technology" not in asked_entity_kinds(spoken)
    assert "french" in build_keyword_query(spoken, kinds=True).instances


def test_what_things_someone_likes_is_a_preference_question() -> None:
    assert query_intent("what TV shows does Arlo like") == "prefer"
    assert query_intent("which games does Mel enjoy") == "prefer"
    assert query_intent("what did the report say about the tests") is None


def test_a_question_for_programming_languages_finds_the_stack_line(tmp_path: Path) -> None:
    write(
        tmp_path,
        "projects/hollowtide.md",
        "# Hollowtide\n\nFishing game by Lantern Moth.\n\n"
        "- Engine: Godot 4, scripts in GDScript.\n- Audio: FMOD Studio.\n",
    )
    write(tmp_path, "memory/2027-01-11.md", "# 2027-01-11\n\n- Hollowtide milestone: marsh ambience.\n")
    write(tmp_path, "memory/2027-01-12.md", "# 2027-01-12\n\n- Hollowtide goal: a vertical slice.\n")
    write(tmp_path, "memory/2027-01-13.md", "# 2027-01-13\n\n- Sent the Hollowtide mix to Aroha.\n")
    cfg = Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["projects"]})
    mem = Memory.open(tmp_path, cfg, create=True)
    mem.index()
    hits = mem.search("what programming languages does Hollowtide use", max_results=3, min_score=0.0)
    assert hits and hits[0].path == "projects/hollowtide.md"
