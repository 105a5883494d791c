"""The change lines' pass reads the entity view (issue 29 part 3, h-supent): a change line naming an
entity by another name than the older line's ("Mina" … "Wilhelmina Okafor") is about the same subject,
and an entity counts once however many of its names two lines write. Wordings and worlds of no labelled
set; hard negatives beside each (one person named on two lines about different things)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.changes.change_pairs import change_pass
from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
from mdrecall.knowledge.changes.superseded import line_names
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts

ROLES = "# Choir roles\n\n- Wilhelmina Okafor makes the rehearsal hall bookings.\n"
CHANGE = (
    "# 2031-04-02\n\n- Mina no longer makes the rehearsal hall bookings, the parish office does from May.\n"
)
MINA = {("memory/2031-04-02.md", 3): (("mina", "wilhelmina okafor"),)}


def _facts(files: dict[str, str]) -> list[Fact]:
    out: list[Fact] = []
    for rel, text in sorted(files.items()):
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        out += line_facts(rel, text, day)
    return out


def _pairs(files: dict[str, str], names: dict | None = None) -> dict[tuple[str, int], tuple[str, int]]:
    return {k: (v.path, v.line) for k, v in supersessions(_facts(files), names).items()}


def test_a_change_said_of_an_entitys_other_name_supersedes_the_line_naming_it() -> None:
    files = {"choir/roles.md": ROLES, "memory/2031-04-02.md": CHANGE}
    assert _pairs(files) == {}  # the newer's subject, "Mina", is on no line
    assert _pairs(files, MINA) == {("choir/roles.md", 3): ("memory/2031-04-02.md", 3)}


def test_an_entity_named_on_two_lines_about_different_things_pairs_nothing() -> None:
    """One person, two subjects: the rota of the tea, the hall bookings."""
    change = "# 2031-04-02\n\n- Mina no longer brings the biscuits for the tea break, Gareth does from May.\n"
    files = {"choir/roles.md": ROLES, "memory/2031-04-02.md": change}
    assert _pairs(files, MINA) == {}


def test_an_entity_written_in_both_names_on_one_line_counts_once() -> None:
    """A profile line writing both names ("Tomasz (Tomek) Wójcik") shares the entity with a line writing
    "Tomek" once, as before: the link adds no second and third word of the same name."""
    facts = _facts(
        {
            "people/family.md": "# Family\n\n- Brother: Tomasz (Tomek) Wójcik, lives in Gdańsk.\n",
            "memory/2031-02-01.md": "# 2031-02-01\n\n- Tomek says the ferry now leaves at 9:15 instead.\n",
        }
    )
    names = {("memory/2031-02-01.md", 3): (("tomek", "tomasz wójcik"),)}
    state = change_pass(facts, {}, names)
    i, j = state.where[("people/family.md", 3)], state.where[("memory/2031-02-01.md", 3)]
    plain = change_pass(facts, {})
    assert state.similarity(i, j) == plain.similarity(i, j)


def test_pairing_after_an_entitys_name_is_linked_equals_pairing_anew() -> None:
    """A file changed elsewhere links a line's name to an entity (its pairing changes though its own
    file did not): the update pairs as pairing anew does, and so back when the link goes."""
    files = {"choir/roles.md": ROLES, "memory/2031-04-02.md": CHANGE}
    facts = _facts(files)
    before = supersessions(facts)
    after = supersessions_update(facts, before, set(), MINA)
    assert after == supersessions(facts, MINA) and after != before
    assert supersessions_update(facts, after, set()) == supersessions(facts) == before


def test_the_entity_view_links_the_names_for_the_index(tmp_path: Path) -> None:
    """End to end: the entity view links the name (here by the alias table), the index pairs the lines
    with it, and a search marks the older line."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "choir").mkdir()
    (root / "choir" / "roles.md").write_text(ROLES, encoding="utf-8")
    (root / "memory" / "2031-04-02.md").write_text(CHANGE, encoding="utf-8")
    over = {
        "history": {"git": False},
        "extra_paths": ["choir"],
        "entities": {"aliases": {"Wilhelmina Okafor": ["Mina"]}},
    }
    cfg = Config().merged(over)
    with Memory.open(root, cfg, create=True) as mem:
        hits = mem.search("who books the rehearsal hall", max_results=5, min_score=0.0)
        names = line_names(mem.store, cfg.entities)
    assert names[("memory/2031-04-02.md", 3)] == (("mina", "wilhelmina okafor"),)
    marks = {h.path: h.superseded for h in hits}
    assert marks.get("choir/roles.md") == "memory/2031-04-02.md#L3 (2031-04-02)"


