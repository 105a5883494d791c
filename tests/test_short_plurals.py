"""A three-letter word and its plural are one word to a line's query words ("app"/"apps", "kid"/"kids"):
the light stemmer keeps a four-letter token whole, so "Apps: Signal, …" held no query word of "which
messaging app …", and a page's other line, superseded, was taken for its answer (a newer line lifted)."""

from __future__ import annotations

from mdrecall.models import Chunk, Scored
from mdrecall.search.snippets import best_snippet, query_stems, term_matches
from mdrecall.search.supersede import apply_fact_supersession
from mdrecall.stores.views import Supersession
from mdrecall.text.query import build_keyword_query


def test_a_short_word_matches_its_plural_and_back() -> None:
    assert term_matches("- Apps: Signal, Citymapper", query_stems(["app"])) == {"app"}
    assert term_matches("the app froze twice", query_stems(["apps"])) == {"apps"}
    assert term_matches("both kids at the pool", query_stems(["kid"])) == {"kid"}
    assert term_matches("two cats, one dog", query_stems(["cat", "dogs"])) == {"cat", "dogs"}


def test_a_four_letter_word_that_is_no_plural_is_left_apart() -> None:
    assert term_matches("the news at nine", query_stems(["new"])) == set()
    assert term_matches("this one", query_stems(["thi"])) == set()
    assert term_matches("and thus it ended", query_stems(["thu"])) == set()
    assert term_matches("the boss said no", query_stems(["bos"])) == set()


def test_the_snippet_shows_the_plural_line() -> None:
    lines = [f"- filler {n}: the garden and the weather, nothing else" for n in range(30)]
    lines[20] = "- Apps: Threema for the club, Komoot for routes"
    snip = best_snippet("\n".join(lines), 1, ["app"], max_chars=80)
    assert "Apps: Threema" in snip.text


_PAGE = "\n".join(
    [
        "# Ines in Lyon",
        "",
        "Ines Duarte, 19, my niece. Erasmus year at Université Lumière.",
        "",
        "## Contacts",
        "- Flatmate: Claire Dubois (from Nantes)",
        "- Tutor: Prof. Girard",
        "",
        "## Day to day",
        "- Apps: Signal (the family group), Citymapper, Lydia to split bills",
        "- Bank: Revolut, topped up monthly",
    ]
)
_NEWER = "# 2027-05-03\n\n- Ines moved out of the flat, new flatmate is Zoe Martin\n- boiler serviced"


def test_a_superseded_line_beside_the_answering_plural_line_lifts_nothing() -> None:
    q = "which messaging app does Ines use"
    page = Scored(Chunk("people/ines.md", "memory", 1, 11, _PAGE, "people/ines.md"), 0.9)
    day = Chunk("memory/2027-05-03.md", "memory", 1, 4, _NEWER, "memory/2027-05-03.md", date="2027-05-03")
    lines = {"people/ines.md": {6: Supersession("memory/2027-05-03.md", 3, "2027-05-03")}}
    got = apply_fact_supersession([page, Scored(day, 0.2)], build_keyword_query(q).terms, lines, query=q)
    # the page's answer is "Apps: Signal …" (app + the heading's Ines), not the superseded flatmate line
    assert [s.chunk.path for s in got] == ["people/ines.md", "memory/2027-05-03.md"]
    assert "supersede" not in got[1].stages
