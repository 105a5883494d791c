"""Round 16 of supersession: a page's status updated further down, and more (issue 29)."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str, str | None]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (text, day) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_a_dated_update_on_the_page_restates_its_status_line() -> None:
    text = (
        "# Harbour survey\n\n- Lead: Oona.\n- Sites: 14 (2 bays x 7 transects).\n"
        "- Blocker: the boat is shared with the ferry trust, booking it is slow.\n"
        "- Status: permits pending.\n\n"
        "Update 2031-03-10: sites cut to 10, the outer bay was dropped.\n"
        "Update 2031-04-02: permits came through; now waiting on the dive crew, report due 9 May.\n"
    )
    pairs = _pairs({"projects/harbour-survey.md": (text, None)})
    assert pairs[("projects/harbour-survey.md", 6)] == ("projects/harbour-survey.md", 9)
    assert pairs[("projects/harbour-survey.md", 4)] == ("projects/harbour-survey.md", 8)
    assert ("projects/harbour-survey.md", 3) not in pairs  # the lead is no status


def test_a_return_to_health_ends_the_unwell_line_of_the_one_it_names() -> None:
    pairs = _pairs(
        {
            "memory/2031-06-02.md": (
                "# 2031-06-02\n\n- Juniper limping on her front paw after the hike. Vet says a sprain.\n"
                "- Ordered 3 bags of compost from Greenacre.\n",
                "2031-06-02",
            ),
            "memory/2031-06-05.md": ("# 2031-06-05\n\n- Tobias coughing, kept him home.\n", "2031-06-05"),
            "memory/2031-06-12.md": (
                "# 2031-06-12\n\n- Juniper chased gulls down the whole beach, fine again.\n",
                "2031-06-12",
            ),
        }
    )
    assert pairs[("memory/2031-06-02.md", 3)] == ("memory/2031-06-12.md", 3)
    assert ("memory/2031-06-02.md", 4) not in pairs


def test_a_return_to_health_naming_someone_else_ends_nothing() -> None:
    pairs = _pairs(
        {
            "memory/2031-06-02.md": ("# 2031-06-02\n\n- Juniper limping on her front paw.\n", "2031-06-02"),
            "memory/2031-06-12.md": ("# 2031-06-12\n\n- Tobias all better, back at school.\n", "2031-06-12"),
        }
    )
    assert ("memory/2031-06-02.md", 3) not in pairs


def test_going_back_to_an_earlier_option_ends_the_choice_not_the_plan_to_decide() -> None:
    pairs = _pairs(
        {
            "memory/2031-02-03.md": (
                "# 2031-02-03\n\n- Quayside: Marta picked the blue label (option C) from four mock-ups.\n",
                "2031-02-03",
            ),
            "memory/2031-02-10.md": (
                "# 2031-02-10\n\n- Marta says the Quayside partners will vote on the label.\n",
                "2031-02-10",
            ),
            "memory/2031-02-20.md": (
                "# 2031-02-20\n\n- quayside vote: the partners went back to option A, the plain one.\n",
                "2031-02-20",
            ),
        }
    )
    assert pairs[("memory/2031-02-03.md", 3)] == ("memory/2031-02-20.md", 3)
    assert ("memory/2031-02-10.md", 3) not in pairs


def test_going_back_to_a_place_is_no_change_of_choice() -> None:
    for line in ("- Went back to the office after lunch.\n", "- Went back to Leeds for the weekend.\n"):
        facts = line_facts("memory/2031-02-20.md", line, "2031-02-20")
        assert all("choice" not in f.attrs and signal(f.words) is None for f in facts)


def test_a_list_of_first_names_gives_none_of_them_a_second_surname() -> None:
    files = {
        "MEMORY.md": ("# Memory\n\n- Crew: Ivo Strand (sous chef), Kit Moreau (pastry).\n", None),
        "people/ivo-strand.md": ("# Ivo Strand\n\n- Role: sous chef at Copperleaf.\n", None),
        "memory/2031-03-02.md": ("# 2031-03-02\n\n- Rota: Dana, Ivo, Kit, me.\n", "2031-03-02"),
        "memory/2031-03-20.md": ("# 2031-03-20\n\n- Ivo's last day is next Sunday.\n", "2031-03-20"),
        "memory/2031-03-29.md": ("# 2031-03-29\n\n- Ivo's last day. Cake and speeches.\n", "2031-03-29"),
    }
    # "Ivo Kit" (the rota's commas lost) is no full name: Kit opens a name of its own; the first
    # departure said ends the role, the later one tells more of it
    assert _pairs(files)[("people/ivo-strand.md", 3)] == ("memory/2031-03-20.md", 3)
