"""Supersession precision on conversation (issue 29 item 3, the LoCoMo audit in docs/entities.md): a change
verb whose object is a person, a life or a view ("it changed me"), a vague quantity changed ("so much has
changed"), an idiom of varying or going on ("switch things up", "keep moving forward"), an infinitive of
purpose ("a good way to switch off"), a plural change noun after an adjective ("a few bold moves"), a case
imagined ("where most people would quit"), "now" before a feeling or a next step ("now I'm ready to …"),
and a state confirmed after the act that began it ("joined the choir" … "now a member of the choir") tell
no changed value, so they supersede nothing. Wordings and worlds of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import slots
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import pairs_of as _pairs


def _day(day: str, line: str) -> dict[str, str]:
    return {f"memory/{day}.md": f"# {day}\n\n{line}\n"}


def test_a_person_a_life_or_a_view_changed_is_no_changed_value() -> None:
    for line in (
        "Volunteering at the lifeboat station honestly changed me",
        "that trek across Ladakh is changing people",
        "the pottery course changed my outlook on failure",
        "a mentor like Wanjiru changes lives",
        "the new tiller totally changed the game for our allotment",
        "Oduya's talk changed the way I think about soil",
    ):
        assert signal(line) is None, line
    assert signal("the club changed them to Saturday mornings") == "strong"
    assert signal("Wanjiru changed the locks at the lifeboat station") == "strong"


def test_a_vague_quantity_changed_or_an_idiom_is_no_changed_value() -> None:
    for line in (
        "so much has changed at the co-op since spring",
        "Pavel said things have really changed in Brno",
        "walking around Kilkenny I noticed how much the quays changed",
        "Ines wants to switch things up at the bakery counter",
        "tough month for the food bank but we keep moving forward",
        "gardening is a lovely way to switch off after the ward",
        "the twins learnt a few bold moves at breakdance",
        "lots of small steps toward healthier changes at the canteen",
        "a setback where most people would quit the marathon",
    ):
        assert signal(line) is None, line
    for line in (
        "the co-op's AGM moved forward to 3 May",
        "the breakdance class moves to the Leith hall",
        "the library's late night moves Thursday",
        "the pottery studio moves downstairs",
        "we switched the food bank van to Tuesday pickups",
        "Pavel quit the Brno choir",
    ):
        assert signal(line) == "strong", line


#: A member's note and a later chat line on the same thing.
_BAND = "- Tunde: now I'm gonna send the brass band demo to three festivals."


def test_now_before_a_feeling_or_a_next_step_states_no_status() -> None:
    for line in (
        "- Tunde: now I'm ready to teach the brass band beginners myself.",
        "- Tunde: after all those rehearsals now I want to lead the brass band.",
        "- Tunde: now that the brass band has a hall, rehearsals feel easier.",
    ):
        (fact,) = line_facts("memory/2032-02-01.md", f"# 2032-02-01\n\n{line}\n", "2032-02-01")[-1:]
        assert "status" not in fact.attrs, line
        pairs = _pairs({**_day("2032-01-10", _BAND), **_day("2032-02-01", line)})
        assert ("memory/2032-01-10.md", 3) not in pairs, line
    # a state said to hold now still does
    (fact,) = line_facts("x.md", "- the brass band now rehearses at the Moss Side hall\n", None)
    assert "status" in fact.attrs or "place" in fact.attrs


def test_an_interjection_opening_a_line_of_dialogue_is_no_name() -> None:
    assert slots("Ifeoma: Cheers, lovely evening at the Enugu book club") == {"c:enugu"}
    assert slots("Ifeoma: Wow, the Enugu book club is great") == {"c:enugu"}
    # a value after a label is still a name
    assert slots("Caterer: Okonkwo Foods, confirmed") == {"c:okonkwo", "c:foods"}


def test_a_reply_in_the_present_does_not_supersede_an_aside_from_weeks_before() -> None:
    files = {
        **_day(
            "2033-03-02",
            "- Kofi: Cool, so you have a reminder of the sailing trip. Good to see where you are now.",
        ),
        **_day("2033-04-20", "- Ama: Thanks, Kofi! I'm off to the sailing club now."),
    }
    assert ("memory/2033-03-02.md", 3) not in _pairs(files)


def test_a_state_the_older_line_began_is_confirmed_not_changed() -> None:
    files = {
        **_day(
            "2033-05-01", "- Sipho: so I just joined a rowing squad at the harbour, I feel better already."
        ),
        **_day("2033-06-12", "- Sipho: I'm now part of the rowing squad, excited to race."),
    }
    assert ("memory/2033-05-01.md", 3) not in _pairs(files)
    # another value after the act still changes it
    files = {
        **_day("2033-05-01", "- Sipho joined the rowing squad on Tuesdays."),
        **_day("2033-06-12", "- Sipho's rowing squad is now on Thursdays."),
    }
    assert _pairs(files).get(("memory/2033-05-01.md", 3)) == ("memory/2033-06-12.md", 3)


def test_giving_back_or_writing_back_states_no_return_to_a_state() -> None:
    for line in (
        "- Marisol wants to give back to the parish choir",
        "- the landlord wrote back to Ana on Monday",
    ):
        facts = line_facts("x.md", line + "\n", None)
        assert all("state" not in f.attrs for f in facts), line
    (fact,) = line_facts("x.md", "- Pip the terrier is back to short walks\n", None)
    assert "state" in fact.attrs
