"""The context model's probabilities are kept across index changes for an entity whose mention lines are
the same (``kind_context._KEPT``), and read again when its lines change: a potter's notes (and walks), on
a real workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.kinds import kind_context

from helpers import write


def test_an_entity_whose_lines_did_not_change_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if kind_context._model() is None:
        pytest.skip("no static table, tokenizers or model")
    asked: list[str] = []
    real = kind_context.probabilities_many

    def counted(
        names: list[tuple[str, object, object]], sentence: int | None = None
    ) -> list[dict[str, float] | None]:
        asked.extend(name for name, _written, _found in names)
        return real(names, sentence)  # type: ignore[arg-type]

    monkeypatch.setattr(kind_context, "probabilities_many", counted)
    kind_context._KEPT.clear()
    write(tmp_path, "memory/2027-08-02.md", "# Monday\n\n- Walk up Slievecorr with the dog, fog on top.\n")
    write(tmp_path, "memory/2027-08-03.md", "# Tuesday\n\n- Kiln at 1,240 degrees overnight.\n")
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        mem.entities()
        first = asked.count("Slievecorr")
        write(tmp_path, "memory/2027-08-03.md", "# Tuesday\n\n- Kiln at 1,250 degrees overnight.\n")
        mem.index()
        mem.entities()
        assert first == 1 and asked.count("Slievecorr") == 1  # another file changed: kept
        rained = "# Monday\n\n- Walk up Slievecorr with the dog, rain on top.\n"
        write(tmp_path, "memory/2027-08-02.md", rained)
        mem.index()
        mem.entities()
        assert asked.count("Slievecorr") == 2  # its own line changed: read again
    finally:
        mem.close()
        kind_context._KEPT.clear()


class _Lines:
    """A store of fixed mention lines, each with its heading (``chunk_at``)."""

    def __init__(self, found: list[kind_context.Mention]) -> None:
        self.found = found

    def mention_lines(self, keys: object) -> list[tuple[str, int]]:
        return [(m.path, i) for i, m in enumerate(self.found)]

    def line_texts(self, where: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        return {(p, i): self.found[i].text for p, i in where}

    def chunk_at(self, path: str, line: int) -> object:
        return type("C", (), {"heading": self.found[line].heading})()


def test_lines_differing_only_where_a_nul_falls_are_not_one_kept_answer() -> None:
    if kind_context._model() is None:
        pytest.skip("no static table, tokenizers or model")
    Mention = kind_context.Mention
    kind_context._KEPT.clear()
    try:
        ferry = [Mention("memory/2027-09-01.md", "booked the crossing with Brannoch\0", "Ferries")]
        moved = [Mention("memory/2027-09-01.md", "booked the crossing with Brannoch", "\0Ferries")]
        first = kind_context.context_probabilities(_Lines(ferry), "Brannoch", ["brannoch"], ["Brannoch"])  # type: ignore[arg-type]
        second = kind_context.context_probabilities(_Lines(moved), "Brannoch", ["brannoch"], ["Brannoch"])  # type: ignore[arg-type]
        assert first is not None and second is not None
        assert second is not first  # read for its own lines, not the kept answer of the other
        assert len(kind_context._KEPT) == 2
    finally:
        kind_context._KEPT.clear()
