"""Many lines of one change wording in one file: pairing them stays near-linear (fault round 12)."""

from __future__ import annotations

from collections.abc import Callable

from growth import near_linear

from mdrecall.knowledge.changes.state_pairs import state_pairs
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.stores.views import FactRow, Supersession

_SYL = "ka lo mi ne ru sa ti vo ze ba do fi gu ha je ko lu ma no pe".split()


def _firm(i: int) -> str:
    return (_SYL[i % 20] + _SYL[(i // 20) % 20] + "x").title()


def test_thousands_of_state_lines_in_a_log_pair_in_near_linear_time() -> None:
    # 8,000 lines of one state's wording about 300 suppliers: each line was tried against every line of
    # the scale (20,000 lines: over two minutes); now only against the lines sharing a rare word
    def make(n: int) -> Callable[[], object]:
        lines = [
            f"- the {_firm(i % 300)} booking is cancelled, we booked {_firm(i % 300 + 300)}" for i in range(n)
        ]
        facts = line_facts("memory/2026-01-05.md", "# d\n\n" + "\n".join(lines) + "\n", "2026-01-05")
        return lambda: state_pairs(facts, {})

    near_linear(make, 8000)


def test_a_state_changed_on_a_later_day_still_pairs() -> None:
    old = line_facts("memory/2026-01-05.md", "# d\n\n- the Quillmore booking is confirmed\n", "2026-01-05")
    filler = "".join(f"- the {_firm(i)} booking is confirmed\n" for i in range(300))
    new = line_facts(
        "memory/2026-02-05.md", f"# d\n\n{filler}- the Quillmore booking is cancelled\n", "2026-02-05"
    )
    pairs = state_pairs(old + new, {})
    assert pairs[("memory/2026-01-05.md", 3)].path == "memory/2026-02-05.md"


def test_thousands_of_label_lines_on_a_page_pair_in_near_linear_time() -> None:
    # 6,000 "Open: <hours>" lines restating one label down a page: each was tried against every other
    # line of the page (2,000 lines: 5 s, 20,000: over five minutes); now only against the lines above it
    from mdrecall.knowledge.changes.fact_pairs import supersessions

    def make(n: int) -> Callable[[], dict[tuple[str, int], Supersession]]:
        text = "# Hours\n\n" + "\n".join(f"Open: {7 + i % 5} am to {3 + i % 6} pm" for i in range(n)) + "\n"
        facts = line_facts("memory/notes/hours.md", text, None)
        return lambda: supersessions(facts)

    pairs = near_linear(make, 6000)
    # each label line is still superseded by the next one down that changes it
    assert pairs[("memory/notes/hours.md", 3)].line == 4


def _person(i: int) -> str:
    return f"{_firm(i)} {_firm(i + 150)}"


def test_thousands_of_handover_lines_on_a_page_pair_in_near_linear_time() -> None:
    # 6,000 undated lines "X takes over the night shift from Y" naming 250 nurses on one page: each line
    # was tried against every line above it naming the shift (~5 s here, 20,000 lines: over a minute);
    # now against the nearest above sharing a word, and the lines holding a value it names
    from mdrecall.knowledge.changes.fact_pairs import supersessions

    def make(n: int) -> Callable[[], dict[tuple[str, int], Supersession]]:
        lines = [
            f"- {_person(i % 250)} takes over the night shift on ward 4 from {_person((i + 1) % 250)}"
            for i in range(n)
        ]
        facts = line_facts("memory/notes/ward.md", "# Ward rota\n\n" + "\n".join(lines) + "\n", None)
        return lambda: supersessions(facts)

    pairs = near_linear(make, 6000)
    # a holder's line is still superseded by the next one taking the shift over from them, 249 lines
    # further down, past the lines naming the shift in between
    assert pairs[("memory/notes/ward.md", 3)].line == 252
    assert len(pairs) == 6000 - 249


def test_a_long_page_edited_pairs_again_in_near_linear_time() -> None:
    # the same page of 4,000 handover lines, one line edited: the update retried each of its lines against
    # every line sharing a word (15 s); a page that is most of the lines is paired anew (the same pairs)
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update

    path = "memory/notes/ward.md"
    made: list[FactRow] = []

    def make(n: int) -> Callable[[], dict[tuple[str, int], Supersession]]:
        lines = [
            f"- {_person(i % 250)} takes over the night shift on ward 4 from {_person((i + 1) % 250)}"
            for i in range(n)
        ]
        before = supersessions(line_facts(path, "# Ward rota\n\n" + "\n".join(lines) + "\n", None))
        lines[5] += " today"
        made[:] = line_facts(path, "# Ward rota\n\n" + "\n".join(lines) + "\n", None)
        facts = list(made)
        return lambda: supersessions_update(facts, before, {path})

    pairs = near_linear(make, 4000)
    assert pairs == supersessions(made)


def test_thousands_of_reversed_decisions_in_a_log_pair_in_near_linear_time() -> None:
    # 6,000 lines "pulled out of X and booked Y instead" about 300 coach firms in one day's log: each line
    # taking a decision back was tried against every line deciding one (8,000 lines: 11 s, 20,000: hung);
    # now only the latest deciding line written before it, per option named, is looked up
    from mdrecall.knowledge.changes.fact_pairs import supersessions

    def make(n: int) -> Callable[[], object]:
        lines = [
            f"- the PTA pulled out of {_firm(i % 300)} Coaches and booked {_firm((i + 7) % 300)} "
            "Coaches instead"
            for i in range(n)
        ]
        facts = line_facts("memory/2026-03-02.md", "# Trip\n\n" + "\n".join(lines) + "\n", "2026-03-02")
        return lambda: supersessions(facts)

    near_linear(make, 6000)


def test_a_decision_taken_back_pairs_with_the_latest_written_before_it() -> None:
    from mdrecall.knowledge.changes.stance_pairs import stance_pairs

    def log(day: str, line: str) -> list[FactRow]:
        return line_facts(f"memory/{day}.md", f"# d\n\n- {line}\n", day)

    facts = [
        *log("2026-03-02", "booked Quillmore Coaches for the museum trip"),
        *log("2026-03-06", "booked Quillmore Coaches for the return leg too"),
        *log("2026-03-09", "cancelled Quillmore Coaches, the quote went up"),
        *log("2026-03-09", "booked Quillmore Coaches after all, at the old quote"),
    ]
    pairs = stance_pairs(facts, {})
    # the latest decision on an earlier day; not the one of the same day
    assert pairs[("memory/2026-03-06.md", 3)] == Supersession("memory/2026-03-09.md", 3, "2026-03-09")
    # on an undated page: the latest deciding line above it, not one further down
    page = "# Coach hire\n\n- booked Quillmore\n- booked Quillmore again\n- cancelled Quillmore\n"
    page += "- booked Quillmore\n"
    pairs = stance_pairs(line_facts("memory/notes/coach.md", page, None), {})
    assert pairs[("memory/notes/coach.md", 4)].line == 5
    assert ("memory/notes/coach.md", 6) not in pairs
