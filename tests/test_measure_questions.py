"""A question asking a measure of its subject ("how much does Biscuit weigh?") is answered by the latest
line naming a quantity of that dimension, not by an older line sharing the question's verb (issue 29,
questions: an answer's type)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.measures import asked_measure
from tests.helpers import write


def _memory(root: Path, skip: tuple[str, ...] = ()) -> Memory:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    mem.index()
    return mem


def _workspace(root: Path) -> None:
    write(root, "memory/2026-05-02.md", "# 2026-05-02\n\n- Biscuit weighed at the vet, 480 g, shell fine.\n")
    write(root, "memory/2026-06-11.md", "# 2026-06-11\n\n- Weigh the parcel for Oma before posting.\n")
    write(
        root,
        "memory/2026-09-20.md",
        "# 2026-09-20\n\n- Vet check for Biscuit: 530 g now, beak trimmed.\n- Bought dandelion seeds.\n",
    )


def _first(mem: Memory, query: str) -> str:
    return mem.search(query, max_results=3, min_score=0.0)[0].citation.split("#")[0]


def test_the_latest_weight_answers_a_weight_question(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert _first(_memory(tmp_path), "how much does Biscuit weigh") == "memory/2026-09-20.md"


def test_the_stage_off_keeps_the_keyword_order(tmp_path: Path) -> None:
    _workspace(tmp_path)
    # the older line shares "weigh" with the question: the keyword leg ranks it first
    off = _memory(tmp_path, skip=("measures",))
    assert _first(off, "how much does Biscuit weigh") == "memory/2026-05-02.md"


def test_a_question_about_a_past_measure_keeps_the_order(tmp_path: Path) -> None:
    _workspace(tmp_path)
    mem = _memory(tmp_path)
    assert _first(mem, "how much did Biscuit weigh at the vet") == "memory/2026-05-02.md"


def test_the_asked_dimension() -> None:
    assert asked_measure("How much does the suitcase weigh?") == "weight"
    assert asked_measure("how heavy is the canoe") == "weight"
    assert asked_measure("How tall is Mateo now?") == "height"
    assert asked_measure("how much did the van cost?") is None
    assert asked_measure("how long is the meeting") is None
    assert asked_measure("What is Mateo's height now?") == "height"
    # a claim naming weight asks for no measure ("Excess weight gain is associated with ...")
    assert asked_measure("Low birth weight is associated with later obesity.") is None


def test_a_long_run_of_digit_groups_is_read_in_linear_time() -> None:
    """A 400 KB line holding one number in digit groups ("1 000 000 …", in a chunk of a very large
    configured size) is scanned in well under a second (unbounded groups: 5.8 s for 32 KB, quadratic), and
    ordinary quantities still read."""
    import time

    from mdrecall.search.measures import UNITS

    line = "Zosia 1" + " 000" * 100_000 + " people"
    started = time.perf_counter()
    UNITS["weight"].search(line)
    UNITS["height"].search(line)
    assert time.perf_counter() - started < 5.0
    for text in ("weighed 6.2 kg", "3 350 g at birth", "14 lbs", "1 250 000 g"):
        assert UNITS["weight"].search(text), text
    assert UNITS["height"].search("61 cm") and UNITS["height"].search("1.82 m")
    assert not UNITS["weight"].search("v2.1.3kg")  # a number inside a dotted code is not a quantity


def _race_workspace(root: Path) -> None:
    write(
        root,
        "memory/2026-10-04.md",
        "# 2026-10-04\n\n- Harbour Swim 3 km: 58:12, cold but calm.\n"
        "- Coach Ilse wants the 07:15 squad session back.\n",
    )
    write(
        root,
        "people/ilse.md",
        "# Ilse\n\nSwim coach. Harbour Swim course record holder.\n\n- Harbour Swim start at 07:30, wave B.\n"
        "- Sends the Harbour Swim entry list every year.\n",
    )
    write(root, "memory/2026-10-06.md", "# 2026-10-06\n\n- Harbour Swim photos up. Ilse in two of them.\n")


def test_a_question_asking_a_race_time_is_answered_by_the_time_taken(tmp_path: Path) -> None:
    """ "What was my Harbour Swim time" is answered by "58:12" (no clock reads 58), not by the coach's
    page naming the start at 07:30 (a clock time) and the swim's name more often."""
    _race_workspace(tmp_path)
    assert _first(_memory(tmp_path), "what was my Harbour Swim time") == "memory/2026-10-04.md"
    off = _memory(tmp_path, skip=("measures",))
    assert _first(off, "what was my Harbour Swim time") != "memory/2026-10-04.md"


def test_a_time_taken_is_not_a_clock_time() -> None:
    from mdrecall.search.measures import UNITS

    took = UNITS["duration"]
    for text in ("finished in 4:12:09", "parkrun 27:05", "3h41 on the bike", "2 h 5 min", "31 min 20 s"):
        assert took.search(text), text
    for text in ("meet at 09:00", "16:45 pickup", "pace 5:10/km", "back by 1:30", "every 45 min"):
        assert not took.search(text), text
    assert asked_measure("what was my Harbour Swim time") == "duration"
    assert asked_measure("what's Tomas's 5k PB?") == "duration"
    assert asked_measure("what time is the Harbour Swim") is None
    assert asked_measure("what is our time zone") is None
