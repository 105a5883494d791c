"""The context model's probabilities are kept across index changes for an entity whose mention lines are
the same (``kind_context._KEPT``), and read again when its lines change: a potter's notes (and walks), on
a real workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge import kind_context

from helpers import write


def test_an_entity_whose_lines_did_not_change_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if kind_context._model() is None:
        pytest.skip("no static table, tokenizers or model")
    asked: list[str] = []
    real = kind_context.probabilities_many

    def counted(names: list[tuple[str, object, object]]) -> list[dict[str, float] | None]:
        asked.extend(name for name, _written, _found in names)
        return real(names)  # type: ignore[arg-type]

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
