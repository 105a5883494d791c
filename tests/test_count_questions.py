"""A question asking how many is answered by a line holding a count of its subject (stage ``measures``,
dimension ``count``): "how many lambs were born this spring" → "Lambing done: 23 of 25 ewes, 31
lambs"; a question built on a past verb keeps the order, one in the present takes the latest count."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.measures import UNITS, apply_measure_lift, asked_measure
from tests.helpers import write


def test_questions_asking_how_many() -> None:
    assert asked_measure("how many lambs were born this spring") == "count"
    assert asked_measure("How many beehives do we have now?") == "count"
    assert asked_measure("how many times a week does Oskar row") is None  # how often
    assert asked_measure("how much does the calf weigh") == "weight"


def test_a_count_is_no_time_date_year_or_amount() -> None:
    count = UNITS["count"]
    assert count.search("Lambing done: 31 lambs, 2 bottle-fed")
    assert count.search("- 12 May: 97/110 found")
    for line in ("shearing at 16:30", "vet on 3/4", "since 2019", "paid $45", "20% fewer", "on 3 May"):
        assert not count.search(line), line


def test_a_count_may_group_its_thousands_with_commas() -> None:
    count = UNITS["count"]
    assert count.search("Turnout: 2,350 at the gate, best year yet")
    assert count.search("- counted 1,204,300 starlings over the reed bed")
    for line in ("raised €12,400 for the roof", "1,250.75 owed", "paid $3,000"):
        assert not count.search(line), line


def test_a_count_in_thousands_lifts_its_line() -> None:
    plan = _scored("projects/fair.md", "# Craft fair\n\n- gate opens at ten, the fair runs both days", 1.0)
    done = _scored("memory/2031-09-14.md", "- Fair over: 2,350 through the gate, record", 0.6)
    lifted = apply_measure_lift([plan, done], ("many", "came", "fair"), "count", "how many came to the fair")
    assert [s.chunk.path for s in lifted] == ["memory/2031-09-14.md", "projects/fair.md"]


def _scored(path: str, text: str, score: float) -> Scored:
    day = path[-13:-3] if path.startswith("memory/") else None
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=day), score, {})


def test_the_line_with_a_count_of_the_subject_is_lifted() -> None:
    plan = _scored("projects/lambing.md", "# Lambing\n\n- lambs due from March, pens ready", 1.0)
    done = _scored("memory/2031-04-20.md", "- Lambing over: 31 lambs from 25 ewes", 0.6)
    lifted = apply_measure_lift([plan, done], ("many", "lambs", "born"), "count", "how many lambs were born")
    assert [s.chunk.path for s in lifted] == ["memory/2031-04-20.md", "projects/lambing.md"]


def test_a_past_question_keeps_the_order_a_present_one_takes_the_latest(tmp_path: Path) -> None:
    write(tmp_path, "memory/2031-03-02.md", "# 2031-03-02\n\n- Hive count: 6 hives at the orchard site\n")
    write(tmp_path, "memory/2031-05-10.md", "# 2031-05-10\n\n- lost 2 to the cold; 4 hives left\n")
    write(tmp_path, "memory/2031-05-11.md", "# 2031-05-11\n\n- orchard mowed, hives quiet\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        now = mem.search("how many hives do we have at the orchard", max_results=3, min_score=0.0)
        assert now[0].path == "memory/2031-05-10.md"
        then = mem.search("how many hives stood at the orchard site in March", max_results=3, min_score=0.0)
        assert then[0].path == "memory/2031-03-02.md"


def test_a_tally_of_events_over_time_is_not_a_stated_count() -> None:
    """ "How many regattas has Imogen sailed in?" counts events across the notes (no line states it):
    lifting the lines that hold a number pushed those events out of the top 5 (LoCoMo multi-hop). A count
    a line states is still asked ("how many moorings does the club have", "how many boats did we haul")."""
    assert asked_measure("How many regattas has Imogen sailed in?") is None
    assert asked_measure("how many concerts have we played this year") is None
    assert asked_measure("how many moorings does the club have") == "count"
    assert asked_measure("how many boats did we haul out in October") == "count"


def test_a_number_naming_one_of_the_counted_things_is_no_count() -> None:
    # "berth 12" names a berth, "for 40 mins" measures a wait, "9 to 5" spans the office hours
    page = _scored("marina/about.md", "# Marina\n\n- our boat is on berth 12, pontoon C", 1.0)
    wait = _scored("memory/2031-05-02.md", "- pontoon C berths: queued at the fuel dock for 40 mins", 0.95)
    hours = _scored("memory/2031-05-03.md", "- marina office on the berths pontoon, 9 to 5.", 0.9)
    count = _scored("memory/2031-04-01.md", "- harbour master: 64 berths let this season", 0.6)
    q = "how many berths are on pontoon C"
    lifted = apply_measure_lift([page, wait, hours, count], ("many", "berths", "pontoon"), "count", q)
    assert lifted[0].chunk.path == "memory/2031-04-01.md"
    assert [s.score for s in lifted[1:]] == [1.0, 0.95, 0.9]
    # a question counting minutes keeps them: "40 mins" is its count
    q = "how many minutes did we queue at the fuel dock"
    lifted = apply_measure_lift([page, wait], ("many", "minutes", "queue", "fuel", "dock"), "count", q)
    assert "measures" in lifted[0].stages and lifted[0].chunk.path == "memory/2031-05-02.md"
