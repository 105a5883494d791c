"""Dates in notes, round 9: the workspace's order of numeric dates (the order its pages agree on, or the
``dates.order`` setting), bare numeric dates read inside a sentence, and in the direction their words give."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.errors import ConfigError
from mdrecall.knowledge.dates.date_order import workspace_order
from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.numeric_dates import agreed_order

WRITTEN = date(2027, 2, 25)


def _read(line: str, order: str | None = None, workspace: str | None = None) -> list[date]:
    return [n.days[0] for n in note_dates(line, WRITTEN, False, order, workspace)]


@pytest.mark.parametrize(
    ("line", "dmy", "mdy"),
    [
        ("Her birthday is 3/5 so get a card", date(2027, 5, 3), date(2027, 3, 5)),
        ("- new rota starting 6/3", date(2027, 3, 6), date(2027, 6, 3)),
        ("- invoice due by 5/3", date(2027, 3, 5), date(2027, 5, 3)),
        ("Dentist 4/3 at 10am", date(2027, 3, 4), date(2027, 4, 3)),
    ],
)
def test_a_bare_numeric_date_in_a_sentence_is_read_in_the_workspaces_order(
    line: str, dmy: date, mdy: date
) -> None:
    """A page with no numeric date of its own reads "3/5" after a word that calls for a day ("is",
    "starting", "due by") or before a time, in the workspace's order (it was no date, or day first)."""
    assert _read(line, workspace="dmy") == [dmy]
    assert _read(line, workspace="mdy") == [mdy]


def test_numeric_dates_without_a_year_take_the_direction_of_their_words() -> None:
    """Written 25 February: "sent 2/3" (2 March, day first) is the last 2 March, a year back; "due by 5/3"
    and "starting 6/3" are ahead; in March a "due by 2/3" is next year's."""
    assert _read("Parcel sent 2/3, no reply", workspace="dmy") == [date(2026, 3, 2)]
    assert _read("sent 2/3", workspace="mdy") == [date(2027, 2, 3)]
    march = date(2027, 3, 20)
    assert [n.days[0] for n in note_dates("- starting 6/3", march, False, None, "dmy")] == [date(2028, 3, 6)]
    assert [n.days[0] for n in note_dates("- due by 2/3", march, False, None, "mdy")] == [date(2028, 2, 3)]


@pytest.mark.parametrize(
    "line",
    [
        "added 3/4 cup flour",
        "- 1/2 tsp salt",
        "about 2/3 of the team came",
        "scored 8/10 on the quiz",
        "rated it 4/5",
        "Shuggie Bain: brutal, 5/5.",
        "- 4/5 found the promo code field",
        "we are open 24/7",
        "v2/3 release",
        "meet at 10/11pm",
        "scored 17/20",
    ],
)
def test_fractions_scores_versions_and_times_stay_no_date_in_a_known_order(line: str) -> None:
    for order in ("dmy", "mdy"):
        assert _read(line, workspace=order) == []


def test_a_page_of_its_own_order_reads_a_bare_date_mid_sentence_with_no_cue() -> None:
    """The page's own dates ("17/4") say day first: "Call mum 6/3." is 6 March there; on a page that shows
    no order it needs a word that calls for a day."""
    assert _read("Call mum 6/3.", order="dmy") == [date(2027, 3, 6)]
    assert _read("Call mum 6/3.", workspace="dmy") == []


def test_a_weekday_before_a_numeric_date_is_that_dates() -> None:
    """ "Sat 3/5" was read as "Saturday the 3rd"; in a known order the numeric date names the day."""
    assert _read("Sat 3/5 party at ours", workspace="mdy") == [date(2027, 3, 5)]
    assert _read("Sat 3/5 party at ours", order="dmy") == [date(2027, 5, 3)]


def test_the_workspace_order_is_the_one_its_pages_agree_on_three_to_one() -> None:
    assert agreed_order(["mdy", None, "mdy"]) == "mdy"
    assert agreed_order(["dmy", "dmy", "dmy", "dmy", "mdy"]) == "dmy"  # one page pasted from elsewhere
    assert agreed_order(["dmy", "mdy"]) is None
    assert agreed_order([None, None]) is None


def test_a_pages_own_dates_win_over_the_workspaces_order() -> None:
    text = "# Trip\n\n- back 17/4\n- birthday is 3/5\n"
    assert line_dates(text, None, "2027-02-25", order="mdy")[3] == date(2027, 5, 3)


def _workspace(root: Path, second: str) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "projects").mkdir()
    (root / "projects" / "launch.md").write_text("# Launch\n\n- 3/15 kickoff with the agency\n")
    (root / "projects" / "hiring.md").write_text(f"# Hiring\n\n- {second} interviews\n")
    (root / "memory" / "2027-02-25.md").write_text("# 2027-02-25\n\n- The parcel is due by 5/3.\n")
    return root


def _config(order: str = "auto") -> Config:
    return Config().merged(
        {"embedding": {"provider": "none"}, "extra_paths": ["projects"], "dates": {"order": order}}
    )


def _parcel_days(mem: Memory) -> set[str]:
    return {
        day
        for day in ("2027-03-05", "2027-05-03")
        if any(h.path == "memory/2027-02-25.md" for h in mem.search("parcel", min_score=0, during=day))
    }


def test_a_daily_log_reads_its_numeric_dates_in_the_order_the_workspace_agrees_on(tmp_path: Path) -> None:
    """The log shows no order of its own; two pages write month first ("3/15", "4/20"): its "due by 5/3"
    is 3 May (it was 5 March, day first). A page that stops voting leaves no agreed order."""
    root = _workspace(tmp_path / "ws", "4/20")
    with Memory.open(root, _config()) as mem:
        mem.index()
        assert workspace_order(mem.store) == "mdy"
        assert _parcel_days(mem) == {"2027-05-03"}
        (root / "projects" / "launch.md").write_text("# Launch\n\n- 15/3 kickoff with the agency\n")
        mem.index()
        assert workspace_order(mem.store) is None


def test_the_dates_order_setting_overrides_the_workspaces_votes(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "ws", "4/20")
    with Memory.open(root, _config()) as mem:
        mem.index()
    with Memory.open(root, _config("dmy")) as mem:
        mem.index()
        assert workspace_order(mem.store) == "dmy"
        assert _parcel_days(mem) == {"2027-03-05"}


def test_the_dates_order_setting_takes_only_its_words() -> None:
    with pytest.raises(ConfigError, match="dates.order"):
        Config().merged({"dates": {"order": "ymd"}})
