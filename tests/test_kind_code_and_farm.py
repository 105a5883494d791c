"""A question about a programming language or a farm animal reaches the line naming one without the
kind's word (issue 29, part 4): the languages Pygments and ``known_names.txt`` agree on, and WordNet's
domestic fowl and livestock (``scripts/gen_kind_words.py``)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.query import build_keyword_query
from tests.helpers import write


def _top(root: Path, notes: dict[str, str], query: str) -> list[str]:
    for day, text in notes.items():
        write(root, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    mem = Memory.open(root, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        return [h.citation.split("#")[0] for h in mem.search(query, max_results=3, min_score=0.0)]
    finally:
        mem.close()


def test_a_code_language_question_asks_for_the_known_languages_not_the_spoken_ones() -> None:
    kq = build_keyword_query("which programming language is the tide-gauge reader written in", kinds=True)
    assert {"haskell", "elixir", "python"} <= set(kq.instances)
    assert "french" not in kq.instances
    # a language whose name is an ordinary word counts only beside the question's subject
    assert "rust" not in kq.instances and "swift" not in kq.instances


def test_a_farm_animal_question_asks_for_the_breeds_and_the_birds() -> None:
    kq = build_keyword_query("which chickens does the allotment keep", kinds=True)
    assert {"hen", "bantam", "orpington", "rhode island red"} <= set(kq.instances)


def test_what_language_finds_the_line_naming_one_among_other_technologies(tmp_path: Path) -> None:
    notes = {
        "2026-05-04": "The tide-gauge reader service moved to Hetzner; Grafana alerts on its Redis queue.",
        "2026-05-05": "Tide-gauge reader service: Terraform plan reviewed, Docker image slimmed.",
        "2026-05-06": "Rewrote the parser of the gauge reader in Haskell over the weekend.",
        "2026-05-07": "Reader services dashboard in Grafana shows Redis memory creeping up.",
    }
    top = _top(tmp_path, notes, "what programming language is the gauge reader service written in")
    assert top[0] == "memory/2026-05-06.md"


def test_which_chickens_finds_the_flock_named_by_breed(tmp_path: Path) -> None:
    notes = {
        "2026-04-01": "Chicken thighs and rice for dinner, keep the leftovers for Thursday.",
        "2026-04-02": "Keep the gate latched: the fox was back by the allotment.",
        "2026-04-03": "Flock update: Marigold (a buff Orpington) and two bantam hens, Pip and Nell.",
        "2026-04-04": "We keep forgetting the bin day. It is Tuesday.",
    }
    top = _top(tmp_path, notes, "what chickens do we keep")
    assert top[0] == "memory/2026-04-03.md"
