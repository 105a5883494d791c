"""Precision of the supersession rules on lines that only look like changes: an act weighed, not done
("thinking of moving the kiln"), … A wrong mark hides a true, current line, so each of these keeps the older
line current, and the change it stands beside still supersedes. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str, day: str = "2031-05-02") -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), (f"memory/{day}.md", f"# {day}\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    "line",
    [
        "Thinking of moving the kiln to the back shed over winter",
        "Considering switching the glaze order to Potclays",
        "Ines says we should look at swapping the gallery insurer",
        "Wondering about moving choir practice to Mondays, nothing settled",
        "Toying with the idea of handing the newsletter over to Bram",
        "Looking into moving the mailing list to Buttondown",
    ],
)
def test_an_act_weighed_is_no_change(line: str) -> None:
    assert signal(line) is None


@pytest.mark.parametrize(
    "line",
    [
        "Agreed to move the kiln to the back shed",
        "Moved the kiln to the back shed on Saturday",
        "Decided on switching the glaze order to Potclays",
        "Thought about it for weeks, then moved the kiln to the shed",
    ],
)
def test_an_act_told_still_changes(line: str) -> None:
    assert signal(line) == "strong"


def test_a_move_weighed_leaves_the_standing_line(tmp_path: Path) -> None:
    old = "The kiln lives in the garage at Orchard Row"
    assert not _paired(tmp_path, old, "Thinking of moving the kiln to the allotment shed next spring")
    assert _paired(tmp_path / "b", old, "Moved the kiln to the allotment shed this weekend")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User now wants the tide tables as a PDF", "User now prefers invoices sent straight to FreeAgent"),
        ("User prefers the stock count in a spreadsheet", "User now wants the class register by text"),
        ("User now wants the cleaning rota by email", "User now prefers the parking rota printed out"),
    ],
)
def test_two_preferences_of_one_person_are_two_facts(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)


def test_a_preference_changed_still_supersedes(tmp_path: Path) -> None:
    assert _paired(
        tmp_path, "User now wants the tide tables as a PDF", "User now prefers the tide tables inline, no PDF"
    )


def test_a_wish_in_a_later_clause_is_no_preference_line(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Harbourside want the new booking page live by early May",
        "Harbourside launch pushed back to July; Ines would rather test the forms on the old page",
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Pottery club contact: Mrs Ferris (Dev has retired from it)",
            "The old kiln is retired; we fire at Ashfold now",
        ),
        (
            "Last day for Oona on the till, Jakob runs it from Monday",
            "Film night: last Friday of the month, 7pm",
        ),
    ],
)
def test_lines_sharing_only_their_word_of_change_are_two_facts(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)


def test_a_word_of_change_beside_the_thing_changed_still_pairs(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Kiln: the old Cromartie in the shed",
        "The old Cromartie kiln is retired; a Rohde replaced it",
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Membership fee for students is £20", "Membership fee for families is £55 from April"),
        (
            "Practice night for the juniors: Tuesdays 6pm",
            "practice night for the veterans moved to Thursdays",
        ),
        ("Hedge trimming quote: £90", "quote for the Larch Lane garden: £140"),
        ("Puncture repair charge is £8", "repair charge for e-bikes now £15"),
        ("Ferry pass for the Kelso crossing: £30 a month", "ferry pass for the Dryburgh crossing up to £34"),
    ],
)
def test_one_kind_for_two_groups_is_two_facts(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Membership fee for students is £20", "Membership fee for students up to £25 from April"),
        ("Hall hire for the choir: £30 a night", "Choir hall hire now £35 a night"),
    ],
)
def test_one_kind_for_one_group_still_changes(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)


def test_the_period_a_change_starts_from_is_no_shared_subject(tmp_path: Path) -> None:
    notes = [
        ("people/coach.md", "# Coach\n\n- Locker hire: £4 per session, paid termly\n"),
        (
            "memory/2031-05-02.md",
            "# 2031-05-02\n\n- oat gels gave me cramps again, on rice cakes from next session\n",
        ),
    ]
    assert not fact_pairs_in(tmp_path, notes)


def _page_pairs(tmp_path: Path, first: str, second: str) -> dict[tuple[str, int], tuple[str, int]]:
    return fact_pairs_in(tmp_path, [("club/juniors.md", f"# Juniors\n\n- {first}\n- {second}\n")])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Colts training: Saturdays 9am", "Colts training: 24 registered, waiting list of 3"),
        ("Tool library: three drills in the cupboard", "Tool library: £2 a loan"),
        ("Minibus: booked for the Hexham trip on 14 June", "Minibus: seats 16, driver needs a D1 licence"),
    ],
)
def test_a_label_restated_with_another_measure_is_another_attribute(
    tmp_path: Path, first: str, second: str
) -> None:
    assert not _page_pairs(tmp_path, first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Colts training: Saturdays 9am", "Colts training: Sundays 10am"),
        ("Tool library fee: TBC", "Tool library fee: £2 a loan"),
        ("Tool library fee: £2 a loan", "Tool library fee: £3 a loan"),
    ],
)
def test_a_label_restated_with_a_measure_of_its_kind_still_changes(
    tmp_path: Path, first: str, second: str
) -> None:
    assert _page_pairs(tmp_path, first, second)


def _logs(
    tmp_path: Path, first: tuple[str, str], second: tuple[str, str]
) -> dict[tuple[str, int], tuple[str, int]]:
    notes = [(f"memory/{day}.md", f"# {day}\n\n- {line}\n") for day, line in (first, second)]
    return fact_pairs_in(tmp_path, notes)


def test_an_appointment_kept_at_its_hour_is_no_change_of_it(tmp_path: Path) -> None:
    booked = ("2031-06-13", "dentist for Tomasz booked Wed 18/6 at 3:45, Larchfield Dental")
    kept = (
        "2031-06-18",
        "15:45 Larchfield Dental: Tomasz's gum a bit swollen. Dr. Adeyemi says switch toothpaste gradually",
    )
    assert not _logs(tmp_path, booked, kept)


def test_an_appointment_moved_on_its_day_still_changes(tmp_path: Path) -> None:
    booked = ("2031-06-13", "dentist for Tomasz booked Wed 18/6 at 3:45, Larchfield Dental")
    moved = ("2031-06-18", "dentist rang, Tomasz's appointment moved to Fri 20/6 at 10:00")
    assert _logs(tmp_path, booked, moved)


def test_a_label_measured_in_one_kind_is_not_changed_by_another_kind(tmp_path: Path) -> None:
    notes = [
        ("people/ines-duarte.md", "# Ines Duarte\n\n- Fee: €55/lesson, invoiced termly\n"),
        ("memory/2031-05-02.md", "# 2031-05-02\n\n- Ines: lessons are Wednesday evenings from now on\n"),
    ]
    assert not fact_pairs_in(tmp_path, notes)
    notes[1] = ("memory/2031-05-02.md", "# 2031-05-02\n\n- Ines: her fee goes up to €60 a lesson from May\n")
    assert fact_pairs_in(tmp_path / "b", notes)


def test_two_items_of_one_page_share_only_its_title(tmp_path: Path) -> None:
    page = (
        "# Podcasts & listening (Tomasz)\n\nShows\n1. Hardcore History by Dan Carlin (finished)\n"
        "2. Fall of Civilizations by Paul Cooper (listening now)\n3. Lingthusiasm (Ola says I must)\n"
    )
    assert not fact_pairs_in(tmp_path, [("family/listening.md", page)])


def test_a_line_of_one_page_naming_an_item_above_still_changes_it(tmp_path: Path) -> None:
    page = (
        "# Podcasts (Tomasz)\n\n- Hardcore History: listening, episode 4\n- Hardcore History: now episode 6\n"
    )
    assert fact_pairs_in(tmp_path, [("family/listening.md", page)])


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Foyer closes at 9pm", "ordered 40 new wristbands, they're in the foyer drawer now"),
        ("Cheese comes from Hollybrook Creamery", "we moved the stall to the old creamery on Mill Street"),
    ],
)
def test_one_word_shared_only_in_a_phrase_of_place_is_no_subject(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Cheese comes from Hollybrook Creamery", "cheese from the Ashdown dairy now, Hollybrook closed"),
        ("Records clerk: Bogdan Iliescu", "Maren took over from Bogdan on Monday"),
    ],
)
def test_a_name_after_a_preposition_of_the_change_still_pairs(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)


def test_the_unit_of_a_price_is_no_shared_subject(tmp_path: Path) -> None:
    old = "Printing fee: 20p per A4 page"
    assert not _paired(tmp_path, old, "pages of the old minutes go to the shredder from this week")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Trainee: Oskar Lindgren", "Oskar's exam day moved to Thursday"),
        ("Our solicitor is Fenella Hart", "Fenella's office is moving to Castle Street"),
        ("Site manager is Bronwen Price", "site manager's cabin moved next to the gate"),
    ],
)
def test_a_thing_of_a_person_named_is_not_the_older_fact(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Dentist appointment for Oskar on 3 March at 10am",
            "rang the dentist, Oskar's appointment is now 9 March",
        ),
        ("Volunteer driver: Oskar Lindgren", "no longer any driving, Oskar's gone back to Malmö"),
        (
            "Recycling night at the hall: Monday",
            "council changed the rounds, so recycling night's Thursday now",
        ),
        ("Noor rows Mon/Wed 6pm at Riverside", "noor's coach switched her crew to tue & fri mornings 6:30"),
    ],
)
def test_a_possessor_whose_thing_the_older_names_still_pairs(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)
