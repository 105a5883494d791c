"""Questions answered in the top 3 (issue 29, item 4), round 17: an amount under a heading naming the
subject answers "how much"; a dotted date ends no clause; a "when is" question prefers the time still
ahead over a one-off day already past."""

from __future__ import annotations

from datetime import date

from mdrecall.models import Chunk, Scored
from mdrecall.search.amounts import apply_amount_lift
from mdrecall.search.places import whereabouts_kinds
from mdrecall.search.snippets import headed_lines
from mdrecall.search.times import apply_time_lift


def _scored(path: str, text: str, score: float, day: str | None = None, heading: str = "") -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, heading=heading, date=day)
    return Scored(chunk, score, {"text": score})


def test_a_line_stands_under_its_heading() -> None:
    text = "# Rooftop garden\nQuote: $3,400\n## Plants\n- tomatoes"
    assert [u for _, u in headed_lines(text, "Projects")] == [
        "Rooftop garden",
        "Rooftop garden",
        "Plants",
        "Plants",
    ]
    assert [u for _, u in headed_lines("- tomatoes\n#hashtag", "Projects > Garden")] == [
        "Projects > Garden"
    ] * 2


def test_an_amount_under_the_subjects_heading_answers_how_much() -> None:
    page = "# Treehouse for the twins\n\nCarpenter: Oskar Lind\nQuote: $4,200 timber and labour\n- [ ] ladder"
    chat = "# 2031-05-02\n- the treehouse needs a rope ladder, and the twins want a flag on the treehouse"
    ranked = apply_amount_lift(
        [_scored("notes/chat.md", chat, 0.9, "2031-05-02"), _scored("home/treehouse.md", page, 0.5)],
        ("much", "treehouse", "cost"),
    )
    assert ranked[0].chunk.path == "home/treehouse.md"
    # the chunk's heading path counts where the text opens under no heading of its own
    ranked = apply_amount_lift(
        [
            _scored("notes/chat.md", chat, 0.9, "2031-05-02"),
            _scored("home/plans.md", "Quote: $4,200 timber and labour", 0.5, heading="Plans > Treehouse"),
        ],
        ("much", "treehouse", "cost"),
    )
    assert ranked[0].chunk.path == "home/plans.md"


def test_a_dotted_date_ends_no_clause() -> None:
    """ "The recital is now 14.6. instead of 7.6." names its time in one clause."""
    told = _scored(
        "memory/2031-05-20.md", "- The recital is now 14.6. instead of 7.6., same hall.", 0.5, "2031-05-20"
    )
    other = _scored(
        "memory/2031-05-02.md", "- recital rehearsal went long, Pia cried after.", 0.9, "2031-05-02"
    )
    ranked = apply_time_lift([other, told], ("recital",), today=date(2031, 5, 25))
    assert ranked[0].chunk.path == told.chunk.path


def test_a_when_question_prefers_the_day_still_ahead() -> None:
    """Asked on 1 March, "when is the kiln firing" is answered by the firing set for 12 March, not the one
    moved to a Thursday of January; a standing time (Saturdays 10:00) is never past."""
    moved = _scored(
        "memory/2031-01-10.md", "- kiln firing moved to next Thursday, Bea has flu", 0.9, "2031-01-10"
    )
    now = _scored("memory/2031-02-20.md", "- kiln firing is now on 12 March", 0.5, "2031-02-20")
    ranked = apply_time_lift([moved, now], ("kiln", "firing"), today=date(2031, 3, 1))
    assert [s.chunk.path for s in ranked] == [now.chunk.path, moved.chunk.path]
    weekly = _scored("studio/rota.md", "- glaze kiln firing: Saturdays 10:00", 0.8)
    ranked = apply_time_lift([moved, weekly, now], ("kiln", "firing"), today=date(2031, 3, 1))
    assert [s.chunk.path for s in ranked] == [weekly.chunk.path, now.chunk.path, moved.chunk.path]
    # nothing still ahead: the past days are lifted as before (a question about a past event)
    ranked = apply_time_lift([moved, weekly], ("kiln", "firing"), today=date(2031, 3, 1))
    assert "times" in ranked[0].stages and "times" in ranked[1].stages


def test_where_someone_works_is_answered_by_an_employer_too() -> None:
    """ "where does Oskar work now": an employer ("starts at Kongsberg Gruppen") answers it as a town does;
    where someone lives, only a place."""
    assert whereabouts_kinds("where does Oskar work now") == ("place", "organisation")
    assert whereabouts_kinds("where is Ines working these days?") == ("place", "organisation")
    assert whereabouts_kinds("where does Oskar live now") == ("place",)
