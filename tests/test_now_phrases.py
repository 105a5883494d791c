"""A phrase that only says "now" ("these days", "at the moment") asks when, not what: its words are no
keywords, so "14 days' notice" does not answer "what is the tortoise eating these days"."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.query import build_keyword_query
from mdrecall.text.tense import without_now_phrases
from tests.helpers import write


def test_now_phrases_leave_the_keywords() -> None:
    assert build_keyword_query("what is the tortoise eating these days").terms == ("tortoise", "eating")
    assert "moment" not in build_keyword_query("which bank do we use at the moment").terms
    assert "present" not in build_keyword_query("who chairs the board at present").terms
    # a moment someone tells of, days asked for, stay
    assert "moment" in build_keyword_query("what was the moment Ines knew").terms
    assert "days" in build_keyword_query("what days is the pool open").terms
    assert without_now_phrases(["these"]) == ["these"]


def test_these_days_does_not_match_days_of_another_subject(tmp_path: Path) -> None:
    write(tmp_path, "pets/tolstoy.md", "# Tolstoy\n\n- Tortoise, about forty.\n- Eating dandelions, kale.\n")
    write(
        tmp_path,
        "club/notice.md",
        "# Allotment club\n\n- Tolstoy's pen: 14 days notice to move it\n- Open days: first Sunday, rain days"
        " moved\n",
    )
    over: dict[str, object] = {"embedding": {"provider": "none"}, "extra_paths": ["club", "pets"]}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        q = "what is Tolstoy eating these days"
        hits = mem.search(q, max_results=2, min_score=0.0, today=date(2031, 6, 20))
    assert [h.path for h in hits] == ["pets/tolstoy.md", "club/notice.md"]
    assert hits[1].score < 0.5 * hits[0].score  # the notice's "days" were as good as "eating" before
