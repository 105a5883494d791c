"""The cost of two fault pages (fault rounds 8 and 12): a page of 100,000 "Title N, Director" bullets and a
page of 20,000 "X covers the stall from Y" lines. What each cut reads must be what was read before: the
kept reads against fresh ones, the cheap tests before the long patterns against the patterns alone."""

from __future__ import annotations

import random

from mdrecall.knowledge.dates.date_hints import may_name_date
from mdrecall.knowledge.fact_lines import value_kinds
from mdrecall.knowledge.fact_lines.change_words import lexicon_changes
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.mentions import candidate_kinds
from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.stores.views import FactRow


def test_a_lines_values_read_again_are_a_new_set_each_time() -> None:
    words = "Ines covers the stall £40"
    fact = FactRow("notes/p.md", 3, None, ("owner",), ("ines",), "stall", "", True, words)
    value_kinds._value_slots.cache_clear()
    first = value_kinds.value_slots(fact)
    first.add("c:someone")
    again = value_kinds.value_slots(fact)
    assert "c:someone" not in again and again == value_kinds._read_slots(fact)
    assert value_kinds._value_slots.cache_info().hits == 1


def test_a_page_of_one_wording_reads_each_names_kind_once_per_context() -> None:
    people = [f"{a} {b}" for a in ("Ines", "Tomas", "Wiremu", "Aroha") for b in ("Duarte", "Reyes", "Ngata")]
    text = "## Stall\n\n" + "".join(
        f"- {people[i % 12]} covers the stall from {people[(i + 1) % 12]}\n" for i in range(600)
    )
    candidate_kinds._name_kind.cache_clear()
    found = extract_entities(text, path="notes/market.md")
    info = candidate_kinds._name_kind.cache_info()
    assert info.misses < 40 and info.hits > 1100  # 1,200 names in some 24 contexts
    assert {m.name for m in found.mentions} >= set(people)
    assert line_facts("notes/market.md", text, None)  # the page still reads as fact lines


def test_the_cheap_tests_before_the_long_patterns_find_what_the_patterns_find() -> None:
    # a line outside ASCII skips the cheap tests: the same line with a word outside ASCII after it finds
    # the same wordings of change where the tests run
    rng = random.Random(8)
    words = ["pulled out", "Backed  Out", "we", "Decided:", "to", "drop", "Acme", "the", "resigned", "x_y"]
    for _ in range(3000):
        line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 7)))
        wide = line + " · café"
        assert [m.span() for m in lexicon_changes(line)] == [m.span() for m in lexicon_changes(wide)], line
    spans = [m.group(0) for m in lexicon_changes("Decided: we pulled out, then resigned")]
    assert spans == ["pulled out", "resigned"]
    title = "Perfect Days 12, Wim Wenders"
    for line in ("the 18th", "wk 3", "on 14-03", "14.III.2027", "2nd", "by 3-4", "St Patricks Day", title):
        assert may_name_date(line) is (line != title), line
