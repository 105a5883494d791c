"""New questions (session 23): a question about the present is answered by the dated note telling its
subject changed (stage ``current``: :func:`~mdrecall.search.news_lift.lift_news`)."""

from __future__ import annotations

from mdrecall.models import Chunk, Scored
from mdrecall.search.news_lift import lift_news


def _scored(path: str, text: str, score: float, dated: bool = True) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3] if dated else None)
    return Scored(chunk, score, {"text": score})


def test_the_note_telling_the_change_is_placed_first() -> None:
    page = _scored("projects/studio.md", "- Office: Tuesdays and Thursdays, desk 4", 1.0, dated=False)
    chat = _scored("memory/2027-05-02.md", "- office kettle broke, bought a new one", 0.8)
    news = _scored("memory/2027-04-20.md", "- I'm down to one office day a week from June", 0.5)
    got = lift_news([page, chat, news], ("many", "days", "office"))
    assert [s.chunk.path for s in got] == [news.chunk.path, page.chunk.path, chat.chunk.path]
    assert got[0].score == 1.0 and "current" in got[0].stages
    # a change line another line superseded, or one scoring far below the best, is left where it was
    gone = Scored(news.chunk, 0.5, {}, superseded_by="memory/2027-05-01.md#L3")
    assert lift_news([page, chat, gone], ("many", "days", "office"))[0] is page
    far = _scored("memory/2027-04-20.md", "- I'm down to one office day a week from June", 0.3)
    assert lift_news([page, chat, far], ("many", "days", "office"))[0] is page
    # a line naming the subject that tells no change is not news
    plain = _scored("memory/2027-04-20.md", "- Two office days this week, busy", 0.5)
    assert lift_news([page, chat, plain], ("many", "days", "office"))[0] is page


def test_the_change_line_holds_the_names_but_not_an_adjective_of_a_people() -> None:
    page = _scored("people/jonas.md", "- Buyer at Nordfisk, pays 1.10 a kilo", 1.0, dated=False)
    news = _scored("memory/2027-04-20.md", "- Jonas: price from May is 1.25 a kilo, new list sent", 0.6)
    other = _scored("memory/2027-04-22.md", "- Mette: price from May is 2 a crate", 0.7)
    terms = ("danish", "buyer", "paying", "kilo")
    got = lift_news([page, other, news], terms, names=("danish",))  # "the Danish buyer": no one's name
    assert got[0] is not page and got[0].chunk.path == news.chunk.path  # it holds more of the question
    # a name the question writes must be on the line: Mette's note says nothing of Jonas
    assert lift_news([page, other], ("jonas", "price"), names=("jonas",))[0] is page
