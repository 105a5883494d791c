"""Issue 29, dates: numeric forms that writers outside the English-speaking world use (day.month. with
dots, a Roman month, a dash without a year, ISO week numbers by a word), and the numbers that look like
them but are versions, decimals, prices, scores, clock times or section numbers. Phrases written for
these tests (a Nordic orchestra, a Czech brewery, a Polish clinic, a German hardware shop), not from the
labelled sets."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from growth import near_linear

from mdrecall.knowledge.dates.valid_time import LineDays, line_dates
from mdrecall.text.date_phrases.dotted_dates import dotted_habit
from mdrecall.text.date_phrases.note_dates import note_dates

WRITTEN = date(2027, 3, 10)  # a Wednesday


def _read(line: str, workspace: str | None = None, dotted: bool = False) -> list[tuple[str, str, str]]:
    """Each phrase read: its text, its first and its last day."""
    return [
        (line[n.start : n.end], n.days[0].isoformat(), n.days[-1].isoformat())
        for n in note_dates(line, WRITTEN, False, None, workspace, None, dotted)
    ]


@pytest.mark.parametrize(
    ("line", "phrase", "first", "last"),
    [
        ("Cello rehearsal 18.3. at the church hall", "18.3.", "2027-03-18", "2027-03-18"),
        ("- 22.3. keg delivery from Plzeň", "22.3.", "2027-03-22", "2027-03-22"),
        ("bottling line stops on 19.3.", "19.3.", "2027-03-19", "2027-03-19"),
        ("Kontrola u lekarza 16. 4. rano", "16. 4.", "2027-04-16", "2027-04-16"),
        ("vet for Bruno on 17.3", "17.3", "2027-03-17", "2027-03-17"),
        ("Physio 25.3 at 14:00", "25.3", "2027-03-25", "2027-03-25"),
        ("tasting night am 26.3 um 19 Uhr", "26.3", "2027-03-26", "2027-03-26"),
        ("Fr. 19.3. Inventur im Lager", "19.3.", "2027-03-19", "2027-03-19"),
        ("quarterly audit due 30.4.27", "30.4.27", "2027-04-30", "2027-04-30"),
        ("Koncert 3.IV.2027 w filharmonii", "3.IV.2027", "2027-04-03", "2027-04-03"),
        ("lease renewal signed 2.XII.", "2.XII.", "2026-12-02", "2026-12-02"),
        ("Tour of the north 21.-24.4., bus from Oslo", "21.-24.4.", "2027-04-21", "2027-04-24"),
        ("Sabbatical 29.3.-9.4. (Jonna covers)", "29.3.-9.4.", "2027-03-29", "2027-04-09"),
        ("hop harvest starts on 12-09", "12-09", "2027-09-12", "2027-09-12"),
        ("MOT booked 2027-4-6", "2027-4-6", "2027-04-06", "2027-04-06"),
        ("new till system goes in in week 14", "week 14", "2027-04-05", "2027-04-11"),
        ("stocktake by wk 13", "wk 13", "2027-03-29", "2027-04-04"),
        ("- w15 spring catalogue to print", "w15", "2027-04-12", "2027-04-18"),
    ],
)
def test_dotted_and_other_numeric_forms_are_read(line: str, phrase: str, first: str, last: str) -> None:
    assert (phrase, first, last) in _read(line)


@pytest.mark.parametrize(
    "line",
    [
        "bumped the firmware to v3.2 and Grafana 10.4 on the NAS on 18.3.",
        "Zephyr 3.7 and iOS 17.4 both break the build, fix due 18.3.",
        "release 4.14 is out, see 3.2 for the migration; freeze 18.3. - 20.3.",
        "pallet of screws 14.50 EUR, sand 3.5 kg a bag, delivery 18.3. early",
        "mash pH was 5.4, gravity 1.050, brew day 18.3. again",
        "rated 3.1 out of 5 by the panel on 18.3.",
        "coffee at 10.10 with the foreman, 18.3. on site",
        "printer on 192.168.3.4, part no. 12.3.4.5 arrives 18.3. by van",
        "read section 4.1. before 18.3. (the briefing)",
        "Temperatur 14.3 Grad, Wind 4.2 m/s am 18.3. gemessen",
        "dosage 1.03, 0.83 to 1.26 on the old scale, new one from 18.3. on",
        "week 12 of the conducting course is 18.3. too",
        "the w12 engine needs new plugs by 18.3.",
        "python upgraded to 3.11. The tests pass since 18.3. again",
    ],
)
def test_numbers_like_dotted_dates_are_no_dates(line: str) -> None:
    """Versions, decimals, prices, scores, clock times, addresses, section numbers and counts of weeks
    beside a dotted date: only the date is read (even on a page that writes dotted dates)."""
    assert [phrase for phrase, _, _ in _read(line, dotted=True)] in (["18.3."], ["18.3. - 20.3."])


def test_in_week_n_is_an_iso_week_not_a_count_of_weeks() -> None:
    """ "in week 12" is the twelfth ISO week, not "in a week" from the day written."""
    assert _read("Choir tour in week 12") == [("week 12", "2027-03-22", "2027-03-28")]


def test_a_bare_dotted_day_is_read_where_the_page_writes_dotted_dates() -> None:
    """ "18.3" with no word asking for a day is a date on a page whose dates are dotted, and no date on
    another page (a measure as often)."""
    dotted = ["# Proben", "", "- 14.03. Sitzprobe mit Solisten", "- dress rehearsal 18.3", "- Konzert: 20.3"]
    plain = ["# Proben", "", "- Sitzprobe with the soloists", "- dress rehearsal 18.3", "- Konzert: 20.3"]
    assert dotted_habit("\n".join(dotted)) and not dotted_habit("\n".join(plain))
    days = LineDays(dotted, [0], WRITTEN)
    assert [days.day(3), days.day(4)] == [date(2027, 3, 18), date(2027, 3, 20)]
    days = LineDays(plain, [0], WRITTEN)
    assert [days.day(3), days.day(4)] == [WRITTEN, WRITTEN]


def test_a_dotted_date_is_read_in_a_month_first_workspace_order() -> None:
    """Where day and month could both be first, the workspace's order decides ("4.3." in a US team's
    notes is April 3); where they cannot ("18.3."), the day is first."""
    assert _read("offsite 4.3. in Denver", workspace="mdy") == [("4.3.", "2027-04-03", "2027-04-03")]
    assert _read("offsite 18.3. in Denver", workspace="mdy") == [("18.3.", "2027-03-18", "2027-03-18")]


def test_a_long_line_of_dotted_and_dashed_dates_is_lowered_once() -> None:
    # each dotted, Roman or dashed date lowered the whole line again: fault round 12's 1 MB line of amounts
    # in twelve currencies ("1.234.567,89 €") took 27 s to index, 2.3 s now
    unit = "1.234.567,89 €, Fr. 1'234.50, 12.06 kg, "  # dotted numbers that are no dates

    def make(n: int) -> Callable[[], list[object]]:
        line = unit * (n // len(unit))
        return lambda: list(note_dates(line, date(2027, 3, 1)))

    make(len(unit))()  # what the first call compiles is no part of the growth
    assert near_linear(make, 300_000) == []
    assert note_dates(unit + "paid 14.3.", date(2027, 3, 1))  # a date among them is still read


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a comma closes the place's name: the dotted number after it is a day, not the name's version
        ("- [x] leafleting Plaça del Mercat, 19.4.", "2027-04-19"),
        ("- [ ] stall at Feira Nova, 17.5.", "2027-05-17"),
    ],
)
def test_a_dotted_day_after_a_place_and_a_comma(line: str, meant: str) -> None:
    page = f"# actions\n\n{line}\n- [ ] assembly, 2.6.\n"
    assert line_dates(page, None, "2027-05-01", "dmy")[2] == date.fromisoformat(meant)


def test_a_version_right_after_a_name_stays_no_day() -> None:
    page = "# actions\n\n- upgraded the laptops to Zephyr 3.7.\n- [ ] assembly, 2.6.\n"
    assert line_dates(page, None, "2027-05-01", "dmy")[2] is None
