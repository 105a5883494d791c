"""A weekday a question capitalises is a time of its subject, not a name the answering line must leave
out of its subject (stage ``times``; session 23)."""

from __future__ import annotations

from mdrecall.models import Chunk, Scored
from mdrecall.search.times import apply_time_lift


def _scored(path: str, text: str, score: float) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3])
    return Scored(chunk, score, {"text": score})


def test_what_time_on_fridays_is_answered_by_the_line_naming_fridays() -> None:
    shut = _scored("memory/2027-05-03.md", "- Bank holiday, the studio shut all day.", 1.0)
    hours = _scored("memory/2027-04-28.md", "- Studio closing at 4 on Fridays from June, Ada agreed.", 0.6)
    got = apply_time_lift([shut, hours], ("time", "shut", "studio", "fridays"), names=("fridays",))
    assert got[0].chunk.path == hours.chunk.path
    # a name the question writes is still left out of the subject: Ada's other lines name her own times
    ada = _scored("memory/2027-04-29.md", "- Ada swims Mondays at 7.", 0.6)
    got = apply_time_lift([shut, ada], ("time", "shut", "studio", "ada"), names=("ada",))
    assert got[0].chunk.path == shut.chunk.path
