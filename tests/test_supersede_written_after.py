"""A later line written no later than the older supersedes nothing
(knowledge/changes/written_after.py): a topic page's line saying since when its state holds, or a log
entry opening with its own day, is not superseded by a line dated on or before that day; and a rule for
every time of a thing is not superseded by a line telling how one time went
(knowledge/changes/restated_pairs.py's ``every_then_one``). Wordings and worlds of our own, in the voice of
an agent keeping a user's memory."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.changes.written_after import held_since
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs_in

HAMSTER = "# Pickle\n\n- Bedding: paper pellets from Burrow & Co, since 3/2 (dust allergy).\n"


def test_a_line_held_since_a_day_is_not_superseded_by_that_days_log(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("pets/pickle.md", HAMSTER),
            (
                "memory/2027-02-03.md",
                "# 2027-02-03\n\n- Pickle's bedding from now on: paper pellets from Burrow & Co; the wood"
                " shavings go to the Okafors next door.\n",
            ),
        ],
    )
    assert ("pets/pickle.md", 3) not in pairs


def test_a_change_after_the_since_day_still_supersedes(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("pets/pickle.md", HAMSTER),
            (
                "memory/2027-05-10.md",
                "# 2027-05-10\n\n- Pickle's bedding switched to hemp mats from today; the paper pellets"
                " made him sneeze.\n",
            ),
        ],
    )
    assert pairs[("pets/pickle.md", 3)] == ("memory/2027-05-10.md", 3)


PIANO = "# Piano — Mina's progress\n\n- 4/3: first lesson, scales in C.\n- 18/3: practice 20 minutes a day.\n"
MORE = "- Ms Varga wants practice up to 30 minutes a day from now on.\n"


def test_a_log_entry_is_not_superseded_by_a_line_written_before_its_day(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path, [("piano/progress.md", PIANO), ("memory/2027-03-10.md", "# 2027-03-10\n\n" + MORE)]
    )
    assert ("piano/progress.md", 4) not in pairs
    later = fact_pairs_in(
        tmp_path, [("piano/progress.md", PIANO), ("memory/2027-03-25.md", "# 2027-03-25\n\n" + MORE)]
    )
    assert later[("piano/progress.md", 4)] == ("memory/2027-03-25.md", 3)


def test_the_day_is_read_both_ways_and_only_near_the_later_line() -> None:
    (fact,) = line_facts("p.md", "- Lunch: soup, since 12/30.\n", None)
    assert [d.isoformat() for d in held_since(fact, 2027)] == ["2027-12-30"]  # month first only
    (fact,) = line_facts("p.md", "- 4/6: first swim in the lake.\n", None)
    assert [d.isoformat() for d in held_since(fact, 2027)] == ["2027-06-04", "2027-04-06"]
    (fact,) = line_facts("p.md", "- Lunch: soup, since the move.\n", None)
    assert held_since(fact, 2027) == []


RUFUS = "# Rufus\n\n- Vet: Elm Street Vets.\n- Had a lump removed on 3/2; booster every twelve months.\n"


def test_one_time_of_a_rule_supersedes_not_the_rule(tmp_path: Path) -> None:
    once = "- Rufus's booster was at Parkside Vets — Jo has switched him there (closer, open Sundays).\n"
    pairs = fact_pairs_in(
        tmp_path, [("pets/rufus.md", RUFUS), ("memory/2027-03-10.md", "# 2027-03-10\n\n" + once)]
    )
    assert ("pets/rufus.md", 4) not in pairs


def test_a_rule_changed_still_supersedes(tmp_path: Path) -> None:
    rule = "- Rufus's booster was moved to every six months by Parkside Vets from now on.\n"
    pairs = fact_pairs_in(
        tmp_path, [("pets/rufus.md", RUFUS), ("memory/2027-03-10.md", "# 2027-03-10\n\n" + rule)]
    )
    assert pairs.get(("pets/rufus.md", 4)) == ("memory/2027-03-10.md", 3)


def test_the_old_value_named_at_a_sentences_start_is_named(tmp_path: Path) -> None:
    # (knowledge/changes/change_rules.py's value_replaced: "Lumix" opens a sentence within the later line)
    later = (
        "- Jonas gave me his old Fujifilm X-T4, set it up this morning. Lumix goes in the kit bag as the"
        " backup camera.\n"
    )
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("MEMORY.md", "# Memory\n\n- Camera: an old Lumix G7, sticky shutter.\n"),
            ("memory/2027-06-02.md", "# 2027-06-02\n\n" + later),
        ],
    )
    assert pairs[("MEMORY.md", 3)] == ("memory/2027-06-02.md", 3)


GALLERY = "# Lindqvist Gallery\n\n- Members' preview: Friday 6 June at the Glasshouse Room.\n"


def test_moving_another_thing_supersedes_not_the_line(tmp_path: Path) -> None:
    # (knowledge/changes/restated_pairs.py's other_thing_moved: the later line moves what it names)
    later = (
        "- Ingrid Lindqvist has moved Theo's pottery lessons: Wednesdays 5pm from this week, in the gallery's"
        " new room upstairs.\n"
    )
    pairs = fact_pairs_in(
        tmp_path, [("art/gallery.md", GALLERY), ("memory/2027-05-02.md", "# 2027-05-02\n\n" + later)]
    )
    assert ("art/gallery.md", 3) not in pairs


def test_moving_the_thing_under_another_word_still_supersedes(tmp_path: Path) -> None:
    page = "# Kids\n\n- Judo: Tuesdays 5pm at Ashgrove Leisure Centre.\n"
    later = "- Ashgrove Leisure Centre moved Nell's class to Thursday evenings, 6pm.\n"
    pairs = fact_pairs_in(tmp_path, [("kids.md", page), ("memory/2027-05-02.md", "# 2027-05-02\n\n" + later)])
    assert pairs.get(("kids.md", 3)) == ("memory/2027-05-02.md", 3)