# A change line naming a free label line's label ("… takes over as compost bay lead"): its rarer words
# ("watering rota", "stays", "Tobias") are on another line, the label's words on many.
GARDEN = {
    "garden/roles.md": "# Garden roles\n\n- Compost bay lead: Ingrid Halvorsen.\n",
    "garden/compost.md": (
        "# Compost\n\n- The compost bay takes greens and browns, no cooked food.\n"
        "- The compost bay thermometer hangs by the shed door.\n"
        "- The compost bay gets turned every fortnight.\n"
        "- The compost bay was emptied into the raised beds.\n"
        "- Ingrid has the spare padlock key.\n"
        "- Ingrid knows the allotment society's treasurer.\n"
        "- Ingrid started the seed library.\n"
    ),
    "garden/rota.md": (
        "# Rota\n\n- Watering rota: weekly, swap days in the group chat, Tobias stays on Tuesdays.\n"
    ),
    "memory/2031-05-20.md": (
        "# 2031-05-20\n\n- Tobias takes over as compost bay lead from Ingrid from June; Ingrid stays on"
        " the watering rota.\n"
    ),
}


def test_a_change_line_naming_a_lines_label_supersedes_that_line() -> None:
    """Found by the label, though its rarest words find the watering rota's line first."""
    assert _pairs(GARDEN) == {("garden/roles.md", 3): ("memory/2031-05-20.md", 3)}


def test_a_label_of_one_word_is_no_evidence() -> None:
    """ "Kiln: …" and "the kiln shelf cracked": a common noun, on lines about other things."""
    from mdrecall.knowledge.changes.change_candidate import label_named
    from mdrecall.knowledge.fact_lines.line_subjects import said_stems

    (kiln,) = line_facts("studio.md", "# Studio\n\n- Kiln: fired on Thursdays by Odile.\n", None)
    (lead,) = line_facts("studio.md", "# Studio\n\n- Glaze room lead: Odile Marchand.\n", None)
    assert not label_named(kiln, said_stems("The kiln shelf cracked, Odile ordered another."))
    assert label_named(lead, said_stems("Priya is the glaze room lead from now on."))
    assert not label_named(lead, said_stems("Priya leads the glaze workshop in the back room."))


def test_pairing_after_a_label_line_is_added_equals_pairing_anew() -> None:
    """The label line's file changed, not the change line's: the change line naming the label looks it up
    again (the update pairs as pairing anew does), and again when it goes."""
    without = {**GARDEN, "garden/roles.md": "# Garden roles\n"}
    before = supersessions(_facts(without))
    facts = _facts(GARDEN)
    after = supersessions_update(facts, before, {"garden/roles.md"})
    assert after == supersessions(facts) and ("garden/roles.md", 3) in after
    again = supersessions_update(_facts(without), after, {"garden/roles.md"})
    assert again == supersessions(_facts(without)) == before


def test_a_name_linked_by_a_later_note_pairs_the_stored_lines_again(tmp_path: Path) -> None:
    """The index paired the lines before "Mina" was known as Wilhelmina Okafor; a note stating it links
    the name, and the next sync pairs the two lines (as indexing anew does)."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "choir").mkdir()
    (root / "choir" / "roles.md").write_text(ROLES, encoding="utf-8")
    (root / "memory" / "2031-04-02.md").write_text(CHANGE, encoding="utf-8")
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["choir"]})
    query = "who books the rehearsal hall"
    with Memory.open(root, cfg, create=True) as mem:
        marks = {h.path: h.superseded for h in mem.search(query, max_results=5, min_score=0.0)}
        assert marks.get("choir/roles.md") is None
        (root / "choir" / "altos.md").write_text(
            "# Altos\n\n- Wilhelmina Okafor (everyone calls her Mina) sings first alto.\n", encoding="utf-8"
        )
        mem.index()
        marks = {h.path: h.superseded for h in mem.search(query, max_results=5, min_score=0.0)}
    assert marks.get("choir/roles.md") == "memory/2031-04-02.md#L3 (2031-04-02)"
